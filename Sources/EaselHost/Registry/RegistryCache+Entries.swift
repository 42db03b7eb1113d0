import Glibc

// MARK: - Entries: what scanning each file found (the full load)

extension RegistryCache {
    /// What the cache knows of one file: the build it describes, its content hash (a touched but
    /// identical file keeps its entry) and what scanning it found.
    struct Entry {
        var signature: FileSignature
        var hash: UInt64
        var outcome: Outcome
    }

    /// A file's scan: a plugin (its info, its classes as `list` shows them, and their full
    /// descriptions, decoded on first use), or why it failed.
    enum Outcome {
        case plugin(PluginInfo, [ClassSummary], classes: LazyClasses)
        case failed(HostError)
    }

    /// Every entry, decoded once (a corrupt table is a warning and an empty cache).
    var entries: [String: Entry] {
        if let decodedEntries { return decodedEntries }
        var result: [String: Entry] = [:]
        if let header, let mapped {
            do { result = try Self.decodeEntries(mapped, header, identity: identity) } catch is OtherVersion {
                isDirty = true  // written by another host version: every file is scanned again, silently
            } catch { corrupt("\(error)") }
        }
        decodedEntries = result
        return result
    }

    /// The entry of the file at absolute `path`, if the cache describes it.
    func entry(for path: String) -> Entry? { entries[path] }

    /// How many files the cache describes.
    var entryCount: Int { entries.count }

    /// Keeps `entry` for the file at absolute `path` (replacing any), for the next save.
    func store(_ entry: Entry, for path: String) {
        _ = entries
        decodedEntries![path] = entry
        isDirty = true
    }

    /// Forgets files that no longer exist (those in `present` were just seen).
    func prune(keeping present: Set<String> = []) {
        for path in entries.keys where !present.contains(path) && access(path, F_OK) != 0 {
            decodedEntries![path] = nil
            isDirty = true
        }
    }

    /// The entry table and every record it points to, each checked against its checksum.
    static func decodeEntries(_ file: MappedFile, _ header: Header, identity: String) throws -> [String: Entry] {
        var r = BinaryReader(try file.copy(header.entriesOffset, header.entriesLength, crc: header.entriesCRC, what: "entry table"))
        guard try r.string() == identity else { throw OtherVersion() }
        let count = Int(try r.u32())
        typealias Row = (path: String, signature: FileSignature, hash: UInt64, kind: UInt8, record: BlobReference, blob: BlobReference)
        var rows: [Row] = []
        rows.reserveCapacity(min(count, r.end - r.offset))  // each entry takes bytes: a corrupt count reserves nothing absurd
        for _ in 0..<count {
            let path = try r.string()
            let signature = FileSignature(size: try r.u64(), modified: try r.i64(), inode: try r.u64())
            rows.append((path, signature, try r.u64(), try r.u8(), try BlobReference(from: &r), try BlobReference(from: &r)))
        }
        // The records lie together (between the blobs and this table): one copy of their stretch,
        // each read in place from there after its own checksum.
        var low = Int.max, high = 0
        for row in rows {
            let start = row.record.start
            guard start >= 0, start <= file.count - Int(row.record.length) else {
                throw BinaryReader.Invalid(description: "the record of \(row.path) lies beyond the end of the file")
            }
            low = min(low, start)
            high = max(high, start + Int(row.record.length))
        }
        let records = rows.isEmpty ? [] : file.bytes(low, high - low)
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(rows.count)
        for row in rows {
            let start = row.record.start, length = Int(row.record.length)
            guard RegistryCache.crc(records, start - low, length) == row.record.crc else {
                throw BinaryReader.Invalid(description: "the record of \(row.path) fails its checksum")
            }
            var rr = BinaryReader(records, offset: start - low, end: start - low + length)
            let outcome: Outcome
            switch (row.kind, try rr.u8()) {
            case (0, 0):
                let info = try rr.pluginInfo()
                let summaries = try rr.array { try ClassSummary(from: &$0) }
                outcome = .plugin(info, summaries, classes: LazyClasses(blob: row.blob, in: file))
            case (1, 1):
                outcome = .failed(try rr.hostError())
            default:
                throw BinaryReader.Invalid(description: "unknown outcome in the record of \(row.path)")
            }
            entries[row.path] = Entry(signature: row.signature, hash: row.hash, outcome: outcome)
        }
        return entries
    }
}
