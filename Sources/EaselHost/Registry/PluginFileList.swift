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
        name.withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0) }
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
    /// NUL, so a shorter one sorts first), with nothing else (no closure, no bytes); paths whose
    /// eight bytes are equal are then ordered by the rest of their bytes.
    private func sortedByBytes(_ range: Range<Int>, _ base: UnsafePointer<UInt8>) -> [Int] {
        let first = spans[range.lowerBound]
        var shared = first.count
        for span in spans[range].dropFirst() {
            shared = min(shared, span.count)
            if memcmp(base + first.start, base + span.start, shared) == 0 { continue } // the usual case
            var i = 0
            while i < shared && base[first.start + i] == base[span.start + i] { i += 1 }
            shared = i
        }
        var keys = range.map { index in
            let span = spans[index]
            var head: UInt64 = 0
            for i in 0..<8 { head = head << 8 | UInt64(shared + i < span.count ? base[span.start + shared + i] : 0) }
            return SortKey(head: head, index: index)
        }
        sortStably(&keys)
        var order = keys.map(\.index)
        // Runs of equal heads (rare: paths alike for eight bytes past their shared prefix).
        var k = 0
        while k < range.count {
            var end = k + 1
            while end < range.count && keys[end].head == keys[k].head { end += 1 }
            if end - k > 1 {
                let skip = shared + 8
                order[k..<end].sort { a, b in
                    let x = spans[a], y = spans[b]
                    let c = memcmp(base + x.start + skip, base + y.start + skip, max(0, min(x.count, y.count) - skip))
                    return c != 0 ? c < 0 : x.count < y.count
                }
            }
            k = end
        }
        return order
    }

    /// Drops every file that an earlier one is (the same device and inode: a hard or symbolic link
    /// to a plugin listed already). The ids are sorted, not hashed into a set (that was a tenth of
    /// the walk of 1000 plugins); when no file repeats, nothing else is done.
    mutating func keepFirstOfEachFile() {
        guard count > 1 else { return }
        // Sorted by device and inode, then position: the first of the same file sorts first.
        var keys = ids.enumerated().map { FileKey(device: $1.device, inode: $1.inode, index: $0) }
        sortStably(&keys)
        let order = keys.map(\.index)
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

/// A path's place in the byte order: its eight bytes past the shared prefix, as a number, then its
/// index (so that equal heads keep their order until the rest of their bytes is compared).
private struct SortKey: Comparable {
    var head: UInt64
    var index: Int

    static func < (a: SortKey, b: SortKey) -> Bool { a.head != b.head ? a.head < b.head : a.index < b.index }
}

/// A file's identity and its position, ordered by identity first.
private struct FileKey: Comparable {
    var device: UInt64
    var inode: UInt64
    var index: Int

    static func < (a: FileKey, b: FileKey) -> Bool {
        a.device != b.device ? a.device < b.device : a.inode != b.inode ? a.inode < b.inode : a.index < b.index
    }
}

/// Sorts `items`, keeping equal ones in their order: runs of 16 by insertion, then merged in rounds
/// through one buffer. For the walk's few-word keys it does a fifth of the work of the standard
/// library's sort (600 instructions an element for 1000 paths), whose generic machinery dominated.
private func sortStably<T: Comparable>(_ items: inout [T]) {
    let n = items.count
    guard n > 1 else { return }
    var other = items
    items.withUnsafeMutableBufferPointer { a in
        other.withUnsafeMutableBufferPointer { b in
            let run = 16
            var start = 0
            while start < n {
                let end = min(start + run, n)
                for i in (start + 1)..<max(end, start + 1) {
                    let item = a[i]
                    var j = i
                    while j > start && item < a[j - 1] { a[j] = a[j - 1]; j -= 1 }
                    a[j] = item
                }
                start = end
            }
            var from = a, to = b, width = run, inOther = false
            while width < n {
                var low = 0
                while low < n {
                    let middle = min(low + width, n), high = min(low + 2 * width, n)
                    var i = low, j = middle, k = low
                    while i < middle && j < high {
                        if from[j] < from[i] { to[k] = from[j]; j += 1 } else { to[k] = from[i]; i += 1 }
                        k += 1
                    }
                    while i < middle { to[k] = from[i]; i += 1; k += 1 }
                    while j < high { to[k] = from[j]; j += 1; k += 1 }
                    low = high
                }
                swap(&from, &to)
                inOther.toggle()
                width *= 2
            }
            if inOther { for i in 0..<n { a[i] = b[i] } }
        }
    }
}
