import Foundation
import XCTest

/// `host serve`'s event stream through hot reloads: failures, recovery, schema diffs and the
/// values set aside and restored.
extension ServeTests {
    func testEventsOfReloadsFailuresAndRecovery() throws {
        let root = try componentsFolder(["libFaulty.so": try faulty("none")])
        let (server, port) = try serve(root, ["--timeout", "1"])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        XCTAssertEqual(events.status, 200)
        try replaceAtomically(root + "/components/libFaulty.so", with: try faulty("crash_draw"))
        let reload = events.waitFor("reload") { $0["build"] as? Int == 2 }
        XCTAssertNotNil(reload, events.all.joined(separator: "\n"))
        let failure = try XCTUnwrap(events.waitFor("failure") { $0["className"] as? String == "Faulty" }, events.all.joined(separator: "\n"))
        let details = try XCTUnwrap(failure["failure"] as? [String: Any])
        XCTAssertEqual(details["phase"] as? String, "draw")
        XCTAssertEqual(details["signal"] as? String, "SIGSEGV")
        XCTAssertTrue((details["output"] as? [String] ?? []).contains { $0.contains("about to crash in draw") }, "\(details)")
        XCTAssertEqual(failure["staleBuild"] as? Int, 1)
        // The class is marked failing, its last good preview (build 1) kept as the thumbnail.
        let classes = try HTTPClient.request(port, "GET", "/api/classes")
        XCTAssertTrue(classes.text.contains(#""failing":true"#), classes.text)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/thumbnail/Faulty").status, 200)
        // A render against the crashing build: the error JSON names the phase and signal; the server lives.
        let crash = try HTTPClient.json(port, "/api/render", ["class": "Faulty"])
        XCTAssertEqual(crash.status, 502)
        XCTAssertEqual((crash.json["error"] as? [String: Any])?["phase"] as? String, "draw")
        // The canvas retrying the broken build (edits) fails again, but the failure is reported once.
        for _ in 0..<2 { XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Faulty").status, 502) }
        XCTAssertEqual(server.output.filter { $0.contains("class Faulty: crashed with SIGSEGV") }.count, 1, server.output.joined(separator: "\n"))
        // A build that fails to load is a failure event too; the good build recovers.
        try replaceAtomically(root + "/components/libFaulty.so", with: try faulty("crash_entry"))
        let rejected = events.waitFor("failure") { $0["rejected"] as? Bool == true }
        XCTAssertEqual((rejected?["failure"] as? [String: Any])?["phase"] as? String, "load")
        try replaceAtomically(root + "/components/libFaulty.so", with: try faulty("none"))
        let recovered = events.waitFor("recovered") { $0["className"] as? String == "Faulty" }
        XCTAssertEqual(recovered?["build"] as? Int, 3, events.all.joined(separator: "\n"))
        XCTAssertTrue(server.isRunning)
    }

    /// A reload's schema diff and the values it sets aside and later restores reach the event stream
    /// as `schema` and `notice` events (what the page shows as notices), and the preview follows.
    func testSchemaAndNoticeEventsOfAHotReload() throws {
        let v1 = try CFixture.build("evolving_plugin.c", defines: ["VERSION=1", "CLASS=Evolving", "COLOR=0x3366CC"], name: "evolving_v1_Evolving_0x3366CC")
        let v2 = try CFixture.build("evolving_plugin.c", defines: ["VERSION=2", "CLASS=Evolving", "COLOR=0x3366CC"], name: "evolving_v2_Evolving_0x3366CC")
        let root = try componentsFolder(["libEvolving.so": v1])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        let set = try HTTPClient.json(port, "/api/values", ["class": "Evolving", "values": ["label": "hello", "level": 8]])
        XCTAssertEqual(set.status, 200, set.text)
        let bar = { () throws -> RGBA in try PNGFile(bytes: try HTTPClient.request(port, "GET", "/api/preview?class=Evolving").body).pixel(75, 5) }
        let white = RGBA(r: 255, g: 255, b: 255, a: 255)
        XCTAssertEqual(try bar(), white, "level 8: the bar reaches 80% of the width")

        // Build 2 removes label and narrows level's range to 0…5.
        var mark = events.mark
        try replaceAtomically(root + "/components/libEvolving.so", with: v2)
        let schema = try XCTUnwrap(events.waitFor("schema", since: mark) { $0["className"] as? String == "Evolving" }, events.all.joined(separator: "\n"))
        XCTAssertEqual(schema["changes"] as? [String], ["+width (CGFloat)", "-label", "~tint Color→String", "level default 5→2", "level range 0…10→0…5"])
        XCTAssertEqual(schema["text"] as? [String], ["  Evolving schema: +width (CGFloat), -label, ~tint Color→String, level default 5→2, level range 0…10→0…5"])
        let droppedLabel = try XCTUnwrap(events.waitFor("notice", since: mark) { $0["property"] as? String == "label" }, events.all.joined(separator: "\n"))
        XCTAssertEqual(droppedLabel["dropped"] as? Bool, true)
        XCTAssertEqual(droppedLabel["className"] as? String, "Evolving")
        XCTAssertEqual(droppedLabel["why"] as? String, "this build has no property label")
        XCTAssertTrue((droppedLabel["text"] as? [String])?.first?.contains("warning: Evolving.label=hello dropped") == true, "\(droppedLabel)")
        let droppedLevel = try XCTUnwrap(events.waitFor("notice", since: mark) { $0["property"] as? String == "level" }, events.all.joined(separator: "\n"))
        XCTAssertEqual(droppedLevel["dropped"] as? Bool, true)
        XCTAssertTrue((droppedLevel["why"] as? String ?? "").hasPrefix("8 is outside the range 0…5"), "\(droppedLevel)")
        XCTAssertNil(droppedLevel["restored"])
        XCTAssertNotEqual(try bar(), white, "the dropped level is not applied: level 2 is the default")
        let held = try HTTPClient.request(port, "GET", "/api/classes/Evolving")
        let names = ((held.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["level", "tint", "width"], held.text)

        // Build 3 is build 1 again: both values come back.
        mark = events.mark
        try replaceAtomically(root + "/components/libEvolving.so", with: v1)
        let back = try XCTUnwrap(events.waitFor("schema", since: mark) { $0["className"] as? String == "Evolving" }, events.all.joined(separator: "\n"))
        XCTAssertEqual(back["changes"] as? [String], ["+label (String)", "-width", "~tint String→Color", "level default 2→5", "level range 0…5→0…10"])
        for property in ["label", "level"] {
            let restored = try XCTUnwrap(events.waitFor("notice", since: mark) { $0["property"] as? String == property }, events.all.joined(separator: "\n"))
            XCTAssertEqual(restored["restored"] as? Bool, true, "\(restored)")
            XCTAssertNil(restored["dropped"], "\(restored)")
            XCTAssertEqual(restored["text"] as? [String], ["  note: Evolving.\(property)=\(property == "label" ? "hello" : "8") restored: this build fits it again"])
        }
        XCTAssertEqual(try bar(), white, "level 8 again")
        let values = ((try HTTPClient.request(port, "GET", "/api/classes/Evolving").json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?
            .reduce(into: [String: String]()) { $0[$1["name"] as? String ?? ""] = $1["valueText"] as? String }
        XCTAssertEqual(values?["label"], "hello")
        XCTAssertEqual(values?["level"], "8")
        XCTAssertTrue(server.isRunning)
    }
}
