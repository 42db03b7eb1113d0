/// Full class descriptions, kept encoded (in the cache file, with their checksum) until someone
/// needs them.
final class LazyClasses {
    private var source: (file: MappedFile, reference: BlobReference)?
    private var encoded: [UInt8]?
    private var decoded: [ClassInfo]?

    /// The descriptions stored at `blob` in the cache file (read and checked on first use).
    init(blob: BlobReference, in file: MappedFile) { source = (file, blob) }

    /// Descriptions a scan made just now (encoded at once, for the cache).
    init(_ classes: [ClassInfo]) {
        var w = BinaryWriter(capacity: 1024)
        w.array(classes) { $0.classInfo($1) }
        encoded = w.bytes
        decoded = classes
    }

    /// The encoded bytes and the checksum they were stored with (a corrupt blob is copied as it is,
    /// so it still fails its checksum when read from the new file).
    var stored: (bytes: [UInt8], crc: UInt32) {
        if let encoded { return (encoded, RegistryCache.crc(encoded)) }
        guard let (file, reference) = source else { return ([], 0) }
        return (file.bytes(reference.start, Int(reference.length)), reference.crc)
    }

    /// The descriptions, decoded once; throws if the stored bytes fail their checksum or cannot be decoded.
    func classes() throws -> [ClassInfo] {
        if let decoded { return decoded }
        let bytes: [UInt8]
        if let encoded { bytes = encoded } else if let (file, reference) = source {
            bytes = try file.copy(reference.start, Int(reference.length), crc: reference.crc, what: "class descriptions")
        } else {
            bytes = []
        }
        var r = BinaryReader(bytes)
        let classes = try r.array { try $0.classInfo() }
        decoded = classes
        return classes
    }
}
