import Glibc

/// The plugin files a walk of the search path found (``PluginSearchPath/walk()``): each one's path
/// and signature, in the order the walk put them (sorted by path, each file once, when it is done).
///
/// The paths' bytes lie side by side in one buffer, and a path becomes a String only when someone
/// asks for it: a warm `host list` compares the paths with its stored listing's key and never
/// does. Sorting compares bytes, as `strcmp` does (String comparison was half the walk of a folder
/// of 1000 plugins); byte order is String order for ASCII paths, and when a path is not ASCII the
/// Strings are compared, as before.
struct PluginFileList {
    private var bytes: [UInt8] = []
    private var spans: [Span] = []
    private var ids: [PluginSearchPath.DirectoryID] = []
    /// `signatures[i]` is the ``FileSignature`` of the file at `i`, as the walk saw it.
    private(set) var signatures: [FileSignature] = []
    private var isASCII = true

    /// Where one path lies in `bytes`.
    private struct Span {
        var start: Int
        var count: Int
    }

    /// How many files the list holds.
    var count: Int { spans.count }

    /// The path of the file at `index`.
    func path(at index: Int) -> String {
        withPath(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every path, in order.
    var paths: [String] { spans.indices.map(path(at:)) }

    /// Calls `body` with the UTF-8 bytes of the path of the file at `index`.
    func withPath<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let span = spans[index]
        return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count])) }
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

    /// Sorts the files from `start` on by path (those before stay where they are: the files of
    /// earlier directories of the search path).
    mutating func sortByPath(from start: Int) {
        guard count - start > 1 else { return }
        let order: [Int] = bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            if isASCII { return sortedByBytes(start..<count, base) }
            let strings = (start..<count).map(path(at:))
            return (start..<count).sorted { strings[$0 - start] < strings[$1 - start] }
        }
        spans.replaceSubrange(start..., with: order.map { spans[$0] })
        ids.replaceSubrange(start..., with: order.map { ids[$0] })
        signatures.replaceSubrange(start..., with: order.map { signatures[$0] })
    }

    /// The indices in `range`, in the byte order of their paths. Each path's first eight bytes past
    /// the prefix all of them share are compared as one number (zeros past its end: a path holds no
    /// NUL, so a shorter one sorts first); the rest only when those are equal.
    private func sortedByBytes(_ range: Range<Int>, _ base: UnsafePointer<UInt8>) -> [Int] {
        let first = spans[range.lowerBound]
        var shared = first.count
        for span in spans[range].dropFirst() {
            shared = min(shared, span.count)
            var i = 0
            while i < shared && base[first.start + i] == base[span.start + i] { i += 1 }
            shared = i
        }
        struct Key {
            var head: UInt64
            var index: Int
        }
        var keys = range.map { index in
            let span = spans[index]
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

    /// Drops every file that an earlier one is (the same device and inode: a hard or symbolic link
    /// to a plugin listed already). The ids are sorted, not hashed into a set (that was a tenth of
    /// the walk of 1000 plugins); when no file repeats, nothing else is done.
    mutating func keepFirstOfEachFile() {
        guard count > 1 else { return }
        let order = ids.withUnsafeBufferPointer { ids in
            ids.indices.sorted { a, b in
                let x = ids[a], y = ids[b]
                return x.device != y.device ? x.device < y.device : x.inode != y.inode ? x.inode < y.inode : a < b
            }
        }
        var repeated: [Bool]?
        for k in order.indices.dropFirst() where ids[order[k]] == ids[order[k - 1]] {
            if repeated == nil { repeated = [Bool](repeating: false, count: count) }
            repeated![order[k]] = true // the first of the same file sorts first: it stays
        }
        guard let repeated else { return }
        let kept = spans.indices.filter { !repeated[$0] }
        spans = kept.map { spans[$0] }
        ids = kept.map { ids[$0] }
        signatures = kept.map { signatures[$0] }
    }
}
