/// Where a checksummed stretch of bytes lies in the cache file.
struct BlobReference {
    var offset: UInt64
    var length: UInt32
    var crc: UInt32

    init(offset: UInt64, length: UInt32, crc: UInt32) {
        self.offset = offset
        self.length = length
        self.crc = crc
    }

    /// Reads a reference as ``encode(to:)`` wrote it.
    init(from r: inout BinaryReader) throws {
        offset = try r.u64(); length = try r.u32(); crc = try r.u32()
    }

    /// `offset` as a position in the file, -1 (beyond any file, refused where it is used) when it
    /// is past the largest cache read: a corrupt offset of 2⁶³ or more trapped in `Int(_:)`.
    var start: Int { Self.position(offset) }

    /// A stored offset as a position in the file (see ``start``).
    static func position(_ offset: UInt64) -> Int {
        offset <= UInt64(RegistryCache.maximumSize) ? Int(offset) : -1
    }

    /// Writes `u64 offset u32 length u32 crc`.
    func encode(to w: inout BinaryWriter) {
        w.u64(offset); w.u32(length); w.u32(crc)
    }
}
