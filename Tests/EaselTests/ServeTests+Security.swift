import Foundation
import XCTest

/// `host serve`'s security rules (Host, Origin, media types, traversal, body size), the token when
/// bound elsewhere, and many clients at once.
extension ServeTests {
    func testSecurityRules() throws {
        let root = try exampleComponents(["FancyButton"])
        // A symbolic link in a resource folder that leads out of it.
        try "TOP-SECRET-CONTENT".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/components/FancyButton.resources/leak.png", withDestinationPath: root + "/secret.txt")
        let (server, port) = try serve(root)
        defer { server.stop() }
        // DNS rebinding: a foreign Host.
        for host in ["evil.example:\(port)", "127.0.0.1:1", "localhost", "127.0.0.1.evil.example:\(port)"] {
            let r = try HTTPClient.request(port, "GET", "/api/classes", host: host)
            XCTAssertEqual(r.status, 421, "Host \(host)")
            XCTAssertTrue(r.errorMessage.contains("is not this server"), r.text)
        }
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes", host: "localhost:\(port)").status, 200)
        // CSRF: a foreign Origin, a body that is not JSON.
        let body = Array(#"{"class":"FancyButton"}"#.utf8)
        let foreign = try HTTPClient.request(port, "POST", "/api/render", headers: [("Origin", "http://evil.example"), ("Content-Type", "application/json")], body: body)
        XCTAssertEqual(foreign.status, 403)
        let own = try HTTPClient.request(port, "POST", "/api/render", headers: [("Origin", "http://127.0.0.1:\(port)"), ("Content-Type", "application/json")], body: body)
        XCTAssertEqual(own.status, 200, own.text)
        let form = try HTTPClient.request(port, "POST", "/api/render", headers: [("Content-Type", "text/plain")], body: body)
        XCTAssertEqual(form.status, 415)
        XCTAssertEqual(try HTTPClient.request(port, "PUT", "/api/values", headers: [("Content-Type", "application/json")], body: body).status, 405)
        XCTAssertEqual(try HTTPClient.request(port, "OPTIONS", "/api/render").status, 405)
        // Traversal in its encodings, absolute paths, hidden names, symlinks out.
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/..%2f..%2fetc%2fpasswd",
                     "//etc/passwd", "/%2fetc%2fpasswd", "/.hidden", "/api/resources/FancyButton/../../secret.txt",
                     "/api/resources/FancyButton/%2e%2e/%2e%2e/secret.txt", "/api/resources/FancyButton/leak.png",
                     "/api/resources/FancyButton/%252e%252e/secret.txt"] {
            let r = try HTTPClient.request(port, "GET", path)
            XCTAssertEqual(r.status, 404, path)
            XCTAssertFalse(r.text.contains("root:x") || r.text.contains("TOP-SECRET"), path)
        }
        let icon = try HTTPClient.request(port, "GET", "/api/resources/FancyButton/" + (try resourceImage(root)))
        XCTAssertEqual(icon.status, 200)
        // An SVG resource opened on its own must not run scripts at the designer's origin.
        XCTAssertTrue(icon.headers["content-security-policy"]?.hasPrefix("default-src 'none';") ?? false, "\(icon.headers)")
        XCTAssertTrue(icon.headers["content-security-policy"]?.hasSuffix("sandbox") ?? false, "\(icon.headers)")
        // Oversized bodies, announced or not.
        let big = [UInt8](repeating: UInt8(ascii: " "), count: 2 << 20)
        let large = try HTTPClient.request(port, "POST", "/api/render", headers: [("Content-Type", "application/json")], body: big)
        XCTAssertEqual(large.status, 413)
        XCTAssertTrue(server.isRunning)
    }

    func testATokenIsRequiredWhenBoundElsewhere() throws {
        let root = try exampleComponents(["Gauge"])
        let process = try WatchProcess(["--port", "0", "--bind", "0.0.0.0"], directory: root, command: "serve")
        defer { process.stop() }
        process.waitForLine(containing: "warning: listening on 0.0.0.0")
        let line = try XCTUnwrap(process.waitForLine(containing: "serving the designer at http://0.0.0.0:"))
        let port = try XCTUnwrap(UInt16(line.split(separator: ":")[2].prefix { $0.isNumber }))
        let token = try XCTUnwrap(line.components(separatedBy: "?token=").last?.prefix { $0.isHexDigit }).description
        XCTAssertEqual(token.count, 32)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes").status, 403)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes?token=0000").status, 403)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes?token=\(token)").status, 200)
        let page = try HTTPClient.request(port, "GET", "/?token=\(token)")
        XCTAssertTrue(page.headers["set-cookie"]?.contains("easel_token=\(token)") ?? false)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes", headers: [("Cookie", "easel_token=\(token)")]).status, 200)
    }

    func testConcurrentClientsAndBoundedEventStreams() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        final class Results: @unchecked Sendable { let lock = NSLock(); var statuses: [Int] = [] }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for j in 0..<6 {
                let status: Int
                if j % 2 == 0 {
                    status = (try? HTTPClient.json(port, "/api/render", ["class": i % 2 == 0 ? "Gauge" : "RoundedCornerButton",
                                                                          "attributes": i % 2 == 0 ? ["value": j * 10] : ["cornerRadius": j]]))?.status ?? -1
                } else {
                    status = (try? HTTPClient.request(port, "GET", "/api/classes"))?.status ?? -1
                }
                results.lock.lock(); results.statuses.append(status); results.lock.unlock()
            }
        }
        XCTAssertEqual(results.statuses.count, 48)
        XCTAssertEqual(Set(results.statuses), [200], "\(results.statuses)")
        // At most 32 event-stream clients; the next is refused, the server goes on.
        var streams: [EventStreamClient] = []
        for _ in 0..<32 { streams.append(try EventStreamClient(port: port)) }
        for s in streams { XCTAssertNotNil(s.waitFor("hello"), "each client is greeted") }
        let refused = try HTTPClient.request(port, "GET", "/api/events")
        XCTAssertEqual(refused.status, 503)
        streams.removeAll()
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes").status, 200)
        XCTAssertTrue(server.isRunning)
    }
}
