import Foundation
import XCTest

/// `host serve` over real sockets: every endpoint, the error JSON, each security rule, concurrent
/// clients, events, and plugins that crash without taking the server down.
final class ServeTests: XCTestCase {
    /// A folder holding the Gauge example and an empty `src/`, served with `--build COMMAND --sources
    /// src`, and an event stream that was greeted: what the build tests start from.
    func buildProject(_ command: String, test: String = #function) throws -> (root: String, server: WatchProcess, events: EventStreamClient) {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")], test: test)
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        let (server, port) = try serve(root, ["--build", command, "--sources", "src"])
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        return (root, server, events)
    }

    /// A `host serve` of the stalling fixture (in a new folder, or added to `root`'s components)
    /// with `--timeout`, its workers writing their pids to `pids`, and `stall` set: its next draw
    /// hangs (until the budget ends it).
    func stallingServer(_ root: String? = nil, timeout: String, _ extra: [String] = [], test: String = #function) throws
        -> (root: String, pids: String, server: WatchProcess, port: UInt16) {
        let stalling = try CFixture.build("stalling_plugin.c")
        let folder: String
        if let root {
            try FileManager.default.copyItem(atPath: stalling, toPath: root + "/components/libStalling.so")
            folder = root
        } else {
            folder = try componentsFolder(["libStalling.so": stalling], test: test)
        }
        let pids = folder + "/pids.txt"
        let (server, port) = try serve(folder, ["--timeout", timeout] + extra, environment: ["EASEL_TEST_PID_FILE": pids])
        XCTAssertEqual(try HTTPClient.json(port, "/api/values", ["class": "Stalling", "values": ["stall": true]]).status, 200)
        return (folder, pids, server, port)
    }

    /// A `host serve --port 0` in `root`, and the port it printed.
    func serve(_ root: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws -> (WatchProcess, UInt16) {
        let process = try WatchProcess(["--port", "0"] + arguments, directory: root, command: "serve", environment: environment)
        let line = process.waitForLine(containing: "serving the designer at http://") ?? ""
        let port = line.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }
        return (process, try XCTUnwrap(port, line))
    }

    func faulty(_ fault: String) throws -> String {
        try CFixture.build("faulty_plugin.c", defines: ["FAULT=\(fault)"], name: "faulty_\(fault)")
    }

    func testClassesAndOneClassAsTheCLIShowsThem() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        // A second file with the same class: shadowed, with a warning, as host list says.
        try FileManager.default.copyItem(atPath: try TestPaths.example("Gauge"), toPath: root + "/components/libZGauge.so")
        let (server, port) = try serve(root)
        defer { server.stop() }
        let classes = try HTTPClient.request(port, "GET", "/api/classes")
        XCTAssertEqual((classes.json["warnings"] as? [String])?.first,
                       "class Gauge is registered by both ./components/libGauge.so and ./components/libZGauge.so; using ./components/libGauge.so (it comes first on the search path)")
        XCTAssertEqual(classes.status, 200)
        XCTAssertEqual(classes.headers["content-type"], "application/json")
        XCTAssertEqual(classes.json["schema"] as? String, "easel.serve/1")
        let plugins = try XCTUnwrap(classes.json["plugins"] as? [[String: Any]])
        let names = plugins.flatMap { ($0["classes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        XCTAssertEqual(names, ["Gauge", "RoundedCornerButton", "Gauge"])
        XCTAssertEqual(plugins.flatMap { ($0["classes"] as? [[String: Any]] ?? []).compactMap { $0["registered"] as? Bool } }, [true, true, false])
        // The same plugin objects as `host list --json`, plus the designer's keys.
        let list = try runHost(["list", "--json"], directory: root)
        let listed = try XCTUnwrap((try JSONSerialization.jsonObject(with: list.stdoutData) as? [String: Any])?["plugins"] as? [[String: Any]])
        XCTAssertEqual(listed.map { $0["id"] as? String }, plugins.map { $0["id"] as? String })
        XCTAssertEqual(listed.map { $0["path"] as? String }, plugins.map { $0["path"] as? String })

        let button = try HTTPClient.request(port, "GET", "/api/classes/RoundedCornerButton")
        XCTAssertEqual(button.status, 200)
        let cls = try XCTUnwrap(button.json["class"] as? [String: Any])
        let inspect = try runHost(["inspect", "RoundedCornerButton", "--json"], directory: root)
        let inspected = try XCTUnwrap(((try JSONSerialization.jsonObject(with: inspect.stdoutData) as? [String: Any])?["classes"] as? [[String: Any]])?.first)
        XCTAssertEqual((cls["properties"] as? [[String: Any]])?.map { $0["name"] as? String },
                       (inspected["properties"] as? [[String: Any]])?.map { $0["name"] as? String })
        let radius = (cls["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "cornerRadius" }
        XCTAssertEqual(radius?["displayName"] as? String, "Corner Radius")

        let missing = try HTTPClient.request(port, "GET", "/api/classes/RoundedCornerButon")
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.errorMessage.contains("did you mean RoundedCornerButton?"), missing.text)
        let nowhere = try HTTPClient.request(port, "GET", "/api/nothing")
        XCTAssertEqual(nowhere.status, 404)
        XCTAssertEqual(nowhere.json["schema"] as? String, "easel.serve/1")
        let page = try HTTPClient.request(port, "GET", "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.headers["content-type"]?.hasPrefix("text/html") ?? false)
        XCTAssertTrue(server.isRunning)
    }

    func testRenderIsPixelIdenticalToHostRender() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        for (cls, attributes, sets, scale) in [
            ("RoundedCornerButton", ["cornerRadius": 22] as [String: Any], ["cornerRadius=22"], 2.0),
            ("Gauge", ["value": 80, "style": "pie", "label": "公积金"], ["value=80", "style=pie", "label=公积金"], 1.0),
        ] {
            let reply = try HTTPClient.json(port, "/api/render", ["class": cls, "attributes": attributes, "scale": scale, "size": "160x120"])
            XCTAssertEqual(reply.status, 200, reply.text)
            XCTAssertEqual(reply.headers["content-type"], "image/png")
            let cli = try runHost(["render", cls, "-o", "cli.png", "--scale", "\(scale)", "--size", "160x120"] + sets.flatMap { ["--set", $0] }, directory: root)
            XCTAssertEqual(cli.status, 0, cli.stderr)
            try assertSamePixels(try PNGFile(bytes: reply.body), try PNGFile(root + "/cli.png"), cls)
        }
        let svg = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "format": "svg"])
        XCTAssertEqual(svg.headers["content-type"], "image/svg+xml")
        XCTAssertTrue(svg.text.contains("<svg"))
        let pdf = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "format": "pdf"])
        XCTAssertEqual(pdf.headers["content-type"], "application/pdf")
        XCTAssertEqual(Array(pdf.body.prefix(4)), Array("%PDF".utf8))
        // Errors: the host's message, with file, class, property.
        let bad = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "attributes": ["value": 120]])
        XCTAssertEqual(bad.status, 422)
        let error = try XCTUnwrap(bad.json["error"] as? [String: Any])
        XCTAssertEqual(error["className"] as? String, "Gauge")
        XCTAssertEqual(error["property"] as? String, "value")
        XCTAssertTrue((error["message"] as? String ?? "").contains("120 is outside the range 0…100"), bad.text)
        XCTAssertTrue((error["file"] as? String ?? "").hasSuffix("libGauge.so"))
        let huge = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "size": "100000x100000"])
        XCTAssertEqual(huge.status, 422, huge.text)
        let unknownKey = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "colour": "red"])
        XCTAssertEqual(unknownKey.status, 422)
        XCTAssertTrue(unknownKey.errorMessage.contains("colour: unknown key"), unknownKey.text)
        let scene = try HTTPClient.json(port, "/api/render", ["scene": ["size": "200x100", "instances": [
            ["class": "Gauge", "frame": "0,0,100,100", "attributes": ["value": 30]]]]])
        XCTAssertEqual(scene.status, 200, scene.text)
    }

    func testValuesAreCheckedAndThePreviewShowsThem() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let refused = try HTTPClient.json(port, "/api/values", ["class": "Gauge", "values": ["value": 150]])
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(refused.errorMessage.contains("150 is outside the range 0…100"), refused.text)
        let wrongType = try HTTPClient.json(port, "/api/values", ["class": "Gauge", "values": ["style": "hexagon"]])
        XCTAssertEqual(wrongType.status, 422)
        let set = try HTTPClient.json(port, "/api/values", ["class": "Gauge", "values": ["value": 42, "style": "bar"]])
        XCTAssertEqual(set.status, 200, set.text)
        let value = ((set.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "value" }
        XCTAssertEqual(value?["valueText"] as? String, "42")
        XCTAssertEqual(value?["held"] as? Bool, true)
        let preview = try HTTPClient.request(port, "GET", "/api/preview?class=Gauge&scale=2")
        XCTAssertEqual(preview.status, 200, preview.text)
        let rendered = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "scale": 2, "attributes": ["value": 42, "style": "bar"]])
        try assertSamePixels(try PNGFile(bytes: preview.body), try PNGFile(bytes: rendered.body), "preview")
        // Reset to the default.
        let reset = try HTTPClient.json(port, "/api/values", ["class": "Gauge", "values": ["value": NSNull()]])
        let properties = (reset.json["class"] as? [String: Any])?["properties"] as? [[String: Any]] ?? []
        let after = properties.first { $0["name"] as? String == "value" }
        // Every property has its current value, with whether the designer holds it (valueText was null
        // for a property at its default).
        XCTAssertEqual(after?["valueText"] as? String, "42", "the default")
        XCTAssertEqual(after?["held"] as? Bool, false)
        XCTAssertEqual(properties.compactMap { $0["held"] as? Bool }, [false, true, false, false, false, false, false], "style=bar is still held")
        let notHeld = properties.filter { $0["held"] as? Bool == false }
        XCTAssertEqual(notHeld.map { $0["valueText"] as? String }, notHeld.map { $0["defaultText"] as? String })
        // A scale outside the renderer's 0.1…16 reached Cairo ("invalid matrix"), a 500 blaming libGauge.so.
        let tiny = try HTTPClient.request(port, "GET", "/api/preview?class=Gauge&scale=1e-300")
        XCTAssertEqual(tiny.status, 422, tiny.text)
        XCTAssertTrue(tiny.errorMessage.contains("scale '1e-300' is not a scale from 0.1 to 16"), tiny.text)
        let tinyRender = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "scale": 1e-300])
        XCTAssertEqual(tinyRender.status, 422, tinyRender.text)
        XCTAssertTrue(tinyRender.errorMessage.contains("scale: expected a number of pixels per point from 0.1 to 16"), tinyRender.text)
    }

    /// A preview asked for at a size and then without one stayed at that size (the live instance kept
    /// the frame it was last drawn at): without a size it is the class's natural size again, what a
    /// one-shot `host render` draws.
    func testAPreviewWithoutASizeIsAtTheNaturalSizeAgain() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        for cls in ["RoundedCornerButton", "Gauge"] {
            let cli = try runHost(["render", cls, "-o", "\(cls).png"], directory: root)
            XCTAssertEqual(cli.status, 0, cli.stderr)
            let natural = try PNGFile(root + "/\(cls).png")
            let resized = try PNGFile(bytes: try HTTPClient.request(port, "GET", "/api/preview?class=\(cls)&size=300x50").body)
            XCTAssertEqual([resized.width, resized.height], [300, 50], cls)
            let again = try PNGFile(bytes: try HTTPClient.request(port, "GET", "/api/preview?class=\(cls)").body)
            XCTAssertEqual([again.width, again.height], [natural.width, natural.height], "\(cls): back at its natural size")
            try assertSamePixels(again, natural, cls)
        }
    }

    /// What is known goes into an error: a size `POST /api/render` refuses named no class, file or
    /// phase. And the page is never shown inside another site's frame.
    func testErrorsNameWhatIsKnownAndThePageRefusesFraming() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let bad = try HTTPClient.json(port, "/api/render", ["class": "Gauge", "size": "0x10"])
        XCTAssertEqual(bad.status, 422, bad.text)
        let error = try XCTUnwrap(bad.json["error"] as? [String: Any], bad.text)
        XCTAssertEqual(error["className"] as? String, "Gauge", bad.text)
        XCTAssertTrue((error["file"] as? String ?? "").hasSuffix("libGauge.so"), bad.text)
        XCTAssertEqual(error["phase"] as? String, "render", bad.text)
        XCTAssertTrue(bad.errorMessage.contains("width and height must be greater than 0"), bad.text)
        for path in ["/", "/app.js", "/app.css"] {
            let page = try HTTPClient.request(port, "GET", path)
            XCTAssertEqual(page.status, 200, path)
            XCTAssertEqual(page.headers["x-frame-options"], "DENY", path)
            XCTAssertTrue(page.headers["content-security-policy"]?.contains("frame-ancestors 'none'") ?? false, "\(path): \(page.headers)")
        }
    }

    /// The Image chooser of an instance in a scene listed nothing: a scene's detail names the image
    /// resources of each class's plugin, as `GET /api/classes/NAME` does for the class alone.
    func testASceneListsTheResourcesOfItsClasses() throws {
        let root = try exampleComponents(["FancyButton", "Gauge"])
        try """
        {"size": "400x120", "instances": [
          {"class": "FancyButton", "name": "fancy", "frame": "10,10,220,50"},
          {"class": "Gauge", "name": "gauge", "frame": "250,10,100,100"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (server, port) = try serve(root, ["--scene", "board.json"])
        defer { server.stop() }
        let alone = try HTTPClient.request(port, "GET", "/api/classes/FancyButton").json["resources"] as? [String]
        XCTAssertEqual(alone, [try resourceImage(root)])
        let detail = try HTTPClient.request(port, "GET", "/api/scenes/0")
        let resources = try XCTUnwrap(detail.json["resources"] as? [String: [String]], detail.text)
        XCTAssertEqual(resources["FancyButton"], alone)
        XCTAssertEqual(resources["Gauge"], [])
    }

    /// `POST /api/actions` through `host serve`: an action with an argument is checked first; what an
    /// action reports changing (property_changed) becomes the held value; an animation it starts
    /// reaches the event stream as `redraw` events, and the preview then shows its last frame.
    func testActionsReportValuesAndAnimateAsRedrawEvents() throws {
        let root = try componentsFolder(["libExtensions.so": try CFixture.build("extensions_plugin.c", defines: ["MODE=good"])])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        let held = { (reply: HTTPReply, name: String) -> String? in
            ((reply.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == name }?["valueText"] as? String
        }
        let bump = try HTTPClient.json(port, "/api/actions", ["class": "Extended", "action": "bump"])
        XCTAssertEqual(bump.status, 200, bump.text)
        XCTAssertEqual(held(bump, "level"), "4", bump.text)
        let refused = try HTTPClient.json(port, "/api/actions", ["class": "Extended", "action": "setLevel", "argument": 11])
        XCTAssertEqual(refused.status, 422, refused.text)
        XCTAssertTrue(refused.errorMessage.contains("11 is outside the range 0…10"), refused.text)
        let set = try HTTPClient.json(port, "/api/actions", ["class": "Extended", "action": "setLevel", "argument": 7])
        XCTAssertEqual(held(set, "level"), "7", set.text)
        let unknown = try HTTPClient.json(port, "/api/actions", ["class": "Extended", "action": "explode"])
        XCTAssertEqual(unknown.status, 422, unknown.text)
        let started = events.mark
        XCTAssertEqual(try HTTPClient.json(port, "/api/actions", ["class": "Extended", "action": "animate"]).status, 200)
        let redraw = events.waitFor("redraw", since: started) { $0["className"] as? String == "Extended" }
        XCTAssertNotNil(redraw, events.all.joined(separator: "\n"))
        XCTAssertGreaterThan(redraw?["frame"] as? Int ?? 0, 1)
        XCTAssertNotNil(events.waitFor("notice", since: started) { ($0["text"] as? [String])?.first?.hasPrefix("Extended: animated") == true },
                        events.all.joined(separator: "\n"))
        let last = try PNGFile(bytes: try HTTPClient.request(port, "GET", "/api/preview?class=Extended").body)
        XCTAssertEqual(last.pixel(38, 2), RGBA(r: 255, g: 255, b: 255, a: 255), "the end of the animation: the bar is full")
        XCTAssertTrue(server.isRunning)
    }

    /// The canvas's downloads: PNG, SVG and PDF of the current view, as attachments named after the class.
    func testPreviewDownloadsInEachFormat() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        for (format, type, magic) in [("png", "image/png", "\u{89}PNG"), ("svg", "image/svg+xml", "<?xml"), ("pdf", "application/pdf", "%PDF")] {
            let reply = try HTTPClient.request(port, "GET", "/api/preview?class=Gauge&format=\(format)&download=1")
            XCTAssertEqual(reply.status, 200, format)
            XCTAssertEqual(reply.headers["content-type"], type, format)
            XCTAssertEqual(reply.headers["content-disposition"], "attachment; filename=\"Gauge.\(format)\"", format)
            XCTAssertEqual(Array(reply.body.prefix(magic.unicodeScalars.count)), magic.unicodeScalars.map { UInt8($0.value) }, format)
        }
    }

    func resourceImage(_ root: String) throws -> String {
        let dir = root + "/components/FancyButton.resources"
        let names = try FileManager.default.subpathsOfDirectory(atPath: dir).filter { $0.hasSuffix(".svg") }
        return try XCTUnwrap(names.sorted().first)
    }

    func assertSamePixels(_ a: PNGFile, _ b: PNGFile, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(a.width, b.width, what, file: file, line: line)
        XCTAssertEqual(a.height, b.height, what, file: file, line: line)
        guard a.width == b.width, a.height == b.height else { return }
        var differing = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x, y) != b.pixel(x, y) { differing += 1 } }
        XCTAssertEqual(differing, 0, "\(what): pixels differ", file: file, line: line)
    }
}
