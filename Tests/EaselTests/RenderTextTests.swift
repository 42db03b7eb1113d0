import CCairo
import CEasel
import XCTest
@testable import EaselRender

/// Text through Pango: CJK coverage, clipping, measuring, wrapping, truncation, alignment.
final class RenderTextTests: XCTestCase {
    func testChineseTextRendersInsideItsRectAndNothingOutside() {
        let f = CanvasFixture(width: 200, height: 100)
        var style = textStyle(size: 24)
        let box = rect(20, 20, 120, 40)
        f.c.pointee.draw_text(f.c, "公积金", box, &style)
        f.finish()
        let inked = f.countPixels(in: box) { $0.darkness > 128 }
        XCTAssertGreaterThan(inked, 60, "the glyphs of 公积金 are drawn (not empty boxes or nothing)")
        XCTAssertFalse(f.anyPixel(in: rect(0, 0, 200, 20), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(0, 60, 200, 40), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(0, 0, 20, 100), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(140, 0, 60, 100), differsFrom: .white))
    }

    func testCJKGlyphsAreRealGlyphsNotTofu() {
        // A missing glyph draws a hollow box; three different ideographs draw three different shapes.
        let f = CanvasFixture(width: 120, height: 40)
        var style = textStyle(size: 30)
        f.c.pointee.draw_text(f.c, "公积金", rect(0, 0, 120, 40), &style)
        f.finish()
        let advance = f.c.pointee.measure_text(f.c, "公", 0, &style).width
        var columns: [[Int]] = []
        for i in 0..<3 {
            var ink: [Int] = []
            for y in 0..<40 { ink.append(f.countPixels(in: rect(Double(i) * advance, Double(y), advance, 1)) { $0.darkness > 128 }) }
            columns.append(ink)
        }
        XCTAssertNotEqual(columns[0], columns[1])
        XCTAssertNotEqual(columns[1], columns[2])
    }

    func testTextClipsToItsRect() {
        let f = CanvasFixture(width: 200, height: 60)
        var style = textStyle(size: 40)
        f.c.pointee.draw_text(f.c, "WWWWWWWWWW", rect(10, 10, 50, 20), &style)
        f.finish()
        XCTAssertTrue(f.anyPixel(in: rect(10, 10, 50, 20), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(60, 0, 140, 60), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(0, 30, 200, 30), differsFrom: .white))
    }

    func testMeasureGrowsWithLengthAndWrapsAtMaxWidth() {
        let f = CanvasFixture(width: 10, height: 10)
        var style = textStyle(size: 17)
        let short = f.c.pointee.measure_text(f.c, "Hello", 0, &style)
        let long = f.c.pointee.measure_text(f.c, "Hello, designable world", 0, &style)
        XCTAssertGreaterThan(short.width, 20)
        XCTAssertGreaterThan(long.width, short.width * 2)
        XCTAssertEqual(long.height, short.height, "one line each")
        let wrapped = f.c.pointee.measure_text(f.c, "Hello, designable world", 80, &style)
        XCTAssertLessThanOrEqual(wrapped.width, 80)
        XCTAssertGreaterThanOrEqual(wrapped.height, short.height * 2 - 1, "wrapped onto more lines")
        let chinese = f.c.pointee.measure_text(f.c, "公积金", 0, &style)
        XCTAssertEqual(chinese.width, 51, accuracy: 2, "three em-wide ideographs at 17 pt")
        XCTAssertEqual(f.c.pointee.measure_text(f.c, "", 0, &style).width, 0)
        f.finish()
    }

    func testMeasuredSizeIsTheSameAtEveryDeviceScale() {
        var style = textStyle(size: 15)
        let text = "Inspectable properties, 可视化"
        let one = CanvasFixture(width: 10, height: 10, scale: 1)
        let three = CanvasFixture(width: 10, height: 10, scale: 3)
        let a = one.c.pointee.measure_text(one.c, text, 120, &style)
        let b = three.c.pointee.measure_text(three.c, text, 120, &style)
        XCTAssertEqual(a.width, b.width)
        XCTAssertEqual(a.height, b.height)
    }

