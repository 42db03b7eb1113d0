import Glibc

// MARK: - Writing: the whole file, atomically, when something changed

extension RegistryCache {
    /// Writes the cache if it changed: temporary file in the same directory, fsync, rename. Failures
    /// are reported through `warn`; the cache is an optimisation, never a reason to fail a command.
    func save(warn: (String) -> Void) {
        guard isDirty else { return }
        var existing = stat()
        if lstat(path, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            return warn("\(path): the registry cache is \(RegularFile.kind(existing.st_mode)), not a regular file; not replacing it")
        }
        let dir = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !dir.isEmpty { makeDirectories(dir) }
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            warn("\(path): cannot write the registry cache: \(String(cString: strerror(errno)))")
            return
        }
        let bytes = encode()
        var written = 0
        var failed: Int32 = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 { if errno == EINTR { continue }; failed = errno; break }
            written += n
        }
        if failed == 0 && fsync(fd) != 0 { failed = errno }
        close(fd)
        if failed == 0 && rename(temporary, path) != 0 { failed = errno }
        if failed != 0 {
            unlink(temporary)
            warn("\(path): cannot write the registry cache: \(String(cString: strerror(failed)))")
            return
        }
        isDirty = false
    }

    /// The whole file: the header (88 bytes, written last: it holds every section's place and
    /// checksum), the blobs and records of the entries, their table, the index, the listings and the
    /// defaults checks (the format: ``RegistryCache``).
    func encode() -> [UInt8] {
        var out = BinaryWriter(capacity: 1 << 16)
        for _ in 0..<Self.headerSize { out.u8(0) }
        let (blobs, entries) = encodeEntries(into: &out)
        let entriesOffset = out.bytes.count
        out.raw(entries)
        let view = encodeView(into: &out, blobs: blobs)
        let listings = encodeListings(into: &out)
        let defaults = encodeDefaults()
        let defaultsOffset = out.bytes.count
        out.raw(defaults)
        var h = BinaryWriter(capacity: Self.headerSize)
        for m in Self.magic { h.u8(m) }
        h.u32(Self.formatVersion); h.u32(0)
        h.u64(UInt64(entriesOffset)); h.u32(UInt32(entries.count)); h.u32(Self.crc(entries))
        h.u64(UInt64(view.offset)); h.u32(UInt32(view.length)); h.u32(view.crc)
        h.u64(UInt64(defaultsOffset)); h.u32(UInt32(defaults.count)); h.u32(Self.crc(defaults))
        h.u64(UInt64(listings.offset)); h.u32(UInt32(listings.length)); h.u32(listings.crc)
        h.u32(Self.crc(h.bytes)); h.u32(0)
        var bytes = out.bytes
        bytes.replaceSubrange(0..<Self.headerSize, with: h.bytes)
        return bytes
    }

    /// Where a section was written: offset, length and checksum (all 0: none).
    private typealias Section = (offset: Int, length: Int, crc: UInt32)

    /// Writes every entry's blob (its classes' full descriptions), then its record (plugin info and
    /// class summaries, or why it failed). Returns where each blob lies, by path (for the index),
    /// and the entry table that points at both, for the caller to place.
    private func encodeEntries(into out: inout BinaryWriter) -> (blobs: [String: BlobReference], table: [UInt8]) {
        let sorted = entries.sorted { $0.key < $1.key }
        var blobs: [String: BlobReference] = [:]
        for (path, entry) in sorted {
            guard case .plugin(_, _, let classes) = entry.outcome else { continue }
            let (bytes, crc) = classes.stored
            blobs[path] = BlobReference(offset: UInt64(out.bytes.count), length: UInt32(bytes.count), crc: crc)
            out.raw(bytes)
        }
        var records: [String: BlobReference] = [:]
        for (path, entry) in sorted {
            var w = BinaryWriter(capacity: 256)
            switch entry.outcome {
            case .plugin(let info, let summaries, _):
                w.u8(0)
                w.pluginInfo(info)
                w.array(summaries) { $1.encode(to: &$0) }
            case .failed(let error):
                w.u8(1)
                w.hostError(error)
            }
            records[path] = BlobReference(offset: UInt64(out.bytes.count), length: UInt32(w.bytes.count), crc: Self.crc(w.bytes))
            out.raw(w.bytes)
        }
        var e = BinaryWriter(capacity: 64 * sorted.count + 64)
        e.string(identity)
        e.u32(UInt32(sorted.count))
        for (path, entry) in sorted {
            e.string(path)
            e.u64(entry.signature.size); e.i64(entry.signature.modified); e.u64(entry.signature.inode)
            e.u64(entry.hash)
            if case .failed = entry.outcome { e.u8(1) } else { e.u8(0) }
            records[path]!.encode(to: &e)
            (blobs[path] ?? BlobReference(offset: 0, length: 0, crc: 0)).encode(to: &e)
        }
        return (blobs, e.bytes)
    }

    /// Writes the index: this run's view, else the stored one (an `inspect` that found its class
    /// through the index does not forget the index). The class records come first (each with its
    /// own checksum, checked when it is read), then the view's header with their offsets (the view
    /// section proper, checksummed as a whole).
    private func encodeView(into out: inout BinaryWriter, blobs: [String: BlobReference]) -> Section {
        guard let view = newView ?? storedView() else { return (0, 0, 0) }
        var offsets: [UInt32] = []
        for cls in view.classes.sorted(by: { $0.name < $1.name }) {
            let key = PluginLoader.absolutePath(cls.file, relativeTo: view.workingDirectory)
            guard let entry = entries[key], let blob = blobs[key] else { continue }
            var w = BinaryWriter(capacity: 128)
            w.string(cls.name); w.string(cls.file)
            w.u64(entry.signature.size); w.i64(entry.signature.modified); w.u64(entry.signature.inode)
            blob.encode(to: &w)
            w.u32(UInt32(cls.position))
            offsets.append(UInt32(out.bytes.count))
            out.u32(UInt32(w.bytes.count)); out.u32(Self.crc(w.bytes)); out.raw(w.bytes)
        }
        let viewOffset = out.bytes.count
        out.string(identity)
        out.u64(Self.digest(view))
        out.string(view.workingDirectory)
        out.array(view.searchPath) { $0.string($1) }
        out.array(view.directories) { $1.encode(to: &$0) }
        out.array(view.warnings) { $0.string($1) }
        out.u32(UInt32(offsets.count))
        for o in offsets { out.u32(o) }
        return (viewOffset, out.bytes.count - viewOffset, Self.crc(out.bytes, viewOffset, out.bytes.count - viewOffset))
    }

    /// Writes the listings: this run's, and the stored ones of other modes (copied as they are: a
    /// corrupt record still fails its checksum in the new file), then their table. A listing whose
    /// files changed is simply not used again (its key no longer matches).
    private func encodeListings(into out: inout BinaryWriter) -> Section {
        var listingTable: [(mode: String, record: BlobReference)] = []
        let stored = (try? storedListingReferences()) ?? []
        for mode in Set(newListings.keys).union(stored.map(\.mode)).sorted() {
            var record: [UInt8]
            if let listing = newListings[mode] {
                var w = BinaryWriter(capacity: listing.key.count + listing.output.utf8.count + 64)
                w.blob(listing.key); w.string(listing.output); w.array(listing.warnings) { $0.string($1) }; w.u32(UInt32(bitPattern: listing.status))
                record = w.bytes
                listingTable.append((mode, BlobReference(offset: UInt64(out.bytes.count), length: UInt32(record.count), crc: Self.crc(record))))
            } else if let old = stored.first(where: { $0.mode == mode }), let mapped {
                record = mapped.bytes(old.record.start, Int(old.record.length))
                guard record.count == Int(old.record.length) else { continue }
                listingTable.append((mode, BlobReference(offset: UInt64(out.bytes.count), length: old.record.length, crc: old.record.crc)))
            } else {
                continue
            }
            out.raw(record)
        }
        let listingsOffset = out.bytes.count
        if !listingTable.isEmpty { // none: an empty section (no bytes that only `list` would read)
            out.string(identity)
            out.array(listingTable) { $0.string($1.mode); $1.record.encode(to: &$0) }
        }
        let listingsLength = out.bytes.count - listingsOffset
        return (listingsOffset, listingsLength, listingsLength == 0 ? 0 : Self.crc(out.bytes, listingsOffset, listingsLength))
    }

    /// The defaults section: the checks of files that still exist, unchanged.
    private func encodeDefaults() -> [UInt8] {
        var d = BinaryWriter(capacity: 256)
        d.string(identity)
        let checks = defaults.filter { key, value in
            let file = String(key.prefix { $0 != "\u{0}" })
            return FileSignature(path: file) == value.signature
        }.sorted { $0.key < $1.key }
        d.u32(UInt32(checks.count))
        for (key, value) in checks {
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            d.string(parts[0])
            d.u64(value.signature.size); d.i64(value.signature.modified); d.u64(value.signature.inode)
            d.string(parts.count > 1 ? parts[1] : "")
            d.array(value.mismatches) { $0.string($1.property); $0.propertyValue($1.actual) }
        }
        return d.bytes
    }
}
