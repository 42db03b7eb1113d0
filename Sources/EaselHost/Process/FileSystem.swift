import Glibc

/// `mkdir -p`: creates `dir` and its missing parents (mode 0755), ignoring failures; callers check
/// what they need (e.g. that the directory is writable) themselves.
package func makeDirectories(_ dir: String) {
    var current = dir.hasPrefix("/") ? "" : "."
    for part in dir.split(separator: "/") {
        current += "/\(part)"
        mkdir(current, 0o755)
    }
}

/// The names in a directory, without "." and ".." and hidden entries, or nil if it cannot be read.
/// A name that is not UTF-8 is left out (as a String it would name another file).
func visibleEntries(of dir: String) -> [String]? {
    var names: [String] = []
    return forEachVisibleName(of: dir) { name, _, _ in
        if let decoded = String(validating: name, as: UTF8.self) { names.append(decoded) }
    } ? names : nil
}

/// Calls `body` with the bytes of the name of every entry of `dir` that does not start with "." (a
/// NUL follows them: `name.baseAddress` is also the name as a C string), the open directory's
/// descriptor (for `fstatat`: one path component to resolve instead of the whole path) and the
/// entry's `d_type` (DT_UNKNOWN when the file system does not say). False (errno set) if `dir`
/// cannot be opened. The name is not decoded: it may not be UTF-8, and a caller that skips most
/// names (the plugin search skips every file not named `.so`) makes no String of them.
func forEachVisibleName(of dir: String,
                        _ body: (_ name: UnsafeRawBufferPointer, _ directory: Int32, _ type: UInt8) -> Void) -> Bool {
    guard let d = opendir(dir) else { return false }
    defer { closedir(d) }
    let fd = dirfd(d)
    let nameOffset = MemoryLayout<dirent>.offset(of: \.d_name)!
    while let entry = readdir(d) {
        let name = UnsafeRawPointer(entry) + nameOffset
        guard name.load(as: UInt8.self) != UInt8(ascii: ".") else { continue }
        body(UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))), fd, entry.pointee.d_type)
    }
    return true
}

/// Checks a plugin file named on the command line (`host inspect FILE.so`, `host validate
/// FILE.so`) before anything loads it: nothing there (or a dangling link) is "no such file" (66);
/// a directory, FIFO, socket or device is said to be one, "is a FIFO, not a regular file", as a
/// plugin that would not load (69, phase load), the words ``RegularFile/open(_:phase:)`` uses.
package func checkPluginFile(_ path: String) throws {
    var st = stat()
    guard stat(path, &st) == 0 else {
        let e = errno
        if e == ENOENT || e == ENOTDIR { throw HostError(.notFound, "no such file (expected a plugin .so)", file: path) }
        throw HostError(.notFound, "cannot be examined: \(String(cString: strerror(e))) (expected a plugin .so)", file: path)
    }
    guard st.st_mode & S_IFMT == S_IFREG else {
        throw HostError(.pluginFailure, "is \(RegularFile.kind(st.st_mode)), not a regular file (expected a .so library)",
                        file: path, phase: .load)
    }
}

/// Opening files that may be anything: only regular files are read, and opening never blocks (a
/// FIFO named `x.so` or given as `--cache` would otherwise block `open` for good).
package enum RegularFile {
    struct NotRegular: Error, CustomStringConvertible {
        let path: String
        let kind: String
        var description: String { "\(path) is \(kind), not a regular file" }
    }

    /// Opens `path` for reading: non-blocking, then checked with `fstat` to be a regular file (the
    /// non-blocking flag is cleared again). Throws a ``HostError`` of `phase` naming the file.
    static func open(_ path: String, phase: HostError.Phase? = nil) throws -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            throw HostError(.pluginFailure, "cannot be opened: \(String(cString: strerror(errno)))", file: path, phase: phase)
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = errno
            close(fd)
            throw HostError(.pluginFailure, "cannot be read: \(String(cString: strerror(e)))", file: path, phase: phase)
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw HostError(.pluginFailure, "is \(kind(st.st_mode)), not a regular file (expected a .so library)", file: path, phase: phase)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// The whole content of the regular file `path`, if it is one and at most `maximumSize` bytes
    /// (an input: a scene, a settings file); nil if nothing is there. Opened without blocking and
    /// checked with `fstat` before anything is read: a FIFO blocked the reader for good, and a 3 GB
    /// file was read whole (4.7 GB of memory, 27 s) before being called invalid JSON. Throws a
    /// ``HostError`` naming the file and what was `expected` ("a scene JSON file"): `.notFound`
    /// when it cannot be opened (a symbolic link loop, no permission) or is not a regular file (a
    /// FIFO, a directory, a device), `.badData` when it is larger than `maximumSize`.
    package static func read(_ path: String, maximumSize: Int, expected: String) throws -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw HostError(.notFound, "cannot be opened: \(String(cString: strerror(errno))) (expected \(expected))", file: path)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw HostError(.notFound, "cannot be read: \(String(cString: strerror(errno))) (expected \(expected))", file: path)
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw HostError(.notFound, "is \(kind(st.st_mode)), not a regular file (expected \(expected))", file: path)
        }
        guard st.st_size <= maximumSize else {
            throw HostError(.badData, "is \(st.st_size) bytes, more than the \(maximumSize >> 20) MiB \(expected) may have", file: path)
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw HostError(.notFound, "cannot be read: \(String(cString: strerror(errno))) (expected \(expected))", file: path)
            }
            if n == 0 { break }
            done += n
        }
        return done == bytes.count ? bytes : Array(bytes[0..<done])
    }

    /// "a FIFO", "a directory", … for a file mode.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}
