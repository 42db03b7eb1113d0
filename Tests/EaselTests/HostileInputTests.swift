import Foundation
import Glibc
import XCTest
import CEasel
@testable import EaselRender

/// Hostile and clumsy input to scene files and to `host serve`'s HTTP API (the QA round of issues
/// 7 and 8): each test failed before its fix.

/// A scene that is valid JSON but padded past the 16 MiB a scene file may have.
private func oversizedScene() -> String {
    #"{"size": "100x100", "instances": []}"# + String(repeating: " ", count: 17 << 20)
}

/// One request's reply, read only as far as its Content-Length says (an event stream, which never
/// ends, gives its head and what came with it), so that a stream answered by mistake cannot hang
/// the test.
private func headOf(_ port: UInt16, _ method: String, _ path: String, headers: [(String, String)], body: [UInt8]) throws -> HTTPReply {
    let fd = try HTTPClient.connect(port)
    defer { close(fd) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
    for (k, v) in headers { head += "\(k): \(v)\r\n" }
    HTTPClient.send(fd, Array((head + "\r\n").utf8) + body)
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        if let reply = try? HTTPClient.parse(data), let length = reply.headers["content-length"].flatMap(Int.init) {
            if reply.body.count >= length { return reply }
        } else if let reply = try? HTTPClient.parse(data), reply.headers["content-type"] == "text/event-stream" {
            return reply
        }
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        data += buffer[0..<n]
    }
    return try HTTPClient.parse(data)
}

extension SceneTests {
    /// A scene file that is a FIFO, a directory, a device, a symbolic link loop or 17 MiB: said,
    /// naming the file and what was expected, at once. A 3 GB file was read whole (4.7 GB of memory,
    /// 27 s) and then called "invalid JSON (Invalid value)"; the others were "cannot be read" or,
    /// for the loop, "no such file".
    func testASceneFileThatIsNotARegularFileOrIsHugeIsRefusedByName() throws {
        let root = try exampleComponents(["Gauge"])
        XCTAssertEqual(mkfifo(root + "/fifo.json", 0o600), 0)
        try FileManager.default.createDirectory(atPath: root + "/folder.json", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: root + "/loop-a.json", withDestinationPath: "loop-b.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/loop-b.json", withDestinationPath: "loop-a.json")
        try FileManager.default.createSymbolicLink(atPath: root + "/zero.json", withDestinationPath: "/dev/zero")
        _ = try write(oversizedScene(), in: root, name: "huge.json")
        let cases: [(String, Int32, String)] = [
            ("fifo.json", 66, "fifo.json: is a FIFO, not a regular file (expected a scene JSON file)"),
            ("folder.json", 66, "folder.json: is a directory, not a regular file (expected a scene JSON file)"),
            ("zero.json", 66, "zero.json: is a character device, not a regular file (expected a scene JSON file)"),
            ("loop-a.json", 66, "loop-a.json: cannot be opened: Too many levels of symbolic links (expected a scene JSON file)"),
            ("huge.json", 65, "huge.json: is \(36 + (17 << 20)) bytes, more than the 16 MiB a scene JSON file may have"),
        ]
        for (name, status, message) in cases {
            let result = try runHost(["render", name, "-o", "out.png"], directory: root)
            XCTAssertEqual(result.status, status, name + ": " + result.stderr)
            XCTAssertTrue(result.stderr.contains(message), "\(name) → \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"))
        }
    }
}

extension SceneTests {
    /// A scene of more instances than a scene holds is refused by name before anything is drawn:
    /// every instance is drawn on every render (and the designer renders on every edit), and 14 000
    /// of them held host serve for 7 s a render.
    func testASceneOfTooManyInstancesIsRefused() throws {
        let root = try exampleComponents(["Gauge"])
        let instance = #"{"class": "Gauge", "frame": "0,0,10,10"}"#
        let items = Array(repeating: instance, count: 1001).joined(separator: ",")
        try #"{"size": "100x100", "instances": [\#(items)]}"#.write(toFile: root + "/many.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "many.json", "-o", "out.png"], directory: root)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("many.json: instances: 1001 instances is more than a scene holds (expected at most 1000)"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"))
    }
}

