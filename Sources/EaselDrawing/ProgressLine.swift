import EaselHost
@preconcurrency import Glibc

/// The terminal's progress line: "[ 12/480] 1 failed · ETA 14 s", rewritten in place. Only on a
/// terminal; never in a pipe, a file or CI logs.
final class ProgressLine {
    let enabled: Bool
    let total: Int
    private let start = Clock.seconds()
    private var shown = false

    init(enabled: Bool, total: Int) {
        self.enabled = enabled
        self.total = total
    }

    func update(done: Int, failed: Int) {
        guard enabled, done < total else { return }
        let elapsed = Clock.seconds() - start
        let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        let width = String(total).count
        let count = String(repeating: " ", count: width - String(done).count) + "\(done)/\(total)"
        print("\r\u{1B}[K[\(count)] \(failed) failed · ETA \(Int(eta.rounded())) s", terminator: "")
        fflush(stdout)
        shown = true
    }

    func clear() {
        guard shown else { return }
        print("\r\u{1B}[K", terminator: "")
        shown = false
    }
}