    /// Under a transform that scales one axis more than the other, text is stretched as
    /// CoreGraphics stretches it: its advances are those of unstretched text, so it measures the
    /// same and its ink spans the same width. Pango, left to lay it out there, spaced the glyphs as
    /// if both axes had the larger scale (five times too wide under 1×5).
    func testStretchedTextKeepsItsAdvances() {
        var style = textStyle(size: 10)
        let text = "Stretched label"
        let plain = CanvasFixture(width: 300, height: 120)
        let expected = plain.c.pointee.measure_text(plain.c, text, 0, &style)
        plain.c.pointee.draw_text(plain.c, text, rect(0, 0, 300, 20), &style)
        plain.finish()
        for (sx, sy) in [(1.0, 5.0), (4.0, 1.0), (0.5, 3.0), (3.0, 2.0)] {
            let f = CanvasFixture(width: 300, height: 120)
            f.c.pointee.scale(f.c, sx, sy)
            let measured = f.c.pointee.measure_text(f.c, text, 0, &style)
            XCTAssertEqual(measured.width, expected.width, accuracy: 1, "\(sx)×\(sy)")
            XCTAssertEqual(measured.height, expected.height, accuracy: 1, "\(sx)×\(sy)")
            f.finish()
        }
        let stretched = CanvasFixture(width: 300, height: 120)
        stretched.c.pointee.scale(stretched.c, 1, 5)
        stretched.c.pointee.draw_text(stretched.c, text, rect(0, 0, 300, 20), &style)
        stretched.finish()
        func inkedColumns(_ f: CanvasFixture) -> [Int] {
            (0..<300).filter { x in f.anyPixel(in: rect(Double(x), 0, 1, 120), differsFrom: .white) }
        }
        let a = inkedColumns(plain), b = inkedColumns(stretched)
        XCTAssertFalse(a.isEmpty)
        XCTAssertEqual(Double(b.last ?? 0), Double(a.last ?? 0), accuracy: 3, "the same ink width, not five times it")
        XCTAssertGreaterThan(stretched.countPixels(in: rect(0, 0, 300, 120)) { $0.darkness > 128 },
                             3 * plain.countPixels(in: rect(0, 0, 300, 120)) { $0.darkness > 128 }, "five times taller")
    }

    func testTruncateTailLimitsLinesAndClipModeShowsOneLine() {
        let f = CanvasFixture(width: 10, height: 10)
        let text = "one two three four five six seven eight nine ten eleven twelve"
        var wrap = textStyle(size: 17)
        var truncate = textStyle(size: 17, lineBreak: EASEL_LINE_BREAK_TRUNCATE_TAIL, maxLines: 2)
        var clip = textStyle(size: 17, lineBreak: EASEL_LINE_BREAK_CLIP)
        var limited = textStyle(size: 17, maxLines: 1)
        let line = f.c.pointee.measure_text(f.c, "one", 0, &wrap).height
        let all = f.c.pointee.measure_text(f.c, text, 100, &wrap)
        let two = f.c.pointee.measure_text(f.c, text, 100, &truncate)
        let single = f.c.pointee.measure_text(f.c, text, 100, &clip)
        let first = f.c.pointee.measure_text(f.c, text, 100, &limited)
        XCTAssertGreaterThan(all.height, line * 3)
        XCTAssertEqual(two.height, line * 2, accuracy: 1.01)
        XCTAssertLessThanOrEqual(two.width, 100)
        XCTAssertEqual(single.height, line, accuracy: 1.01)
        XCTAssertGreaterThan(single.width, 100, "clip mode does not wrap")
        XCTAssertEqual(first.height, line, accuracy: 1.01)
        f.finish()
    }

    func testTruncatedTextEndsWithAnEllipsisInsideTheRect() {
        let f = CanvasFixture(width: 200, height: 40)
        var style = textStyle(size: 17, lineBreak: EASEL_LINE_BREAK_TRUNCATE_TAIL, maxLines: 1)
        f.c.pointee.draw_text(f.c, "A long title that cannot fit", rect(0, 0, 100, 40), &style)
        f.finish()
        XCTAssertTrue(f.anyPixel(in: rect(80, 0, 20, 40), differsFrom: .white), "text runs up to the end")
        XCTAssertFalse(f.anyPixel(in: rect(100, 0, 100, 40), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(0, 25, 200, 15), differsFrom: .white), "one line only")
    }

    /// The "…" of tail truncation was lost at scale 2 and more (the line-height limit rounded below
    /// the line's own height).
    func testTailTruncationEllipsizesAtEveryScale() {
        for scale in [1, 1.5, 2, 3, 4] {
            for maxLines: UInt32 in [1, 2] {
                let f = CanvasFixture(width: 200, height: 80, scale: scale)
                var style = textStyle(size: 17, lineBreak: EASEL_LINE_BREAK_TRUNCATE_TAIL, maxLines: maxLines)
                f.c.pointee.draw_text(f.c, "A long caption that cannot fit in so little room at all", rect(0, 0, 100, 80), &style)
                XCTAssertTrue(f.canvas.text.lastLayoutWasEllipsized, "scale \(scale), \(maxLines) line(s)")
                f.finish()
                let lastLine = Double(maxLines - 1) * 22
                XCTAssertTrue(f.anyPixel(in: rect(85, lastLine, 15, 22), differsFrom: .white),
                              "scale \(scale), \(maxLines) line(s): the last line runs to its end, into the ellipsis")
                XCTAssertFalse(f.anyPixel(in: rect(100, 0, 100, 80), differsFrom: .white))
            }
        }
    }

