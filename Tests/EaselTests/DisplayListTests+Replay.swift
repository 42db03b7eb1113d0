import CCairo
import CEasel
import Glibc
import XCTest
@testable import EaselHost
@testable import EaselRender

/// Display lists replayed onto Cairo: the same pixels as drawing directly, the same transform as the
/// Cairo canvas, and a reset back to the start.
extension DisplayListTests {
    /// A picture exercising paths, fills, dashed strokes, both gradients, shadows, transparency
    /// layers, clips, text (Latin and Chinese), an image, and every kind of transform.
    static func drawScene(_ c: UnsafeMutablePointer<easel_canvas>) {
        let m = c.pointee
        let stops = [easel_gradient_stop(location: 0, color: color(0.95, 0.9, 0.8)),
                     easel_gradient_stop(location: 0.6, color: color(0.6, 0.8, 0.95)),
                     easel_gradient_stop(location: 1, color: color(0.3, 0.35, 0.6))]
        stops.withUnsafeBufferPointer {
            m.draw_linear_gradient(c, $0.baseAddress!, 3, point(0, 0), point(320, 240),
                                   EASEL_GRADIENT_EXTEND_BEFORE | EASEL_GRADIENT_EXTEND_AFTER)
        }

        // Rotated, scaled rounded rect: fill and dashed stroke, round caps and joins.
        m.save(c)
        m.translate(c, 70, 60)
        m.rotate(c, -0.2)
        m.scale(c, 1.2, 0.9)
        m.add_rounded_rect(c, rect(-50, -30, 100, 60), 12)
        m.set_fill_color(c, color(0.9, 0.3, 0.2, 0.85))
        m.set_stroke_color(c, color(0.1, 0.1, 0.3))
        m.set_line_width(c, 4)
        m.set_line_cap(c, EASEL_LINE_CAP_ROUND)
        m.set_line_join(c, EASEL_LINE_JOIN_ROUND)
        let dashes: [Double] = [10, 5, 2, 5]
        dashes.withUnsafeBufferPointer { m.set_line_dash(c, 3, $0.baseAddress, 4) }
        m.draw_path(c, EASEL_PATH_FILL_STROKE)
        m.restore(c)

        // Shadowed ellipse and curves.
        m.save(c)
        m.set_shadow(c, easel_size(width: 4, height: 6), 5, color(0, 0, 0, 0.5))
        m.set_fill_color(c, color(0.2, 0.7, 0.3))
        m.add_ellipse(c, rect(160, 20, 90, 60))
        m.draw_path(c, EASEL_PATH_FILL)
        m.begin_path(c)
        m.move_to(c, 150, 110)
        m.curve_to(c, 180, 80, 220, 140, 250, 100)
        m.quad_curve_to(c, 280, 70, 300, 110)
        m.set_stroke_color(c, color(0.5, 0.1, 0.6))
        m.set_line_width(c, 3)
        m.draw_path(c, EASEL_PATH_STROKE)
        m.restore(c)

        // A transparency layer with alpha and a shadow: overlapping rects composited as one.
        m.save(c)
        m.set_alpha(c, 0.6)
        m.set_shadow(c, easel_size(width: -3, height: 3), 2, color(0.1, 0, 0.2, 0.8))
        m.begin_transparency_layer(c)
        m.set_fill_color(c, color(0.1, 0.3, 0.9))
        m.fill_rect(c, rect(20, 120, 60, 50))
        m.set_fill_color(c, color(0.9, 0.8, 0.1))
        m.fill_rect(c, rect(50, 140, 60, 50))
        m.end_transparency_layer(c)
        m.restore(c)

        // Radial gradient clipped to a circle; even-odd star; skewed stroke_rect.
        m.save(c)
        m.add_ellipse(c, rect(130, 130, 70, 70))
        m.clip(c, EASEL_FILL_RULE_WINDING)
        stops.withUnsafeBufferPointer {
            m.draw_radial_gradient(c, $0.baseAddress!, 3, point(150, 150), 5, point(165, 165), 40,
                                   EASEL_GRADIENT_EXTEND_AFTER)
        }
        m.restore(c)
        m.begin_path(c)
        for i in 0..<5 {
            let angle = Double(i) * 4 * Double.pi / 5 - Double.pi / 2
            let x = 260 + 35 * cos(angle), y = 165 + 35 * sin(angle)
            if i == 0 { m.move_to(c, x, y) } else { m.line_to(c, x, y) }
        }
        m.close_path(c)
        m.set_fill_color(c, color(0.95, 0.5, 0.1))
        m.draw_path(c, EASEL_PATH_EO_FILL)
        m.save(c)
        m.concat_transform(c, easel_affine_transform(a: 1, b: 0.1, c: 0.4, d: 1, tx: 10, ty: 5))
        m.set_stroke_color(c, color(0, 0, 0, 0.7))
        m.set_line_width(c, 1.5)
        m.set_miter_limit(c, 2)
        m.stroke_rect(c, rect(150, 180, 50, 20))
        m.arc(c, 190, 195, 8, 0, 1.5 * Double.pi, false)
        m.draw_path(c, EASEL_PATH_STROKE)
        m.restore(c)

        // Text, measured to frame it, and an image clipped into a rect.
        var style = textStyle(size: 18, color: color(0.1, 0.1, 0.15))
        var size = easel_size(width: 0, height: 0)
        "Display list 公积金".withCString { size = m.measure_text(c, $0, 0, &style) }
        m.set_stroke_color(c, color(0.8, 0.1, 0.1))
        m.set_line_width(c, 1)
        m.stroke_rect(c, rect(10, 200, size.width + 4, size.height + 4))
        "Display list 公积金".withCString { m.draw_text(c, $0, rect(12, 202, size.width, size.height), &style) }
        var centred = textStyle(size: 11, color: color(1, 1, 1), alignment: EASEL_TEXT_ALIGN_CENTER,
                                lineBreak: EASEL_LINE_BREAK_TRUNCATE_TAIL, maxLines: 1)
        centred.font_weight = 700
        "住房公积金 and a tail that is truncated".withCString { m.draw_text(c, $0, rect(140, 90, 120, 30), &centred) }
        m.save(c)
        m.clip_to_rect(c, rect(270, 10, 40, 40))
        _ = "wide.png".withCString { m.draw_image(c, $0, rect(262, 10, 60, 40), EASEL_CONTENT_SCALE_ASPECT_FILL) }
        m.restore(c)
    }

