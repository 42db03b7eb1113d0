import Glibc

/// Whether an address a plugin handed over lies in memory mapped into this process, asked of the
/// kernel (`mincore`) instead of by reading it: a pointer that is really something else (a
/// descriptor read through the wrong layout) is refused with a message, not followed into a crash.
enum MappedMemory {
    private static let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))

    /// True if the page holding `address` is mapped (readable memory is; an unmapped page, or an
    /// address outside user space, is not).
    static func contains(_ address: UnsafeRawPointer) -> Bool {
        let page = UInt(bitPattern: address) & ~(pageSize - 1)
        guard let start = UnsafeMutableRawPointer(bitPattern: page) else { return false }
        var resident: UInt8 = 0
        return mincore(start, 1, &resident) == 0
    }
}
