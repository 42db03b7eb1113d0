@preconcurrency import Glibc

/// Frames over a stream socket: a little-endian u32 length and the bytes. Reads wait with a deadline
/// and, meanwhile, drain a second descriptor (the worker's stderr) so that neither side blocks.
final class WorkerConnection {
    let fd: Int32
    private var pending: [UInt8] = []
    /// Where reads land: one per connection, large enough for a preview picture in a few reads.
    private lazy var buffer = [UInt8](repeating: 0, count: 1 << 18)

    /// Frames larger than this are refused (a display list is capped at 64 MiB).
    static let maximumFrame = 80 << 20

    init(fd: Int32) { self.fd = fd }

    enum Failure: Error, Equatable {
        /// The other side closed the connection (a worker that died or exited).
        case closed
        /// Nothing complete arrived before the deadline.
        case timedOut
        /// A system call failed (errno).
        case system(Int32)
        /// The other side sent a frame that cannot be right.
        case corrupt(String)
        /// The worker's resident memory went over its limit (reported by the `tick` check).
        case memoryExceeded
    }

    /// Writes one frame, retrying short writes. EPIPE (the other side is gone) is `.closed`.
    func send(_ payload: [UInt8]) throws {
        var frame = [UInt8]()
        frame.reserveCapacity(payload.count + 4)
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { frame.append(contentsOf: $0) }
        frame.append(contentsOf: payload)
        var sent = 0
        while sent < frame.count {
            let n = frame.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, frame.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE || errno == ECONNRESET ? Failure.closed : Failure.system(errno)
            }
            sent += n
        }
    }

    /// Reads one frame, waiting at most `budget` seconds (nil: forever). `drain` is called whenever
    /// `side` has data; the time it takes is not counted against the budget (a plugin printing a
    /// lot is not a hang), up to one more budget. `tick` runs at least every `tickInterval` seconds
    /// while waiting (memory checks) and may throw to end the wait.
    func receive(budget: Double?, side: Int32? = nil, drain: (() -> Void)? = nil,
                 tick: (() throws -> Void)? = nil, tickInterval: Double = 0.02) throws -> [UInt8] {
        let start = Clock.now()
        var deadline = budget.map { start + UInt64(max($0, 0.001) * 1e9) }
        let latest = budget.map { start + UInt64(max($0, 0.001) * 2e9) }
        while true {
            if let frame = try takeFrame() { return frame }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if let side { fds.append(pollfd(fd: side, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = tick == nil ? -1 : Int32(tickInterval * 1000)
            if let deadline {
                let now = Clock.now()
                if now >= deadline { throw Failure.timedOut }
                let left = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
                timeout = timeout < 0 ? left : min(timeout, left)
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure.system(errno)
            }
            try tick?()
            if ready == 0 { continue } // the deadline check above decides
            if fds.count > 1, fds[1].revents != 0 {
                let before = Clock.now()
                drain?()
                if let d = deadline, let latest { deadline = min(d + (Clock.now() - before), latest) }
            }
            if fds[0].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    if errno == ECONNRESET { throw Failure.closed }
                    throw Failure.system(errno)
                }
                if n == 0 { throw Failure.closed }
                pending.append(contentsOf: buffer[0..<n])
            }
        }
    }

    /// One frame if a complete one has already arrived (or arrives without waiting), else nil.
    /// Throws `.closed` when the other side has gone.
    func receiveIfReady() throws -> [UInt8]? {
        while true {
            if let frame = try takeFrame() { return frame }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, 0)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return nil }
                throw errno == ECONNRESET ? Failure.closed : Failure.system(errno)
            }
            if n == 0 { throw Failure.closed }
            pending.append(contentsOf: buffer[0..<n])
        }
    }

    private func takeFrame() throws -> [UInt8]? {
        guard pending.count >= 4 else { return nil }
        let length = Int(UInt32(pending[0]) | UInt32(pending[1]) << 8 | UInt32(pending[2]) << 16 | UInt32(pending[3]) << 24)
        guard length <= Self.maximumFrame else { throw Failure.corrupt("a frame of \(length) bytes") }
        guard pending.count >= 4 + length else { return nil }
        let frame = Array(pending[4..<4 + length])
        pending.removeFirst(4 + length)
        return frame
    }
}
