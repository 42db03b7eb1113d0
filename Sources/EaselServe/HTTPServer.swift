import CMicroHTTPD
import EaselHost
import EaselPreview
import Foundation
import Glibc

/// One HTTP request, as the server's handler sees it: the path and query already percent-decoded
/// (`%00` left as written), header names in lower case (a header sent twice: its values joined by
/// ", "), the whole body.
package struct HTTPRequest: Sendable {
    package var method: String
    package var path: String
    package var query: [String: String]
    package var headers: [String: String]
    package var cookies: [String: String]
    package var body: [UInt8]

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What the handler answers: bytes, or an event stream that stays open (Server-Sent Events).
package struct HTTPResponse {
    package enum Body {
        /// Bytes copied for the connection.
        case bytes([UInt8])
        /// Bytes sent from where they are, without a copy, and kept (with what the buffer holds on
        /// to, e.g. a render's memory reservation) until every connection that sends them is done.
        case buffer(ResponseBuffer)
        case stream(EventStream)
    }
    package var status: Int
    package var headers: [(String, String)]
    package var body: Body

    package init(status: Int, headers: [(String, String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: Int, contentType: String, bytes: [UInt8], headers: [(String, String)] = []) {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(bytes))
    }
}

/// A response body written while the connection stays open: ``next(maximumWait:)`` blocks (on the
/// connection's own thread) until there is something to send; nil ends the stream.
package protocol EventStream: AnyObject {
    /// The next bytes to send, an empty array to send nothing yet (the wait ran out), or nil to end.
    func next(maximumWait: Double) -> [UInt8]?
    /// The client went away (or the server stops).
    func closed()
    /// Hands the stream a look at its connection: `clientLeft` says, from any thread and at once,
    /// whether the client has closed it (false once the connection is gone).
    func watch(clientLeft: @escaping @Sendable () -> Bool)
}

/// A small HTTP/1.1 server on libmicrohttpd: one thread per connection (so an event stream may
/// block), a bounded number of connections, request bodies bounded and collected before the
/// handler runs. Requests can be refused from their headers alone (``gate``), before any body is read.
///
/// ```swift
/// let server = try HTTPServer(address: "127.0.0.1", port: 0, maximumBodySize: 1 << 20) { request in
///     HTTPResponse(status: 200, contentType: "text/plain", bytes: Array("hello".utf8))
/// }
/// try server.start()
/// print(server.port)
/// server.stop()
/// ```
///
/// Thread rule: the handler and the gate run on the connections' threads, concurrently.
package final class HTTPServer: @unchecked Sendable {
    package let address: String
    /// The port it listens on (the one the kernel chose when 0 was asked for).
    package let port: UInt16
    package let maximumBodySize: Int
    private let maximumConnections: Int
    /// Seconds a connection may wait for its next request (a keep-alive socket between requests,
    /// or one that sends nothing, or too slowly) before it is closed, so that idle sockets free
    /// their slots quickly. A request being answered (a preview waiting for a plugin call) and an
    /// event stream are not idle: libmicrohttpd does not time a connection out while the handler
    /// or a stream's ``EventStream/next(maximumWait:)`` runs (ServeTests checks both).
    package let idleTimeout: UInt32
    /// How often an idle event stream sends a comment line (for proxies and browsers that give up
    /// on a silent connection). A client that goes away is noticed sooner, by its socket
    /// (``EventStreamBody``).
    package static let keepAliveInterval = 15.0
    private let handler: (HTTPRequest) -> HTTPResponse
    private let gate: (HTTPRequest) -> HTTPResponse?
    private var daemon: OpaquePointer?
    /// The listening socket; -1 once closed.
    private var listener: Int32

    /// Binds `address:port` (a numeric IPv4 or IPv6 address); ``start()`` serves. `gate` sees each
    /// request before its body is read (with an empty body) and may answer it at once.
    package init(address: String, port: UInt16, maximumBodySize: Int, maximumConnections: Int = 64, idleTimeout: UInt32 = 5,
                gate: @escaping (HTTPRequest) -> HTTPResponse? = { _ in nil },
                handler: @escaping (HTTPRequest) -> HTTPResponse) throws {
        self.address = address
        self.maximumBodySize = maximumBodySize
        self.maximumConnections = maximumConnections
        self.idleTimeout = idleTimeout
        self.handler = handler
        self.gate = gate
        // libmicrohttpd is loaded now, not at process start (CMicroHTTPD/shim.h).
        if let why = easel_http_library_error() {
            throw HostError(.internalError, "the HTTP server cannot start: \(String(cString: why))")
        }
        (listener, self.port) = try Self.takeReserved(address: address, port: port) ?? Self.listen(address: address, port: port)
    }

    /// Serves: from here on `gate` and `handler` are called, at once for browsers that connected
    /// while the server was being made (they wait in the socket's queue). A separate step, so that
    /// whoever owns the server has it in hand before its first request: started from `init`, a
    /// queued request reached the designer before its `init` had stored the server, whose port the
    /// Host check reads (a crash).
    package func start() throws {
        guard daemon == nil, listener >= 0 else { return }
        // No MHD_USE_ERROR_LOG: a browser closing its event stream is routine, not worth a line on the
        // designer's terminal; what matters is answered or reported by the handler.
        let flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_THREAD_PER_CONNECTION.rawValue
                           | (address.contains(":") ? MHD_USE_IPv6.rawValue : 0))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let completed: MHD_RequestCompletedCallback = { _, _, state, _ in
            guard let state, let raw = state.pointee else { return }
            Unmanaged<RequestState>.fromOpaque(raw).release()
            state.pointee = nil
        }
        let unescape: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
            guard let text else { return 0 }
            return HTTPServer.percentDecode(text)
        }
        let arguments: [CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, listener,
            MHD_OPTION.UNESCAPE_CALLBACK.rawValue, unsafeBitCast(unescape, to: OpaquePointer.self), Int(0), // its cls: none
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, unsafeBitCast(completed, to: OpaquePointer.self), OpaquePointer(context),
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(maximumConnections),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, idleTimeout,
            MHD_OPTION.END.rawValue,
        ]
        daemon = withVaList(arguments) { list in
            MHD_start_daemon_va(flags, self.port, nil, nil, { cls, connection, url, method, _, upload, uploadSize, state in
                let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
                return server.handle(connection!, url: url!, method: method!, upload: upload, size: uploadSize!, state: state!)
            }, context, list)
        }
        guard daemon != nil else {
            stop()
            throw HostError(.internalError, "the HTTP server (libmicrohttpd) could not start on \(address):\(port)")
        }
    }

    /// Stops listening and closes every connection (event streams end first); a server never
    /// started closes its socket.
    package func stop() {
        if let d = daemon {
            daemon = nil
            MHD_stop_daemon(d)
        }
        if listener >= 0 {
            close(listener)
            listener = -1
        }
    }

    deinit { stop() }

    /// Sockets bound by ``reserve(address:port:)``, by the address and port asked for. Process-wide
    /// by nature: a socket bound to a port is the process's, for whichever server comes to use it.
    private static let reserved = Locked<[String: (socket: Int32, port: UInt16)]>([:])

    /// Binds `address:port` now and keeps the listening socket for the next server made with the
    /// same address and port, which serves on it instead of binding again; returns the port it got.
    /// `host serve` binds first: a port in use or a bad address fails at once, before any plugin
    /// loads, and a browser that connects meanwhile waits in the socket's queue. Throws what binding
    /// throws (``HostError`` `.cannotCreate` for a port in use, `.usage` for an address that is not numeric).
    @discardableResult
    package static func reserve(address: String, port: UInt16) throws -> UInt16 {
        let bound = try listen(address: address, port: port)
        reserved.withValue { reserved in
            if let earlier = reserved.updateValue(bound, forKey: "\(address) \(port)") { close(earlier.socket) }
        }
        return bound.1
    }

    private static func takeReserved(address: String, port: UInt16) -> (Int32, UInt16)? {
        reserved.withValue { $0.removeValue(forKey: "\(address) \(port)").map { ($0.socket, $0.port) } }
    }

    /// A listening socket bound to the address, with the port it got.
    private static func listen(address: String, port: UInt16) throws -> (Int32, UInt16) {
        let v6 = address.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HostError(.internalError, "cannot create a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var bound: Int32
        if v6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, address, &a.sin6_addr) == 1 else {
                close(fd)
                throw HostError(.usage, "--bind \(address.quoted) is not a numeric IP address (expected e.g. 127.0.0.1 or ::1)")
            }
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = port.bigEndian
            guard inet_pton(AF_INET, address, &a.sin_addr) == 1 else {
                close(fd)
                throw HostError(.usage, "--bind \(address.quoted) is not a numeric IP address (expected e.g. 127.0.0.1 or ::1)")
            }
            bound = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard bound == 0, Glibc.listen(fd, 64) == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw HostError(.cannotCreate, "cannot listen on \(address):\(port): \(why)" + (errno == EADDRINUSE ? " (another server uses the port: pick another with --port)" : ""))
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let actual = withUnsafePointer(to: &storage) { p -> UInt16 in
            v6 ? p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
               : p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        return (fd, actual)
    }

    /// Decodes `%HH` in the NUL-terminated `text` in place (libmicrohttpd's rule for paths and query
    /// values), except `%00`, which stays as written: the decoded path and values are read as C
    /// strings, so a NUL cut them short: `/index.html%00.png` was served as the page and
    /// `?class=Gau%00ge` answered "no class named 'Gau'". Returns the new length.
    static func percentDecode(_ text: UnsafeMutablePointer<CChar>) -> Int {
        func hex(_ c: CChar) -> Int? {
            switch UInt8(bitPattern: c) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c) - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c) - 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c) - 55
            default: return nil
            }
        }
        var read = 0, write = 0
        while text[read] != 0 {
            if text[read] == CChar(UInt8(ascii: "%")), let high = hex(text[read + 1]), let low = hex(text[read + 2]), high | low != 0 {
                text[write] = CChar(bitPattern: UInt8(high << 4 | low))
                read += 3
            } else {
                text[write] = text[read]
                read += 1
            }
            write += 1
        }
        text[write] = 0
        return write
    }

    // MARK: - Requests

    /// What is known of a request between the handler's calls (one per chunk of body).
    final class RequestState {
        var request: HTTPRequest
        var tooLarge = false
        init(_ request: HTTPRequest) { self.request = request }
    }

    private func handle(_ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                        upload: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
                        state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let raw = state.pointee else {
            // First call: the headers are in.
            let request = HTTPRequest(method: String(cString: method), path: String(cString: url),
                                      query: Self.values(connection, .GET_ARGUMENT_KIND),
                                      headers: Self.values(connection, .HEADER_KIND, lowercase: true),
                                      cookies: Self.values(connection, .COOKIE_KIND), body: [])
            let s = RequestState(request)
            state.pointee = Unmanaged.passRetained(s).toOpaque()
            // A body whose length is ambiguous is never read (nor the connection used again).
            if let (status, message) = MessageFraming.problem(request.headers) {
                return send(refusal(status, message, headers: [("Connection", "close")]), on: connection)
            }
            if let early = gate(request) { return send(early, on: connection) }
            if let length = request.header("content-length").flatMap(Int.init), length > maximumBodySize {
                return send(tooLarge(), on: connection)
            }
            return .YES
        }
        let s = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        if size.pointee > 0 {
            if !s.tooLarge {
                if s.request.body.count + size.pointee > maximumBodySize {
                    s.tooLarge = true
                    s.request.body = []
                } else {
                    upload!.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                        s.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
                    }
                }
            }
            size.pointee = 0
            return .YES
        }
        if s.tooLarge { return send(tooLarge(), on: connection) }
        return send(handler(s.request), on: connection)
    }

    private func tooLarge() -> HTTPResponse {
        refusal(413, "the request body is larger than \(maximumBodySize) bytes")
    }

    /// An error answer of the server's own (`easel.serve/1`), before the handler.
    private func refusal(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        let body = JSON.object([("schema", .string("easel.serve/1")), ("error", .object([("message", .string(message))]))])
        return HTTPResponse(status: status, contentType: "application/json", bytes: Array(body.compactText.utf8), headers: headers)
    }

    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercase: Bool = false) -> [String: String] {
        final class Box { var values: [String: String] = [:]; var lowercase = false }
        let box = Box()
        box.lowercase = lowercase
        withExtendedLifetime(box) {
            _ = MHD_get_connection_values(connection, kind, { cls, _, key, value in
                let box = Unmanaged<Box>.fromOpaque(cls!).takeUnretainedValue()
                guard let key else { return .YES }
                let k = box.lowercase ? String(cString: key).lowercased() : String(cString: key)
                let v = value.map { String(cString: $0) } ?? ""
                // A header sent twice is one list (RFC 9110, 5.3): two Hosts, the second ours, passed
                // the Host check, which saw only the last.
                box.values[k] = box.lowercase ? box.values[k].map { $0 + ", " + v } ?? v : v
                return .YES
            }, Unmanaged.passUnretained(box).toOpaque())
        }
        return box.values
    }

    private func send(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let r: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            r = bytes.withUnsafeBytes {
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!),
                                                .RESPMEM_MUST_COPY)
            }
        case .buffer(let buffer):
            let retained = Unmanaged.passRetained(buffer)
            r = MHD_create_response_from_buffer_with_free_callback_cls(buffer.count, buffer.base, { cls in
                Unmanaged<ResponseBuffer>.fromOpaque(cls!).release()
            }, retained.toOpaque())
            if r == nil { retained.release() }
        case .stream(let stream):
            let body = EventStreamBody(stream, socket: easel_http_connection_fd(connection))
            r = MHD_create_response_from_callback(UInt64.max, 4096, { cls, _, buffer, maximum in
                let body = Unmanaged<EventStreamBody>.fromOpaque(cls!).takeUnretainedValue()
                return body.read(into: buffer!, maximum: maximum)
            }, Unmanaged.passRetained(body).toOpaque(), { cls in
                let body = Unmanaged<EventStreamBody>.fromOpaque(cls!).takeRetainedValue()
                body.finish()
                body.stream.closed()
            })
        }
        guard let r else { return .NO }
        for (name, value) in response.headers { MHD_add_response_header(r, name, value) }
        let result = MHD_queue_response(connection, UInt32(response.status), r)
        MHD_destroy_response(r)
        return result
    }
}
