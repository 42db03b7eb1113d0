@testable import EaselServe
import Foundation
import Glibc
import XCTest

/// The HTTP server itself, in this process, over real sockets.
final class HTTPServerTests: XCTestCase {
    /// The token of a server bound beyond loopback is compared in constant time (by every byte,
    /// not until the first difference: that it takes constant time is by construction, since a test
    /// of timing would be a timed assertion); what it accepts is exactly the token.
    func testTheTokenMatchesOnlyItself() {
        let token = "0123456789abcdef0123456789abcdef"
        XCTAssertTrue(DesignerServer.token(token, matches: token))
        XCTAssertFalse(DesignerServer.token(nil, matches: token))
        XCTAssertFalse(DesignerServer.token("", matches: token))
        XCTAssertFalse(DesignerServer.token(String(token.dropLast()), matches: token), "a prefix")
        XCTAssertFalse(DesignerServer.token(token + "0", matches: token), "longer")
        XCTAssertFalse(DesignerServer.token(String(token.dropLast()) + "e", matches: token), "the last character differs")
        XCTAssertFalse(DesignerServer.token("1" + token.dropFirst(), matches: token), "the first character differs")
    }

    /// A server calls its gate and handler only once started: a browser that connected while
    /// `host serve` was still making its designer waits in the socket's queue. Started from its
    /// init, the server answered such a queued request before the designer's init had stored the
    /// server, whose port the Host check reads: serve crashed now and then (a restart test hit it).
    func testNothingIsHandledBeforeStartAndQueuedRequestsAreAnsweredAfter() throws {
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            func add() { lock.withLock { count += 1 } }
            var value: Int { lock.withLock { count } }
        }
        let calls = Calls()
        let server = try HTTPServer(address: "127.0.0.1", port: 0, maximumBodySize: 1 << 10,
                                    gate: { _ in calls.add(); return nil }) { _ in
            HTTPResponse(status: 200, contentType: "text/plain", bytes: Array("hello".utf8))
        }
        defer { server.stop() }
        let fd = try HTTPClient.connect(server.port) // queued: the socket listens already
        defer { close(fd) }
        HTTPClient.send(fd, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n".utf8))
        usleep(300_000)
        XCTAssertEqual(calls.value, 0, "nothing is handled before start()")
        try server.start()
        let reply = try HTTPClient.parse(HTTPClient.readAll(fd))
        XCTAssertEqual([reply.status], [200])
        XCTAssertEqual(reply.text, "hello")
        XCTAssertEqual(calls.value, 1)
    }

    /// A server made and never started closes its socket when stopped: the port is free again.
    func testAServerNeverStartedFreesItsPort() throws {
        let server = try HTTPServer(address: "127.0.0.1", port: 0, maximumBodySize: 1 << 10) { _ in
            HTTPResponse(status: 200, contentType: "text/plain", bytes: [])
        }
        let port = server.port
        server.stop()
        let again = try HTTPServer(address: "127.0.0.1", port: port, maximumBodySize: 1 << 10) { _ in
            HTTPResponse(status: 200, contentType: "text/plain", bytes: [])
        }
        again.stop()
    }
}
