/// Reads what ``BinaryWriter`` wrote, in place, from bytes it does not own: a record of the mapped
/// cache file, already checked against its checksum (``MappedFile/withChecked(_:_:crc:what:_:)``).
/// A stored listing is read this way: its key is compared where it lies and its text is copied once,
/// into the String printed (``BinaryReader`` would copy the whole record into an array first).
/// Every read is bounds-checked, as ``BinaryReader``'s are; nothing read may outlive the bytes.
struct BorrowedBinaryReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private mutating func take(_ n: Int) throws -> UnsafeRawBufferPointer {
        guard n >= 0, n <= bytes.count - offset else { throw BinaryReader.Truncated(offset: offset) }
        defer { offset += n }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + n])
    }

    mutating func u32() throws -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }

    /// A length-prefixed blob (``BinaryWriter/blob(_:)-(ArraySlice<UInt8>)``), where it lies.
    mutating func blob() throws -> UnsafeRawBufferPointer { try take(Int(try u32())) }

    mutating func string() throws -> String { String(decoding: try blob().bindMemory(to: UInt8.self), as: UTF8.self) }

    /// An array; `count` is checked against the bytes left (each item takes at least one byte).
    mutating func array<T>(_ read: (inout BorrowedBinaryReader) throws -> T) throws -> [T] {
        let n = Int(try u32())
        guard n <= bytes.count - offset else { throw BinaryReader.Truncated(offset: offset) }
        var items: [T] = []
        items.reserveCapacity(n)
        for _ in 0..<n { items.append(try read(&self)) }
        return items
    }
}
