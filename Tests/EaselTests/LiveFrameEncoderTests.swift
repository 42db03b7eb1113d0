import CCairo
import CEasel
import XCTest
@testable import EaselRender

/// LiveFrameEncoder: a live view's successive PNG frames deflate again only the bands of rows that
/// changed, and every frame decodes to the same pixels as the same picture encoded whole.
final class LiveFrameEncoderTests: XCTestCase {
    /// A 600×434-point picture (Rainbow's size) at 2×: rings on a background, and a marker at `marker`.
    private func drawFrame(on target: RenderTarget, marker: easel_rect?, ringColour: easel_color = color(1, 0.2, 0.2)) {
        let c = target.canvas.pointer
        c.pointee.set_stroke_color(c, ringColour)
        c.pointee.set_line_width(c, 20)
        for d in [80.0, 150, 215] {
            c.pointee.add_ellipse(c, rect(300 - d / 2, 217 - d / 2, d, d))
            c.pointee.draw_path(c, EASEL_PATH_STROKE)
        }
        if let marker {
            c.pointee.set_fill_color(c, color(0, 0.5, 1, 0.6))
            c.pointee.fill_rect(c, marker)
        }
    }

    private func encode(_ frames: LiveFrameEncoder?, marker: easel_rect?, background: easel_color?, level: Int = 1,
                        size: (Double, Double) = (600, 434), ringColour: easel_color = color(1, 0.2, 0.2)) throws -> [UInt8] {
        let target = try RenderTarget(format: .png(compressionLevel: level),
                                      options: RenderOptions(width: size.0, height: size.1, scale: 2, background: background),
                                      frames: frames)
        drawFrame(on: target, marker: marker, ringColour: ringColour)
        return try target.encode()
    }

    /// Decodes both files and compares every pixel.
    private func assertSamePixels(_ live: [UInt8], _ whole: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let a = try XCTUnwrap(decodePNG(live), "\(what): the live frame decodes", file: file, line: line)
        let b = try XCTUnwrap(decodePNG(whole), "\(what): the whole encoding decodes", file: file, line: line)
        defer { cairo_surface_destroy(a); cairo_surface_destroy(b) }
        let width = Int(cairo_image_surface_get_width(a)), height = Int(cairo_image_surface_get_height(a))
        XCTAssertEqual(width, Int(cairo_image_surface_get_width(b)), what, file: file, line: line)
        XCTAssertEqual(height, Int(cairo_image_surface_get_height(b)), what, file: file, line: line)
        for y in 0..<height {
            for x in 0..<width where readPixel(a, x, y) != readPixel(b, x, y) {
                return XCTFail("\(what): pixel \(x),\(y) is \(readPixel(a, x, y)), whole: \(readPixel(b, x, y))", file: file, line: line)
            }
        }
    }

    func testSuccessiveFramesDecodeToTheWholeEncodingsPixelsAndDeflateOnlyWhatChanged() throws {
        let frames = LiveFrameEncoder()
        XCTAssertNil(frames.lastDeflatedBands, "no frame yet")
        let background = color(0x38 / 255.0, 0x33 / 255.0, 0x4C / 255.0)
        let button = rect(20, 200, 60, 20)
        var steps: [(what: String, marker: easel_rect?, background: easel_color?, level: Int, size: (Double, Double))] = []
        steps.append(("first frame", nil, background, 1, (600, 434)))
        steps.append(("the same again", nil, background, 1, (600, 434)))
        steps.append(("a pressed button", button, background, 1, (600, 434)))
        steps.append(("released", nil, background, 1, (600, 434)))
        steps.append(("transparent (RGBA)", nil, nil, 1, (600, 434)))
        steps.append(("transparent, pressed", button, nil, 1, (600, 434)))
        steps.append(("resized", button, nil, 1, (300, 100)))
        steps.append(("level 6 (Sub filter)", button, background, 6, (600, 434)))
        var deflated: [Int] = []
        for step in steps {
            let live = try encode(frames, marker: step.marker, background: step.background, level: step.level, size: step.size)
            let whole = try encode(nil, marker: step.marker, background: step.background, level: step.level, size: step.size)
            try assertSamePixels(live, whole, step.what)
            deflated.append(try XCTUnwrap(frames.lastDeflatedBands, step.what))
        }
        let all = deflated[0]
        XCTAssertGreaterThan(all, 10, "a 1200×868 frame is cut into many bands")
        XCTAssertEqual(deflated[1], 0, "an unchanged frame deflates nothing")
        XCTAssertTrue((1...5).contains(deflated[2]), "a 20-point-high change deflates its bands only: \(deflated[2]) of \(all)")
        XCTAssertTrue((1...5).contains(deflated[3]), "and so does its release: \(deflated[3]) of \(all)")
        XCTAssertGreaterThan(deflated[4], deflated[3], "a new pixel format deflates every band")
        XCTAssertTrue((1...5).contains(deflated[5]), "\(deflated[5]) of \(deflated[4])")
    }

    func testAChangeEverywhereDeflatesEveryBand() throws {
        let frames = LiveFrameEncoder()
        let background = color(0.2, 0.2, 0.3)
        _ = try encode(frames, marker: nil, background: background)
        let all = try XCTUnwrap(frames.lastDeflatedBands)
        let live = try encode(frames, marker: nil, background: color(0.3, 0.2, 0.2))
        XCTAssertEqual(frames.lastDeflatedBands, all, "a new background changes every row")
        try assertSamePixels(live, try encode(nil, marker: nil, background: color(0.3, 0.2, 0.2)), "new background")
    }
}
