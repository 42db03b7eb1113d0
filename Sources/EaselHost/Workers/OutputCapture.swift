import CSystem
@preconcurrency import Glibc

/// Collects what this process writes to fd 1 in a memory file.
final class OutputCapture {
    private var saved: Int32 = -1
    private var file: Int32 = -1

    func begin() throws {
        guard file < 0 else { return }
        PluginStandardOutput.suspend()
        fflush(stdout)
        let f = easel_memory_file("easel-captured-stdout")
        guard f >= 0 else { throw HostError(.internalError, "cannot create a memory file: \(String(cString: strerror(errno)))") }
        saved = dup(1)
        guard saved >= 0, dup2(f, 1) >= 0 else {
            close(f)
            PluginStandardOutput.resume()
            throw HostError(.internalError, "cannot redirect stdout: \(String(cString: strerror(errno)))")
        }
        file = f
    }

    func end() -> [UInt8] {
        guard file >= 0 else { return [] }
        fflush(stdout)
        dup2(saved, 1)
        close(saved)
        PluginStandardOutput.resume()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        lseek(file, 0, SEEK_SET)
        while true {
            let n = read(file, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
            if bytes.count > 1 << 20 { break } // enough to say what it was
        }
        close(file)
        file = -1
        saved = -1
        return bytes
    }
}