    /// The pixels of a finished PNG target: stride × height bytes.
    static func pixels(of target: RenderTarget) throws -> [UInt8] {
        try target.canvas.finish()
        let surface = cairo_get_target(target.canvas.cr)!
        cairo_surface_flush(surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface)!, count: count))
    }

    func testReplayOntoCairoMatchesDirectDrawingPixelForPixel() throws {
        let resolver = ResourceImageResolver(resourceDirectory: renderResourcesDirectory())
        for scale in [1.0, 2.0] {
            let options = RenderOptions(width: 320, height: 240, scale: scale, background: color(1, 1, 1))
            let direct = try RenderTarget(format: .png(compressionLevel: 1), options: options, resolver: resolver)
            Self.drawScene(direct.canvas.pointer)

            let replayed = try RenderTarget(format: .png(compressionLevel: 1), options: options, resolver: resolver)
            let query = try RenderTarget(format: .png(compressionLevel: 1), options: RenderOptions(width: 1, height: 1),
                                         resolver: resolver)
            let c = replayed.canvas.pointer
            let recorder = DisplayListRecorder(initialTransform: c.pointee.get_transform(c),
                                               queryCanvas: query.canvas.pointer)
            Self.drawScene(recorder.pointer)
            try DisplayListPlayer.replay(recorder.bytes, onto: c)

            XCTAssertEqual(direct.canvas.diagnostics, [])
            XCTAssertEqual(replayed.canvas.diagnostics, [])
            let expected = try Self.pixels(of: direct), got = try Self.pixels(of: replayed)
            XCTAssertEqual(expected.count, got.count)
            if expected != got {
                let differing = zip(expected, got).filter { $0 != $1 }.count
                let worst = zip(expected, got).map { abs(Int($0) - Int($1)) }.max() ?? 0
                try direct.write(to: "/tmp/easel-displaylist-direct@\(Int(scale))x.png")
                try replayed.write(to: "/tmp/easel-displaylist-replayed@\(Int(scale))x.png")
                XCTFail("@\(Int(scale))x: \(differing) bytes differ (largest difference \(worst)); see /tmp/easel-displaylist-*.png")
            }
            // The picture is not trivially blank: the text, image and shapes left their marks.
            XCTAssertGreaterThan(Set(expected).count, 200)
        }
    }

    static func same(_ a: easel_affine_transform, _ b: easel_affine_transform) -> Bool {
        func eq(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN) }
        return eq(a.a, b.a) && eq(a.b, b.b) && eq(a.c, b.c) && eq(a.d, b.d) && eq(a.tx, b.tx) && eq(a.ty, b.ty)
    }

    func testGetTransformMatchesTheCairoCanvas() {
        let fixture = CanvasFixture(width: 40, height: 30, scale: 2)
        let real = fixture.c
        let recorder = DisplayListRecorder(initialTransform: real.pointee.get_transform(real))
        let rec = recorder.pointer
        var step = 0
        func both(_ label: String, _ body: (UnsafeMutablePointer<easel_canvas>) -> Void) {
            body(real)
            body(rec)
            step += 1
            let expected = real.pointee.get_transform(real), got = rec.pointee.get_transform(rec)
            XCTAssertTrue(Self.same(expected, got),
                          "step \(step) (\(label)): recorder \(DisplayListSpyCanvas.t(got)) ≠ canvas \(DisplayListSpyCanvas.t(expected))")
        }
        both("translate") { $0.pointee.translate($0, 10.3, -4.7) }
        both("scale") { $0.pointee.scale($0, 1.7, 0.3) }
        both("rotate") { $0.pointee.rotate($0, 0.7) }
        both("concat") { $0.pointee.concat_transform($0, easel_affine_transform(a: 0.9, b: 0.2, c: -0.4, d: 1.1, tx: 3, ty: 7)) }
        both("save") { $0.pointee.save($0) }
        both("rotate") { $0.pointee.rotate($0, -2.1) }
        both("translate") { $0.pointee.translate($0, 1e-3, 1e3) }
        both("restore") { $0.pointee.restore($0) }
        both("begin layer") { $0.pointee.begin_transparency_layer($0) }
        both("scale") { $0.pointee.scale($0, 3, 3) }
        both("save in layer") { $0.pointee.save($0) }
        both("rotate in layer") { $0.pointee.rotate($0, 1) }
        both("end layer") { $0.pointee.end_transparency_layer($0) }
        both("restore below a layer's floor") { $0.pointee.begin_transparency_layer($0); $0.pointee.restore($0) }
        both("rotate") { $0.pointee.rotate($0, 0.25) }
        both("end layer") { $0.pointee.end_transparency_layer($0) }
        both("unbalanced restore") { $0.pointee.restore($0) }
        both("rotate NaN (ignored)") { $0.pointee.rotate($0, .nan) }
        both("rotate infinity (ignored)") { $0.pointee.rotate($0, .infinity) }
        both("save") { $0.pointee.save($0) }
        both("singular scale") { $0.pointee.scale($0, 0, 2) }
        both("translate while singular") { $0.pointee.translate($0, 5, 5) }
        both("restore from singular") { $0.pointee.restore($0) }
        both("save") { $0.pointee.save($0) }
        both("NaN translate") { $0.pointee.translate($0, .nan, 1) }
        both("restore") { $0.pointee.restore($0) }

        // A long random walk.
        var rng = SplitMix64(seed: 42)
        for _ in 0..<600 {
            let x = Double.random(in: -3...3, using: &rng), y = Double.random(in: -3...3, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: both("translate") { $0.pointee.translate($0, x * 10, y * 10) }
            case 1: both("scale") { $0.pointee.scale($0, 1 + x / 10, 1 + y / 10) }
            case 2: both("rotate") { $0.pointee.rotate($0, x) }
            case 3: both("concat") { $0.pointee.concat_transform($0, easel_affine_transform(a: 1, b: x / 10, c: y / 10, d: 1, tx: x, ty: y)) }
            case 4: both("save") { $0.pointee.save($0) }
            case 5: both("restore") { $0.pointee.restore($0) }
            case 6: both("begin layer") { $0.pointee.begin_transparency_layer($0) }
            default: both("end layer") { $0.pointee.end_transparency_layer($0) }
            }
        }
        fixture.finish()
    }

    func testResetReturnsToTheInitialTransformAndAnEmptyList() {
        let initial = easel_affine_transform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 6)
        let recorder = DisplayListRecorder(initialTransform: initial)
        let c = recorder.pointer
        let empty = recorder.bytes
        XCTAssertEqual(empty, DisplayListFormat.header + [0xFF])
        c.pointee.save(c)
        c.pointee.rotate(c, 1)
        XCTAssertFalse(Self.same(c.pointee.get_transform(c), initial))
        recorder.reset()
        XCTAssertTrue(Self.same(c.pointee.get_transform(c), initial))
        XCTAssertEqual(recorder.bytes, empty)
        c.pointee.restore(c) // nothing saved since the reset
        XCTAssertEqual(recorder.bytes, empty)
    }
}
