@preconcurrency import Glibc

/// Frames over a stream socket: a little-endian u32 length and the bytes. Reads wait with a deadline
/// and, meanwhile, drain a second descriptor (the worker's stderr) so that neither side blocks.
final class WorkerConnection {
    let fd: Int32
    private var pending: [UInt8] = []
    /// Where reads of small frames land (large ones are read into their own buffer, see
    /// ``largeFrame``). Raw memory: a `lazy var` array was copied (256 KiB) by every read, as a
    /// mutation through a lazy property's getter is.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)

    /// Frames larger than this are refused (a display list is capped at 64 MiB).
    static let maximumFrame = 80 << 20

    init(fd: Int32) { self.fd = fd }
    deinit { buffer.deallocate() }

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
        /// A signal asked the host to stop while it waited (reported by the `tick` check; see
        /// ``HostProcess/stopOnSignal()``).
        case stopRequested(signal: Int32)
    }

    /// Writes one frame, retrying short writes. EPIPE (the other side is gone) is `.closed`.
    func send(_ payload: [UInt8]) throws { try send(payload, then: []) }

    /// Writes one frame made of `payload` followed by `tail` (a picture: sent from where it is).
    /// The length and both parts go out through `sendmsg`, without being copied together first.
    func send(_ payload: [UInt8], then tail: ArraySlice<UInt8>) throws {
        var header = UInt32(payload.count + tail.count).littleEndian
        try withUnsafeMutableBytes(of: &header) { head in
            try payload.withUnsafeBytes { body in
                try tail.withUnsafeBytes { rest in
                    try sendAll([UnsafeRawBufferPointer(head), body, rest])
                }
            }
        }
    }

    private func sendAll(_ parts: [UnsafeRawBufferPointer]) throws {
        let total = parts.reduce(0) { $0 + $1.count }
        var sent = 0
        while sent < total {
            // The parts not yet (fully) sent.
            var vectors: [iovec] = []
            var start = 0
            for part in parts {
                let end = start + part.count
                if end > sent, let base = part.baseAddress {
                    let from = max(0, sent - start)
                    vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + from), iov_len: part.count - from))
                }
                start = end
            }
            let n = vectors.withUnsafeMutableBufferPointer { list -> Int in
                var message = msghdr()
                message.msg_iov = list.baseAddress
                message.msg_iovlen = list.count
                return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
            }
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
            if fds[0].revents != 0 { _ = try readSome(flags: 0) }
        }
    }

    /// Reads what has arrived, into the large frame being put together (up to its end), else into
    /// `pending`. Returns false if nothing was there (EAGAIN, EINTR); throws `.closed` at the end.
    private func readSome(flags: Int32) throws -> Bool {
        let n: Int
        let fd = fd
        if let filled = largeFrame?.filled {
            n = largeFrame!.bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + filled, $0.count - filled, flags) }
            if n > 0 { largeFrame!.filled += n }
        } else {
            n = recv(fd, buffer.baseAddress, buffer.count, flags)
            if n > 0 { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n])) }
        }
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { return false }
            throw errno == ECONNRESET ? Failure.closed : Failure.system(errno)
        }
        if n == 0 { throw Failure.closed }
        return true
    }

    /// A frame too large to pass through `pending` cheaply (a picture): read straight into its own
    /// buffer, which becomes the frame (no growing copies, no copy out).
    private var largeFrame: (bytes: [UInt8], filled: Int)?
    private static let largeFrameSize = 1 << 16

    /// One frame if a complete one has already arrived (or arrives without waiting), else nil.
    /// Throws `.closed` when the other side has gone.
    func receiveIfReady() throws -> [UInt8]? {
        while true {
            if let frame = try takeFrame() { return frame }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, 0)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            if try !readSome(flags: Int32(MSG_DONTWAIT)) && errno == EAGAIN { return nil }
        }
    }

    private func takeFrame() throws -> [UInt8]? {
        if let large = largeFrame {
            guard large.filled == large.bytes.count else { return nil }
            largeFrame = nil
            return large.bytes
        }
        guard pending.count >= 4 else { return nil }
        let length = Int(UInt32(pending[0]) | UInt32(pending[1]) << 8 | UInt32(pending[2]) << 16 | UInt32(pending[3]) << 24)
        guard length <= Self.maximumFrame else { throw Failure.corrupt("a frame of \(length) bytes") }
        if pending.count >= 4 + length {
            let frame = Array(pending[4..<4 + length])
            pending.removeFirst(4 + length)
            return frame
        }
        if length >= Self.largeFrameSize {
            // `pending` holds the start of this frame and nothing after it.
            var bytes = [UInt8](repeating: 0, count: length)
            let have = pending.count - 4
            bytes.withUnsafeMutableBytes { out in pending.withUnsafeBytes { out.baseAddress!.copyMemory(from: $0.baseAddress! + 4, byteCount: have) } }
            pending.removeAll(keepingCapacity: true)
            largeFrame = (bytes, have)
        }
        return nil
    }
}
