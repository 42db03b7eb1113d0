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
    /// The file's first eight bytes.
    static let magic: [UInt8] = Array("EASELREG".utf8)
    /// Bumped whenever the layout changes (the file name carries it, so hosts of two formats on one
    /// machine keep two files instead of calling each other's corrupt). 3: the 72-byte header with
    /// the defaults section; 2 had a 56-byte header. 4: the 88-byte header with the listings.
    static let formatVersion: UInt32 = 4
    /// The header's size in bytes (``Header``).
    static let headerSize = 88
    /// Changes whenever the host's validation or descriptions could change.
    static let hostIdentity = "easel \(PluginLoader.hostVersion) abi \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor) cache 2.1"
    /// The largest cache file read: far more than 10 000 plugins need; a larger file is not ours.
    static let maximumSize = 512 << 20

    /// The cache file.
    let path: String
    /// The identity this program writes and accepts (``hostIdentity`` outside tests).
    let identity: String
    /// Where problems found while reading go (a corrupt section is a warning, never an error).
    let warn: (String) -> Void
    /// The file as it was when opened (nil: none, or unreadable).
    let mapped: MappedFile?
    /// Its header (nil: no usable file: everything reads as empty).
    var header: Header?
    /// Every entry, once decoded (``entries``), with this run's changes.
    var decodedEntries: [String: Entry]?
    /// Every stored defaults check, once decoded, with this run's.
    var decodedDefaults: [String: CheckedDefaults]?
    /// The view made by this run's full load, if any.
    var newView: View?
    /// Listings stored by this run, by mode.
    var newListings: [String: Listing] = [:]
    /// Whether the file must be written (``save(warn:)``).
    var isDirty = false

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
    init(path: String, identity: String = RegistryCache.hostIdentity, warn: @escaping (String) -> Void) {
        self.path = path
        self.identity = identity
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

    /// Reports the file corrupt and forgets it: every section reads as empty, the file is rewritten.
    func corrupt(_ why: String) {
        warn("\(path): the registry cache is corrupt (\(why)); rebuilding it")
        header = nil
        decodedEntries = [:]
        isDirty = true
    }

    /// The CRC-32 of `length` bytes of `bytes` at `offset` (in bounds).
    static func crc(_ bytes: [UInt8], _ offset: Int, _ length: Int) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress.map { $0 + offset }, UInt32(length)) })
    }

    /// The CRC-32 of all of `bytes`.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
    }
}
