@testable import EaselServe
import Foundation
import Glibc
import XCTest

/// The width and height a PNG's header says (its IHDR), without decoding it.
private func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
    func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (u32(16), u32(20))
}

/// Issue 21: concurrent large renders are bounded by the render memory budget (`RenderAdmission`),
/// refusals are clear (503, `Retry-After`, the class, its file and the size), and memory running
/// out is reported the same way instead of a 500 naming nothing.
extension ServeTests {
    /// Eight concurrent 100-megapixel renders: the server's peak memory grows by less than its
    /// budget (set to 1300 MiB: one such render, 1145 MiB reserved, fits; they peaked at 3.5 GB
    /// together, 738 MB each); each answer is the image or a refusal that says what and why.
    /// Then, with the budget held by a render whose draw hangs, another is refused for certain,
    /// and accepted once the hung one is over.
    func testConcurrentHundredMegapixelRendersStayWithinTheBudget() throws {
        let stalling = try CFixture.build("stalling_plugin.c")
        let root = try exampleComponents(["Gauge"])
        try FileManager.default.copyItem(atPath: stalling, toPath: root + "/components/libStalling.so")
        let pids = root + "/pids.txt"
        let (server, port) = try serve(root, ["--timeout", "6"],
                                       environment: ["EASEL_TEST_PID_FILE": pids, RenderAdmission.environmentVariable: "1300"])
        defer { server.stop() }
        let pid = server.process.processIdentifier
        let resting = ProcFigures.status(pid, "VmHWM")
        let body = Array(#"{"class":"Gauge","size":"10000x10000","pngLevel":1}"#.utf8)
        let render = { @Sendable in try HTTPClient.request(port, "POST", "/api/render", headers: [("Content-Type", "application/json")], body: body) }
        let replies = CollectedReplies()
        onThreads(8) { _ in replies.add(try? render()) }
        let grown = ProcFigures.status(pid, "VmHWM") - resting
        XCTAssertLessThan(grown, 1300 << 20, "the server's peak memory grew by \(grown >> 20) MiB for 8 concurrent 100-megapixel renders")
        var images = 0
        for case let reply? in replies.all {
            if reply.status == 200 {
                XCTAssertTrue(pngSize(reply.body) ?? (0, 0) == (10000, 10000), "a 10000×10000 PNG")
                images += 1
            } else {
                assertRefusal(reply, "class Gauge at 10000×10000 pixels needs 1145 MiB of the server's render memory", retry: true)
                XCTAssertEqual((reply.json["error"] as? [String: Any])?["file"] as? String, "./components/libGauge.so", reply.text)
            }
        }
        XCTAssertEqual(replies.all.compactMap { $0 }.count, 8, "every request was answered")
        XCTAssertGreaterThanOrEqual(images, 1, "one at a time is rendered")

        // The budget held by a render whose draw hangs: the next is refused, whatever the timing.
        let hung = DispatchGroup()
        DispatchQueue.global().async(group: hung) {
            replies.add(try? HTTPClient.json(port, "/api/render", ["class": "Stalling", "size": "10000x10000", "attributes": ["stall": true]]))
        }
        XCTAssertNotNil(ProcessTree.waitForPid(in: pids), "the hung render's draw started")
        let refused = try render()
        assertRefusal(refused, "1145 MiB of its 1300 MiB are held by other renders now: retry in 2 s", retry: true)
        // The scene and preview endpoints go through the same gate.
        let preview = try HTTPClient.request(port, "GET", "/api/preview?class=Gauge&size=10000x10000")
        assertRefusal(preview, "class Gauge at 10000×10000 pixels needs", retry: true)
        hung.wait()
        let after = try render()
        XCTAssertEqual(after.status, 200, after.text)
        XCTAssertTrue(pngSize(after.body) ?? (0, 0) == (10000, 10000))
        XCTAssertLessThan(ProcFigures.status(pid, "VmHWM") - resting, 1300 << 20)
        XCTAssertTrue(server.isRunning)
    }

    /// Memory running out while rendering (the server under an address-space limit, its budget set
    /// above it) is a 503 with `Retry-After` naming the file, the class and the size asked (a 500
    /// naming neither); the server goes on.
    func testOutOfMemoryNamesTheFileClassAndSize() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root, environment: [RenderAdmission.environmentVariable: "8192"])
        defer { server.stop() }
        let pid = server.process.processIdentifier
        // A render first: the threads and allocator arenas a request needs exist before the limit.
        XCTAssertEqual(try HTTPClient.json(port, "/api/render", ["class": "Gauge", "size": "40x40"]).status, 200)
        // Room for the 400 MB surface (and a connection's thread), not for the encoder's rows besides it.
        let limit = try runProcess("/usr/bin/prlimit", ["--pid", "\(pid)", "--as=\(ProcFigures.status(pid, "VmSize") + (700 << 20)):unlimited"])
        XCTAssertEqual(limit.status, 0, limit.stderr)
        let reply = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "size": "10000x10000", "pngLevel": 0])
        assertRefusal(reply, "out of memory rendering class Gauge at 10000×10000 pixels", retry: true)
        let error = reply.json["error"] as? [String: Any]
        XCTAssertEqual(error?["file"] as? String, "./components/libGauge.so", reply.text)
        XCTAssertEqual(error?["className"] as? String, "Gauge", reply.text)
        let small = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "size": "40x40"])
        XCTAssertEqual(small.status, 200, small.text)
        XCTAssertTrue(server.isRunning)
    }

    func assertRefusal(_ reply: HTTPReply, _ message: String, retry: Bool, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(reply.status, 503, reply.text, file: file, line: line)
        XCTAssertEqual(reply.headers["retry-after"], retry ? "2" : nil, reply.text, file: file, line: line)
        XCTAssertTrue(reply.errorMessage.contains(message), "\(message) in \(reply.text)", file: file, line: line)
    }

    /// The gate's accounting: reservations add up, a ticket given back (released) frees its bytes,
    /// one that can never fit is refused without `Retry-After`, shrinking always succeeds, and
    /// renders beyond the slots wait for one.
    func testTheRenderGateCountsReservationsAndSlots() throws {
        let gate = RenderAdmission(budget: 100 << 20, slots: 2)
        var first: RenderAdmission.Ticket? = try gate.reserve(pixels: 5_000_000, for: "first")
        XCTAssertEqual(gate.inUse, 60_000_000)
        XCTAssertThrowsError(try gate.reserve(pixels: 5_000_000, for: "second")) { error in
            XCTAssertEqual((error as? RenderRefusal)?.retryAfter, RenderAdmission.retryAfter)
            XCTAssertTrue((error as? RenderRefusal)?.error.message.contains("second needs 58 MiB") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try gate.reserve(pixels: 10_000_000, for: "huge", className: "Big")) { error in
            XCTAssertNil((error as? RenderRefusal)?.retryAfter, "it never fits: no retry")
            XCTAssertEqual((error as? RenderRefusal)?.error.className, "Big")
            XCTAssertTrue((error as? RenderRefusal)?.error.message.contains("more than its budget of 100 MiB") ?? false, "\(error)")
        }
        XCTAssertNoThrow(try first?.resize(toBytes: 1000, for: "first"))
        XCTAssertEqual(gate.inUse, 1000)
        first = nil
        XCTAssertEqual(gate.inUse, 0)
        // Slots: a third render waits until one of two ends.
        final class Counter: @unchecked Sendable { let lock = NSLock(); var now = 0, most = 0 }
        let counter = Counter()
        onThreads(6) { _ in
            gate.withSlot {
                counter.lock.withLock { counter.now += 1; counter.most = max(counter.most, counter.now) }
                usleep(50_000)
                counter.lock.withLock { counter.now -= 1 }
            }
        }
        XCTAssertEqual(counter.most, 2)
    }
}

/// Runs `body` on `count` threads of its own at once (concurrentPerform runs as many at once as
/// there are processors: two on a small machine), and waits for them all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for i in 0..<count {
        group.enter()
        Thread { body(i); group.leave() }.start()
    }
    group.wait()
}
