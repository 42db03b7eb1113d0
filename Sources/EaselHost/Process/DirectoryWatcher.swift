import Glibc

/// Watches a directory tree with inotify and reports what happened to the files in it.
///
/// It reports raw events; deciding when a file is complete (a build writes in pieces, renames, or
/// deletes then re-creates) is the job of whoever reloads (see EaselPreview's ReloadQueue). New
/// subdirectories are watched as they appear; a kernel queue overflow is reported as `.overflow`,
/// after which the caller should look at every file again. Several trees can be watched at once, and
/// a symbolic link to a file elsewhere can be followed (``follow(link:)``): a change to its target is
/// reported as a change to the link. A single file elsewhere can be watched too (``watch(file:)``: a
/// scene an editor or `git checkout` rewrites).
///
/// Hidden directories are not entered, those that appear later neither (a `.build` or `.git` that a
/// build or a commit creates among the sources). A watched tree that is removed or renamed away is
/// reported `.deleted` and watched again once a directory is back at its path (checked at every
/// ``next(timeout:)``), its files then reported as moved in.
package final class DirectoryWatcher {
    /// What happened to a path.
    package enum Change: Equatable, Sendable {
        /// Closed after writing: a writer is done with it.
        case written
        /// Renamed into the directory (an atomic replacement lands this way).
        case movedIn
        /// Created (a writer may still be writing).
        case created
        /// Written to (a writer is still writing).
        case modified
        /// Deleted.
        case deleted
        /// Renamed away.
        case movedOut
        /// Events were lost (the kernel queue overflowed): look at everything again.
        case overflow
    }

    package struct Event: Equatable, Sendable {
        package var path: String
        package var change: Change
    }

    /// The watched trees.
    package let roots: [String]
    package var root: String { roots[0] }
    private let fd: Int32
    private var directories: [Int32: String] = [:]
    /// Directories watched only for the targets of followed links (not recursively).
    private var targetDirectories: Set<String> = []
    /// Target file → the links to it.
    private var links: [String: Set<String>] = [:]
    /// Single files watched (``watch(file:)``): directory watch → entry name → the path reported.
    /// Keyed by watch, not by path: the kernel gives one watch per directory, whatever it is called.
    private var files: [Int32: [String: String]] = [:]
    /// Roots removed or renamed away, watched again when a directory is back at their path.
    private var missingRoots: Set<String> = []

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY
                                     | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Starts watching `directory` and every directory below it.
    package convenience init(directory: String) throws {
        try self.init(directories: [directory])
    }

    /// Starts watching each directory and every directory below them.
    package init(directories: [String]) throws {
        precondition(!directories.isEmpty, "a watcher needs a directory")
        roots = directories
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else {
            throw HostError(.internalError, "cannot start watching (inotify): \(String(cString: strerror(errno)))", file: directories[0])
        }
        for directory in directories {
            guard addWatch(directory) else {
                let why = String(cString: strerror(errno))
                close(fd)
                throw HostError(.notFound, "cannot watch this directory: \(why)", file: directory)
            }
            addSubdirectories(of: directory)
        }
    }

    /// Follows a symbolic link to a file: when its target is written, replaced or removed, the event
    /// is reported for `link` too. Does nothing for a path that is not a link.
    package func follow(link: String) {
        var st = stat()
        guard lstat(link, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, let real = realpath(link, nil) else { return }
        let target = String(cString: real)
        free(real)
        for (t, var set) in links where t != target && set.remove(link) != nil { links[t] = set.isEmpty ? nil : set }
        links[target, default: []].insert(link)
        let dir = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        if !directories.values.contains(dir) {
            targetDirectories.insert(dir)
            addWatch(dir.isEmpty ? "/" : dir)
        }
    }

    /// Watches one file, wherever it is: its directory is watched (not the tree below it), and a
    /// change to the file (written, replaced by a rename, removed) is reported with `path` as given.
    /// A symbolic link is followed too: a change to its target is reported as a change to `path`.
    /// - Returns: false when the file's directory cannot be watched.
    @discardableResult
    package func watch(file path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let wd = inotify_add_watch(fd, dir.isEmpty ? "/" : dir, Self.mask)
        guard wd >= 0 else { return false }
        if directories[wd] == nil {
            directories[wd] = dir.isEmpty ? "/" : dir
            targetDirectories.insert(directories[wd]!)
        }
        files[wd, default: [:]][name] = path
        follow(link: path)
        return true
    }

    deinit { close(fd) }

    /// The inotify descriptor: readable when events wait (for a caller's own main loop, which then
    /// calls ``next(timeout:)`` with a timeout of 0). Owned by the watcher.
    package var fileDescriptor: Int32 { fd }

    @discardableResult
    private func addWatch(_ dir: String) -> Bool {
        let wd = inotify_add_watch(fd, dir, Self.mask)
        guard wd >= 0 else { return false }
        directories[wd] = dir
        return true
    }

    private func addSubdirectories(of dir: String) {
        for name in visibleEntries(of: dir) ?? [] {
            let path = "\(dir)/\(name)"
            var st = stat()
            if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR {
                addWatch(path)
                addSubdirectories(of: path)
            }
        }
    }

    /// Waits up to `timeout` seconds (nil: forever) for events and returns all that are ready, in
    /// order. An interrupted wait (a signal) returns what it has, possibly nothing.
    package func next(timeout: Double?) -> [Event] {
        var events = watchReturnedRoots()
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ms: Int32 = timeout.map { Int32(max(0, min($0 * 1000, Double(Int32.max)))) } ?? -1
        if !missingRoots.isEmpty && (ms < 0 || ms > 250) { ms = 250 }   // look for them again soon
        if !events.isEmpty { ms = 0 }
        guard poll(&pfd, 1, ms) > 0 else { return events }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (e.wd, e.mask, Int(e.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = length == 0 ? "" : buffer[nameStart..<min(nameStart + length, n)]
                    .prefix { $0 != 0 }.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
                offset = nameStart + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    events.append(Event(path: root, change: .overflow))
                    continue
                }
                if mask & UInt32(IN_IGNORED) != 0 { directories[wd] = nil; files[wd] = nil; continue }
                guard let dir = directories[wd] else { continue }
                let path = name.isEmpty ? dir : "\(dir)/\(name)"
                let isDirectory = mask & UInt32(IN_ISDIR) != 0
                var linked = links[path] ?? []
                if !isDirectory, let watched = files[wd]?[name] { linked.insert(watched) }
                let targetsOnly = targetDirectories.contains(dir)
                if targetsOnly && linked.isEmpty { continue }
                if isDirectory && !targetsOnly {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 && !name.hasPrefix(".") {
                        addWatch(path)
                        addSubdirectories(of: path)
                        // Files may have landed before the watch: report them as moved in.
                        events += Self.files(in: path).map { Event(path: $0, change: .movedIn) }
                    }
                    continue
                }
                if isDirectory { continue }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    if roots.contains(dir) {
                        events.append(Event(path: dir, change: .deleted))
                        forgetTree(dir)
                    }
                    continue
                }
                let change: Change
                if mask & UInt32(IN_CLOSE_WRITE) != 0 { change = .written }
                else if mask & UInt32(IN_MOVED_TO) != 0 { change = .movedIn }
                else if mask & UInt32(IN_CREATE) != 0 { change = .created }
                else if mask & UInt32(IN_MODIFY) != 0 { change = .modified }
                else if mask & UInt32(IN_DELETE) != 0 { change = .deleted }
                else if mask & UInt32(IN_MOVED_FROM) != 0 { change = .movedOut }
                else { continue }
                for link in linked.sorted() { events.append(Event(path: link, change: change)) }
                if !targetsOnly && !linked.contains(path) { events.append(Event(path: path, change: change)) }
            }
        }
        return events
    }

    /// Stops watching a root that went (renamed away, the watches would follow it to its new name)
    /// and the directories below it, until a directory is back at its path.
    private func forgetTree(_ root: String) {
        for (wd, dir) in directories where dir == root || dir.hasPrefix(root + "/") {
            if !targetDirectories.contains(dir) {
                inotify_rm_watch(fd, wd)
                directories[wd] = nil
            }
        }
        missingRoots.insert(root)
    }

    /// Watches again the roots that are back, and reports their files as moved in.
    private func watchReturnedRoots() -> [Event] {
        var events: [Event] = []
        for root in missingRoots.sorted() {
            var st = stat()
            guard stat(root, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, addWatch(root) else { continue }
            missingRoots.remove(root)
            addSubdirectories(of: root)
            events += Self.files(in: root).map { Event(path: $0, change: .movedIn) }
        }
        return events
    }

    /// Regular files below `dir`, recursively, with symbolic links to regular files (as `host list`
    /// follows them); linked directories are not entered.
    package static func files(in dir: String) -> [String] {
        var result: [String] = []
        for name in visibleEntries(of: dir) ?? [] {
            let path = "\(dir)/\(name)"
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            if st.st_mode & S_IFMT == S_IFDIR { result += files(in: path); continue }
            if st.st_mode & S_IFMT == S_IFLNK, stat(path, &st) != 0 { continue }
            if st.st_mode & S_IFMT == S_IFREG { result.append(path) }
        }
        return result
    }
}
