import Foundation
import XCTest

/// A scene's instances and file through `host serve`: held values that follow their instance, a file
/// deleted, new or kept unsaved, unknown variants and classes not loaded, an animation's last value.
extension ServeTests {
    /// Values held for a scene instance (the type each attribute was applied with, what was
    /// parked) were keyed by its place ("instances[0]"): removing an instance moved them onto the
    /// next one, whose `tint` (a String in Beta's build) was then dropped as "changed type from
    /// Color to String", Alpha's. And an edit was checked against the instance at its place: removing
    /// one put the next one's file frame (however large, which the file may hold) under the edit
    /// check, and the removal was refused. Instances have identities (`instanceIds`), which edits
    /// name; a script's edit without them is matched by name, and so is a file read again.
    func testValuesHeldForASceneInstanceFollowItWhenAnotherIsRemoved() throws {
        let alpha = try CFixture.build("evolving_plugin.c", defines: ["VERSION=1", "CLASS=Alpha", "COLOR=0x3366CC"], name: "evolving_v1_Alpha_0x3366CC")
        let beta = try CFixture.build("evolving_plugin.c", defines: ["VERSION=2", "CLASS=Beta", "COLOR=0x33CC66"], name: "evolving_v2_Beta_0x33CC66")
        let root = try exampleComponents(["Gauge"])
        try FileManager.default.copyItem(atPath: alpha, toPath: root + "/components/libAlpha.so")
        try FileManager.default.copyItem(atPath: beta, toPath: root + "/components/libBeta.so")
        try """
        {"size": "300x120", "instances": [
          {"class": "Alpha", "name": "a", "frame": "0,0,100,50", "attributes": {"tint": "#FF0000"}},
          {"class": "Beta", "name": "b", "frame": "110,0,100,50", "attributes": {"tint": "hello", "level": 4}}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        try """
        {"size": "300x120", "instances": [
          {"class": "Gauge", "name": "cpu", "frame": "10,10,100,100"},
          {"class": "Gauge", "name": "huge", "frame": "0,0,1e308,1e308"}]}
        """.write(toFile: root + "/wide.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json", "--scene", "wide.json"])
        defer { server.stop() }
        let instances = { (scene: Int) throws -> (ids: [Int], names: [String], document: [String: Any]) in
            let detail = try HTTPClient.request(port, "GET", "/api/scenes/\(scene)")
            let document = try XCTUnwrap(detail.json["document"] as? [String: Any], detail.text)
            let names = (document["instances"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            return (try XCTUnwrap(detail.json["instanceIds"] as? [Int], detail.text), names, document)
        }
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        let board = try instances(0)
        XCTAssertEqual(board.ids.count, 2)
        XCTAssertEqual(Set(board.ids).count, 2, "each instance its own identity")
        // Remove a: b is instances[0] now, and keeps its own values.
        var document = board.document
        document["instances"] = Array((document["instances"] as? [[String: Any]] ?? []).dropFirst())
        let removed = try HTTPClient.json(port, "/api/scenes/0", ["document": document, "instanceIds": Array(board.ids.dropFirst())])
        XCTAssertEqual(removed.status, 200, removed.text)
        XCTAssertEqual(try instances(0).ids, [board.ids[1]], "b is still b")
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(server.output.filter { $0.contains("dropped") }, [], "b's tint is b's, a String")
        // Identities that are not one per instance, or given twice: refused, naming the key.
        let twice = try HTTPClient.json(port, "/api/scenes/0", ["document": board.document, "instanceIds": [board.ids[1], board.ids[1]]])
        XCTAssertEqual(twice.status, 422, twice.text)
        XCTAssertTrue(twice.errorMessage.contains("instanceIds[1]: identity \(board.ids[1]) is given to two instances"), twice.text)
        let short = try HTTPClient.json(port, "/api/scenes/0", ["document": board.document, "instanceIds": [Int]()])
        XCTAssertTrue(short.errorMessage.contains("instanceIds: expected one identity per instance (2), found 0"), short.text)
        // Put a back (a new instance: null) before b: b keeps its identity, a gets a new one.
        let back = try HTTPClient.json(port, "/api/scenes/0", ["document": board.document, "instanceIds": [NSNull(), board.ids[1]]])
        XCTAssertEqual(back.status, 200, back.text)
        let again = try instances(0).ids
        XCTAssertEqual(again[1], board.ids[1])
        XCTAssertFalse(board.ids.contains(again[0]), "identities are never reused")
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(server.output.filter { $0.contains("dropped") }, [])
        // The removed instance put back with its identity (an undo): the same instance again; an
        // identity the server never gave: a new instance.
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": board.document, "instanceIds": board.ids]).status, 200)
        XCTAssertEqual(try instances(0).ids, board.ids)
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": board.document, "instanceIds": [board.ids[0], 999_999]]).status, 200)
        XCTAssertNotEqual(try instances(0).ids.last, 999_999)
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": board.document, "instanceIds": board.ids]).status, 200)

        // The first of two instances removed, the second's own (huge) frame unchanged: taken.
        let wide = try instances(1)
        document = wide.document
        document["instances"] = Array((document["instances"] as? [[String: Any]] ?? []).dropFirst())
        let first = try HTTPClient.json(port, "/api/scenes/1", ["document": document, "instanceIds": Array(wide.ids.dropFirst())])
        XCTAssertEqual(first.status, 200, first.text)
        // A script's edit without identities: matched by name (huge is still huge).
        let script = try HTTPClient.json(port, "/api/scenes/1", ["document": wide.document])
        XCTAssertEqual(script.status, 200, script.text)
        XCTAssertEqual(try instances(1).ids.last, wide.ids[1])
        // The file read again after a change on disk: the same instances keep theirs, by name.
        try """
        {"size": "300x120", "instances": [
          {"class": "Beta", "name": "b", "frame": "110,0,100,50", "attributes": {"tint": "hello"}},
          {"class": "Alpha", "name": "c", "frame": "0,0,100,50"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        _ = try HTTPClient.json(port, "/api/scenes/0/reload", [:] as [String: Any])
        let reread = try instances(0)
        XCTAssertEqual(reread.names, ["b", "c"])
        XCTAssertEqual(reread.ids[0], board.ids[1], "b is still b")
        XCTAssertFalse(board.ids.contains(reread.ids[1]) || again.contains(reread.ids[1]), "c is new")
        XCTAssertTrue(server.isRunning)
    }

    /// A scene file deleted on disk was only a notice: nothing in `GET /api/scenes/N` said so, and
    /// the page offered no Save until an edit. The scene stays open as it is (`deletedOnDisk`, also
    /// in the list), Save recreates the file, and a file put back is read again (under unsaved
    /// edits: said as any change is).
    func testASceneFileDeletedOnDiskStaysOpenAndSaveRecreatesIt() throws {
        let root = try exampleComponents(["Gauge"])
        let file = root + "/board.json"
        let text = """
            {"size": "300x120", "instances": [{"class": "Gauge", "name": "cpu", "frame": "10,10,100,100", "attributes": {"value": 40}}]}
            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0").json["deletedOnDisk"] as? Bool, false)
        try FileManager.default.removeItem(atPath: file)
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "removed" }, events.all.joined(separator: "\n"))
        XCTAssertNotNil(server.waitForLine(containing: "warning: board.json was deleted on disk; the scene stays open as it was (saving it in the designer writes the file again)"))
        let detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(detail.json["deletedOnDisk"] as? Bool, true, detail.text)
        XCTAssertTrue(detail.json["fileError"] is NSNull, detail.text)
        XCTAssertEqual((((detail.json["document"] as? [String: Any])?["instances"] as? [[String: Any]])?.first?["attributes"] as? [String: Any])?["value"] as? Int, 40,
                       "the scene stays open")
        XCTAssertEqual(((try HTTPClient.request(port, "GET", "/api/scenes").json["scenes"] as? [[String: Any]])?.first?["deletedOnDisk"]) as? Bool, true)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        // Save recreates it.
        let saved = try HTTPClient.json(port, "/api/scenes/0/save", [:] as [String: Any])
        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertEqual(saved.json["deletedOnDisk"] as? Bool, false, saved.text)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("\"value\": 40"), "recreated")
        // Deleted under unsaved edits, then put back: the edits kept, the change said.
        var document = try XCTUnwrap(detail.json["document"] as? [String: Any])
        document["size"] = "320x120"
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document]).status, 200)
        try FileManager.default.removeItem(atPath: file)
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "removed" })
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0").json["deletedOnDisk"] as? Bool, true)
        try text.replacingOccurrences(of: "40", with: "60").write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("scene") { $0["fileChange"] as? String == "changedUnderEdits" }, events.all.joined(separator: "\n"))
        let back = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(back.json["deletedOnDisk"] as? Bool, false)
        XCTAssertEqual(back.json["changedOnDisk"] as? Bool, true)
        XCTAssertEqual((back.json["document"] as? [String: Any])?["size"] as? String, "320x120", "the edits are kept")
        XCTAssertTrue(server.isRunning)
    }

    /// Scene edits live in the server: stopping it (Ctrl-C) lost those not saved, silently. They
    /// are kept beside the scene (board.unsaved.json, a scene file), the file itself untouched, and
    /// the next serve of the scene says they are there; a scene without edits leaves nothing. The
    /// kept file was never removed: the next serve offers it (`keptEdits`), refuses edits of the
    /// scene until it is restored or discarded, and Save (after a restore) or Discard removes it.
    func testStoppingServeKeepsUnsavedSceneEditsBesideTheScene() throws {
        let root = try exampleComponents(["Gauge"])
        let text = """
            {"size": "300x120", "instances": [{"class": "Gauge", "name": "cpu", "frame": "10,10,100,100"}]}
            """
        try text.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        try text.write(toFile: root + "/clean.json", atomically: true, encoding: .utf8)
        var (server, port) = try serve(root, ["--scene", "board.json", "--scene", "clean.json"])
        var document = try XCTUnwrap(try HTTPClient.request(port, "GET", "/api/scenes/0").json["document"] as? [String: Any])
        var instances = try XCTUnwrap(document["instances"] as? [[String: Any]])
        instances[0]["frame"] = "40,10,100,100"
        document["instances"] = instances
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document]).status, 200)
        server.stop()
        XCTAssertTrue(server.output.contains { $0 == "warning: board.json has edits that were not saved: they are kept in board.unsaved.json (the next serve of board.json offers to restore or discard them)" },
                      server.output.joined(separator: "\n"))
        XCTAssertEqual(try String(contentsOfFile: root + "/board.json", encoding: .utf8), text, "the scene's file untouched")
        let kept = try String(contentsOfFile: root + "/board.unsaved.json", encoding: .utf8)
        XCTAssertTrue(kept.contains("40,10,100,100"), kept)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/clean.unsaved.json"), "no edits, nothing kept")
        // A scene file: host render reads it. The next serve says the edits are there.
        XCTAssertEqual(try runHost(["render", "board.unsaved.json", "-o", "kept.png"], directory: root).status, 0)
        (server, port) = try serve(root, ["--scene", "board.json", "--scene", "clean.json"])
        XCTAssertTrue(server.output.contains("note: board.unsaved.json holds edits of board.json not saved when serve last stopped: the designer offers to restore or discard them"),
                      server.output.joined(separator: "\n"))
        var detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(detail.json["keptEdits"] as? String, "board.unsaved.json", detail.text)
        XCTAssertTrue(try HTTPClient.request(port, "GET", "/api/scenes/1").json["keptEdits"] is NSNull, "no kept edits of clean.json")
        // An edit before the choice is refused: it would be written over the kept ones at the next stop.
        document = try XCTUnwrap(detail.json["document"] as? [String: Any])
        document["size"] = "310x120"
        let refused = try HTTPClient.json(port, "/api/scenes/0", ["document": document])
        XCTAssertEqual(refused.status, 422, refused.text)
        XCTAssertEqual((refused.json["error"] as? [String: Any])?["message"] as? String,
                       "board.json: the edits a previous serve kept in board.unsaved.json are not restored or discarded yet: choose one first (POST /api/scenes/0/restore or /discard; the page's Restore unsaved edits or Discard), so that neither is lost")
        // Stopped without a choice: the kept edits stay as they were, offered again.
        server.stop()
        XCTAssertEqual(try String(contentsOfFile: root + "/board.unsaved.json", encoding: .utf8), kept)
        (server, port) = try serve(root, ["--scene", "board.json"])
        // Restore: the open scene's unsaved edits; the file stays until Save, which removes it.
        let restored = try HTTPClient.json(port, "/api/scenes/0/restore", [:] as [String: Any])
        XCTAssertEqual(restored.status, 200, restored.text)
        XCTAssertTrue(restored.json["keptEdits"] is NSNull)
        XCTAssertEqual(restored.json["dirty"] as? Bool, true)
        let frame = ((restored.json["document"] as? [String: Any])?["instances"] as? [[String: Any]])?.first?["frame"] as? String
        XCTAssertEqual(frame, "40,10,100,100", restored.text)
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0/restore", [:] as [String: Any]).status, 404, "restored once")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/board.unsaved.json"), "their only copy on disk until saved")
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0/save", [:] as [String: Any]).status, 200)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/board.unsaved.json"), "saved: the kept edits are the file's")
        XCTAssertTrue(try String(contentsOfFile: root + "/board.json", encoding: .utf8).contains("40,10,100,100"))
        server.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/board.unsaved.json"), "nothing unsaved at the stop")
        // Discard: the file is removed, the scene stays as its file says, and edits go through.
        try text.write(toFile: root + "/board.unsaved.json", atomically: true, encoding: .utf8)
        (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        detail = try HTTPClient.json(port, "/api/scenes/0/discard", [:] as [String: Any])
        XCTAssertEqual(detail.status, 200, detail.text)
        XCTAssertTrue(detail.json["keptEdits"] is NSNull)
        XCTAssertEqual(detail.json["dirty"] as? Bool, false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/board.unsaved.json"))
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0/discard", [:] as [String: Any]).status, 404, "discarded once")
        document = try XCTUnwrap(detail.json["document"] as? [String: Any])
        document["size"] = "310x120"
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document]).status, 200)
        XCTAssertTrue(server.isRunning)
    }

    /// A scene naming a variant its class does not declare: the error had no class field (only its
    /// message named it) and no "did you mean"; a near miss is suggested as class names are.
    func testAnUnknownVariantInASceneNamesItsClassAndANearMiss() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        try #"{"size": "200x60", "instances": [{"class": "RoundedCornerButton", "name": "ok", "variant": "rounde", "frame": "0,0,120,44"}]}"#
            .write(toFile: root + "/typo.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "typo.json"])
        defer { server.stop() }
        let refused = try HTTPClient.request(port, "GET", "/api/scenes/0/preview")
        XCTAssertEqual(refused.status, 422, refused.text)
        let error = try XCTUnwrap(refused.json["error"] as? [String: Any], refused.text)
        XCTAssertEqual(error["className"] as? String, "RoundedCornerButton", refused.text)
        XCTAssertEqual(error["message"] as? String, "typo.json: class RoundedCornerButton: instances[0].variant: no variant 'rounde' (did you mean 'rounded'? expected one of: square, rounded, pill)")
        // POST /api/render of a scene with a mistyped class: suggested as `host render` suggests it.
        let scene: [String: Any] = ["size": "200x60", "instances": [["class": "RoundedCornerButon", "frame": "0,0,120,44"]]]
        let missing = try HTTPClient.json(port, "/api/render", ["scene": scene])
        XCTAssertEqual(missing.status, 404, missing.text)
        XCTAssertEqual((missing.json["error"] as? [String: Any])?["message"] as? String,
                       "request body: scene: instances[0].class: no class named 'RoundedCornerButon' (did you mean RoundedCornerButton?)", missing.text)
        XCTAssertTrue(server.isRunning)
    }

    /// Instances of a class no build provides were a warning line each, at every render of the
    /// scene (five Gauges: five lines, and five notices in the page, pushing the others out): one
    /// line per class names its instances.
    func testInstancesOfAClassNotLoadedAreOneWarningLine() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "300x120", "instances": [
          {"class": "Missing", "frame": "0,0,10,10"}, {"class": "Gauge", "frame": "20,0,50,50"},
          {"class": "Missing", "frame": "0,20,10,10"}, {"class": "Gone", "frame": "0,40,10,10"},
          {"class": "Guage", "frame": "0,60,10,10"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        XCTAssertNotNil(server.waitForLine(containing: "warning: board.json: instances[0], instances[2]: no class Missing loaded; skipped"),
                        server.output.joined(separator: "\n"))
        XCTAssertEqual(server.output.filter { $0.contains("no class Gone loaded") }.first?.trimmingCharacters(in: .whitespaces),
                       "warning: board.json: instances[3]: no class Gone loaded; skipped")
        // A near miss of a loaded class is suggested, as the CLI suggests class names.
        XCTAssertNotNil(server.waitForLine(containing: "warning: board.json: instances[4]: no class Guage loaded (did you mean Gauge?); skipped"),
                        server.output.joined(separator: "\n"))
        XCTAssertEqual(server.output.filter { $0.contains("board.json: instances[2]: no class") }, [], "not a line of its own")
    }

    /// `host serve --scene new.json` with no such file was refused (66): there was no way to start
    /// a scene in the designer. A scene file that does not exist yet, in a folder that does, opens
    /// as a new, empty scene (`newFile`, not on disk), and Save creates it; a missing folder, or a
    /// name that is not .json, is refused as before.
    func testASceneFileThatDoesNotExistYetIsANewSceneThatSaveCreates() throws {
        let root = try exampleComponents(["Gauge"])
        XCTAssertEqual(try runHost(["serve", "--port", "0", "--scene", "nowhere/new.json"], directory: root).status, 66)
        XCTAssertEqual(try runHost(["serve", "--port", "0", "--scene", "new.txt"], directory: root).status, 66)
        let (server, port) = try serve(root, ["--scene", "new.json"])
        defer { server.stop() }
        XCTAssertTrue(server.output.contains("note: new.json does not exist yet: a new, empty scene (Save scene in the designer creates it)"),
                      server.output.joined(separator: "\n"))
        let detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        XCTAssertEqual(detail.json["newFile"] as? Bool, true, detail.text)
        XCTAssertEqual(detail.json["deletedOnDisk"] as? Bool, true)
        var document = try XCTUnwrap(detail.json["document"] as? [String: Any])
        XCTAssertEqual(document["size"] as? String, "400x300")
        XCTAssertEqual((document["instances"] as? [Any])?.count, 0)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/scenes/0/preview").status, 200)
        document["instances"] = [["class": "Gauge", "name": "cpu", "frame": "10,10,100,100"]]
        XCTAssertEqual(try HTTPClient.json(port, "/api/scenes/0", ["document": document, "instanceIds": [NSNull()]]).status, 200)
        let saved = try HTTPClient.json(port, "/api/scenes/0/save", [:] as [String: Any])
        XCTAssertEqual(saved.status, 200, saved.text)
        XCTAssertEqual(saved.json["newFile"] as? Bool, false)
        XCTAssertEqual(try runHost(["render", "new.json", "-o", "new.png"], directory: root).status, 0, "a scene file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/nowhere"))
        XCTAssertTrue(server.isRunning)
        // A new scene left empty and unsaved is nothing to keep when serve stops.
        let (other, _) = try serve(root, ["--scene", "other.json"])
        other.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/other.unsaved.json"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/other.json"))
    }

    /// An animation whose last step is drawn by the designer's own render (the page asks for frames
    /// as they are announced) rather than by a frame of the session's: the value it ends at was not
    /// held (progress stayed at the step before, 74.99…, and the page showed it). A render that
    /// changes values holds them, as a frame does.
    func testTheValueAnAnimationEndsAtIsHeldWhateverDrawsItsLastStep() throws {
        let root = try exampleComponents(["CircularProgressBar"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let action = try HTTPClient.json(port, "/api/actions", ["class": "CircularProgressBar", "action": "animateTo", "argument": 75])
        XCTAssertEqual(action.status, 200, action.text)
        // As the page does, faster: previews asked for while the animation plays, and after its end.
        let end = Date().addingTimeInterval(1.5)
        while Date() < end {
            XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=CircularProgressBar").status, 200)
        }
        let detail = try HTTPClient.request(port, "GET", "/api/classes/CircularProgressBar")
        let progress = ((detail.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "progress" }
        XCTAssertEqual(progress?["valueText"] as? String, "75", detail.text)
    }
}
