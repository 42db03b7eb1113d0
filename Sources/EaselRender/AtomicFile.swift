import CSystem
import Glibc

/// Writes whole files so that readers see either the old file or the complete new one, never a
/// partial file: the bytes go to a temporary file in the destination's directory (same file
/// system), which is flushed to disk (fsync) and then renamed over the destination. On any
/// failure the temporary file is removed and the error names the destination and the reason.
/// A device, a socket or a FIFO that a process reads in the destination's place is written into,
/// never replaced.
package enum AtomicFile {
    /// Writes `bytes` as the whole new content of `path`. Throws `RenderError.write`.
    /// With `durable` false (previews, rewritten on every change) the data is not flushed to disk:
    /// readers still see the old file or the whole new one, but a power cut may lose the last frame.
    package static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws {
        guard !path.isEmpty else { throw RenderError.write(path: path, reason: "empty output path") }
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        var info = stat()
        if stat(directory, &info) != 0 {
            throw RenderError.write(path: path, reason: "directory \(directory): \(lastError())")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw RenderError.write(path: path, reason: "\(directory) is not a directory")
        }
        // Keep the permissions of a file being replaced; a new file gets rw-r--r--.
        var mode: mode_t = 0o644
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: mode = info.st_mode & 0o7777
            case S_IFDIR: throw RenderError.write(path: path, reason: "is a directory (expected a file name)")
            default:
                // A device, a socket or a FIFO that a process reads (--junit /dev/null, /dev/stdout to
                // a pipe) is written into, as a shell's redirection writes: renamed over, /dev/null
                // itself became a regular file (run as root). A FIFO nobody reads is replaced like
                // a file (waiting for a reader would hang).
                if try writeInPlace(bytes, to: path, type: info.st_mode & S_IFMT) { return }
            }
        }

        // mkstemp's template: six X's replaced by a unique suffix.
        var template = Array((directory + "/." + fileName + ".tmp-" + String(repeating: "X", count: 6)).utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            throw RenderError.write(path: path, reason: "cannot create a temporary file in \(directory): \(lastError())")
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // A SIGTERM, SIGINT or SIGHUP while writing removes the temporary file (HostProcess).
        let slot = easel_termination_track_file(temporary)
        defer { easel_termination_untrack_file(slot) }
        var closed = false
        func fail(_ what: String) -> RenderError {
            let error = RenderError.write(path: path, reason: "\(what): \(lastError())")
            if !closed { close(fd) }
            unlink(temporary)
            return error
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("writing \(temporary)")
            }
            written += n
        }
        if fchmod(fd, mode) != 0 { throw fail("setting permissions of \(temporary)") }
        if durable && fsync(fd) != 0 { throw fail("flushing \(temporary) to disk") }
        closed = true
        if close(fd) != 0 { throw fail("closing \(temporary)") }
        if rename(temporary, path) != 0 { throw fail("renaming \(temporary) into place") }
        // Make the rename itself durable. A directory that cannot be opened or synced (some file
        // systems refuse fsync on directories) does not undo the write, so this is best effort.
        guard durable else { return }
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY)
        if directoryFD >= 0 {
            _ = fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Writes `bytes` into the device, FIFO or socket at `path`, which is not replaced; false (nothing
    /// written) for a FIFO that no process reads.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, type: mode_t) throws -> Bool {
        let fifo = type == S_IFIFO
        let fd = open(path, O_WRONLY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0))
        guard fd >= 0 else {
            if fifo && errno == ENXIO { return false }
            throw RenderError.write(path: path, reason: "cannot open: \(lastError())")
        }
        if fifo { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        do { try write(bytes, toDescriptor: fd, name: path) } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw RenderError.write(path: path, reason: "closing: \(lastError())") }
        return true
    }

    /// Writes everything to a file descriptor (standard output for `-o -`), retrying on EINTR
    /// and partial writes.
    static func write(_ bytes: [UInt8], toDescriptor fd: Int32, name: String) throws {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RenderError.write(path: name, reason: lastError())
            }
            written += n
        }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
