import CCairo
import CEasel
import Glibc
import XCTest
@testable import EaselHost
@testable import EaselRender

/// What a recording canvas answers (through its query canvas, or nothing without one), a replay
/// that leaves its target balanced, and the recorder's size limit.
extension DisplayListTests {
    func testQueriesAreForwardedToTheQueryCanvas() throws {
        let query = DisplayListSpyCanvas()
        let recorder = DisplayListRecorder(queryCanvas: query.pointer)
        let c = recorder.pointer
        var style = Self.distinctiveStyle(family: nil)

        let measured = "公积金".withCString { c.pointee.measure_text(c, $0, 80.5, &style) }
        XCTAssertEqual(measured.width, 123.5)
        XCTAssertEqual(measured.height, 45.25)
        XCTAssertEqual(query.queries.first, "measure_text(\"公积金\"#9, 80.5#4054200000000000, \(DisplayListSpyCanvas.style(&style)))")

        query.imageSizeAnswer = easel_size(width: 40, height: 20)
        let size = "wide.png".withCString { c.pointee.image_size(c, $0) }
        XCTAssertEqual(size.width, 40)
        XCTAssertEqual(size.height, 20)
        XCTAssertTrue("wide.png".withCString { c.pointee.draw_image(c, $0, rect(0, 0, 4, 2), 0) })
        query.imageSizeAnswer = easel_size(width: 0, height: 0)
        XCTAssertFalse("missing.png".withCString { c.pointee.draw_image(c, $0, rect(0, 0, 4, 2), 0) })
        XCTAssertEqual(query.queries.dropFirst(), ["image_size(\"wide.png\"#8)", "image_size(\"wide.png\"#8)",
                                                   "image_size(\"missing.png\"#11)"])
        XCTAssertEqual(query.calls, [], "nothing is drawn on the query canvas")

        // Both images are recorded, whatever the query canvas said.
        let spy = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(recorder.bytes, onto: spy.pointer)
        XCTAssertEqual(spy.callNames, ["draw_image", "draw_image"])
    }

    func testQueriesThroughARealCairoQueryCanvas() throws {
        let resolver = ResourceImageResolver(resourceDirectory: renderResourcesDirectory())
        let query = try RenderTarget(format: .png(compressionLevel: 1), options: RenderOptions(width: 1, height: 1),
                                     resolver: resolver)
        let q = query.canvas.pointer
        let recorder = DisplayListRecorder(queryCanvas: q)
        let c = recorder.pointer
        var style = textStyle(size: 24)
        for (text, width) in [("公积金", 0.0), ("A longer line of text that wraps", 90.0)] {
            let expected = text.withCString { q.pointee.measure_text(q, $0, width, &style) }
            let got = text.withCString { c.pointee.measure_text(c, $0, width, &style) }
            XCTAssertGreaterThan(expected.width, 0)
            XCTAssertEqual(got.width, expected.width)
            XCTAssertEqual(got.height, expected.height)
        }
        let size = "wide.png".withCString { c.pointee.image_size(c, $0) }
        XCTAssertEqual(size.width, 40)
        XCTAssertEqual(size.height, 20)
        XCTAssertTrue("wide.png".withCString { c.pointee.draw_image(c, $0, rect(0, 0, 40, 20), 0) })
        XCTAssertFalse("no-such.png".withCString { c.pointee.draw_image(c, $0, rect(0, 0, 40, 20), 0) })
    }

    func testWithoutAQueryCanvasQueriesAnswerNothing() throws {
        let recorder = DisplayListRecorder()
        let c = recorder.pointer
        var style = textStyle()
        let measured = "text".withCString { c.pointee.measure_text(c, $0, 0, &style) }
        XCTAssertEqual(measured.width, 0)
        XCTAssertEqual(measured.height, 0)
        let size = "wide.png".withCString { c.pointee.image_size(c, $0) }
        XCTAssertEqual(size.width, 0)
        XCTAssertEqual(size.height, 0)
        XCTAssertFalse("wide.png".withCString { c.pointee.draw_image(c, $0, rect(0, 0, 4, 2), 0) })
        let spy = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(recorder.bytes, onto: spy.pointer)
        XCTAssertEqual(spy.callNames, ["draw_image"])
    }

    func testReplayLeavesTheTargetBalanced() throws {
        let recorder = DisplayListRecorder()
        let c = recorder.pointer
        c.pointee.save(c)
        c.pointee.begin_transparency_layer(c)
        c.pointee.save(c)
        let spy = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(recorder.bytes, onto: spy.pointer)
        XCTAssertEqual(spy.callNames, ["save", "begin_transparency_layer", "save", "end_transparency_layer", "restore"])

        // Restores and layer ends with nothing of the list's own to pop never reach the target.
        let hostile = Self.list([DisplayListOpcode.restore.rawValue, DisplayListOpcode.endTransparencyLayer.rawValue,
                                 DisplayListOpcode.restore.rawValue])
        let target = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(hostile, onto: target.pointer)
        XCTAssertEqual(target.calls, [])
    }

    func testRecorderStopsAtItsSizeLimit() throws {
        let recorder = DisplayListRecorder(initialTransform: DisplayListRecorder.identity, queryCanvas: nil, byteLimit: 200)
        let c = recorder.pointer
        for i in 0..<10 { c.pointee.fill_rect(c, rect(Double(i), 0, 1, 1)) }
        XCTAssertTrue(recorder.overflowed)
        c.pointee.save(c) // small, but after the overflow: dropped too
        let bytes = recorder.bytes
        XCTAssertLessThanOrEqual(bytes.count, 200)
        let spy = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(bytes, onto: spy.pointer)
        XCTAssertEqual(spy.callNames, Array(repeating: "fill_rect", count: 5)) // 8 + 5 × 33 + 1 = 174 bytes
        // A huge dash array is refused before anything is copied.
        recorder.reset()
        XCTAssertFalse(recorder.overflowed)
        let many = [Double](repeating: 1, count: 100_000)
        many.withUnsafeBufferPointer { c.pointee.set_line_dash(c, 0, $0.baseAddress, UInt32($0.count)) }
        XCTAssertTrue(recorder.overflowed)
        XCTAssertEqual(recorder.bytes, DisplayListFormat.header + [0xFF])
    }
}
