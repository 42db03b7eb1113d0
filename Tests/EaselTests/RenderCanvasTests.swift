import CCairo
import CEasel
import XCTest
@testable import EaselRender

/// Paths, painting, clipping, state and transforms, checked on real Cairo pixels through the
/// easel_canvas vtable.
final class RenderCanvasTests: XCTestCase {
    func testEveryVTableMemberIsSetAndFindsItsCanvas() {
        let f = CanvasFixture(width: 10, height: 10)
        XCTAssertNotNil(f.c.pointee.host_data)
        XCTAssertTrue(CairoCanvas.from(f.c) === f.canvas)
        // The struct is all function pointers after host_data: none may be NULL.
        let words = MemoryLayout<easel_canvas>.size / MemoryLayout<UnsafeRawPointer>.size
        UnsafeRawPointer(f.c).withMemoryRebound(to: UInt.self, capacity: words) { p in
            for i in 0..<words { XCTAssertNotEqual(p[i], 0, "member \(i) is NULL") }
        }
    }

    func testFillColourAtKnownPoints() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(10, 10, 30, 20))
        f.c.pointee.set_fill_color(f.c, color(0, 0, 1))
        f.c.pointee.add_rect(f.c, rect(60, 60, 20, 20))
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)
        f.finish()
        XCTAssertEqual(f.pixel(11, 11), .red)
        XCTAssertEqual(f.pixel(39, 29), .red)
        XCTAssertEqual(f.pixel(41, 20), .white)
        XCTAssertEqual(f.pixel(25, 31), .white)
        XCTAssertEqual(f.pixel(70, 70), .blue)
        XCTAssertEqual(f.pixel(50, 50), .white)
    }

    func testScaleIsAppliedByTheCallerInPixels() {
        let f = CanvasFixture(width: 50, height: 50, scale: 2)
        f.c.pointee.fill_rect(f.c, rect(10, 10, 10, 10))
        f.finish()
        XCTAssertEqual(readPixel(f.surface, 21, 21), .black)
        XCTAssertEqual(readPixel(f.surface, 39, 39), .black)
        XCTAssertEqual(readPixel(f.surface, 41, 41), .white)
        let t = f.c.pointee.get_transform(f.c)
        XCTAssertEqual(t.a, 2); XCTAssertEqual(t.d, 2); XCTAssertEqual(t.b, 0); XCTAssertEqual(t.tx, 0)
    }

    func testEvenOddLeavesAHoleWhereWindingDoesNot() {
        let f = CanvasFixture(width: 200, height: 100)
        for (x, mode) in [(0.0, EASEL_PATH_EO_FILL), (100.0, EASEL_PATH_FILL)] {
            f.c.pointee.add_rect(f.c, rect(x + 10, 10, 80, 80))
            f.c.pointee.add_rect(f.c, rect(x + 30, 30, 40, 40)) // same direction: winding 2 inside
            f.c.pointee.draw_path(f.c, mode)
        }
        f.finish()
        XCTAssertEqual(f.pixel(20, 20), .black)
        XCTAssertEqual(f.pixel(50, 50), .white, "even-odd: the inner square is a hole")
        XCTAssertEqual(f.pixel(120, 20), .black)
        XCTAssertEqual(f.pixel(150, 50), .black, "non-zero winding: the inner square is filled")
    }

    func testArcDirectionIsUIKitsOnScreen() {
        // A pie from 0 (east) to π/2 (south on screen). Clockwise on screen is the short way
        // through the south-east quadrant; counter-clockwise the long way round.
        let f = CanvasFixture(width: 200, height: 100)
        for (cx, clockwise) in [(50.0, true), (150.0, false)] {
            f.c.pointee.move_to(f.c, cx, 50)
            f.c.pointee.arc(f.c, cx, 50, 40, 0, Double.pi / 2, clockwise)
            f.c.pointee.close_path(f.c)
            f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)
        }
        f.finish()
        XCTAssertEqual(f.pixel(65, 65), .black, "clockwise covers south-east")
        XCTAssertEqual(f.pixel(35, 35), .white)
        XCTAssertEqual(f.pixel(65, 35), .white, "north-east is not on the clockwise quarter")
        XCTAssertEqual(f.pixel(165, 65), .white, "counter-clockwise skips south-east")
        XCTAssertEqual(f.pixel(135, 35), .black)
        XCTAssertEqual(f.pixel(165, 35), .black, "north-east is on the counter-clockwise three quarters")
    }

    func testQuadCurveAndCubicCurveFill() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.move_to(f.c, 10, 90)
        f.c.pointee.quad_curve_to(f.c, 50, -70, 90, 90) // apex at y = 10
        f.c.pointee.close_path(f.c)
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)
        f.finish()
        XCTAssertEqual(f.pixel(50, 15), .black)
        XCTAssertEqual(f.pixel(50, 5), .white)
        XCTAssertEqual(f.pixel(15, 30), .white)
    }

    func testStrokeWidthCapAndColour() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_stroke_color(f.c, color(0, 0, 1))
        f.c.pointee.set_line_width(f.c, 10)
        f.c.pointee.move_to(f.c, 20, 50)
        f.c.pointee.line_to(f.c, 80, 50)
        f.c.pointee.draw_path(f.c, EASEL_PATH_STROKE)
        f.finish()
        XCTAssertEqual(f.pixel(50, 45.5), .blue)
        XCTAssertEqual(f.pixel(50, 54.5), .blue)
        XCTAssertEqual(f.pixel(50, 44), .white)
        XCTAssertEqual(f.pixel(50, 56), .white)
        XCTAssertEqual(f.pixel(18, 50), .white, "butt caps do not extend past the ends")
    }

    func testDefaultLineWidthIsOnePoint() {
        let f = CanvasFixture(width: 20, height: 20)
        f.c.pointee.move_to(f.c, 0, 10.5)
        f.c.pointee.line_to(f.c, 20, 10.5)
        f.c.pointee.draw_path(f.c, EASEL_PATH_STROKE) // covers y 10…11: exactly pixel row 10
        f.finish()
        XCTAssertEqual(f.pixel(5, 10), .black)
        XCTAssertEqual(f.pixel(5, 9), .white)
        XCTAssertEqual(f.pixel(5, 11), .white)
    }

    func testDashGaps() {
        let f = CanvasFixture(width: 100, height: 20)
        f.c.pointee.set_line_width(f.c, 4)
        var dashes: [Double] = [10, 10]
        f.c.pointee.set_line_dash(f.c, 0, &dashes, 2)
        f.c.pointee.move_to(f.c, 0, 10)
        f.c.pointee.line_to(f.c, 100, 10)
        f.c.pointee.draw_path(f.c, EASEL_PATH_STROKE)
        f.finish()
        XCTAssertEqual(f.pixel(5, 10), .black)
        XCTAssertEqual(f.pixel(15, 10), .white, "gap")
        XCTAssertEqual(f.pixel(25, 10), .black)
        XCTAssertEqual(f.pixel(35, 10), .white, "gap")
    }

    func testInvalidDashIsRefusedWithoutBreakingCairo() {
        let f = CanvasFixture(width: 20, height: 20)
        var bad: [Double] = [-1, 2]
        f.c.pointee.set_line_dash(f.c, 0, &bad, 2)
        var zeros: [Double] = [0, 0]
        f.c.pointee.set_line_dash(f.c, 0, &zeros, 2) // all zero: solid
        f.c.pointee.set_line_dash(f.c, 0, nil, 0)
        f.c.pointee.move_to(f.c, 0, 10)
        f.c.pointee.line_to(f.c, 20, 10)
        f.c.pointee.draw_path(f.c, EASEL_PATH_STROKE)
        f.finish()
        XCTAssertEqual(f.canvas.diagnostics.count, 1)
        XCTAssertEqual(f.pixel(15, 9.5).a, 255)
    }

    func testFillStrokeUsesBothColours() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_fill_color(f.c, color(0, 1, 0))
        f.c.pointee.set_stroke_color(f.c, color(1, 0, 0))
        f.c.pointee.set_line_width(f.c, 6)
        f.c.pointee.add_rect(f.c, rect(20, 20, 60, 60))
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL_STROKE)
        f.finish()
        XCTAssertEqual(f.pixel(50, 50), .green)
        XCTAssertEqual(f.pixel(50, 20), .red)
        XCTAssertEqual(f.pixel(50, 17.5), .red)
    }

    func testDrawPathConsumesThePathAndFillRectLeavesItAlone() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.add_rect(f.c, rect(0, 0, 20, 20))
        f.c.pointee.set_fill_color(f.c, color(0, 0, 1))
        f.c.pointee.fill_rect(f.c, rect(50, 50, 20, 20))   // must not touch the path
        f.c.pointee.stroke_rect(f.c, rect(80, 80, 10, 10)) // nor this
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)        // fills the first rect only
        f.c.pointee.set_fill_color(f.c, color(0, 1, 0))
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)        // path consumed: nothing
        f.finish()
        XCTAssertEqual(f.pixel(10, 10), .red)
        XCTAssertEqual(f.pixel(60, 60), .blue)
        XCTAssertGreaterThan(f.pixel(80, 85).darkness, 100, "the stroked rect")
    }

    func testClipToPathAndRect() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.save(f.c)
        f.c.pointee.add_ellipse(f.c, rect(0, 0, 100, 100))
        f.c.pointee.clip(f.c, EASEL_FILL_RULE_WINDING)
        f.c.pointee.clip_to_rect(f.c, rect(0, 0, 100, 50))
        f.c.pointee.fill_rect(f.c, rect(0, 0, 100, 100))
        f.c.pointee.restore(f.c)
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(0, 90, 10, 10)) // after restore: unclipped
        f.finish()
        XCTAssertEqual(f.pixel(50, 25), .black)
        XCTAssertEqual(f.pixel(3, 3), .white, "outside the ellipse")
        XCTAssertEqual(f.pixel(50, 75), .white, "outside the rect")
        XCTAssertEqual(f.pixel(5, 95), .red)
    }

    func testEvenOddClip() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.add_rect(f.c, rect(0, 0, 100, 100))
        f.c.pointee.add_rect(f.c, rect(25, 25, 50, 50))
        f.c.pointee.clip(f.c, EASEL_FILL_RULE_EVEN_ODD)
        f.c.pointee.fill_rect(f.c, rect(0, 0, 100, 100))
        f.finish()
        XCTAssertEqual(f.pixel(10, 10), .black)
        XCTAssertEqual(f.pixel(50, 50), .white)
    }

    func testSaveRestoreCoversColoursAlphaShadowAndLineWidth() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.save(f.c)
        f.c.pointee.set_fill_color(f.c, color(0, 0, 1))
        f.c.pointee.set_alpha(f.c, 0.3)
        f.c.pointee.set_shadow(f.c, easel_size(width: 5, height: 5), 2, color(0, 0, 0, 1))
        f.c.pointee.translate(f.c, 50, 0)
        f.c.pointee.fill_rect(f.c, rect(0, 0, 20, 20))
        f.c.pointee.restore(f.c)
        f.c.pointee.restore(f.c) // unbalanced: ignored
        f.c.pointee.restore(f.c)
        f.c.pointee.fill_rect(f.c, rect(0, 50, 20, 20))
        f.finish()
        XCTAssertEqual(f.pixel(10, 60), .red, "fill colour and alpha restored")
        XCTAssertEqual(f.pixel(22, 72), .white, "shadow restored (none)")
        let translucentBlue = f.pixel(51, 1) // inside the blue square, outside its shadow
        XCTAssertTrue(translucentBlue.isClose(to: RGBA(r: 178, g: 178, b: 255, a: 255), tolerance: 2), "\(translucentBlue)")
        XCTAssertEqual(f.pixel(10, 10), .white, "the translation was restored")
        XCTAssertEqual(f.canvas.diagnostics, [])
    }

    func testGlobalAlphaAppliesToEachOperation() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_alpha(f.c, 0.5)
        f.c.pointee.fill_rect(f.c, rect(0, 0, 60, 60))
        f.c.pointee.fill_rect(f.c, rect(40, 40, 60, 60))
        f.finish()
        let single = f.pixel(10, 10), overlap = f.pixel(50, 50)
        XCTAssertTrue(single.isClose(to: RGBA(r: 127, g: 127, b: 127, a: 255), tolerance: 2), "\(single)")
        XCTAssertTrue(overlap.isClose(to: RGBA(r: 64, g: 64, b: 64, a: 255), tolerance: 2), "\(overlap)")
    }

    func testRotateIsClockwiseOnScreenAndConcatMatchesCoreGraphics() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.save(f.c)
        f.c.pointee.translate(f.c, 50, 50)
        f.c.pointee.rotate(f.c, Double.pi / 2) // +x now points down on screen
        f.c.pointee.fill_rect(f.c, rect(10, -2, 30, 4))
        f.c.pointee.restore(f.c)
        // CoreGraphics layout: x' = a·x + c·y + tx → a translation by (tx, ty) = (5, 80).
        f.c.pointee.concat_transform(f.c, easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 80))
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(0, 0, 10, 10))
        let t = f.c.pointee.get_transform(f.c)
        f.finish()
        XCTAssertEqual(f.pixel(50, 75), .black, "rotated bar points down")
        XCTAssertEqual(f.pixel(75, 50), .white)
        XCTAssertEqual(f.pixel(10, 85), .red)
        XCTAssertEqual(t.tx, 5); XCTAssertEqual(t.ty, 80)
    }

    func testSingularTransformPaintsNothingAndDoesNotBreakTheContext() {
        let f = CanvasFixture(width: 50, height: 50)
        f.c.pointee.save(f.c)
        f.c.pointee.scale(f.c, 0, 0)
        f.c.pointee.fill_rect(f.c, rect(0, 0, 50, 50))
        XCTAssertEqual(f.c.pointee.get_transform(f.c).a, 0)
        f.c.pointee.restore(f.c)
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(0, 0, 10, 10))
        f.finish()
        XCTAssertEqual(f.pixel(5, 5), .red)
        XCTAssertEqual(f.pixel(30, 30), .white)
    }

    func testRoundedRectRadiusIsClampedToHalfTheShorterSide() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.add_rounded_rect(f.c, rect(10, 10, 80, 40), 1000) // becomes a capsule, r = 20
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)
        f.c.pointee.add_rounded_rect(f.c, rect(10, 60, 80, 30), 5)
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)
        f.finish()
        XCTAssertEqual(f.pixel(12, 12), .white, "corner cut away")
        XCTAssertEqual(f.pixel(50, 11), .black, "straight top edge")
        XCTAssertEqual(f.pixel(11, 30), .black, "left cap reaches the left edge at mid-height")
        XCTAssertEqual(f.pixel(10.5, 60.5), .white, "small radius still rounds the corner")
        XCTAssertEqual(f.pixel(15, 65), .black)
    }

    func testEllipseIsInscribed() {
        let f = CanvasFixture(width: 100, height: 60)
        f.c.pointee.add_ellipse(f.c, rect(0, 0, 100, 60))
        f.c.pointee.draw_path(f.c, EASEL_PATH_FILL)
        f.finish()
        XCTAssertEqual(f.pixel(50, 30), .black)
        XCTAssertEqual(f.pixel(1, 30), .black)
        XCTAssertEqual(f.pixel(50, 1), .black)
        XCTAssertEqual(f.pixel(5, 5), .white)
        XCTAssertEqual(f.pixel(95, 55), .white)
    }
}
