@preconcurrency import Glibc

/// What a worker printed during one call, bounded: the first lines (which say what went wrong: a
/// Rust panic's message, a Swift fatal error) and the last ones, with a mark where lines were cut.
/// Of a stack trace, only the first few frames outside the Swift runtime are kept. When a call printed
/// nothing, the lines printed before it are shown instead.
struct OutputTail {
    static let headLines = 6
    static let tailLines = 12
    static let maximumLineLength = 300
    static let maximumFrames = 3
    private var head: [String] = []
    private var tail: [String] = []
    private var cut = 0
    private var earlier: [String] = []
    private var partial: [UInt8] = []
    private var partialLength = 0
    private var framesKept = 0

    /// Marks the start of a call: what was printed so far becomes "earlier" output.
    mutating func beginCall() {
        guard !head.isEmpty || !tail.isEmpty else { return }
        earlier = lines
        head.removeAll(); tail.removeAll(); cut = 0; framesKept = 0
    }

    /// The kept lines, with "… N lines cut …" where lines were dropped.
    var lines: [String] {
        if head.isEmpty && tail.isEmpty { return earlier }
        return head + (cut > 0 ? ["… \(cut) line\(cut == 1 ? "" : "s") cut …"] : []) + tail
    }

    /// Adds output; returns the lines it completed (for forwarding log lines). Scans for line ends
    /// with memchr, so a plugin printing megabytes costs little.
    @discardableResult
    mutating func append(_ bytes: ArraySlice<UInt8>) -> [String] {
        var completed: [String] = []
        bytes.withUnsafeBytes { raw in
            guard var p = raw.baseAddress else { return }
            var remaining = raw.count
            while remaining > 0 {
                guard let nl = memchr(p, 0x0A, remaining) else {
                    take(p, remaining)
                    return
                }
                let n = p.distance(to: UnsafeRawPointer(nl))
                take(p, n)
                let line = String(decoding: partial, as: UTF8.self) + (partialLength > Self.maximumLineLength ? "…" : "")
                partial.removeAll(keepingCapacity: true)
                partialLength = 0
                if completed.count < 64 { completed.append(line) }
                push(line)
                p += n + 1
                remaining -= n + 1
            }
        }
        return completed
    }

    private mutating func take(_ p: UnsafeRawPointer, _ n: Int) {
        let room = max(0, Self.maximumLineLength - partial.count)
        if room > 0 { partial.append(contentsOf: UnsafeRawBufferPointer(start: p, count: min(n, room))) }
        partialLength += n
    }

    private mutating func push(_ line: String) {
        if line.isEmpty { return }
        if line.hasPrefix("Current stack trace:") { framesKept = 0 }
        if Self.isFrame(line) {
            if line.contains("libswiftCore.so") || framesKept >= Self.maximumFrames { return }
            framesKept += 1
        }
        if head.count < Self.headLines { head.append(line); return }
        tail.append(line)
        if tail.count > Self.tailLines { tail.removeFirst(); cut += 1 }
    }

    /// "4    libFoo.so    0x00007f… symbol + 12": a stack frame line.
    static func isFrame(_ line: String) -> Bool {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        return parts.count >= 3 && parts[0].allSatisfy(\.isNumber) && parts[2].hasPrefix("0x")
    }
}