    /// Laying text out took time quadratic in its length (10 000 characters: 1.9 s); only what can
    /// be visible is laid out now, and never more than the maximum.
    func testOnlyTheVisiblePartOfALongTextIsLaidOut() {
        let f = CanvasFixture(width: 200, height: 40)
        let long = String(repeating: "x", count: 50_000)
        var one = textStyle(size: 17, lineBreak: EASEL_LINE_BREAK_TRUNCATE_TAIL, maxLines: 1)
        f.c.pointee.draw_text(f.c, long, rect(0, 0, 100, 40), &one)
        XCTAssertLessThanOrEqual(f.canvas.text.lastLaidOutCharacters, 200)
        XCTAssertTrue(f.canvas.text.lastLayoutWasEllipsized)
        var wrapped = textStyle(size: 17)
        f.c.pointee.draw_text(f.c, long, rect(0, 0, 100, 40), &wrapped)
        XCTAssertLessThanOrEqual(f.canvas.text.lastLaidOutCharacters, 3 * 60 + 2, "three lines of at most 60 glyphs fill 40 points")
        _ = f.c.pointee.measure_text(f.c, long, 0, &wrapped)
        XCTAssertEqual(f.canvas.text.lastLaidOutCharacters, TextLayoutEngine.maximumCharacters)
        f.finish()
    }

    func testHorizontalAndVerticalAlignment() {
        let f = CanvasFixture(width: 300, height: 300)
        var right = textStyle(size: 20, alignment: EASEL_TEXT_ALIGN_RIGHT)
        var center = textStyle(size: 20, alignment: EASEL_TEXT_ALIGN_CENTER, vertical: EASEL_VERTICAL_ALIGN_CENTER)
        var bottom = textStyle(size: 20, vertical: EASEL_VERTICAL_ALIGN_BOTTOM)
        var clipRight = textStyle(size: 20, alignment: EASEL_TEXT_ALIGN_RIGHT, lineBreak: EASEL_LINE_BREAK_CLIP)
        f.c.pointee.draw_text(f.c, "Hi", rect(0, 0, 300, 30), &right)
        f.c.pointee.draw_text(f.c, "Hi", rect(0, 50, 300, 100), &center)
        f.c.pointee.draw_text(f.c, "Hi", rect(0, 200, 300, 60), &bottom)
        f.c.pointee.draw_text(f.c, "Hi", rect(0, 270, 300, 30), &clipRight)
        f.finish()
        XCTAssertFalse(f.anyPixel(in: rect(0, 0, 250, 30), differsFrom: .white), "right-aligned")
        XCTAssertTrue(f.anyPixel(in: rect(250, 0, 50, 30), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(0, 50, 120, 100), differsFrom: .white), "centred horizontally")
        XCTAssertFalse(f.anyPixel(in: rect(0, 50, 300, 30), differsFrom: .white), "centred vertically")
        XCTAssertTrue(f.anyPixel(in: rect(120, 85, 60, 30), differsFrom: .white))
        XCTAssertFalse(f.anyPixel(in: rect(0, 200, 300, 30), differsFrom: .white), "bottom-aligned")
        XCTAssertTrue(f.anyPixel(in: rect(0, 230, 60, 30), differsFrom: .white))
        XCTAssertTrue(f.anyPixel(in: rect(250, 270, 50, 30), differsFrom: .white), "clip mode aligns too")
    }

    func testTextColourWeightAndShadowKeepThePath() {
        let f = CanvasFixture(width: 200, height: 60)
        var style = textStyle(size: 30, color: color(1, 0, 0))
        style.font_weight = 700
        f.c.pointee.add_rect(f.c, rect(150, 0, 10, 10))
        f.c.pointee.draw_text(f.c, "Red", rect(0, 0, 140, 60), &style)
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL) // the path survived draw_text
        f.finish()
        XCTAssertGreaterThan(f.countPixels(in: rect(0, 0, 140, 60)) { $0.isClose(to: .red, tolerance: 10) }, 50)
        XCTAssertEqual(f.pixel(155, 5), .black)
    }
}
