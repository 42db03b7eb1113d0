import CZlib
import Glibc

/// The registry cache, like GStreamer's binary registry: what scanning each plugin file learned (its
/// classes and property tables, or why it failed), keyed by the file's absolute path, size,
/// modification time, inode and a content hash, so that `host list` and `host inspect` on unchanged
/// plugins dlopen nothing — plus an index of the last search path, so that `inspect CLASS` and
/// `render CLASS` find one class without reading the others, and the last listings `host list`
/// printed, each with the walk it was made from.
///
/// Location: `--cache FILE`, else `$EASEL_REGISTRY_CACHE`, else `$XDG_CACHE_HOME/easel/registry-v4.bin`
/// (`~/.cache/easel/registry-v4.bin`). Written atomically (temporary file, fsync, rename); read
/// through `mmap`, touching only what a command needs.
///
/// Format 4 (little-endian; every section and record carries a CRC-32, so a flipped byte anywhere is
/// noticed where it is read: the cache, or the entry, is then rebuilt with a warning, never trusted):
///
///     header (88 bytes): "EASELREG" u32 version u32 0  u64 entriesOffset u32 entriesLength u32 entriesCRC
///                        u64 viewOffset u32 viewLength u32 viewCRC  u64 defaultsOffset u32 defaultsLength
///                        u32 defaultsCRC  u64 listingsOffset u32 listingsLength u32 listingsCRC
///                        u32 headerCRC (of the 80 bytes before it) u32 0
///     blobs:    per plugin, the full class descriptions (decoded only by inspect/render)
///     records:  per file, kind 0: plugin info + class summaries; kind 1: why it failed
///     entries:  string hostIdentity, then per file: string path, u64 size, i64 mtime, u64 inode,
///               u64 content hash, u8 kind, u64 recordOffset u32 recordLength u32 recordCRC,
///               u64 blobOffset u32 blobLength u32 blobCRC
///     class records, then the view: string hostIdentity, u64 digest, string cwd, [string] search
///               path, [(string dir, u64 device, u64 inode, i64 mtime)] every directory walked,
///               [string] warnings, u32 class count, a u32 file offset per class (sorted by name)
///               of its record
///     class record: u32 length u32 CRC, then string name, string file (as found), u64 size,
///               i64 mtime, u64 inode, u64 blobOffset u32 blobLength u32 blobCRC, u32 position
///     listing records: bytes key (what the listing was made from: see ``Registry``), string output,
///               [string] warnings, u32 exit status
///     listings: string hostIdentity, then per listing mode ("text", "json strict", …): string mode,
///               u64 recordOffset u32 recordLength u32 recordCRC
///     defaults: string hostIdentity, then per class whose defaults were checked (easel.h, DEFAULTS):
///               string file (absolute), u64 size, i64 mtime, u64 inode, string class,
///               [(string property, value)] what a new instance read where it differs from the default
final class RegistryCache {
    static let magic: [UInt8] = Array("EASELREG".utf8)
    /// Bumped whenever the layout changes (the file name carries it, so hosts of two formats on one
    /// machine keep two files instead of calling each other's corrupt). 3: the 72-byte header with
    /// the defaults section; 2 had a 56-byte header. 4: the 88-byte header with the listings.
    static let formatVersion: UInt32 = 4
    static let headerSize = 88
    /// Changes whenever the host's validation or descriptions could change.
    static let hostIdentity = "easel \(PluginLoader.hostVersion) abi \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor) cache 2.1"
    /// The largest cache file read: far more than 10 000 plugins need; a larger file is not ours.
    static let maximumSize = 512 << 20

    struct Entry {
        var signature: FileSignature
        var hash: UInt64
        var outcome: Outcome
    }

    enum Outcome {
        case plugin(PluginInfo, [ClassSummary], classes: LazyClasses)
        case failed(HostError)
    }

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

    /// What one `host list` printed, and what it was made from.
    struct Listing {
        /// The listing's inputs, encoded (the walk of the search path: every file and signature).
        var key: [UInt8]
        var output: String
        var warnings: [String]
        var status: Int32
    }

