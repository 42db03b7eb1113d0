import Foundation
import XCTest

/// Scenes edited through `host serve`: checked, kept across reloads, saved atomically, refused when
/// stale or too large, and read again when their file changes on disk.
extension ServeTests {
    func testScenesAreEditedCheckedKeptAcrossReloadsAndSavedAtomically() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "300x120", "background": "#F2F2F7", "instances": [
          {"class": "Gauge", "name": "cpu", "frame": "10,10,100,100", "attributes": {"value": 80, "label": "CPU"}},
          {"class": "Gauge", "name": "disk", "frame": "150,10,100,100", "attributes": {"value": 20}}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        let list = try HTTPClient.request(port, "GET", "/api/scenes")
        XCTAssertEqual((list.json["scenes"] as? [[String: Any]])?.first?["file"] as? String, "board.json")
        let detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        var document = try XCTUnwrap(detail.json["document"] as? [String: Any])
        XCTAssertEqual((detail.json["classes"] as? [[String: Any]])?.first?["name"] as? String, "Gauge")
        var instances = try XCTUnwrap(document["instances"] as? [[String: Any]])
        // A value the class refuses: the host's message, the scene unchanged.
        instances[0]["attributes"] = ["value": 180, "label": "CPU"]
        document["instances"] = instances
        let refused = try HTTPClient.json(port, "/api/scenes/0", ["document": document])
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(refused.errorMessage.contains("180 is outside the range 0…100"), refused.text)
        XCTAssertTrue(refused.errorMessage.hasSuffix(" (in instances[0], 'cpu')"), "names the instance: \(refused.text)")
        XCTAssertEqual((refused.json["error"] as? [String: Any])?["property"] as? String, "value")
        XCTAssertEqual(((try HTTPClient.request(port, "GET", "/api/scenes/0").json["document"] as? [String: Any])?["instances"] as? [[String: Any]])?
            .first.flatMap { ($0["attributes"] as? [String: Any])?["value"] as? Int }, 80)
        // Move the second instance and change the first's value: unsaved edits.
        instances[0]["attributes"] = ["value": 55, "label": "CPU"]
        instances[1]["frame"] = "180,15,100,100"
        document["instances"] = instances
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document]).status, 200)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview?scale=2").status, 200)
        // A component reload keeps them.
        try replaceAtomically(root + "/components/libGauge.so", with: try TestPaths.example("Gauge"))
        server.waitForLine(containing: "reloaded libGauge.so build 2")
        let kept = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(kept.json["dirty"] as? Bool, true)
        let keptInstances = (kept.json["document"] as? [String: Any])?["instances"] as? [[String: Any]]
        XCTAssertEqual(keptInstances?[1]["frame"] as? String, "180,15,100,100")
        XCTAssertEqual(keptInstances?.map { $0["name"] as? String }, ["cpu", "disk"], "instance order kept")
        XCTAssertEqual(try String(contentsOfFile: root + "/board.json", encoding: .utf8).contains("180,15"), false, "not saved yet")
        // Save: written atomically, re-readable, same order, the edits in.
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0/save", [:] as [String: Any]).status, 200)
        let saved = try String(contentsOfFile: root + "/board.json", encoding: .utf8)
        XCTAssertTrue(saved.contains("\"180,15,100,100\""), saved)
        XCTAssertTrue(saved.contains("\"value\": 55"), saved)
        XCTAssertLessThan(try XCTUnwrap(saved.range(of: "cpu")).lowerBound, try XCTUnwrap(saved.range(of: "disk")).lowerBound)
        let render = try runHost(["render", "board.json", "-o", "board.png"], directory: root)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".tmp") }, [], "no temporary file left")
    }

    /// A frame an edit makes larger than any canvas (16384 points a side) is refused with a message
    /// naming the file, class, instance and field; a frame the file itself holds, however absurd,
    /// is not (host render renders it, HardeningTests), so other edits of that scene go through.
    func testAnEditedFrameLargerThanAnyCanvasIsRefused() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "300x120", "instances": [
          {"class": "Gauge", "name": "cpu", "frame": "10,10,100,100"},
          {"class": "Gauge", "frame": "0,0,1e308,1e308"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        var document = try XCTUnwrap(try HTTPClient.request(port, "GET", "/api/scenes/0").json["document"] as? [String: Any])
        var instances = try XCTUnwrap(document["instances"] as? [[String: Any]])
        for (frame, what) in [("10,10,16400,100", "width 16400"), ("10,10,100,20000", "height 20000")] {
            instances[0]["frame"] = frame
            document["instances"] = instances
            let refused = try HTTPClient.json(port, "/api/scenes/0", ["document": document])
            XCTAssertEqual(refused.status, 422, refused.text)
            XCTAssertEqual(refused.errorMessage, "board.json: class Gauge: instances[0].frame ('cpu'): \(what) is out of range (expected at most 16384 points per side, the largest canvas the renderer makes)")
            XCTAssertEqual((refused.json["error"] as? [String: Any])?["className"] as? String, "Gauge")
        }
        let held = (try HTTPClient.request(port, "GET", "/api/scenes/0").json["document"] as? [String: Any])?["instances"] as? [[String: Any]]
        XCTAssertEqual(held?.first?["frame"] as? String, "10,10,100,100", "the refused frames did not reach the scene")
        // At the limit, and with the file's own absurd frame unchanged beside it: taken.
        instances[0]["frame"] = "10,10,16384,100"
        document["instances"] = instances
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document]).status, 200)
    }

    /// Two pages (or a page and a script) editing one scene: each posts the whole document, so an
    /// edit made on an older document put the other's edits back. An edit names the revision it was
    /// made on; an older one is refused with a message naming the file, nothing changes, and every
    /// accepted edit is announced (a `scene` event) so that the other pages read it again. An edit
    /// without a revision (a script's) is taken as before.
    func testAnEditMadeOnAnOlderRevisionOfASceneIsRefused() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "300x120", "instances": [{"class": "Gauge", "name": "cpu", "frame": "10,10,100,100"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        let detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(detail.json["revision"] as? Int, 0)
        var document = try XCTUnwrap(detail.json["document"] as? [String: Any])
        var instances = try XCTUnwrap(document["instances"] as? [[String: Any]])
        instances[0]["frame"] = "20,10,100,100"
        document["instances"] = instances
        let first = try HTTPClient.json(port, "/api/scenes/0", ["document": document, "revision": 0])
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertEqual(first.json["revision"] as? Int, 1)
        XCTAssertEqual(events.waitFor("scene") { $0["revision"] as? Int == 1 }?["index"] as? Int, 0, events.all.joined(separator: "\n"))
        // Made on revision 0, like the first: refused, the first edit kept.
        instances[0]["frame"] = "10,40,100,100"
        document["instances"] = instances
        let stale = try HTTPClient.json(port, "/api/scenes/0", ["document": document, "revision": 0])
        XCTAssertEqual(stale.status, 422, stale.text)
        XCTAssertEqual(stale.errorMessage, "board.json: the scene was edited meanwhile elsewhere (another tab or a script: revision 1, this edit was made on 0); it is shown as it is now, make the edit again")
        let held = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(((held.json["document"] as? [String: Any])?["instances"] as? [[String: Any]])?.first?["frame"] as? String, "20,10,100,100")
        XCTAssertEqual(held.json["revision"] as? Int, 1)
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document, "revision": "one"]).status, 422)
        // Without a revision: taken.
        let script = try HTTPClient.json(port, "/api/scenes/0", ["document": document])
        XCTAssertEqual(script.json["revision"] as? Int, 2, script.text)
    }

    /// A scene file changed on disk by another program (an editor, `git checkout`) was not read
    /// again: the page went on showing, and Save wrote back, the old one. Now a change is read
    /// (the scene event says so; a scene without unsaved edits becomes the file's), a file that is
    /// not a scene keeps the last good one and says why (file, instance, key), and a change under
    /// unsaved edits keeps them until the designer reloads the file or keeps the edits (then Save
    /// overwrites it).
    func testASceneFileChangedOnDiskIsReadAgain() throws {
        let root = try exampleComponents(["Gauge"])
        let file = root + "/board.json"
        let version = { (x: Int) in """
            {"size": "300x120", "instances": [
              {"class": "Gauge", "name": "cpu", "frame": "\(x),10,100,100"},
              {"class": "Gauge", "name": "disk", "frame": "150,10,100,100"}]}
            """ }
        try version(10).write(toFile: file, atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        let frames = { () throws -> [String] in
            let detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
            return ((detail.json["document"] as? [String: Any])?["instances"] as? [[String: Any]])?.compactMap { $0["frame"] as? String } ?? []
        }
        // Rewritten as an editor does (a new file renamed over it): read again, a new revision.
        try version(40).write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "reloaded" }, events.all.joined(separator: "\n"))
        XCTAssertNotNil(server.waitForLine(containing: "read board.json again: it changed on disk"))
        var detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(try frames(), ["40,10,100,100", "150,10,100,100"])
        XCTAssertEqual(detail.json["revision"] as? Int, 1)
        XCTAssertEqual(detail.json["dirty"] as? Bool, false)
        XCTAssertTrue(detail.json["fileError"] is NSNull, detail.text)
        // Written in place with a mistake: the last good scene stays, the error names file, instance, key.
        try Data(version(70).replacingOccurrences(of: "150,10,100,100", with: "oops").utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "invalid" }, events.all.joined(separator: "\n"))
        detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(try frames(), ["40,10,100,100", "150,10,100,100"], "the last good scene stays")
        let error = try XCTUnwrap(detail.json["fileError"] as? [String: Any], detail.text)
        XCTAssertEqual(error["file"] as? String, "board.json")
        XCTAssertEqual(error["instance"] as? String, "instances[1]")
        XCTAssertEqual(error["key"] as? String, "frame")
        XCTAssertTrue((error["message"] as? String ?? "").contains("instances[1].frame"), detail.text)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        // Fixed: read again, the error gone.
        try version(20).write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "reloaded" })
        XCTAssertEqual(try frames(), ["20,10,100,100", "150,10,100,100"])
        XCTAssertTrue(try HTTPClient.request(port, "GET", "/api/scenes/0").json["fileError"] is NSNull)

        // An unsaved edit, then the file changes: the edit is kept and the change said.
        var document = try XCTUnwrap(try HTTPClient.request(port, "GET", "/api/scenes/0").json["document"] as? [String: Any])
        var instances = try XCTUnwrap(document["instances"] as? [[String: Any]])
        instances[1]["frame"] = "160,20,100,100"
        document["instances"] = instances
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document]).status, 200)
        try version(90).write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "changedUnderEdits" }, events.all.joined(separator: "\n"))
        detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(detail.json["changedOnDisk"] as? Bool, true)
        XCTAssertEqual(detail.json["dirty"] as? Bool, true)
        XCTAssertEqual(try frames(), ["20,10,100,100", "160,20,100,100"], "the edits are not clobbered")
        // Keep the edits: the notice goes, and Save overwrites the file.
        let keep = try HTTPClient.json(port, "/api/scenes/0/keep", [:] as [String: Any])
        XCTAssertEqual(keep.json["changedOnDisk"] as? Bool, false, keep.text)
        XCTAssertEqual(try frames(), ["20,10,100,100", "160,20,100,100"])
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0/save", [:] as [String: Any]).status, 200)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("160,20,100,100"))
        // Another change under new edits; reload it from disk this time: the file's scene, no edits.
        instances[0]["frame"] = "25,10,100,100"
        document["instances"] = instances
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document]).status, 200)
        try version(33).write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "changedUnderEdits" })
        let reloaded = try HTTPClient.json(port, "/api/scenes/0/reload", [:] as [String: Any])
        XCTAssertEqual(reloaded.status, 200, reloaded.text)
        XCTAssertEqual(reloaded.json["dirty"] as? Bool, false)
        XCTAssertEqual(reloaded.json["changedOnDisk"] as? Bool, false)
        XCTAssertEqual(try frames(), ["33,10,100,100", "150,10,100,100"])
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0/undo", [:] as [String: Any]).status, 404)
        XCTAssertTrue(server.isRunning)
    }
}
