import FoundationEssentials
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
public struct PluginSearchPath: Equatable, Sendable {
    public static let environmentVariable = "EASEL_PLUGIN_PATH"
    public static let defaultDirectory = "./components"

    public var directories: [String]

    public init(directories: [String]) { self.directories = directories }

    /// The search path for command-line directories and an environment.
    public static func resolve(explicit: [String],
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> PluginSearchPath {
        var dirs = explicit
        if let env = environment[environmentVariable] {
            dirs += env.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        return PluginSearchPath(directories: dirs.isEmpty ? [defaultDirectory] : dirs)
    }

    /// Every plugin file on the path, and a warning for each directory that cannot be read.
    public func pluginFiles() -> (files: [String], problems: [String]) {
        var files: [String] = []
        var seen = Set<String>()
        var problems: [String] = []
        for dir in directories {
            var st = stat()
            guard stat(dir, &st) == 0 else {
                problems.append("\(dir): plugin directory does not exist")
                continue
            }
            guard st.st_mode & S_IFMT == S_IFDIR else {
                problems.append("\(dir): is not a directory (expected a folder of .so plugins)")
                continue
            }
            var found: [String] = []
            var visited: Set<DirectoryID> = [DirectoryID(st)]
            walk(dir, into: &found, problems: &problems, visited: &visited, depth: 0)
            for f in found.sorted() {
                let key = realPath(f) ?? f
                if seen.insert(key).inserted { files.append(f) }
            }
        }
        return (files, problems)
    }

    /// A directory's identity, to enter each one once.
    struct DirectoryID: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    }

    private func walk(_ dir: String, into files: inout [String], problems: inout [String],
                      visited: inout Set<DirectoryID>, depth: Int) {
        guard depth < 32, let names = visibleEntries(of: dir) else {
            if depth < 32 { problems.append("\(dir): cannot be read: \(String(cString: strerror(errno)))") }
            return
        }
        for name in names {
            let path = dir.hasSuffix("/") ? dir + name : "\(dir)/\(name)"
            var st = stat()
            guard stat(path, &st) == 0 else { continue } // dangling link
            if st.st_mode & S_IFMT == S_IFDIR {
                guard visited.insert(DirectoryID(st)).inserted else { continue }
                walk(path, into: &files, problems: &problems, visited: &visited, depth: depth + 1)
            } else if name.hasSuffix(".so") {
                if st.st_mode & S_IFMT == S_IFREG {
                    files.append(path)
                } else {
                    problems.append("\(path): is \(RegularFile.kind(st.st_mode)), not a regular file; skipped")
                }
            }
        }
    }

    private func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }
}
