import CZlib
import Glibc

/// A read-only memory map of a regular file (nothing mapped for an empty one).
final class MappedFile: @unchecked Sendable {
    /// The file's size in bytes.
    let count: Int
    private let base: UnsafeRawPointer?

    /// Maps `path`; nil if it does not exist. Throws if it is not a regular file or is larger than
    /// `maximumSize` (so a FIFO never blocks and a sparse 30 GB file is never read).
    init?(_ path: String, maximumSize: Int) throws {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw HostError(.cannotCreate, "cannot be opened: \(String(cString: strerror(errno)))", file: path)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw HostError(.cannotCreate, "cannot be read: \(String(cString: strerror(errno)))", file: path) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw HostError(.cannotCreate, "is \(RegularFile.kind(st.st_mode)), not a regular file", file: path)
        }
        guard st.st_size <= maximumSize else {
            throw HostError(.cannotCreate, "is \(st.st_size) bytes, more than the \(maximumSize >> 20) MiB expected at most", file: path)
        }
        count = Int(st.st_size)
        if count == 0 { base = nil; return }
        let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let p, p != MAP_FAILED else { throw HostError(.cannotCreate, "cannot be mapped: \(String(cString: strerror(errno)))", file: path) }
        base = UnsafeRawPointer(p)
    }

    deinit { if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) } }

    /// A copy of `length` bytes at `offset` (bounds-checked).
    func bytes(_ offset: Int, _ length: Int) -> [UInt8] {
        guard let base, offset >= 0, length >= 0, offset <= count - length else { return [] }
        return Array(UnsafeRawBufferPointer(start: base + offset, count: length))
    }

    /// Calls `body` with `length` bytes at `offset`, in place, once they are checked against their
    /// CRC-32 (nothing is copied: `body` must not keep them). Throws if they lie beyond the end of
    /// the file or fail their checksum.
    func withChecked<Result>(_ offset: Int, _ length: Int, crc: UInt32, what: String,
                             _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        guard offset >= 0, length >= 0, offset <= count - length else {
            throw BinaryReader.Invalid(description: "the \(what) lies beyond the end of the file")
        }
        let bytes = UnsafeRawBufferPointer(start: base.map { $0 + offset }, count: length)
        guard UInt32(crc32(0, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(length))) == crc else {
            throw BinaryReader.Invalid(description: "the \(what) fails its checksum")
        }
        return try body(bytes)
    }

    /// The same, checked against its CRC-32.
    func copy(_ offset: Int, _ length: Int, crc: UInt32, what: String) throws -> [UInt8] {
        guard offset >= 0, length >= 0, offset <= count - length else {
            throw BinaryReader.Invalid(description: "the \(what) lies beyond the end of the file")
        }
        let b = bytes(offset, length)
        guard RegistryCache.crc(b) == crc else { throw BinaryReader.Invalid(description: "the \(what) fails its checksum") }
        return b
    }

}
