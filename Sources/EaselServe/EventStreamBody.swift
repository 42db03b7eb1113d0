import Foundation
import Glibc

/// An event stream's body as libmicrohttpd reads it: the bytes of the current chunk not sent yet
/// (from `sent` on: a backlog of megabytes is sent without copying what is left of it at every
/// send), and the connection's socket, watched while the stream has nothing to send.
///
/// A client that closes its stream is noticed within ``closeCheckInterval``: while the stream is
/// quiet, its socket is polled for the end of the client's side (a FIN or a reset). Before, only the
/// keep-alive comment, every 15 s, found it, and until then the stream held one of the hub's slots:
/// 32 streams opened and closed shut every new one out (503) for 15 s.
///
/// Thread rule: ``read(into:maximum:)`` and ``finish()`` are called on the connection's own thread;
/// ``clientLeft()`` from any thread (the hub asks it when its slots are full).
final class EventStreamBody: @unchecked Sendable {
    /// How long a quiet stream waits between looks at its socket.
    static let closeCheckInterval = 0.2

    let stream: EventStream
    /// The connection's socket (-1: unknown; then only a failed write finds a client gone).
    private let socket: Int32
    private var pending: [UInt8] = []
    private var sent = 0
    /// Guards `finished`: the socket is looked at only while the connection holds it (after, its
    /// number may be another connection's).
    private let lock = NSLock()
    private var finished = false

    init(_ stream: EventStream, socket: Int32) {
        self.stream = stream
        self.socket = socket
        stream.watch { [weak self] in self?.clientLeft() ?? false }
    }

    /// The connection is done with the body: its socket is not looked at any more.
    func finish() {
        lock.withLock { finished = true }
    }

    /// libmicrohttpd's content reader: fills `buffer` with up to `maximum` bytes; -1 ends the
    /// stream (MHD_CONTENT_READER_END_OF_STREAM), -2 drops the connection (its client is gone:
    /// MHD_CONTENT_READER_END_WITH_ERROR).
    func read(into buffer: UnsafeMutablePointer<CChar>, maximum: Int) -> Int {
        var quietSince = Self.now()
        while sent == pending.count {
            guard let next = stream.next(maximumWait: Self.closeCheckInterval) else { return -1 }
            if next.isEmpty {
                if clientLeft() { return -2 }
                guard Self.now() - quietSince >= HTTPServer.keepAliveInterval else { continue }
                // A comment line keeps the connection alive through proxies.
                pending = Array(": keep-alive\n\n".utf8)
            } else {
                pending = next
            }
            sent = 0
            quietSince = Self.now()
        }
        let n = min(maximum, pending.count - sent)
        pending.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress! + sent, byteCount: n) }
        sent += n
        return n
    }

    /// Whether the client closed its side of the connection (or it broke). A client that sent
    /// bytes (it has nothing to send on an event stream) is not taken for gone.
    func clientLeft() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard socket >= 0, !finished else { return false }
        var p = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, 0) == 1 else { return false }
        if p.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return true }
        var byte: UInt8 = 0
        let n = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
