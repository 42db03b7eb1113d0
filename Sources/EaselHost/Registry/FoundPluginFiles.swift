import Glibc

/// The plugin files a walk found under one directory of the search path, in the order the
/// directories listed them, until they are sorted (``PluginSearchPath/walk()``).
///
/// Their paths' bytes lie side by side in one buffer: sorting compares bytes, as `strcmp` does,
/// instead of Strings (String comparison was half the walk of a folder of 1000 plugins), and each
/// path becomes a String once, in its sorted place. Byte order is String order for ASCII paths;
/// when a path is not ASCII the Strings are compared, as before.
struct FoundPluginFiles {
    private var bytes: [UInt8] = []
    private var spans: [Span] = []
    private var ids: [PluginSearchPath.DirectoryID] = []
    private var signatures: [FileSignature] = []
    private var isASCII = true

    /// Where one path lies in `bytes`.
    private struct Span {
        var start: Int
        var count: Int
    }

    /// Adds the file named `name` (valid UTF-8) in the directory whose path with its trailing slash
    /// is `prefix`, as `st` describes it; `isASCII`: the whole path is ASCII.
    mutating func append(prefix: [UInt8], name: UnsafeRawBufferPointer, isASCII pathIsASCII: Bool, _ st: stat) {
        spans.append(Span(start: bytes.count, count: prefix.count + name.count))
        bytes.append(contentsOf: prefix)
        bytes.append(contentsOf: name)
        ids.append(PluginSearchPath.DirectoryID(st))
        signatures.append(FileSignature(st))
        isASCII = isASCII && pathIsASCII
    }

    /// Appends the files sorted by path to `files`, with each one's signature to `signatures` and
    /// its device and inode to `ids`.
    func appendSorted(to files: inout [String], signatures sortedSignatures: inout [FileSignature],
                      ids sortedIDs: inout [PluginSearchPath.DirectoryID]) {
        guard !spans.isEmpty else { return }
        files.reserveCapacity(files.count + spans.count)
        sortedSignatures.reserveCapacity(sortedSignatures.count + spans.count)
        sortedIDs.reserveCapacity(sortedIDs.count + spans.count)
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            func path(_ span: Span) -> String {
                String(decoding: UnsafeBufferPointer(start: base + span.start, count: span.count), as: UTF8.self)
            }
            let order: [Int]
            var paths: [String]?
            if isASCII {
                order = sortedByBytes(base)
            } else {
                let strings = spans.map(path)
                order = spans.indices.sorted { strings[$0] < strings[$1] }
                paths = strings
            }
            for i in order {
                files.append(paths?[i] ?? path(spans[i]))
                sortedSignatures.append(signatures[i])
                sortedIDs.append(ids[i])
            }
        }
    }

    /// The indices of the paths in byte order. Each path's first eight bytes past the prefix that
    /// all of them share are compared as one number (zeros past its end: a path holds no NUL, so a
    /// shorter one sorts first); the rest only when those are equal.
    private func sortedByBytes(_ base: UnsafePointer<UInt8>) -> [Int] {
        var shared = spans[0].count
        for span in spans.dropFirst() {
            shared = min(shared, span.count)
            var i = 0
            while i < shared && base[spans[0].start + i] == base[span.start + i] { i += 1 }
            shared = i
        }
        struct Key {
            var head: UInt64
            var index: Int
        }
        var keys = spans.enumerated().map { index, span in
            var head: UInt64 = 0
            for i in 0..<8 { head = head << 8 | UInt64(shared + i < span.count ? base[span.start + shared + i] : 0) }
            return Key(head: head, index: index)
        }
        spans.withUnsafeBufferPointer { spans in
            keys.sort { a, b in
                if a.head != b.head { return a.head < b.head }
                let x = spans[a.index], y = spans[b.index], skip = shared + 8
                let c = memcmp(base + x.start + skip, base + y.start + skip, max(0, min(x.count, y.count) - skip))
                return c != 0 ? c < 0 : x.count < y.count
            }
        }
        return keys.map(\.index)
    }
}
