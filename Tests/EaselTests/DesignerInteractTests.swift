import CCairo
import Foundation
import XCTest

/// The designer's live component over real sockets (issue 22): `POST /api/pointer` drives a class's
/// live instance and answers the frame after the event; `GET|POST /api/traits` show every class
/// with the designer's appearance, direction and text size (DesignerServer+Interact.swift).
final class DesignerInteractTests: XCTestCase {
    /// A `host serve --port 0` in `root`, and its port.
    func serve(_ root: String, _ arguments: [String] = []) throws -> (WatchProcess, UInt16) {
        let process = try WatchProcess(["--port", "0"] + arguments, directory: root, command: "serve")
        let line = process.waitForLine(containing: "serving the designer at http://") ?? ""
        let port = line.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }
        return (process, try XCTUnwrap(port, line))
    }

    /// The picture's pixels (decoded with Cairo), with its size; nil for bytes that are no PNG.
    func pixels(_ png: [UInt8]) -> (width: Int, height: Int, bytes: [UInt8])? {
        guard let surface = decodePNG(png) else { return nil }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return (w, h, Array(UnsafeBufferPointer(start: data, count: stride * h)))
    }

    func assertSamePixels(_ a: [UInt8], _ b: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let x = pixels(a), y = pixels(b)
        XCTAssertNotNil(x, what, file: file, line: line)
        XCTAssertTrue(x?.width == y?.width && x?.height == y?.height && x?.bytes == y?.bytes, what, file: file, line: line)
    }

    func assertOtherPixels(_ a: [UInt8], _ b: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let x = pixels(a), y = pixels(b)
        XCTAssertNotNil(x, what, file: file, line: line)
        XCTAssertNotNil(y, what, file: file, line: line)
        XCTAssertFalse(x?.bytes == y?.bytes, what, file: file, line: line)
    }

    func pointer(_ port: UInt16, _ body: [String: Any]) throws -> HTTPReply {
        try HTTPClient.json(port, "/api/pointer", body)
    }

    /// Held down, Rounded Corner Button looks pressed (the frame answered and the canvas's next
    /// preview alike); released, it looks as it did before, and says it sent touchUpInside.
    func testAPointerHeldOnAButtonPressesItAndReleasingRestoresIt() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let before = try HTTPClient.request(port, "GET", "/api/preview?class=RoundedCornerButton&scale=2")
        XCTAssertEqual(before.status, 200)
        let down = try pointer(port, ["class": "RoundedCornerButton", "phase": "down", "x": 40, "y": 20, "scale": 2])
        XCTAssertEqual(down.status, 200, down.text)
        XCTAssertEqual(down.headers["content-type"], "image/png")
        XCTAssertEqual(down.headers["x-easel-handled"], "true")
        XCTAssertEqual(down.headers["x-easel-actions"], "touchDown")
        XCTAssertTrue(down.headers["server-timing"]?.hasPrefix("render;dur=") ?? false, "\(down.headers)")
        assertOtherPixels(down.body, before.body, "pressed, the button looks pressed")
        let shown = try HTTPClient.request(port, "GET", "/api/preview?class=RoundedCornerButton&scale=2")
        assertSamePixels(shown.body, down.body, "the canvas's next preview shows the live instance, pressed")
        let up = try pointer(port, ["class": "RoundedCornerButton", "phase": "up", "x": 40, "y": 20, "scale": 2])
        XCTAssertEqual(up.status, 200, up.text)
        XCTAssertTrue(up.headers["x-easel-actions"]?.split(separator: ",").contains("touchUpInside") ?? false, "\(up.headers)")
        assertSamePixels(up.body, before.body, "released, it looks as it did before it was pressed")
        XCTAssertTrue(server.isRunning)
    }

    /// Every frame a pointer answers is what `host render` draws, however many came before: the live
    /// frames' encoder keeps the deflated bands of rows that did not change (LiveFrameEncoder), and
    /// they still decode to the same pixels, at 2× and at 1× in turn, and after an edit.
    func testPointerFramesDecodeToThePixelsHostRenderDraws() throws {
        let root = try exampleComponents(["Rainbow"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        var expected: [Double: [UInt8]] = [:]
        for scale in [1.0, 2.0] {
            let file = root + "/rainbow-\(Int(scale)).png"
            XCTAssertEqual(try runHost(["render", "Rainbow", "--scale", "\(Int(scale))", "-o", file], directory: root).status, 0)
            expected[scale] = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        }
        for (i, phase) in ["down", "move", "up", "down", "up"].enumerated() {
            let scale = i == 3 ? 1.0 : 2.0
            let reply = try pointer(port, ["class": "Rainbow", "phase": phase, "x": 300 + i, "y": 217, "scale": scale])
            XCTAssertEqual(reply.status, 200, reply.text)
            assertSamePixels(reply.body, expected[scale]!, "\(phase) (event \(i + 1)) at \(Int(scale))×, as host render draws it")
        }
        let edit = try HTTPClient.json(port, "/api/values", ["class": "Rainbow", "values": ["capRadius": 40]])
        XCTAssertEqual(edit.status, 200, edit.text)
        let file = root + "/rainbow-caps.png"
        XCTAssertEqual(try runHost(["render", "Rainbow", "--scale", "2", "--set", "capRadius=40", "-o", file], directory: root).status, 0)
        let edited = try pointer(port, ["class": "Rainbow", "phase": "down", "x": 300, "y": 217, "scale": 2])
        assertSamePixels(edited.body, Array(try Data(contentsOf: URL(fileURLWithPath: file))), "after an edit, as host render --set draws it")
        assertOtherPixels(edited.body, expected[2]!, "the edit shows")
    }

    /// Dragging Gauge sets its value (easel.input/1 in C): the property changed is named, held (the
    /// class's detail reads it back) and announced to every page (the `values` event).
    func testAPointerThatChangesAValueHoldsItAndTellsThePages() throws {
        let root = try exampleComponents(["Gauge"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        let down = try pointer(port, ["class": "Gauge", "phase": "down", "x": 20, "y": 60, "size": "120x120"])
        XCTAssertEqual(down.status, 200, down.text)
        XCTAssertEqual(down.headers["x-easel-changed"], "value")
        XCTAssertEqual(down.headers["x-easel-actions"], "valueChanged")
        XCTAssertEqual(pixels(down.body)?.width, 120, "the frame is drawn at the size the canvas shows")
        XCTAssertNotNil(events.waitFor("values") { $0["className"] as? String == "Gauge" })
        let detail = try HTTPClient.request(port, "GET", "/api/classes/Gauge")
        let value = ((detail.json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "value" }
        XCTAssertNotEqual(value?["valueText"] as? String, value?["defaultText"] as? String, "the value dragged is held: \(value ?? [:])")
    }

    /// Bad pointer requests are refused with what was expected, before any plugin code runs; a class
    /// that takes no input says so (and how to go on).
    func testBadPointerRequestsAreRefusedWithWhatWasExpected() throws {
        let root = try componentsFolder(["libAllTypes.so": try CFixture.build("all_types.c"),
                                         "libGauge.so": try TestPaths.example("Gauge")])
        let (server, port) = try serve(root)
        defer { server.stop() }
        for (body, status, message) in [
            (["class": "Gauge", "phase": "hover", "x": 1, "y": 1], 422, "request body: phase: expected one of: down, move, up, cancel, enter, leave"),
            (["class": "Gauge", "phase": "down", "x": 1], 422, "request body: expected \"x\" and \"y\" (the pointer in the instance's points)"),
            (["class": "Gauge", "phase": "down", "x": true, "y": 1], 422, "request body: x: expected a number"),
            (["class": "Gauge", "phase": "down", "x": 1, "y": 1, "button": 1.5], 422, "request body: button: expected a whole number from 0 to 31"),
            (["class": "Gauge", "phase": "down", "x": 1, "y": 1, "colour": "red"], 422, "request body: colour: unknown key"),
            (["class": "Gauge", "phase": "down", "x": 1, "y": 1, "scale": 99], 422, "request body: scale: expected a number of pixels per point from 0.1 to 16"),
            (["class": "Gaug", "phase": "down", "x": 1, "y": 1], 404, "no class named 'Gaug' is loaded (did you mean Gauge?)"),
            (["class": "AllTypes", "phase": "down", "x": 1, "y": 1], 422, "takes no pointer input"),
        ] as [([String: Any], Int, String)] {
            let reply = try pointer(port, body)
            XCTAssertEqual(reply.status, status, "\(body): \(reply.text)")
            XCTAssertTrue(reply.errorMessage.contains(message), "\(body): \(reply.errorMessage)")
        }
        let refused = try pointer(port, ["class": "AllTypes", "phase": "down", "x": 1, "y": 1])
        XCTAssertTrue(refused.errorMessage.contains("turn Interact off to edit it"), refused.errorMessage)
        XCTAssertEqual((refused.json["error"] as? [String: Any])?["className"] as? String, "AllTypes")
        XCTAssertTrue(server.isRunning)
    }

    /// Appearance dark: the class's preview and thumbnail are drawn again dark, as `host render
    /// --trait appearance=dark` draws it, and every page hears the `traits` event; back to light,
    /// as before. Right-to-left mirrors Tax Rate Row. A trait or value that does not exist is refused
    /// with the valid ones, and nothing changes.
    func testTraitsRedrawEveryClassAsTheCommandLineDrawsThem() throws {
        let root = try exampleComponents(["RoundedCornerButton", "TaxRateRow"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        let initial = try HTTPClient.request(port, "GET", "/api/traits")
        XCTAssertEqual(initial.json["appearance"] as? String, "light")
        XCTAssertEqual(initial.json["direction"] as? String, "ltr")
        XCTAssertEqual(initial.json["size"] as? String, "large")
        XCTAssertEqual((initial.json["values"] as? [String: Any])?["appearance"] as? [String], ["light", "dark"])
        let light = try HTTPClient.request(port, "GET", "/api/preview?class=RoundedCornerButton")
        let lightThumbnail = try HTTPClient.request(port, "GET", "/api/thumbnail/RoundedCornerButton")
        let row = try HTTPClient.request(port, "GET", "/api/preview?class=TaxRateRow")

        let dark = try HTTPClient.json(port, "/api/traits", ["appearance": "dark"])
        XCTAssertEqual(dark.status, 200, dark.text)
        XCTAssertEqual(dark.json["appearance"] as? String, "dark")
        XCTAssertNotNil(events.waitFor("traits") { $0["appearance"] as? String == "dark" })
        let darkPreview = try HTTPClient.request(port, "GET", "/api/preview?class=RoundedCornerButton")
        let expected = root + "/dark.png"
        XCTAssertEqual(try runHost(["render", "RoundedCornerButton", "--trait", "appearance=dark", "-o", expected], directory: root).status, 0)
        assertSamePixels(darkPreview.body, Array(try Data(contentsOf: URL(fileURLWithPath: expected))), "dark, as host render --trait appearance=dark")
        assertOtherPixels(darkPreview.body, light.body, "dark differs from light")
        assertOtherPixels(try HTTPClient.request(port, "GET", "/api/thumbnail/RoundedCornerButton").body, lightThumbnail.body,
                          "the library's thumbnail is drawn dark too")

        let rtl = try HTTPClient.json(port, "/api/traits", ["direction": "rtl", "appearance": "light"])
        XCTAssertEqual(rtl.json["direction"] as? String, "rtl", rtl.text)
        let mirrored = try HTTPClient.request(port, "GET", "/api/preview?class=TaxRateRow")
        let expectedRow = root + "/rtl.png"
        XCTAssertEqual(try runHost(["render", "TaxRateRow", "--trait", "direction=rtl", "-o", expectedRow], directory: root).status, 0)
        assertSamePixels(mirrored.body, Array(try Data(contentsOf: URL(fileURLWithPath: expectedRow))), "right-to-left, as host render --trait direction=rtl")
        assertOtherPixels(mirrored.body, row.body, "right-to-left mirrors the row")

        for (body, message) in [(["appearance": "purple"], "request body: appearance: appearance 'purple' is not one of: light, dark"),
                                (["mood": "dark"], "request body: mood: no such trait (expected one of: appearance, direction, size)"),
                                (["size": "huge"], "request body: size: size 'huge' is not one of: extraSmall")] {
            let reply = try HTTPClient.json(port, "/api/traits", body)
            XCTAssertEqual(reply.status, 422, "\(body): \(reply.text)")
            XCTAssertTrue(reply.errorMessage.hasPrefix(message), "\(body): \(reply.errorMessage)")
        }
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/traits").json["direction"] as? String, "rtl", "a refusal changes nothing")
        XCTAssertEqual(try HTTPClient.json(port, "/api/traits", ["direction": "ltr", "size": "xl"]).json["size"] as? String, "extraLarge")
        XCTAssertEqual(try HTTPClient.json(port, "/api/traits", ["size": "large"]).status, 200)
        assertSamePixels(try HTTPClient.request(port, "GET", "/api/preview?class=RoundedCornerButton").body, light.body, "light again, as before")
        XCTAssertTrue(server.isRunning)
    }

    /// The library's thumbnail follows the designer's edits (issue 24: it never did): once a value
    /// is held, the session draws the class's preview again (at most every 0.3 s) and says so with a
    /// `redraw` event; the thumbnail is then what POST /api/render draws with that value at 2×.
    func testThumbnailsFollowEditedValues() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        let (server, port) = try serve(root)
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        let before = try HTTPClient.request(port, "GET", "/api/thumbnail/RoundedCornerButton")
        XCTAssertEqual(try HTTPClient.json(port, "/api/values", ["class": "RoundedCornerButton", "values": ["cornerRadius": 20]]).status, 200)
        XCTAssertNotNil(events.waitFor("redraw") { $0["className"] as? String == "RoundedCornerButton" }, "the thumbnail drawn again is said")
        let after = try HTTPClient.request(port, "GET", "/api/thumbnail/RoundedCornerButton")
        let expected = try HTTPClient.json(port, "/api/render", ["class": "RoundedCornerButton", "attributes": ["cornerRadius": 20], "scale": 2])
        XCTAssertEqual(expected.status, 200)
        assertSamePixels(after.body, expected.body, "the thumbnail with the value edited")
        assertOtherPixels(after.body, before.body, "not the thumbnail of before the edit")
        let state = (try HTTPClient.request(port, "GET", "/api/classes/RoundedCornerButton").json["state"] as? [String: Any])
        XCTAssertGreaterThanOrEqual(state?["previewRevision"] as? Int ?? 0, 2, "the revision counts the previews drawn")
    }
}
