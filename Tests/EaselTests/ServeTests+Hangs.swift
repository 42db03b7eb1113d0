import Foundation
import XCTest

/// The order in which responses arrived, noted from several threads.
private final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    @Sendable func note(_ name: String) { lock.withLock { names.append(name) } }
    var order: [String] { lock.withLock { names } }
}

/// `host serve` while a plugin call hangs: what calls no plugin is answered, edits go through,
/// idle connections time out, identical previews share one render.
extension ServeTests {
    /// While a plugin call hangs (up to its --timeout), requests that call no plugin are answered:
    /// they read the session's published snapshot, not the plugin-call lock. (Everything waited
    /// behind the one session lock: five queued previews of a hanging class held up
    /// GET /api/classes for 9.5 s.) Three previews of a class whose draw hangs are sent; once its
    /// worker is in draw, the class list, a class, its thumbnail, the scenes, the page and an event
    /// stream's greeting must all arrive before any of the hung previews' responses.
    func testRequestsThatCallNoPluginAreAnsweredWhileADrawHangs() throws {
        // A budget far longer than the requests below take: the previews cannot answer before them.
        let (_, pids, server, port) = try stallingServer(timeout: "20")
        defer { server.stop() }
        let arrivals = Arrivals()
        let note = arrivals.note
        let previews = DispatchGroup()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: previews) {
                _ = try? HTTPClient.request(port, "GET", "/api/preview?class=Stalling&scale=2")
                note("preview")
            }
        }
        XCTAssertNotNil(ProcessTree.waitForPid(in: pids), "a preview's draw started (and hangs)")
        let classes = try HTTPClient.request(port, "GET", "/api/classes")
        note("classes")
        let detail = try HTTPClient.request(port, "GET", "/api/classes/Stalling")
        note("class")
        let thumbnail = try HTTPClient.request(port, "GET", "/api/thumbnail/Stalling")
        note("thumbnail")
        let scenes = try HTTPClient.request(port, "GET", "/api/scenes")
        note("scenes")
        let page = try HTTPClient.request(port, "GET", "/")
        note("page")
        let events = try EventStreamClient(port: port)
        let hello = events.waitFor("hello")
        note("events")
        XCTAssertEqual(arrivals.order, ["classes", "class", "thumbnail", "scenes", "page", "events"], "no hung preview answers first")
        XCTAssertEqual(classes.status, 200, classes.text)
        XCTAssertTrue(classes.text.contains(#""name":"Stalling""#), classes.text)
        XCTAssertEqual(detail.status, 200, detail.text)
        let stall = ((detail.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "stall" }
        XCTAssertEqual(stall?["valueText"] as? String, "true", "the value held, as set")
        XCTAssertEqual(thumbnail.status, 200)
        XCTAssertEqual(thumbnail.headers["content-type"], "image/png")
        XCTAssertEqual(scenes.status, 200, scenes.text)
        XCTAssertEqual(page.status, 200)
        XCTAssertNotNil(hello, "the event stream greets while the draw hangs")
        events.close()
        server.stop() // cuts the hung call short
        previews.wait()
        XCTAssertFalse(server.isRunning)
    }

    /// Edits that call no plugin answer while another request's plugin call hangs: values set and
    /// reset (on another class and on the hanging class itself), a refused value, a scene edit and
    /// its save. (They took the session's lock, behind the hung draw: with `--timeout 30`, 30 s of
    /// a frozen inspector.) With a 20 s budget, every answer must arrive before the hung preview's;
    /// each answer shows the edit, the snapshot the same; once the hung call ends (its worker
    /// killed), the renders draw the values the edits left.
    func testEditsAreAnsweredWhileAnotherRequestsDrawHangs() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "200x120", "instances": [{"class": "Gauge", "name": "cpu", "frame": "10,10,100,100", "attributes": {"value": 80}}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (_, pids, server, port) = try stallingServer(root, timeout: "20", ["--scene", "board.json"])
        defer { server.stop() }
        let scene = try HTTPClient.request(port, "GET", "/api/scenes/0")
        let arrivals = Arrivals()
        let note = arrivals.note
        let replies = CollectedReplies()
        let hung = DispatchGroup()
        DispatchQueue.global().async(group: hung) {
            replies.add(try? HTTPClient.request(port, "GET", "/api/preview?class=Stalling"))
            note("preview")
        }
        let worker = try XCTUnwrap(ProcessTree.waitForPid(in: pids), "the preview's draw started (and hangs)")
        func value(_ reply: HTTPReply, _ name: String) -> String? {
            ((reply.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == name }?["valueText"] as? String
        }
        let other = try HTTPClient.json(port, "/api/values", ["class": "Gauge", "values": ["value": 42]])
        note("other class")
        let refused = try HTTPClient.json(port, "/api/values", ["class": "Gauge", "values": ["value": 150]])
        note("refused")
        let same = try HTTPClient.json(port, "/api/values", ["class": "Stalling", "values": ["stall": NSNull()]])
        note("same class")
        var document = try XCTUnwrap(scene.json["document"] as? [String: Any])
        var instances = try XCTUnwrap(document["instances"] as? [[String: Any]])
        instances[0]["attributes"] = ["value": 33]
        document["instances"] = instances
        let edit = try HTTPClient.json(port, "/api/scenes/0", ["document": document, "revision": scene.json["revision"] ?? 0,
                                                                "instanceIds": scene.json["instanceIds"] ?? []])
        note("scene edit")
        let save = try HTTPClient.json(port, "/api/scenes/0/save", [:])
        note("save")
        let read = try HTTPClient.request(port, "GET", "/api/classes/Gauge")
        note("read")
        XCTAssertEqual(arrivals.order, ["other class", "refused", "same class", "scene edit", "save", "read"], "no edit waits for the hung draw")
        XCTAssertEqual(other.status, 200, other.text)
        XCTAssertEqual(value(other, "value"), "42", other.text)
        XCTAssertEqual(refused.status, 422, refused.text)
        XCTAssertTrue(refused.errorMessage.contains("150 is outside the range 0…100"), refused.text)
        XCTAssertEqual(same.status, 200, same.text)
        XCTAssertEqual(value(same, "stall"), "false", "reset: the default (\(same.text))")
        let stall = ((same.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "stall" }
        XCTAssertEqual(stall?["held"] as? Bool, false, "reset: nothing held (\(same.text))")
        XCTAssertEqual(same.json["defaults"] as? Bool, true, same.text)
        XCTAssertEqual(edit.status, 200, edit.text)
        XCTAssertEqual(edit.json["revision"] as? Int, (scene.json["revision"] as? Int ?? 0) + 1, edit.text)
        XCTAssertEqual(save.status, 200, save.text)
        XCTAssertEqual(save.json["dirty"] as? Bool, false, save.text)
        XCTAssertTrue(try String(contentsOfFile: root + "/board.json", encoding: .utf8).contains("33"), "saved while the draw hangs")
        XCTAssertEqual(value(read, "value"), "42", "the snapshot holds the edit (\(read.text))")
        // The hung call ends (its worker killed): it answers its failure, then the renders draw
        // what the edits left.
        XCTAssertEqual(kill(worker, SIGKILL), 0)
        hung.wait()
        XCTAssertEqual(replies.all.first??.status, 502, replies.all.first??.text ?? "")
        let gauge = try HTTPClient.request(port, "GET", "/api/preview?class=Gauge&scale=2")
        XCTAssertEqual(gauge.status, 200, gauge.text)
        let expected = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "scale": 2, "attributes": ["value": 42]])
        try assertSamePixels(try PNGFile(bytes: gauge.body), try PNGFile(bytes: expected.body), "the value set while the draw hung")
        // The killed build's next one (the same file again) renders with stall reset while it hung.
        let library = root + "/components/libStalling.so"
        try FileManager.default.copyItem(atPath: try CFixture.build("stalling_plugin.c"), toPath: library + ".tmp")
        XCTAssertEqual(rename(library + ".tmp", library), 0)
        XCTAssertNotNil(server.waitForLine(containing: "Stalling recovered: build 2 renders it again"), server.output.joined(separator: "\n"))
        let stalling = try HTTPClient.request(port, "GET", "/api/preview?class=Stalling")
        XCTAssertEqual(stalling.status, 200, "stall was reset while it hung: it draws (\(stalling.text))")
        XCTAssertTrue(server.isRunning)
    }

    /// Idle connections close after the idle timeout (5 s), so a script holding every connection
    /// slot with idle sockets shuts the page out for seconds, not minutes (they stayed 120 s, and 64
    /// of them refused every tab). Sockets that send nothing fill every slot; each is closed by the
    /// server well before the client's own 30 s receive timeout, and a request made meanwhile is
    /// answered. Neither an event stream nor a request whose answer takes longer than the idle
    /// timeout (a preview behind a draw hanging 8 s) is idle: the stream still delivers, and the
    /// preview gets its answer.
    func testIdleConnectionsTimeOutButEventStreamsAndSlowAnswersDoNot() throws {
        let root = try componentsFolder(["libStalling.so": try CFixture.build("stalling_plugin.c")])
        let pids = root + "/pids.txt"
        let (server, port) = try serve(root, ["--timeout", "8"], environment: ["EASEL_TEST_PID_FILE": pids])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        XCTAssertEqual(try HTTPClient.json(port, "/api/values", ["class": "Stalling", "values": ["stall": true]]).status, 200)
        let replies = CollectedReplies()
        let hung = DispatchGroup()
        DispatchQueue.global().async(group: hung) { replies.add(try? HTTPClient.request(port, "GET", "/api/preview?class=Stalling")) }
        XCTAssertNotNil(ProcessTree.waitForPid(in: pids), "the preview's draw started (and hangs)")
        // Every slot (64, two taken above) and more, by sockets that never send a byte.
        let idle = try (0..<64).map { _ in try HTTPClient.connect(port) }
        defer { idle.forEach { close($0) } }
        let classes = try HTTPClient.request(port, "GET", "/api/classes")
        XCTAssertEqual(classes.status, 200, "a request made while idle sockets held every slot (\(classes.text))")
        var buffer = [UInt8](repeating: 0, count: 16)
        let closed = idle.filter { recv($0, &buffer, buffer.count, 0) == 0 }.count
        XCTAssertEqual(closed, idle.count, "every idle socket was closed by the server (not left to the client's 30 s timeout)")
        hung.wait()
        let preview = try XCTUnwrap(replies.all.first ?? nil, "the slow preview got an answer")
        XCTAssertEqual(preview.status, 502, preview.text)
        XCTAssertEqual((preview.json["error"] as? [String: Any])?["timedOut"] as? Bool, true, preview.text)
        // The stream, silent since before the 8 s hang began (longer than the idle timeout), still delivers.
        XCTAssertEqual(try HTTPClient.json(port, "/api/values", ["class": "Stalling", "values": ["stall": NSNull()]]).status, 200)
        XCTAssertNotNil(events.waitFor("values") { $0["className"] as? String == "Stalling" }, "the event stream stays open")
        XCTAssertTrue(server.isRunning)
    }

    /// Identical previews queued behind a plugin call share one render (the page only needs the
    /// latest frame): while a preview's draw hangs, two more of the same preview wait for it; they get
    /// one render between them, so the class draws twice, not three times, and all three answer
    /// with the hang's failure.
    func testIdenticalPreviewsQueuedBehindAHangShareOneRender() throws {
        let (_, pids, server, port) = try stallingServer(timeout: "3")
        defer { server.stop() }
        let replies = CollectedReplies()
        let previews = DispatchGroup()
        func preview() {
            DispatchQueue.global().async(group: previews) {
                replies.add(try? HTTPClient.request(port, "GET", "/api/preview?class=Stalling&scale=2"))
            }
        }
        preview()
        XCTAssertNotNil(ProcessTree.waitForPid(in: pids), "the first preview's draw started (and hangs)")
        preview()
        preview()
        previews.wait()
        XCTAssertEqual(ProcessTree.pids(in: pids).count, 2, "draws: the first preview's, and one for the two queued behind it")
        XCTAssertEqual(replies.all.map { $0?.status }, [502, 502, 502])
        for reply in replies.all {
            XCTAssertEqual((reply?.json["error"] as? [String: Any])?["timedOut"] as? Bool, true, reply?.text ?? "")
        }
        XCTAssertTrue(server.isRunning)
    }
}
