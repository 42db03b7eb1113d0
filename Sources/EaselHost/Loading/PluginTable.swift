import Glibc

/// Reads structs a plugin wrote by easel.h's growth rule (VERSIONING): each starts with its own
/// `struct_size`, which is the stride of the table it is in and says which fields exist. A field
/// beyond it reads as zero, so a struct written against an older header is read correctly, and one
/// written against a newer header is read up to what this host knows.
enum PluginTable {
    /// What a bad struct_size is reported as (the caller adds class and property).
    struct Problem: Error {
        let message: String
    }

    /// Sizes beyond this are not believed: the field is garbage, not a struct from the future.
    static let maximumStructSize = 1 << 16

    /// Counts beyond this are not believed either (a class_count of 4294967295 made the reader ask
    /// for 652 GB and abort); 100 000-property tables are well inside it.
    static let maximumCount = 1 << 20

    /// `count` checked against ``maximumCount``.
    static func checkCount(_ count: Int, _ cName: String) throws {
        if count > maximumCount {
            throw Problem(message: "a table of \(count) \(cName) entries is more than the \(maximumCount) a table may hold (is its count set?)")
        }
    }

    /// The struct at `pointer`, whose writer says it is `size` bytes long: the first
    /// `min(size, MemoryLayout<T>.size)` bytes copied into a zeroed `T`.
    static func load<T>(_ pointer: UnsafeRawPointer, size: Int, as type: T.Type) -> T {
        let count = MemoryLayout<T>.size
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: MemoryLayout<T>.alignment)
        defer { buffer.deallocate() }
        memset(buffer, 0, count)
        memcpy(buffer, pointer, min(size, count))
        return buffer.load(as: T.self)
    }

    /// The `struct_size` of the struct at `pointer` (its first four bytes, or bytes 8…11 in
    /// easel_plugin, which has `abi` first), checked: a multiple of 8, at least `minimum` (the
    /// struct's size in the ABI version `abi` that introduced it, 1.1 for most) and believable.
    static func structSize(at pointer: UnsafeRawPointer, offset: Int = 0, minimum: Int, cName: String, abi: String = "1.1") throws -> Int {
        let size = Int(pointer.load(fromByteOffset: offset, as: UInt32.self))
        if size < minimum {
            throw Problem(message: "struct_size is \(size), smaller than \(cName) in ABI \(abi) (\(minimum) bytes): set .struct_size = sizeof(\(cName))")
        }
        if size % 8 != 0 || size > maximumStructSize {
            // In easel_plugin, 1.0's layout has the id pointer where 1.1 has struct_size.
            let draft = offset == 8 ? "; a plugin laid out as ABI 1.0 but declaring 1.1 has a pointer here: build it against this easel.h" : ""
            throw Problem(message: "struct_size is \(size) (expected sizeof(\(cName)): a multiple of 8, at least \(minimum)\(draft))")
        }
        return size
    }

    /// The elements of a table of `count` structs at `base`: each copied into a `T` and paired with
    /// its address in the plugin. Every element must have the first one's struct_size.
    static func elements<T>(_ base: UnsafeRawPointer, count: Int, as type: T.Type, minimum: Int,
                            cName: String) throws -> [(value: T, address: UnsafeRawPointer)] {
        guard count > 0 else { return [] }
        try checkCount(count, cName)
        let stride = try structSize(at: base, minimum: minimum, cName: cName)
        var result: [(T, UnsafeRawPointer)] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let element = base + index * stride
            let size = Int(element.load(as: UInt32.self))
            if size != stride {
                throw Problem(message: "\(cName) #\(index) has struct_size \(size) but #0 has \(stride) (every element of one table has the same struct_size: sizeof(\(cName)))")
            }
            result.append((load(element, size: stride, as: T.self), element))
        }
        return result
    }
}
