import FoundationEssentials
import Glibc

/// The registry cache, like GStreamer's registry: what scanning each plugin file learned (its classes
/// and property tables, or why it failed), keyed by the file's absolute path, size, modification time,
/// inode and a content hash, so that `host list` and `host inspect` on unchanged plugins dlopen nothing.
///
/// Location: `--cache FILE`, else `$EASEL_REGISTRY_CACHE`, else `$XDG_CACHE_HOME/easel/registry-v1.bin`
/// (`~/.cache/easel/registry-v1.bin`). The file is written atomically (temporary file, fsync, rename).
/// Format (versioned; a file of another version or host is rebuilt silently, a corrupt one is
/// discarded with a warning, never fatal):
///
///     "EASELREG"  u32 format version  string host identity  u32 entry count  entries…
///     entry: string path  u64 size  i64 mtime(ns)  u64 inode  u64 content hash  u8 outcome
///            outcome 0: plugin info, class summaries, blob of the full class descriptions
///            outcome 1: the error that made the file fail (a crash during the scan included)
///
/// Class descriptions are decoded only when a command needs them (inspect, render), so listing
/// a thousand plugins reads summaries only.
final class RegistryCache {
    static let magic: [UInt8] = Array("EASELREG".utf8)
    static let formatVersion: UInt32 = 1
    /// Changes whenever the host's validation or descriptions could change.
    static let hostIdentity = "easel \(PluginLoader.hostVersion) abi \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor) descriptions \(BinaryWriter.descriptionFormat)"

    struct Entry {
        var signature: FileSignature
        var hash: UInt64
        var outcome: Outcome
    }

    enum Outcome {
        case plugin(PluginInfo, [ClassSummary], classes: LazyClasses)
        case failed(HostError)
    }

    let path: String
    private(set) var entries: [String: Entry] = [:]
    private(set) var isDirty = false

    /// The default cache file for this user.
    static var defaultPath: String {
        let env = ProcessInfo.processInfo.environment
        if let p = env["EASEL_REGISTRY_CACHE"], !p.isEmpty { return p }
        let base: String
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { base = xdg }
        else { base = (env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/.cache" }
        return base + "/easel/registry-v\(formatVersion).bin"
    }

    /// Loads the cache at `path`. A missing file is an empty cache; a corrupt one is reported through
    /// `warn` and treated as empty.
    init(path: String, warn: (String) -> Void) {
        self.path = path
        guard let bytes = Self.readFile(path, warn: warn) else { return }
        do {
            entries = try Self.decode(bytes)
        } catch is OtherVersion {
            isDirty = true
        } catch {
            warn("\(path): the registry cache is corrupt (\(error)); rebuilding it")
            isDirty = true
        }
    }

    func entry(for path: String) -> Entry? { entries[path] }

    func store(_ entry: Entry, for path: String) {
        entries[path] = entry
        isDirty = true
    }

    /// Forgets files that no longer exist.
    func prune() {
        for path in entries.keys where access(path, F_OK) != 0 {
            entries[path] = nil
            isDirty = true
        }
    }

    struct OtherVersion: Error {}

    static func decode(_ bytes: [UInt8]) throws -> [String: Entry] {
        var r = BinaryReader(bytes)
        for m in magic { guard try r.u8() == m else { throw BinaryReader.Invalid(description: "not a registry cache file") } }
        guard try r.u32() == formatVersion, try r.string() == hostIdentity else { throw OtherVersion() }
        var entries: [String: Entry] = [:]
        let count = Int(try r.u32())
        for _ in 0..<count {
            let path = try r.string()
            let signature = FileSignature(size: try r.u64(), modified: try r.i64(), inode: try r.u64())
            let hash = try r.u64()
            let outcome: Outcome
            switch try r.u8() {
            case 0:
                let info = try r.pluginInfo()
                let summaries = try r.array { try ClassSummary(from: &$0) }
                outcome = .plugin(info, summaries, classes: LazyClasses(blob: try r.blob()))
            case 1:
                outcome = .failed(try r.hostError())
            default:
                throw BinaryReader.Invalid(description: "unknown outcome")
            }
            entries[path] = Entry(signature: signature, hash: hash, outcome: outcome)
        }
        guard r.isAtEnd else { throw BinaryReader.Invalid(description: "trailing bytes") }
        return entries
    }

    func encode() -> [UInt8] {
        var w = BinaryWriter(capacity: 1 << 16)
        for m in Self.magic { w.u8(m) }
        w.u32(Self.formatVersion)
        w.string(Self.hostIdentity)
        w.u32(UInt32(entries.count))
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            w.string(path)
            w.u64(entry.signature.size); w.i64(entry.signature.modified); w.u64(entry.signature.inode)
            w.u64(entry.hash)
            switch entry.outcome {
            case .plugin(let info, let summaries, let classes):
                w.u8(0)
                w.pluginInfo(info)
                w.array(summaries) { $1.encode(to: &$0) }
                w.blob(classes.blob)
            case .failed(let error):
                w.u8(1)
                w.hostError(error)
            }
        }
        return w.bytes
    }

    /// Writes the cache if it changed: temporary file in the same directory, fsync, rename. Failures
    /// are reported through `warn`; the cache is an optimisation, never a reason to fail a command.
    func save(warn: (String) -> Void) {
        guard isDirty else { return }
        var existing = stat()
        if lstat(path, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            return warn("\(path): the registry cache is \(RegularFile.kind(existing.st_mode)), not a regular file; not replacing it")
        }
        let dir = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !dir.isEmpty { Self.makeDirectories(dir) }
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

    /// The largest cache file read: far more than 10 000 plugins need; a larger file is not ours.
    static let maximumSize = 512 << 20

    /// The cache file's bytes; nil if there is none. Only a regular file of at most
    /// ``maximumSize`` bytes is read (a FIFO or a sparse 30 GB file is a warning, never a hang).
    static func readFile(_ path: String, warn: (String) -> Void) -> [UInt8]? {
        do { return try RegularFile.read(path, maximumSize: maximumSize) } catch let error as HostError {
            warn("\(path): the registry cache \(error.message); not using it")
            return nil
        } catch { return nil }
    }

    static func makeDirectories(_ dir: String) { EaselHost.makeDirectories(dir) }
}

/// What `host list` shows of a class: no property table.
public struct ClassSummary: Equatable, Sendable {
    public var name: String
    public var displayName: String
    public var summary: String?
    public var group: String

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

/// Full class descriptions, kept encoded until someone needs them.
final class LazyClasses {
    let blob: [UInt8]
    private var decoded: [ClassInfo]?

    init(blob: [UInt8]) { self.blob = blob }

    init(_ classes: [ClassInfo]) {
        var w = BinaryWriter(capacity: 1024)
        w.array(classes) { $0.classInfo($1) }
        blob = w.bytes
        decoded = classes
    }

    func classes() throws -> [ClassInfo] {
        if let decoded { return decoded }
        var r = BinaryReader(blob)
        let classes = try r.array { try $0.classInfo() }
        decoded = classes
        return classes
    }
}