extension ServeTests {
    /// The open scene's file replaced, while serving, by a FIFO or by a file larger than a scene may
    /// be: the last good scene stays, and the page is told why the file is not a scene now. A FIFO was
    /// reported as "removed from disk"; a 3 GB file held the session's lock (every request) for half a
    /// minute, was called invalid JSON, and its 3 GB stayed in memory.
    func testASceneFileReplacedByAFIFOOrAHugeFileIsSaidAndTheLastGoodSceneStays() throws {
        let root = try exampleComponents(["Gauge"])
        let file = root + "/board.json"
        try #"{"size": "200x120", "instances": [{"class": "Gauge", "frame": "10,10,100,100"}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        func replace(with make: (String) throws -> Void) throws {
            let temporary = root + "/next.json"
            try make(temporary)
            XCTAssertEqual(rename(temporary, file), 0)
        }
        func fileError() throws -> [String: Any] {
            let detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
            XCTAssertEqual((detail.json["document"] as? [String: Any])?["size"] as? String, "200x120", "the last good scene stays")
            return try XCTUnwrap(detail.json["fileError"] as? [String: Any], detail.text)
        }
        try replace { XCTAssertEqual(mkfifo($0, 0o600), 0) }
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "invalid" }, events.all.joined(separator: "\n"))
        XCTAssertEqual(try fileError()["message"] as? String, "board.json: is a FIFO, not a regular file (expected a scene JSON file)")
        try replace { try oversizedScene().write(toFile: $0, atomically: false, encoding: .utf8) }
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "invalid" }, events.all.joined(separator: "\n"))
        XCTAssertEqual(try fileError()["message"] as? String,
                       "board.json: is \(36 + (17 << 20)) bytes, more than the 16 MiB a scene JSON file may have")
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        XCTAssertTrue(server.isRunning)
    }

    /// A NUL written `%00` in a path or a query value: libmicrohttpd decoded it and the server read
    /// the path as a C string, cut at the NUL: `/index.html%00.png` was served as the page, and
    /// `?class=Gau%00ge` answered about a class "Gau". `%00` now stays as written.
    func testAPercentEncodedNULCutsNoPathOrValueShort() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let page = try HTTPClient.request(port, "GET", "/index.html%00.png")
        XCTAssertEqual(page.status, 404, page.text)
        XCTAssertEqual(page.errorMessage, "no such page file: /index.html%00.png")
        for path in ["/api/classes/Gau%00ge", "/api/preview?class=Gau%00ge", "/api/thumbnail/Gau%00ge"] {
            let reply = try HTTPClient.request(port, "GET", path)
            XCTAssertEqual(reply.status, 404, path)
            XCTAssertTrue(reply.errorMessage.hasPrefix("no class named 'Gau%00ge' is loaded"), "\(path): \(reply.text)")
        }
        let size = try HTTPClient.request(port, "GET", "/api/preview?class=Gauge&size=40x40%00")
        XCTAssertEqual(size.status, 422)
        XCTAssertTrue(size.errorMessage.contains("'40x40%00' is not a size"), size.text)
        // Every other escape is decoded as before.
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes/%47auge").status, 200)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=%47auge&size=40%7840").status, 200)
        XCTAssertTrue(server.isRunning)
    }

    /// A body that is not JSON, too deeply nested or not UTF-8 is refused saying where and why (as a
    /// scene file's syntax error is): it was "invalid JSON (expected an object)" whatever the fault.
    func testABodyThatIsNotJSONSaysWhereAndWhy() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let nested = String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)
        let cases: [([UInt8], String)] = [
            (Array(#"{"class": "Gauge""#.utf8), "request body: line 1, column 18: invalid JSON (Unexpected end of file"),
            (Array(#"{"class": NaN}"#.utf8), "request body: line 1, column 11: invalid JSON (Invalid value); expected a JSON object"),
            (Array(#"{"class": "Gauge", "attributes": {"value": "#.utf8) + Array(nested.utf8) + Array("}}".utf8),
             "invalid JSON (Too many nested arrays or dictionaries); expected a JSON object"),
            (Array(#"{"class": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), "invalid JSON (Invalid UTF-8 sequence"),
            ([], "request body: line 1, column 1: invalid JSON (Unexpected end of file"),
        ]
        for endpoint in ["/api/render", "/api/values", "/api/actions", "/api/scenes/0"] {
            for (body, message) in cases {
                let reply = try HTTPClient.request(port, "POST", endpoint, headers: [("Content-Type", "application/json")], body: body)
                XCTAssertEqual(reply.status, 422, endpoint + ": " + reply.text)
                XCTAssertTrue(reply.errorMessage.contains(message), "\(endpoint): \(reply.errorMessage)")
            }
        }
        XCTAssertTrue(server.isRunning)
    }

    /// Another site's page cannot make the server work for it: an `<img src=".../api/preview?
    /// size=10000x10000">` (no Origin: the POST rule never saw it) rendered 100 megapixels, 1.6 s of
    /// the session's lock, as often as the page liked, and its EventSources took event slots. The
    /// Fetch metadata browsers send refuses them; following a link to the page still opens it.
    func testRequestsFromAnotherSitesPageAreRefused() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        func from(_ site: String, mode: String = "no-cors", _ method: String = "GET", _ path: String) throws -> HTTPReply {
            try headOf(port, method, path, headers: [("Sec-Fetch-Site", site), ("Sec-Fetch-Mode", mode), ("Content-Type", "application/json")],
                       body: method == "POST" ? Array(#"{"class":"Gauge"}"#.utf8) : [])
        }
        for site in ["cross-site", "same-site"] {
            for (method, path) in [("GET", "/api/preview?class=Gauge&size=10000x10000"), ("GET", "/api/events"), ("GET", "/api/classes"),
                                   ("GET", "/api/thumbnail/Gauge"), ("POST", "/api/render"), ("GET", "/app.js")] {
                let reply = try from(site, method, path)
                XCTAssertEqual(reply.status, 403, "\(site) \(method) \(path)")
                XCTAssertTrue(reply.errorMessage.contains("came from another site's page (Sec-Fetch-Site: \(site))"), reply.text)
            }
            XCTAssertEqual(try from(site, mode: "navigate", "GET", "/").status, 200, "a link to the page opens it")
            XCTAssertEqual(try from(site, mode: "navigate", "GET", "/api/preview?class=Gauge").status, 403)
        }
        for site in ["same-origin", "none"] {
            XCTAssertEqual(try from(site, "GET", "/api/preview?class=Gauge").status, 200, site)
            XCTAssertEqual(try from(site, "POST", "/api/render").status, 200, site)
        }
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes").status, 200, "scripts send no Fetch metadata")
    }

    /// A resource larger than the page could want is refused, naming it, the class and the limit:
    /// a 2 GB file in a resource folder (the Image field lists it) was read whole for every request,
    /// 3.2 GB of the server's memory and longer than a browser waits.
    func testAHugeResourceIsRefusedUnread() throws {
        let root = try exampleComponents(["FancyButton"])
        let big = root + "/components/FancyButton.resources/big.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
        XCTAssertEqual(truncate(big, 100 << 20), 0) // sparse: nothing written
        let (server, port) = try serve(root)
        defer { server.stop() }
        let reply = try HTTPClient.request(port, "GET", "/api/resources/FancyButton/big.png")
        XCTAssertEqual(reply.status, 422, "\(reply.status), \(reply.body.count) bytes")
        XCTAssertTrue(reply.errorMessage.hasSuffix("big.png: class FancyButton: is \(100 << 20) bytes, more than the 64 MiB a resource may have"), reply.errorMessage)
        XCTAssertEqual((reply.json["error"] as? [String: Any])?["className"] as? String, "FancyButton")
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/resources/FancyButton/" + (try resourceImage(root))).status, 200)
    }

    /// A header sent twice is read as one list: two Host headers, a foreign one first, passed the
    /// DNS-rebinding check, which saw only the last. A request target that is not a path
    /// (`GET http://evil.example/x`) was looked up as the page file "ttp://evil.example/x".
    func testTwoHostHeadersOrATargetThatIsNotAPathAreRefused() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let own = "127.0.0.1:\(port)", foreign = "evil.example:\(port)"
        for (first, second) in [(foreign, own), (own, foreign)] {
            let reply = try HTTPClient.request(port, "GET", "/api/classes", host: first, headers: [("Host", second)])
            XCTAssertEqual(reply.status, 421, "Host \(first), then \(second)")
            XCTAssertTrue(reply.errorMessage.contains("Host '\(first), \(second)' is not this server"), reply.text)
        }
        let twoOrigins = try HTTPClient.request(port, "POST", "/api/render", headers: [("Origin", "http://evil.example"), ("Origin", "http://" + own),
                                                                                        ("Content-Type", "application/json")],
                                                body: Array(#"{"class":"Gauge"}"#.utf8))
        XCTAssertEqual(twoOrigins.status, 403, twoOrigins.text)
        let absolute = try HTTPClient.request(port, "GET", "http://evil.example/api/classes")
        XCTAssertEqual(absolute.status, 400, absolute.text)
        XCTAssertEqual(absolute.errorMessage, "the request target 'http://evil.example/api/classes' is not a path (expected one starting with /)")
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes").status, 200)
    }

    /// A NUL in a text value (`"AB\u0000CD"`, which JSON allows and the command line cannot say) is
    /// refused before any plugin code runs: components receive text as C strings, so it was set
    /// and drawn as "AB", and the designer held a value the component never saw.
    func testATextValueWithANULIsRefusedBeforeItReachesThePlugin() throws {
        let root = try exampleComponents(["Gauge"])
        let message = "property label: 'AB\\u{0}CD' contains a NUL character (U+0000), where a component would see the text end (expected text without NUL characters)"
        try #"{"size": "120x120", "instances": [{"class": "Gauge", "frame": "0,0,120,120", "attributes": {"label": "AB\u0000CD"}}]}"#
            .write(toFile: root + "/nul.json", atomically: true, encoding: .utf8)
        let rendered = try runHost(["render", "nul.json", "-o", "out.png"], directory: root)
        XCTAssertEqual(rendered.status, 65, rendered.stderr)
        XCTAssertTrue(rendered.stderr.contains("nul.json: instances[0].attributes.label (class Gauge): 'AB\\u{0}CD' contains a NUL character"), rendered.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"))
        let (server, port) = try serve(root)
        defer { server.stop() }
        for (endpoint, body) in [("/api/values", #"{"class": "Gauge", "values": {"label": "AB\u0000CD"}}"#),
                                 ("/api/render", #"{"class": "Gauge", "attributes": {"label": "AB\u0000CD"}}"#)] {
            let reply = try HTTPClient.request(port, "POST", endpoint, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
            XCTAssertEqual(reply.status, 422, endpoint + ": " + reply.text)
            XCTAssertTrue(reply.errorMessage.hasSuffix(message), endpoint + ": " + reply.errorMessage)
            XCTAssertEqual((reply.json["error"] as? [String: Any])?["property"] as? String, "label", endpoint)
        }
        let held = try HTTPClient.request(port, "GET", "/api/classes/Gauge")
        XCTAssertEqual(held.json["defaults"] as? Bool, true, "the refused value is not held: \(held.text)")
    }

    /// An endpoint asked with the wrong method says which it takes (405, with Allow): GET
    /// /api/render was "no such API endpoint", as if there were none.
    func testAnEndpointAskedWithTheWrongMethodSaysWhichItTakes() throws {
        let root = try exampleComponents(["Gauge"])
        try #"{"size": "120x120", "instances": []}"#.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        let json = [("Content-Type", "application/json")]
        for (method, path, allow, message) in [
            ("GET", "/api/render", "POST", "GET /api/render: this endpoint takes POST with a JSON body"),
            ("GET", "/api/values", "POST", "GET /api/values: this endpoint takes POST with a JSON body"),
            ("GET", "/api/scenes/0/save", "POST", "GET /api/scenes/0/save: this endpoint takes POST with a JSON body"),
            ("POST", "/api/classes", "GET, HEAD", "POST /api/classes: this endpoint takes GET"),
            ("POST", "/api/events", "GET, HEAD", "POST /api/events: this endpoint takes GET"),
        ] {
            let reply = try HTTPClient.request(port, method, path, headers: json, body: method == "POST" ? Array("{}".utf8) : nil)
            XCTAssertEqual(reply.status, 405, "\(method) \(path): \(reply.text)")
            XCTAssertEqual(reply.headers["allow"], allow, "\(method) \(path)")
            XCTAssertTrue(reply.errorMessage.hasPrefix(message), reply.errorMessage)
        }
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/nothing").status, 404)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/x").status, 404)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0").status, 200)
    }

    /// Symbolic links to `.` in a resource folder: the Image field's list walks each folder once.
    /// Five made the walk exponential: 97 656 "images" and 4.7 s for each GET /api/classes/NAME,
    /// under the session's lock (eight: minutes).
    func testSymbolicLinkLoopsInAResourceFolderAreWalkedOnce() throws {
        let root = try exampleComponents(["FancyButton"])
        let resources = root + "/components/FancyButton.resources"
        let icon = try resourceImage(root)
        for i in 1...3 { try FileManager.default.createSymbolicLink(atPath: resources + "/loop\(i)", withDestinationPath: ".") }
        try FileManager.default.createDirectory(atPath: resources + "/sub", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: resources + "/sub/up", withDestinationPath: "..")
        try FileManager.default.copyItem(atPath: resources + "/" + icon, toPath: resources + "/sub/star.svg")
        let (server, port) = try serve(root)
        defer { server.stop() }
        let detail = try HTTPClient.request(port, "GET", "/api/classes/FancyButton")
        XCTAssertEqual(detail.status, 200)
        XCTAssertEqual(detail.json["resources"] as? [String], [icon, "sub/star.svg"], detail.text.prefix(300).description)
    }
}

extension RenderImageTests {
    /// An image whose header says more pixels than the renderer's largest picture (100 megapixels)
    /// is refused from its header, not decoded: a 1 MB PNG of 16000×16000 pixels took 1 GB and more
    /// than a call's budget, so the component drawing it was stopped as "an endless loop" (in its
    /// worker) and the host decoded it again when it drew the display list.
    func testAnImageOfMorePixelsThanAnyPictureIsRefusedFromItsHeader() throws {
        let dir = try TestPaths.scratch()
        // A real PNG of 12000×12000 transparent pixels (576 MB decoded), a few hundred KB on disk.
        let script = """
        import struct, sys, zlib
        def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
        w = h = 12000
        z = zlib.compressobj(9)
        row = bytes(1 + 4 * w)
        data = b"".join(z.compress(row) for _ in range(h)) + z.flush()
        sys.stdout.buffer.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
        """
        let made = try runProcess("/usr/bin/env", ["python3", "-c", script])
        XCTAssertEqual(made.status, 0, made.stderr)
        try made.stdoutData.write(to: URL(fileURLWithPath: dir + "/bomb.png"))
        // A JPEG whose start-of-frame (after an APP0 segment) says 20000×15000.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x3A, 0x98, 0x4E, 0x20, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1] + [UInt8](repeating: 0, count: 64)
        try Data(jpeg).write(to: URL(fileURLWithPath: dir + "/huge.jpg"))
        let resolver = ResourceImageResolver(resourceDirectory: dir, workingDirectory: dir)
        for (name, message) in [("bomb.png", "a PNG of 12000×12000 pixels, more than the 100 megapixels an image may have"),
                                ("huge.jpg", "a JPEG of 20000×15000 pixels, more than the 100 megapixels an image may have")] {
            let f = CanvasFixture(width: 20, height: 20, resolver: resolver)
            let size = f.c.pointee.image_size(f.c, name)
            XCTAssertEqual([size.width, size.height], [0, 0], name)
            XCTAssertFalse(f.c.pointee.draw_image(f.c, name, rect(0, 0, 20, 20), EASEL_CONTENT_SCALE_TO_FILL), name)
            f.finish()
            let said = f.canvas.diagnostics.map(\.description).joined(separator: "\n")
            XCTAssertTrue(said.contains(message) && said.contains(name), "\(name): \(said)")
        }
    }
}

