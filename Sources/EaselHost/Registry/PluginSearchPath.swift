import Glibc

/// Where the host looks for plugin files.
///
/// The directories are, in order: every `--plugins DIR` given on the command line, then every entry of
/// the colon-separated `EASEL_PLUGIN_PATH` environment variable (as `GST_PLUGIN_PATH` works for
/// GStreamer). When neither names a directory, the default is `./components`. Directories are searched
/// recursively for files whose name ends in `.so`; hidden directories are skipped; symbolic links
/// are followed, but every directory is entered once (by device and inode), so links to `.` or to a
/// parent cannot make the walk loop or explode; every file is listed once (by real path), and the
/// list is sorted so results never depend on directory order.
package struct PluginSearchPath: Equatable, Sendable {
    package static let environmentVariable = "EASEL_PLUGIN_PATH"
    package static let defaultDirectory = "./components"

    package var directories: [String]

    package init(directories: [String]) { self.directories = directories }

    /// The search path for command-line directories and an environment.
    package static func resolve(explicit: [String],
                               environment: [String: String] = ProcessEnvironment.current) -> PluginSearchPath {
        var dirs = explicit
        if let env = environment[environmentVariable] {
            dirs += env.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        return PluginSearchPath(directories: dirs.isEmpty ? [defaultDirectory] : dirs)
    }

    /// Every plugin file on the path, and a warning for each directory that cannot be read.
    package func pluginFiles() -> (files: [String], problems: [String]) {
        let found = walk()
        return (found.files.paths, found.problems)
    }

    /// A directory as it was when the path was walked: its identity and modification time. When
    /// none of the directories walked changed, the path still holds the same file names.
    package struct WalkedDirectory: Equatable, Sendable {
        package var path: String
        package var device: UInt64
        package var inode: UInt64
        /// Nanoseconds; -1 for a directory that did not exist.
        package var modified: Int64

        init(path: String, _ st: stat?) {
            self.path = path
            device = st.map { UInt64($0.st_dev) } ?? 0
            inode = st.map { UInt64($0.st_ino) } ?? 0
            modified = st.map { Int64($0.st_mtim.tv_sec) * 1_000_000_000 + Int64($0.st_mtim.tv_nsec) } ?? -1
        }

        /// Whether it is still the same directory with the same entries (or still missing).
        var isUnchanged: Bool {
            var st = stat()
            guard stat(path, &st) == 0 else { return modified == -1 }
            return self == WalkedDirectory(path: path, st)
        }

        init(from r: inout BinaryReader) throws {
            path = try r.string(); device = try r.u64(); inode = try r.u64(); modified = try r.i64()
        }

        func encode(to w: inout BinaryWriter) {
            w.string(path); w.u64(device); w.u64(inode); w.i64(modified)
        }
    }

    /// The plugin files (sorted by path, each once, with their signatures as the walk saw them:
    /// nothing is stat'ed twice), the problems met, and every directory walked.
    func walk() -> (files: PluginFileList, problems: [String], directories: [WalkedDirectory]) {
        var files = PluginFileList()
        var problems: [String] = []
        var walked: [WalkedDirectory] = []
        for dir in directories {
            var st = stat()
            guard stat(dir, &st) == 0 else {
                problems.append("\(dir): plugin directory does not exist")
                walked.append(WalkedDirectory(path: dir, nil))
                continue
            }
            guard st.st_mode & S_IFMT == S_IFDIR else {
                problems.append("\(dir): is not a directory (expected a folder of .so plugins)")
                walked.append(WalkedDirectory(path: dir, st))
                continue
            }
            let start = files.count
            var visited = VisitedDirectories(DirectoryID(st))
            walked.append(WalkedDirectory(path: dir, st))
            walk(dir, into: &files, problems: &problems, visited: &visited, walked: &walked, depth: 0)
            files.sortByPath(from: start)
        }
        files.keepFirstOfEachFile()
        return (files, problems, walked)
    }

    /// A directory's (or file's) identity, to enter each directory and list each file once.
    struct DirectoryID: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    }

    /// The directories a walk entered, to enter each once: a few, looked through one by one (a set
    /// of a type of ours costs more to make, the first time in a process, than a warm `list` spends
    /// on its whole folder's sort), and a set once they are many.
    struct VisitedDirectories {
        private var few: [DirectoryID]
        private var many: Set<DirectoryID>?

        init(_ first: DirectoryID) { few = [first] }

        /// Adds `id`; false if it was there already.
        mutating func insert(_ id: DirectoryID) -> Bool {
            if many != nil { return many!.insert(id).inserted }
            if few.contains(id) { return false }
            few.append(id)
            if few.count > 32 { many = Set(few) }
            return true
        }
    }

    private func walk(_ dir: String, into files: inout PluginFileList, problems: inout [String],
                      visited: inout VisitedDirectories, walked: inout [WalkedDirectory], depth: Int) {
        guard depth < 32 else { return }
        var subdirectories: [(String, stat)] = []
        // A plugin whose file name is not UTF-8 was skipped without a word ("No plugins found").
        var undecodable: [String] = []
        defer {
            problems += undecodable.map { "\(dir.hasSuffix("/") ? dir : dir + "/")\($0): the file name is not valid UTF-8; skipped (rename the file)" }
        }
        let prefix = Array((dir.hasSuffix("/") ? dir : dir + "/").utf8)
        let prefixIsASCII = prefix.allSatisfy { $0 < 0x80 }
        func path(_ name: UnsafeRawBufferPointer) -> String { String(decoding: prefix + name, as: UTF8.self) }
        let opened = forEachVisibleName(of: dir) { name, directory, type in
            let isPlugin = name.count >= 3 && name[name.count - 3] == UInt8(ascii: ".")
                && name[name.count - 2] == UInt8(ascii: "s") && name[name.count - 1] == UInt8(ascii: "o")
            // A regular file of another name needs no stat, and no String.
            if type == UInt8(DT_REG) && !isPlugin { return }
            let cName = name.baseAddress!.assumingMemoryBound(to: CChar.self)
            let ascii = name.allSatisfy { $0 < 0x80 }
            guard ascii || String(validating: name, as: UTF8.self) != nil else {
                if isPlugin { undecodable.append(CText.escape(cName)) }
                return
            }
            var st = stat()
            guard fstatat(directory, cName, &st, 0) == 0 else { return } // dangling link
            if st.st_mode & S_IFMT == S_IFDIR {
                subdirectories.append((path(name), st))
            } else if isPlugin {
                if st.st_mode & S_IFMT == S_IFREG {
                    files.append(prefix: prefix, name: name, isASCII: prefixIsASCII && ascii, st)
                } else {
                    problems.append("\(path(name)): is \(RegularFile.kind(st.st_mode)), not a regular file; skipped")
                }
            }
        }
        guard opened else { return problems.append("\(dir): cannot be read: \(String(cString: strerror(errno)))") }
        // Entered after the directory is closed (at most one open at a time, however deep).
        for (path, st) in subdirectories where visited.insert(DirectoryID(st)) {
            walked.append(WalkedDirectory(path: path, st))
            walk(path, into: &files, problems: &problems, visited: &visited, walked: &walked, depth: depth + 1)
        }
    }

}