    /// The outcome of the defaults check of one class of one build of a file.
    struct CheckedDefaults {
        var signature: FileSignature
        /// Property name → what a new instance read, for the properties that differ.
        var mismatches: [(property: String, actual: PropertyValue)]
    }

    let path: String
    private let warn: (String) -> Void
    private var decodedDefaults: [String: CheckedDefaults]?
    private let mapped: MappedFile?
    private var header: Header?
    private var decodedEntries: [String: Entry]?
    private var newView: View?
    /// Listings stored by this run, by mode.
    private var newListings: [String: Listing] = [:]
    private(set) var isDirty = false

    /// The default cache file's name: `registry-v4.bin`.
    static var fileName: String { "registry-v\(formatVersion).bin" }

    /// The default cache file for this user.
    static var defaultPath: String {
        let env = ProcessEnvironment.current
        if let p = env["EASEL_REGISTRY_CACHE"], !p.isEmpty { return p }
        let base: String
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { base = xdg }
        else { base = (env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/.cache" }
        return base + "/easel/" + fileName
    }

    /// Opens the cache at `path` (mapping it; nothing is decoded yet). A missing file is an empty
    /// cache; a corrupt or foreign one is reported through `warn` and treated as empty.
    init(path: String, warn: @escaping (String) -> Void) {
        self.path = path
        self.warn = warn
        do {
            mapped = try MappedFile(path, maximumSize: Self.maximumSize)
        } catch let error as HostError {
            warn("\(path): the registry cache \(error.message); not using it")
            mapped = nil
        } catch {
            mapped = nil
        }
        guard let mapped else { return }
        do {
            header = try Header(mapped)
        } catch is OtherVersion {
            isDirty = true
        } catch {
            corrupt("\(error)")
        }
    }

    private func corrupt(_ why: String) {
        warn("\(path): the registry cache is corrupt (\(why)); rebuilding it")
        header = nil
        decodedEntries = [:]
        isDirty = true
    }

    // MARK: - Entries (the full load)

    /// Every entry, decoded once (a corrupt table is a warning and an empty cache).
    var entries: [String: Entry] {
        if let decodedEntries { return decodedEntries }
        var result: [String: Entry] = [:]
        if let header, let mapped {
            do { result = try Self.decodeEntries(mapped, header) } catch { corrupt("\(error)") }
        }
        decodedEntries = result
        return result
    }

    func entry(for path: String) -> Entry? { entries[path] }

    /// How many files the cache describes.
    var entryCount: Int { entries.count }

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
        guard var r = try? viewReader(), (try? r.string()) == Self.hostIdentity, let digest = try? r.u64() else { return 0 }
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

    // MARK: - Checked defaults

    private static func defaultsKey(_ file: String, _ className: String) -> String { file + "\u{0}" + className }

    /// The stored defaults check of class `className` of `file` (absolute), if it was made on this
    /// build of the file.
    func checkedDefaults(file: String, className: String, signature: FileSignature) -> [(property: String, actual: PropertyValue)]? {
        guard let found = defaults[Self.defaultsKey(file, className)], found.signature == signature else { return nil }
        return found.mismatches
    }

    func storeCheckedDefaults(file: String, className: String, _ checked: CheckedDefaults) {
        _ = defaults
        decodedDefaults![Self.defaultsKey(file, className)] = checked
        isDirty = true
    }

    private var defaults: [String: CheckedDefaults] {
        if let decodedDefaults { return decodedDefaults }
        var result: [String: CheckedDefaults] = [:]
        if let header, let mapped, header.defaultsLength > 0 {
            do {
                var r = BinaryReader(try mapped.copy(header.defaultsOffset, header.defaultsLength, crc: header.defaultsCRC, what: "defaults checks"))
                guard try r.string() == Self.hostIdentity else { throw OtherVersion() }
                let count = Int(try r.u32())
                for _ in 0..<count {
                    let file = try r.string()
                    let signature = FileSignature(size: try r.u64(), modified: try r.i64(), inode: try r.u64())
                    let className = try r.string()
                    let mismatches = try r.array { (property: try $0.string(), actual: try $0.propertyValue()) }
                    result[Self.defaultsKey(file, className)] = CheckedDefaults(signature: signature, mismatches: mismatches)
                }
            } catch {
                warn("\(path): the registry cache's defaults checks are corrupt (\(error)); checking again")
                result = [:]
                isDirty = true
            }
        }
        decodedDefaults = result
        return result
    }

    // MARK: - The index (one class)

    /// The class `name` through the stored view, if the view is of this search path and working
    /// directory, none of the directories it walked changed (so no file was added, removed or
    /// renamed), and the class's file is unchanged. nil otherwise: the caller does a full load.
    func lookup(_ name: String, searchPath: [String], workingDirectory: String) -> (IndexedClass, [String])? {
        guard let mapped else { return nil }
        do {
            guard var r = try viewReader() else { return nil }
            guard try r.string() == Self.hostIdentity else { return nil }
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

    // MARK: - Listings

    /// The listing stored for `mode`, if it was made from exactly `key`. A corrupt listing is a
    /// warning, and nil (the caller lists again and stores a good one).
    func listing(mode: String, key: [UInt8]) -> Listing? {
        do {
            guard let reference = try storedListingReferences().first(where: { $0.mode == mode })?.record,
                  let mapped else { return nil }
            var r = BinaryReader(try mapped.copy(reference.start, Int(reference.length), crc: reference.crc, what: "listing"))
            let stored = try r.blobSlice()
            guard stored.count == key.count,
                  key.isEmpty || stored.withUnsafeBytes({ s in key.withUnsafeBytes { memcmp(s.baseAddress!, $0.baseAddress!, key.count) == 0 } }) else { return nil }
            let output = try r.string()
            let warnings = try r.array { try $0.string() }
            return Listing(key: key, output: output, warnings: warnings, status: Int32(bitPattern: try r.u32()))
        } catch {
            warn("\(path): the registry cache's listing is corrupt (\(error)); listing again")
            isDirty = true
            return nil
        }
    }

    func storeListing(mode: String, _ listing: Listing) {
        newListings[mode] = listing
        isDirty = true
    }

    /// The listings section's table: each mode and where its record lies (empty: none).
    private func storedListingReferences() throws -> [(mode: String, record: BlobReference)] {
        guard let header, let mapped, header.listingsLength > 0 else { return [] }
        var r = BinaryReader(try mapped.copy(header.listingsOffset, header.listingsLength, crc: header.listingsCRC, what: "listings"))
        guard try r.string() == Self.hostIdentity else { return [] }
        return try r.array { (mode: try $0.string(), record: try BlobReference(from: &$0)) }
    }

    // MARK: - Saving

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

    func encode() -> [UInt8] {
        var out = BinaryWriter(capacity: 1 << 16)
        for _ in 0..<Self.headerSize { out.u8(0) }
        let sorted = entries.sorted { $0.key < $1.key }
        // Blobs, then records: their offsets go into the entries and the view.
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
        e.string(Self.hostIdentity)
        e.u32(UInt32(sorted.count))
        for (path, entry) in sorted {
            e.string(path)
            e.u64(entry.signature.size); e.i64(entry.signature.modified); e.u64(entry.signature.inode)
            e.u64(entry.hash)
            if case .failed = entry.outcome { e.u8(1) } else { e.u8(0) }
            records[path]!.encode(to: &e)
            (blobs[path] ?? BlobReference(offset: 0, length: 0, crc: 0)).encode(to: &e)
        }
        let entriesOffset = out.bytes.count
        out.raw(e.bytes)

        var viewOffset = 0, viewLength = 0, viewCRC: UInt32 = 0
        if let view = newView ?? storedView() {
            // The class records (each with its own checksum, checked when it is read), then the
            // view's header with their offsets (the view section proper, checksummed as a whole).
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
            viewOffset = out.bytes.count
            out.string(Self.hostIdentity)
            out.u64(Self.digest(view))
            out.string(view.workingDirectory)
            out.array(view.searchPath) { $0.string($1) }
            out.array(view.directories) { $1.encode(to: &$0) }
            out.array(view.warnings) { $0.string($1) }
            out.u32(UInt32(offsets.count))
            for o in offsets { out.u32(o) }
            viewLength = out.bytes.count - viewOffset
            viewCRC = Self.crc(Array(out.bytes[viewOffset...]))
        }
        // Listings: this run's, and the stored ones of other modes (copied as they are: a corrupt
        // record still fails its checksum in the new file). A listing whose files changed is simply
        // not used again (its key no longer matches).
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
            out.string(Self.hostIdentity)
            out.array(listingTable) { $0.string($1.mode); $1.record.encode(to: &$0) }
        }
        let listingsLength = out.bytes.count - listingsOffset
        let listingsCRC = listingsLength == 0 ? 0 : Self.crc(Array(out.bytes[listingsOffset...]))
        // Defaults checks of files that still exist, unchanged.
        var d = BinaryWriter(capacity: 256)
        d.string(Self.hostIdentity)
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
        let defaultsOffset = out.bytes.count
        out.raw(d.bytes)
        var h = BinaryWriter(capacity: Self.headerSize)
        for m in Self.magic { h.u8(m) }
        h.u32(Self.formatVersion); h.u32(0)
        h.u64(UInt64(entriesOffset)); h.u32(UInt32(e.bytes.count)); h.u32(Self.crc(e.bytes))
        h.u64(UInt64(viewOffset)); h.u32(UInt32(viewLength)); h.u32(viewCRC)
        h.u64(UInt64(defaultsOffset)); h.u32(UInt32(d.bytes.count)); h.u32(Self.crc(d.bytes))
        h.u64(UInt64(listingsOffset)); h.u32(UInt32(listingsLength)); h.u32(listingsCRC)
        h.u32(Self.crc(h.bytes)); h.u32(0)
        var bytes = out.bytes
        bytes.replaceSubrange(0..<Self.headerSize, with: h.bytes)
        return bytes
    }

    /// The view stored in the file, kept when this run made no new one (an `inspect` that found its
    /// class through the index does not forget the index).
    private func storedView() -> View? {
        do {
            guard var r = try viewReader() else { return nil }
            guard try r.string() == Self.hostIdentity else { return nil }
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

    // MARK: - Decoding

    struct OtherVersion: Error {}

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

    static func decodeEntries(_ file: MappedFile, _ header: Header) throws -> [String: Entry] {
        var r = BinaryReader(try file.copy(header.entriesOffset, header.entriesLength, crc: header.entriesCRC, what: "entry table"))
        guard try r.string() == hostIdentity else { throw OtherVersion() }
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

    /// The CRC-32 of `length` bytes of `bytes` at `offset` (in bounds).
    static func crc(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress.map { $0 + offset }, UInt32(length)) })
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
    }
}

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

    init(from r: inout BinaryReader) throws {
        offset = try r.u64(); length = try r.u32(); crc = try r.u32()
    }

    /// `offset` as a position in the file, -1 (beyond any file, refused where it is used) when it
    /// is past the largest cache read: a corrupt offset of 2⁶³ or more trapped in `Int(_:)`.
    var start: Int { Self.position(offset) }

    static func position(_ offset: UInt64) -> Int {
        offset <= UInt64(RegistryCache.maximumSize) ? Int(offset) : -1
    }

    func encode(to w: inout BinaryWriter) {
        w.u64(offset); w.u32(length); w.u32(crc)
    }
}

/// A read-only memory map of a regular file (nothing mapped for an empty one).
final class MappedFile: @unchecked Sendable {
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

/// What `host list` shows of a class: no property table.
package struct ClassSummary: Equatable, Sendable {
    package var name: String
    package var displayName: String
    package var summary: String?
    package var group: String

    init(_ info: ClassInfo) {
        name = info.name; displayName = info.displayName; summary = info.summary; group = info.group
    }

    init(from r: inout BinaryReader) throws {
        name = try r.string(); displayName = try r.string(); summary = try r.optionalString(); group = try r.string()
    }

    func encode(to w: inout BinaryWriter) {
        w.string(name); w.string(displayName); w.string(summary); w.string(group)
    }
}

/// Full class descriptions, kept encoded (in the cache file, with their checksum) until someone
/// needs them.
final class LazyClasses {
    private var source: (file: MappedFile, reference: BlobReference)?
    private var encoded: [UInt8]?
    private var decoded: [ClassInfo]?

    init(blob: BlobReference, in file: MappedFile) { source = (file, blob) }

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

