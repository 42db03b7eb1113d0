import CCairo
import CEasel
import XCTest
@testable import EaselRender

/// Gradients, shadows and transparency layers on real Cairo pixels.
final class RenderEffectsTests: XCTestCase {
    let redToBlue = [easel_gradient_stop(location: 0, color: color(1, 0, 0)),
                     easel_gradient_stop(location: 1, color: color(0, 0, 1))]

    // MARK: Gradients

    func testLinearGradientEndColoursMidpointAndNoExtension() {
        let f = CanvasFixture(width: 100, height: 20)
        f.c.pointee.draw_linear_gradient(f.c, redToBlue, 2, point(10, 0), point(90, 0), 0)
        f.finish()
        XCTAssertTrue(f.pixel(10, 10).isClose(to: .red, tolerance: 4), "\(f.pixel(10, 10))")
        XCTAssertTrue(f.pixel(89, 10).isClose(to: .blue, tolerance: 4), "\(f.pixel(89, 10))")
        XCTAssertTrue(f.pixel(50, 10).isClose(to: RGBA(r: 127, g: 0, b: 128, a: 255), tolerance: 4), "\(f.pixel(50, 10))")
        XCTAssertEqual(f.pixel(5, 10), .white, "nothing before the start without EXTEND_BEFORE")
        XCTAssertEqual(f.pixel(95, 10), .white, "nothing after the end without EXTEND_AFTER")
    }

    func testLinearGradientExtendsOnTheRequestedSidesOnly() {
        let f = CanvasFixture(width: 100, height: 40)
        f.c.pointee.save(f.c)
        f.c.pointee.clip_to_rect(f.c, rect(0, 0, 100, 20))
        f.c.pointee.draw_linear_gradient(f.c, redToBlue, 2, point(10, 0), point(90, 0), EASEL_GRADIENT_EXTEND_BEFORE)
        f.c.pointee.restore(f.c)
        f.c.pointee.clip_to_rect(f.c, rect(0, 20, 100, 20))
        f.c.pointee.draw_linear_gradient(f.c, redToBlue, 2, point(10, 0), point(90, 0),
                                         EASEL_GRADIENT_EXTEND_BEFORE | EASEL_GRADIENT_EXTEND_AFTER)
        f.finish()
        XCTAssertEqual(f.pixel(3, 10), .red)
        XCTAssertEqual(f.pixel(96, 10), .white)
        XCTAssertEqual(f.pixel(3, 30), .red)
        XCTAssertEqual(f.pixel(96, 30), .blue)
    }

    func testGradientPaintsOnlyTheClipAndStopsAreSortedAndClamped() {
        let f = CanvasFixture(width: 100, height: 100)
        let stops = [easel_gradient_stop(location: 1.5, color: color(0, 0, 1)),
                     easel_gradient_stop(location: -1, color: color(0, 1, 0))]
        f.c.pointee.clip_to_rect(f.c, rect(20, 20, 60, 60))
        f.c.pointee.draw_linear_gradient(f.c, stops, 2, point(0, 0), point(100, 0),
                                         EASEL_GRADIENT_EXTEND_BEFORE | EASEL_GRADIENT_EXTEND_AFTER)
        f.finish()
        XCTAssertEqual(f.pixel(10, 50), .white, "outside the clip")
        XCTAssertEqual(f.pixel(50, 10), .white, "outside the clip")
        let left = f.pixel(21, 50), right = f.pixel(78, 50)
        XCTAssertGreaterThan(left.g, left.b, "green (location 0) on the left: \(left)")
        XCTAssertGreaterThan(right.b, right.g, "blue (location 1) on the right: \(right)")
    }

