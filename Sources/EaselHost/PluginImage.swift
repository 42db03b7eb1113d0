import FoundationEssentials
import Glibc

/// A plugin file mapped into this process: a thin wrapper over `dlopen`.
///
/// Each build of a file is loaded from a private, uniquely named copy, because `dlopen` of a path that
/// is already open returns the old image (and its old code), and because a build tool overwriting the
/// file in place must not change code that is mapped. The copy is unlinked as soon as it is loaded.
/// Images are never closed: `dlclose` of an image that contains Swift leaves the Swift runtime with
/// dangling metadata (DESIGN.md); memory is bounded by recycling worker processes instead.
final class PluginImage: @unchecked Sendable {
    /// The file as found.
    let path: String
    let handle: UnsafeMutableRawPointer

    private init(path: String, handle: UnsafeMutableRawPointer) {
        self.path = path
        self.handle = handle
    }

    /// The address of an exported symbol, or nil.
    func symbol(_ name: String) -> UnsafeMutableRawPointer? { dlsym(handle, name) }

    /// Loads `path` with `RTLD_LOCAL | RTLD_NOW` from a private copy.
    static func open(_ path: String) throws -> PluginImage {
        try ELFCheck.check(path)
        let copy = try privateCopy(of: path)
        defer { unlink(copy) }
        _ = dlerror()
        guard let handle = dlopen(copy, RTLD_LOCAL | RTLD_NOW) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown reason"
            // dlerror names the private copy; name the user's file instead.
            let cleaned = why.replacing(copy, with: path)
            throw HostError(.pluginFailure, "cannot be loaded: \(cleaned)", file: path, phase: .load)
        }
        return PluginImage(path: path, handle: handle)
    }

    nonisolated(unsafe) private static var copyCounter = 0

    /// Copies `path` to a fresh file in the private directory and returns the copy's path.
    private static func privateCopy(of path: String) throws -> String {
        let dir = PrivateDirectory.path
        copyCounter += 1
        let base = path.split(separator: "/").last.map(String.init) ?? "plugin.so"
        let copy = "\(dir)/\(getpid())-\(copyCounter)-\(base)"
        let input = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            throw HostError(.pluginFailure, "cannot be opened: \(String(cString: strerror(errno)))",
                            file: path, phase: .load)
        }
        defer { close(input) }
        let output = Glibc.open(copy, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o700)
        guard output >= 0 else {
            throw HostError(.internalError, "cannot create the private copy \(copy): \(String(cString: strerror(errno)))",
                            file: path, phase: .load)
        }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(input, &buffer, buffer.count)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw HostError(.pluginFailure, "cannot be read: \(String(cString: strerror(errno)))",
                                file: path, phase: .load)
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    throw HostError(.internalError, "cannot write the private copy \(copy): \(String(cString: strerror(errno)))",
                                    file: path, phase: .load)
                }
                written += w
            }
        }
        return copy
    }
}

/// The host's private scratch directory for plugin copies (mode 0700): `$XDG_RUNTIME_DIR/easel`, else
/// `/dev/shm/easel-<uid>`, else `$TMPDIR/easel-<uid>`.
///
/// Memory-backed file systems come first: every load creates and unlinks a copy, and on ext4 creating
/// files after thousands of recent unlinks gets slower and slower (the allocator scans recently
/// deleted inodes): a cold scan of 1000 plugins measured 0.9 ms per plugin in /tmp against 0.3 in tmpfs.
enum PrivateDirectory {
    static let path: String = {
        let env = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let runtime = env["XDG_RUNTIME_DIR"], !runtime.isEmpty { candidates.append("\(runtime)/easel") }
        candidates.append("/dev/shm/easel-\(getuid())")
        candidates.append("\(env["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")/easel-\(getuid())")
        for dir in candidates {
            mkdir(dir, 0o700)
            var st = stat()
            if lstat(dir, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, st.st_uid == getuid(), access(dir, W_OK) == 0 {
                return dir
            }
        }
        return candidates.last!
    }()
}
