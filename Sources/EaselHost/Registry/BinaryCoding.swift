/// Appends values in a compact little-endian binary form: the registry cache and the worker protocol
/// are written with it (JSON was 10× slower to decode for a thousand plugins).
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    // Byte by byte: appending the bytes of the value as a raw buffer went through the generic
    // sequence path, three times slower (a warm `host list` writes four per plugin file).
    mutating func u32(_ v: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> shift)) } }
    mutating func u64(_ v: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> shift)) } }
    mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    mutating func int(_ v: Int) { i64(Int64(v)) }
    mutating func f64(_ v: Double) { u64(v.bitPattern) }
    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            u32(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }
    mutating func optional<T>(_ v: T?, _ write: (inout BinaryWriter, T) -> Void) {
        if let v { u8(1); write(&self, v) } else { u8(0) }
    }
    mutating func string(_ s: String?) { optional(s) { $0.string($1) } }
    /// A string given as its UTF-8 bytes, written as ``string(_:)-swift.method`` writes it.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }
    /// Forgets what was written, keeping the storage (to write the next piece of something long).
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }
    mutating func blob(_ b: [UInt8]) { u32(UInt32(b.count)); bytes.append(contentsOf: b) }
    mutating func blob(_ b: ArraySlice<UInt8>) { u32(UInt32(b.count)); bytes.append(contentsOf: b) }
    /// Bytes as they are, without a length.
    mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }
    mutating func array<T>(_ items: [T], _ write: (inout BinaryWriter, T) -> Void) {
        u32(UInt32(items.count))
        for item in items { write(&self, item) }
    }
    /// Overwrites 4 bytes at `offset` (for lengths known only after writing).
    mutating func patch(u32 v: UInt32, at offset: Int) {
        withUnsafeBytes(of: v.littleEndian) { for i in 0..<4 { bytes[offset + i] = $0[i] } }
    }
}

/// Reads what ``BinaryWriter`` wrote. Every read is bounds-checked: the bytes may come from a corrupt
/// file or a misbehaving process, so running out of data or an absurd length throws instead of
/// crashing or allocating without limit.
struct BinaryReader {
    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    struct Truncated: Error, CustomStringConvertible {
        let offset: Int
        var description: String { "the data ends early or is corrupt (at byte \(offset))" }
    }

    init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = min(end ?? bytes.count, bytes.count)
    }

    var isAtEnd: Bool { offset >= end }

    private mutating func take(_ n: Int) throws -> Int {
        guard n >= 0, n <= end - offset else { throw Truncated(offset: offset) }
        defer { offset += n }
        return offset
    }

    mutating func u8() throws -> UInt8 { bytes[try take(1)] }
    mutating func bool() throws -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        default: throw Truncated(offset: offset - 1)
        }
    }
    mutating func u32() throws -> UInt32 {
        let at = try take(4)
        return bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    }
    mutating func u64() throws -> UInt64 {
        let at = try take(8)
        return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    }
    mutating func i64() throws -> Int64 { Int64(bitPattern: try u64()) }
    mutating func int() throws -> Int { Int(try i64()) }
    mutating func f64() throws -> Double { Double(bitPattern: try u64()) }
    mutating func string() throws -> String {
        let n = Int(try u32())
        let at = try take(n)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[at..<at + n]), as: UTF8.self) }
    }
    mutating func optional<T>(_ read: (inout BinaryReader) throws -> T) throws -> T? {
        try bool() ? read(&self) : nil
    }
    mutating func optionalString() throws -> String? { try optional { try $0.string() } }
    mutating func blob() throws -> [UInt8] { Array(try blobSlice()) }
    /// The same, sharing the reader's storage (no copy: a picture from a worker).
    mutating func blobSlice() throws -> ArraySlice<UInt8> {
        let n = Int(try u32())
        let at = try take(n)
        return bytes[at..<at + n]
    }
    /// An array; `count` is checked against the bytes left (each item takes at least one byte).
    mutating func array<T>(_ read: (inout BinaryReader) throws -> T) throws -> [T] {
        let n = Int(try u32())
        guard n <= end - offset else { throw Truncated(offset: offset) }
        var items: [T] = []
        items.reserveCapacity(n)
        for _ in 0..<n { items.append(try read(&self)) }
        return items
    }
}