    func testRadialGradientCentreAndRim() {
        let f = CanvasFixture(width: 200, height: 100)
        f.c.pointee.save(f.c)
        f.c.pointee.clip_to_rect(f.c, rect(0, 0, 100, 100))
        f.c.pointee.draw_radial_gradient(f.c, redToBlue, 2, point(50, 50), 0, point(50, 50), 40, 0)
        f.c.pointee.restore(f.c)
        f.c.pointee.clip_to_rect(f.c, rect(100, 0, 100, 100))
        f.c.pointee.draw_radial_gradient(f.c, redToBlue, 2, point(150, 50), 0, point(150, 50), 40,
                                         EASEL_GRADIENT_EXTEND_AFTER)
        f.finish()
        XCTAssertTrue(f.pixel(50, 50).isClose(to: .red, tolerance: 8), "\(f.pixel(50, 50))")
        XCTAssertTrue(f.pixel(50, 88).isClose(to: .blue, tolerance: 12), "\(f.pixel(50, 88))")
        let half = f.pixel(70, 50)
        XCTAssertTrue(half.isClose(to: RGBA(r: 127, g: 0, b: 128, a: 255), tolerance: 8), "halfway out: \(half)")
        XCTAssertEqual(f.pixel(50, 95), .white, "beyond the end circle without EXTEND_AFTER")
        XCTAssertEqual(f.pixel(5, 5), .white)
        XCTAssertEqual(f.pixel(150, 95), .blue, "beyond the end circle with EXTEND_AFTER")
        XCTAssertEqual(f.pixel(105, 5), .blue)
    }

    func testGradientHonoursGlobalAlpha() {
        let f = CanvasFixture(width: 100, height: 10)
        let black = [easel_gradient_stop(location: 0, color: color(0, 0, 0)),
                     easel_gradient_stop(location: 1, color: color(0, 0, 0))]
        f.c.pointee.set_alpha(f.c, 0.5)
        f.c.pointee.draw_linear_gradient(f.c, black, 2, point(0, 0), point(100, 0), 0)
        f.finish()
        XCTAssertTrue(f.pixel(50, 5).isClose(to: RGBA(r: 127, g: 127, b: 127, a: 255), tolerance: 2), "\(f.pixel(50, 5))")
    }

    // MARK: Shadows

