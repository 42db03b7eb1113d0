// MARK: - The header: where each section lies, and its checksum

extension RegistryCache {
    /// A cache of another format (or another host's sections): replaced without a warning.
    struct OtherVersion: Error {}

    /// The 88 bytes at the start of the file, checked against their own checksum: where each
    /// section lies, its length and its checksum. Sections past the end of the file, or bytes after
    /// the last one, make the file corrupt.
    struct Header {
        var entriesOffset: Int, entriesLength: Int, entriesCRC: UInt32
        var viewOffset: Int, viewLength: Int, viewCRC: UInt32
        var defaultsOffset: Int, defaultsLength: Int, defaultsCRC: UInt32
        var listingsOffset: Int, listingsLength: Int, listingsCRC: UInt32

        init(_ file: MappedFile) throws {
            guard file.count >= RegistryCache.headerSize else {
                throw BinaryReader.Invalid(description: "\(file.count) bytes is shorter than the header")
            }
            var r = BinaryReader(file.bytes(0, RegistryCache.headerSize))
            for m in RegistryCache.magic { guard try r.u8() == m else { throw BinaryReader.Invalid(description: "not a registry cache file") } }
            guard try r.u32() == RegistryCache.formatVersion else { throw OtherVersion() }
            _ = try r.u32()
            entriesOffset = BlobReference.position(try r.u64()); entriesLength = Int(try r.u32()); entriesCRC = try r.u32()
            viewOffset = BlobReference.position(try r.u64()); viewLength = Int(try r.u32()); viewCRC = try r.u32()
            defaultsOffset = BlobReference.position(try r.u64()); defaultsLength = Int(try r.u32()); defaultsCRC = try r.u32()
            listingsOffset = BlobReference.position(try r.u64()); listingsLength = Int(try r.u32()); listingsCRC = try r.u32()
            let crc = try r.u32()
            guard crc == RegistryCache.crc(Array(r.bytes[0..<(RegistryCache.headerSize - 8)])) else { throw BinaryReader.Invalid(description: "header checksum mismatch") }
            guard try r.u32() == 0 else { throw BinaryReader.Invalid(description: "the header's last field is not 0") }
            // The defaults section is written last: anything after it is not ours.
            guard defaultsOffset >= 0, defaultsOffset + defaultsLength == file.count else {
                throw BinaryReader.Invalid(description: "\(file.count) bytes, but its sections end at byte \(defaultsOffset + defaultsLength)")
            }
            for (offset, length) in [(entriesOffset, entriesLength), (viewOffset, viewLength), (defaultsOffset, defaultsLength),
                                     (listingsOffset, listingsLength)]
            where offset < 0 || offset + length > file.count {
                throw BinaryReader.Invalid(description: "a section lies beyond the end of the file")
            }
        }
    }
}
