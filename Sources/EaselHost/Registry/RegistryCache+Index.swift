import CZlib

// MARK: - The index: what the last full load of a search path found, to look one class up

extension RegistryCache {
    /// What the last full load of a search path found: enough to look one class up later, when
    /// none of the directories it walked has changed since.
    struct View {
        var workingDirectory: String
        var searchPath: [String]
        var directories: [PluginSearchPath.WalkedDirectory]
        var warnings: [String]
        /// Class name → its file as found, and its position among that file's classes.
        var classes: [(name: String, file: String, position: Int)]
    }

    /// One class found through the view.
    struct IndexedClass {
        var file: String
        var signature: FileSignature
        var classes: LazyClasses
        var position: Int
    }

    /// Records what a full load of a search path found (written with the next save; the file is
    /// rewritten only when the view differs from the stored one).
    func setView(_ view: View) {
        newView = view
        if Self.digest(view) != storedViewDigest { isDirty = true }
    }

    /// A digest of everything a view says (CRC-32 and Adler-32 over a canonical encoding, as a file's
    /// content hash is made).
    static func digest(_ view: View) -> UInt64 {
        var w = BinaryWriter(capacity: 64 * view.classes.count + 1024)
        w.string(view.workingDirectory)
        w.array(view.searchPath) { $0.string($1) }
        w.array(view.directories) { $1.encode(to: &$0) }
        w.array(view.warnings) { $0.string($1) }
        for cls in view.classes.sorted(by: { $0.name < $1.name }) { w.string(cls.name); w.string(cls.file); w.u32(UInt32(cls.position)) }
        return w.bytes.withUnsafeBufferPointer { b in
            UInt64(crc32(0, b.baseAddress, UInt32(b.count))) << 32 | UInt64(adler32(1, b.baseAddress, UInt32(b.count)) & 0xFFFF_FFFF)
        }
    }

    /// The digest stored with the view in the file (0: none, or a corrupt view).
    private var storedViewDigest: UInt64 {
        guard var r = try? viewReader(), (try? r.string()) == identity, let digest = try? r.u64() else { return 0 }
        return digest
    }

    /// The view section (the index's header), checked against its checksum (nil: none).
    private func viewReader() throws -> BinaryReader? {
        guard let header, let mapped, header.viewLength > 0 else { return nil }
        return BinaryReader(try mapped.copy(header.viewOffset, header.viewLength, crc: header.viewCRC, what: "index"))
    }

    /// The class record at file offset `offset` (`u32 length u32 CRC bytes`), checked against its
    /// own checksum: a lookup reads only the records its binary search visits.
    private func viewRecord(_ offset: Int, in _: [UInt8]) throws -> BinaryReader {
        guard let mapped else { throw BinaryReader.Invalid(description: "no index") }
        var r = BinaryReader(mapped.bytes(offset, 8))
        let length = Int(try r.u32()), crc = try r.u32()
        return BinaryReader(try mapped.copy(offset + 8, length, crc: crc, what: "class index record"))
    }

    /// The class `name` through the stored view, if the view is of this search path and working
    /// directory, none of the directories it walked changed (so no file was added, removed or
    /// renamed), and the class's file is unchanged. nil otherwise: the caller does a full load.
    func lookup(_ name: String, searchPath: [String], workingDirectory: String) -> (IndexedClass, [String])? {
        guard let mapped else { return nil }
        do {
            guard var r = try viewReader() else { return nil }
            guard try r.string() == identity else { return nil }
            _ = try r.u64() // digest
            guard try r.string() == workingDirectory,
                  try r.array({ try $0.string() }) == searchPath else { return nil }
            let directories = try r.array { try PluginSearchPath.WalkedDirectory(from: &$0) }
            guard directories.allSatisfy(\.isUnchanged) else { return nil }
            let warnings = try r.array { try $0.string() }
            let count = Int(try r.u32())
            var low = 0, high = count - 1
            let slots = r.offset
            while low <= high {
                let middle = (low + high) / 2
                var s = BinaryReader(r.bytes, offset: slots + middle * 4, end: slots + middle * 4 + 4)
                let recordOffset = Int(try s.u32())
                var record = try viewRecord(recordOffset, in: r.bytes)
                let candidate = try record.string()
                if candidate < name { low = middle + 1; continue }
                if candidate > name { high = middle - 1; continue }
                let file = try record.string()
                let signature = FileSignature(size: try record.u64(), modified: try record.i64(), inode: try record.u64())
                let blob = try BlobReference(from: &record)
                let position = Int(try record.u32())
                guard FileSignature(path: file) == signature else { return nil }
                return (IndexedClass(file: file, signature: signature, classes: LazyClasses(blob: blob, in: mapped),
                                     position: position), warnings)
            }
            return nil
        } catch {
            corrupt("\(error)")
            return nil
        }
    }

    /// The view stored in the file, kept when this run made no new one (an `inspect` that found its
    /// class through the index does not forget the index).
    func storedView() -> View? {
        do {
            guard var r = try viewReader() else { return nil }
            guard try r.string() == identity else { return nil }
            _ = try r.u64() // digest
            let cwd = try r.string()
            let searchPath = try r.array { try $0.string() }
            let directories = try r.array { try PluginSearchPath.WalkedDirectory(from: &$0) }
            let warnings = try r.array { try $0.string() }
            let count = Int(try r.u32())
            var classes: [(String, String, Int)] = []
            for _ in 0..<count {
                var record = try viewRecord(Int(try r.u32()), in: r.bytes)
                let name = try record.string(), file = try record.string()
                _ = try record.u64(); _ = try record.i64(); _ = try record.u64()
                _ = try BlobReference(from: &record)
                classes.append((name, file, Int(try record.u32())))
            }
            return View(workingDirectory: cwd, searchPath: searchPath, directories: directories, warnings: warnings,
                        classes: classes.map { (name: $0.0, file: $0.1, position: $0.2) })
        } catch {
            return nil
        }
    }
}