    func testHardShadowIsOffsetAndTinted() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_shadow(f.c, easel_size(width: 10, height: 10), 0, color(0, 0, 0, 0.5))
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(20, 20, 20, 20))
        f.finish()
        XCTAssertEqual(f.pixel(30, 30), .red, "content on top of its shadow")
        XCTAssertTrue(f.pixel(45, 45).isClose(to: RGBA(r: 127, g: 127, b: 127, a: 255), tolerance: 2),
                      "shadow below-right (UIKit: positive height is down): \(f.pixel(45, 45))")
        XCTAssertEqual(f.pixel(15, 15), .white)
        XCTAssertEqual(f.pixel(55, 55), .white)
    }

    func testBlurredShadowDarkensNextToTheShapeAndZeroAlphaTurnsItOff() {
        let f = CanvasFixture(width: 200, height: 100)
        f.c.pointee.set_shadow(f.c, easel_size(width: 0, height: 0), 10, color(0, 0, 0, 1))
        f.c.pointee.fill_rect(f.c, rect(40, 40, 20, 20))
        f.c.pointee.set_shadow(f.c, easel_size(width: 0, height: 0), 10, color(0, 0, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(140, 40, 20, 20))
        f.finish()
        XCTAssertGreaterThan(f.pixel(63, 50).darkness, 40, "just right of the shape: \(f.pixel(63, 50))")
        XCTAssertGreaterThan(f.pixel(50, 37).darkness, 40, "just above the shape: \(f.pixel(50, 37))")
        XCTAssertLessThan(f.pixel(63, 50).darkness, 255, "blurred, not solid")
        XCTAssertEqual(f.pixel(163, 50), .white, "colour alpha 0: no shadow")
        XCTAssertEqual(f.pixel(150, 37), .white)
    }

    func testLargerBlurSpreadsFurther() {
        let f = CanvasFixture(width: 200, height: 100)
        f.c.pointee.set_shadow(f.c, easel_size(width: 0, height: 0), 4, color(0, 0, 0, 1))
        f.c.pointee.fill_rect(f.c, rect(40, 40, 20, 20))
        f.c.pointee.set_shadow(f.c, easel_size(width: 0, height: 0), 16, color(0, 0, 0, 1))
        f.c.pointee.fill_rect(f.c, rect(140, 40, 20, 20))
        f.finish()
        let small = f.pixel(68, 50).darkness, large = f.pixel(168, 50).darkness
        XCTAssertEqual(small, 0, "blur 4 (σ = 2) does not reach 8 points out")
        XCTAssertGreaterThan(large, 20, "blur 16 (σ = 8) does")
    }

    /// A blur of 1e9 or 1e300 points trapped converting the box width to an Int (in whichever process
    /// replays the drawing: the host, for SVG, PDF and scenes). It spreads the shadow too thin to see.
    func testAnAbsurdBlurDrawsTheShapeWithoutTrapping() {
        let f = CanvasFixture(width: 200, height: 100)
        f.c.pointee.set_shadow(f.c, easel_size(width: 0, height: 0), 1e9, color(0, 0, 0, 1))
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(40, 40, 20, 20))
        f.c.pointee.set_shadow(f.c, easel_size(width: 1e300, height: -1e300), 1e300, color(0, 0, 0, 1))
        f.c.pointee.fill_rect(f.c, rect(140, 40, 20, 20))
        f.finish()
        XCTAssertEqual(f.pixel(50, 50), .red)
        XCTAssertEqual(f.pixel(150, 50), .red)
        XCTAssertLessThan(f.pixel(70, 50).darkness, 8, "spread too thin to see: \(f.pixel(70, 50))")
    }

    /// Under a strong shear the clip's user-space extents, transformed back to the device, grew
    /// without bound: the shadow mask asked for 10¹⁰ pixels and the whole render failed (65).
    func testAShadowUnderAShearedTransformIsCastOnTheVisibleArea() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_shadow(f.c, easel_size(width: 0, height: 0), 4, color(0, 0, 0, 1))
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.save(f.c)
        f.c.pointee.concat_transform(f.c, easel_affine_transform(a: 1, b: 0, c: 1e9, d: 1, tx: 0, ty: 0))
        f.c.pointee.fill_rect(f.c, rect(0, 0, 10, 10))
        f.c.pointee.restore(f.c)
        f.c.pointee.fill_rect(f.c, rect(40, 40, 20, 20))
        f.finish()
        XCTAssertEqual(f.pixel(50, 50), .red, "what follows is drawn")
    }

    /// A scale of 1e-322 passed the canvas's invertibility test (its determinant is a non-zero
    /// denormal) though its inverse is infinite; Cairo's SVG surface then aborted the process on an
    /// assertion when it wrote a gradient painted under it (the host, replaying a worker's drawing).
    func testAGradientUnderAScaleWithAnInfiniteInverseIsNotPaintedAndTheSVGIsWritten() {
        let path = makeTemporaryDirectory("gradient-svg") + "/out.svg"
        let surface = cairo_svg_surface_create(path, 40, 40)!
        let cr = cairo_create(surface)!
        let canvas = CairoCanvas(context: cr, resolver: nil)
        let c = canvas.pointer
        c.pointee.save(c)
        c.pointee.scale(c, Double(bitPattern: 100), -926) // 4.94e-322, a denormal
        c.pointee.draw_linear_gradient(c, redToBlue, 2, point(0, 0), point(40, 0), 3)
        c.pointee.restore(c)
        c.pointee.set_fill_color(c, color(1, 0, 0))
        c.pointee.fill_rect(c, rect(0, 0, 10, 10))
        XCTAssertNoThrow(try canvas.finish())
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        let svg = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        XCTAssertTrue(svg.contains("<svg"), svg)
        XCTAssertFalse(svg.contains("linearGradient"), "nothing painted under a degenerate transform")
    }

    func testShadowOffsetIgnoresTheUserTransformButFollowsTheDeviceScale() {
        let f = CanvasFixture(width: 100, height: 100, scale: 2)
        f.c.pointee.translate(f.c, 50, 50)
        f.c.pointee.rotate(f.c, Double.pi)   // upside down: a transformed offset would point left
        f.c.pointee.scale(f.c, 3, 3)         // and be three times as long
        f.c.pointee.set_shadow(f.c, easel_size(width: 10, height: 0), 0, color(0, 0, 1, 1))
        f.c.pointee.fill_rect(f.c, rect(-5, -5, 10, 10)) // 30×30 points centred at (50, 50)
        f.finish()
        XCTAssertEqual(f.pixel(67, 50), .blue, "shadow 10 points to the right of the right edge (65)")
        XCTAssertEqual(f.pixel(76, 50), .white, "not 30 points")
        XCTAssertEqual(f.pixel(33, 50), .white, "not to the left")
        XCTAssertEqual(readPixel(f.surface, 2 * 74, 100), .blue, "10 points = 20 device pixels")
    }

    func testShadowOfAShapeClippedAwayStillFallsInsideTheClip() {
        // The CoreGraphics idiom for "shadow only": clip the shape out, fill it with a shadow.
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.add_rect(f.c, rect(0, 0, 100, 100))
        f.c.pointee.add_rect(f.c, rect(20, 20, 30, 30))
        f.c.pointee.clip(f.c, EASEL_FILL_RULE_EVEN_ODD)
        f.c.pointee.set_shadow(f.c, easel_size(width: 10, height: 10), 0, color(0, 0, 1, 1))
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(20, 20, 30, 30))
        f.finish()
        XCTAssertEqual(f.pixel(30, 30), .white, "the shape itself is clipped away")
        XCTAssertEqual(f.pixel(55, 55), .blue, "its shadow is visible")
    }

    func testShadowAppliesToStrokesAndGradientsAndIsClippedLikeTheirContent() {
        let f = CanvasFixture(width: 300, height: 100)
        f.c.pointee.set_shadow(f.c, easel_size(width: 0, height: 20), 0, color(0, 0, 1, 1))
        f.c.pointee.set_line_width(f.c, 4)
        f.c.pointee.move_to(f.c, 10, 20)
        f.c.pointee.line_to(f.c, 90, 20)
        f.c.pointee.draw_path(f.c, EASEL_PATH_STROKE)
        // A clipped gradient's shadow is clipped too (as in CoreGraphics) ...
        f.c.pointee.save(f.c)
        f.c.pointee.clip_to_rect(f.c, rect(110, 10, 80, 20))
        f.c.pointee.draw_linear_gradient(f.c, redToBlue, 2, point(110, 0), point(190, 0), 0)
        f.c.pointee.restore(f.c)
        // ... unless the clip lives inside a transparency layer, the CoreGraphics idiom.
        f.c.pointee.begin_transparency_layer(f.c)
        f.c.pointee.clip_to_rect(f.c, rect(210, 10, 80, 20))
        f.c.pointee.draw_linear_gradient(f.c, redToBlue, 2, point(210, 0), point(290, 0), 0)
        f.c.pointee.end_transparency_layer(f.c)
        f.finish()
        XCTAssertEqual(f.pixel(50, 40), .blue, "stroke shadow")
        XCTAssertEqual(f.pixel(150, 45), .white, "outside the gradient's clip")
        XCTAssertEqual(f.pixel(250, 45), .blue, "the layer's shadow")
        XCTAssertEqual(f.pixel(250, 55), .white)
        XCTAssertTrue(f.pixel(212, 20).isClose(to: .red, tolerance: 10), "\(f.pixel(212, 20))")
    }

    // MARK: Transparency layers

    func testTransparencyLayerCompositesAsOneGroupWithTheAlphaAtBegin() {
        let f = CanvasFixture(width: 200, height: 100)
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.set_alpha(f.c, 0.5)
        f.c.pointee.begin_transparency_layer(f.c)
        f.c.pointee.fill_rect(f.c, rect(0, 0, 60, 60))
        f.c.pointee.fill_rect(f.c, rect(40, 40, 60, 60))
        f.c.pointee.end_transparency_layer(f.c)
        // Without a layer the overlap is painted twice.
        f.c.pointee.fill_rect(f.c, rect(100, 0, 60, 60))
        f.c.pointee.fill_rect(f.c, rect(140, 40, 60, 60))
        f.finish()
        let halfRed = RGBA(r: 255, g: 127, b: 127, a: 255)
        XCTAssertTrue(f.pixel(10, 10).isClose(to: halfRed, tolerance: 2), "\(f.pixel(10, 10))")
        XCTAssertTrue(f.pixel(50, 50).isClose(to: halfRed, tolerance: 2), "overlap inside a layer: \(f.pixel(50, 50))")
        XCTAssertFalse(f.pixel(150, 50).isClose(to: halfRed, tolerance: 10), "overlap without a layer is darker")
    }

    func testTransparencyLayerCastsOneShadowAndUnwindsUnbalancedSaves() {
        let f = CanvasFixture(width: 100, height: 100)
        f.c.pointee.set_shadow(f.c, easel_size(width: 10, height: 0), 0, color(0, 0, 1, 1))
        f.c.pointee.begin_transparency_layer(f.c)
        f.c.pointee.save(f.c) // left unbalanced on purpose
        f.c.pointee.set_fill_color(f.c, color(1, 0, 0))
        f.c.pointee.fill_rect(f.c, rect(10, 10, 20, 20))
        f.c.pointee.fill_rect(f.c, rect(25, 10, 20, 20)) // inside the layer: no shadow between them
        f.c.pointee.end_transparency_layer(f.c)
        f.c.pointee.end_transparency_layer(f.c) // unbalanced end: ignored
        f.c.pointee.fill_rect(f.c, rect(10, 60, 10, 10)) // black again: the state saved at begin
        f.finish()
        XCTAssertEqual(f.pixel(27, 20), .red, "the layer's content")
        XCTAssertEqual(f.pixel(50, 20), .blue, "one shadow for the whole layer, right of its union")
        XCTAssertEqual(f.pixel(15, 65), .black)
        XCTAssertEqual(f.pixel(25, 65), .blue, "the shadow set before the layer applies again")
    }

    func testFinishCompositesALayerLeftOpen() {
        let f = CanvasFixture(width: 20, height: 20)
        f.c.pointee.begin_transparency_layer(f.c)
        f.c.pointee.fill_rect(f.c, rect(0, 0, 10, 10))
        f.finish()
        XCTAssertEqual(f.pixel(5, 5), .black)
    }

    // MARK: Blur kernel

    func testBoxBlurPassesApproximateAGaussianAndConserveMass() {
        XCTAssertTrue(BoxBlur(sigma: 0).passes.isEmpty)
        XCTAssertTrue(BoxBlur(sigma: 0.3).passes.isEmpty)
        let blur = BoxBlur(sigma: 4)   // d = ⌊4·1.88 + 0.5⌋ = 8: even
        XCTAssertEqual(blur.passes.map { $0.left + $0.right + 1 }, [8, 8, 9])
        var image = [UInt8](repeating: 0, count: 101 * 101)
        for y in 40...60 { for x in 40...60 { image[y * 101 + x] = 255 } }
        let before = image.reduce(0) { $0 + Int($1) }
        image.withUnsafeMutableBufferPointer { blur.apply(to: $0.baseAddress!, width: 101, height: 101, stride: 101) }
        let row = Array(image[(50 * 101)..<(51 * 101)])
        let first = row.firstIndex { $0 > 0 }!, last = row.lastIndex { $0 > 0 }!
        XCTAssertEqual(50 - first, last - 50, "symmetric")
        XCTAssertLessThanOrEqual(last - 60, blur.reach, "spreads no further than its reach")
        XCTAssertGreaterThan(last - 60, 4, "but does spread")
        XCTAssertGreaterThan(row[50], 240, "the middle of a large block stays nearly solid")
        let after = image.reduce(0) { $0 + Int($1) }
        XCTAssertEqual(Double(after), Double(before), accuracy: Double(before) * 0.02, "mass is conserved")
    }
}
