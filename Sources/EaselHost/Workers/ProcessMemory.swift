import Glibc

/// How much memory a process uses, from /proc.
package enum ProcessMemory {
    private static let pageSize = UInt64(sysconf(Int32(_SC_PAGESIZE)))

    /// The resident memory of `pid` in bytes (from /proc/PID/statm), or nil if it cannot be read.
    package static func residentBytes(_ pid: pid_t) -> UInt64? {
        let fd = open("/proc/\(pid)/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return nil }
        let fields = buffer[0..<n].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = UInt64(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * pageSize
    }
}
