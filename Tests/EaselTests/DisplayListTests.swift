import CCairo
import CEasel
import Glibc
import XCTest
@testable import EaselHost
@testable import EaselRender

/// Display lists: recording every canvas call, replaying it exactly, answering queries, and
/// refusing malformed lists with clear errors.
final class DisplayListTests: XCTestCase {
    // MARK: Fixtures

    static let payloadNaN = Double(nan: 0x5A5A, signaling: false)

    /// A text style with every field set to something distinctive.
    static func distinctiveStyle(family: UnsafePointer<CChar>?) -> easel_text_style {
        easel_text_style(font_family: family, font_size: 17.25, font_weight: 700, italic: true, reserved0: 0, reserved1: 0,
                         color: color(0.125, 0.25, 0.5, 0.75), alignment: EASEL_TEXT_ALIGN_RIGHT,
                         vertical_alignment: EASEL_VERTICAL_ALIGN_CENTER,
                         line_break: EASEL_LINE_BREAK_TRUNCATE_TAIL, max_lines: 4)
    }

    /// Calls every member of `easel_canvas` at least once with distinctive arguments (odd numbers,
    /// NaN with a payload, -0, infinities, out-of-range enum codes, CJK and emoji strings).
    static func callEveryMember(_ c: UnsafeMutablePointer<easel_canvas>) {
        let m = c.pointee
        m.save(c)
        m.translate(c, 12.5, -7.25)
        m.scale(c, 1.5, -0.0)
        m.rotate(c, 0.3125)
        m.concat_transform(c, easel_affine_transform(a: 1, b: 0.5, c: -0.25, d: 2, tx: 3e-300, ty: -1e300))
        _ = m.get_transform(c)
        m.restore(c)
        m.begin_path(c)
        m.move_to(c, 1.0 / 3.0, payloadNaN)
        m.line_to(c, .infinity, -.infinity)
        m.curve_to(c, 1, 2, 3, 4, 5, .greatestFiniteMagnitude)
        m.quad_curve_to(c, 6.5, 7.5, 8.5, .leastNonzeroMagnitude)
        m.arc(c, 50, 60, 25, 0.1, 4.2, true)
        m.arc(c, 51, 61, 26, 0.2, 4.3, false)
        m.close_path(c)
        m.add_rect(c, rect(1, 2, 3, 4))
        m.add_rounded_rect(c, rect(5, 6, -7, 8), 2.5)
        m.add_ellipse(c, rect(9, 10, 11, 12))
        m.set_fill_color(c, color(0.1, 0.2, 0.3, 0.4))
        m.set_stroke_color(c, color(0.9, 0.8, 0.7, 1.5))
        m.set_line_width(c, 3.75)
        m.set_line_cap(c, EASEL_LINE_CAP_ROUND)
        m.set_line_cap(c, 77)
        m.set_line_join(c, EASEL_LINE_JOIN_BEVEL)
        m.set_miter_limit(c, 4.5)
        let dashes: [Double] = [4, 2, 0.5]
        dashes.withUnsafeBufferPointer { m.set_line_dash(c, 1.5, $0.baseAddress, 3) }
        m.set_line_dash(c, -2, nil, 0)
        m.set_alpha(c, 0.625)
        m.set_shadow(c, easel_size(width: 3, height: -4), 5.5, color(0, 0, 0, 0.5))
        m.draw_path(c, EASEL_PATH_EO_FILL_STROKE)
        m.draw_path(c, 99)
        m.fill_rect(c, rect(13, 14, 15, 16))
        m.stroke_rect(c, rect(17, 18, 19, 20))
        m.clip(c, EASEL_FILL_RULE_EVEN_ODD)
        m.clip_to_rect(c, rect(21, 22, 23, 24))
        let stops = [easel_gradient_stop(location: 0, color: color(1, 0, 0)),
                     easel_gradient_stop(location: 0.5, color: color(0, 1, 0, 0.5)),
                     easel_gradient_stop(location: 1.25, color: color(0, 0, 1))]
        stops.withUnsafeBufferPointer {
            m.draw_linear_gradient(c, $0.baseAddress!, 3, point(1, 2), point(3, 4), EASEL_GRADIENT_EXTEND_BEFORE)
            m.draw_radial_gradient(c, $0.baseAddress!, 2, point(5, 6), 7, point(8, 9), 10,
                                   EASEL_GRADIENT_EXTEND_BEFORE | EASEL_GRADIENT_EXTEND_AFTER)
            m.draw_linear_gradient(c, $0.baseAddress!, 0, point(0, 0), point(1, 1), 0)
        }
        m.begin_transparency_layer(c)
        m.fill_rect(c, rect(0, 0, 1, 1))
        m.end_transparency_layer(c)
        "Noto Sans CJK SC".withCString { family in
            var style = distinctiveStyle(family: family)
            "Hello, 公积金 🎨".withCString { m.draw_text(c, $0, rect(25, 26, 27, 28), &style) }
            _ = "公积金".withCString { m.measure_text(c, $0, 80, &style) }
        }
        var plain = distinctiveStyle(family: nil)
        plain.italic = false
        "".withCString { m.draw_text(c, $0, rect(0, 0, 0, 0), &plain) }
        _ = "images/icon@2x.png".withCString { m.draw_image(c, $0, rect(29, 30, 31, 32), EASEL_CONTENT_SCALE_ASPECT_FILL) }
        _ = "images/icon@2x.png".withCString { m.image_size(c, $0) }
    }

    /// The members `callEveryMember` records (everything but the three queries).
    static let recordedMembers = Set(DisplayListOpcode.allCases.map(\.memberName))

    /// A list made of `records` (raw bytes after the header) and the end marker.
    static func list(_ records: [UInt8], end: Bool = true) -> [UInt8] {
        DisplayListFormat.header + records + (end ? [DisplayListFormat.endMarker] : [])
    }

    static func le32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
    static func le64(_ v: Double) -> [UInt8] { withUnsafeBytes(of: v.bitPattern.littleEndian) { Array($0) } }
    static func rectBytes(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [UInt8] {
        le64(x) + le64(y) + le64(w) + le64(h)
    }
    static func stringBytes(_ bytes: [UInt8]) -> [UInt8] { le32(UInt32(bytes.count)) + bytes + [0] }

    /// A draw_text record with `text` and `family` given as raw bytes.
    static func drawTextRecord(text: [UInt8], family: [UInt8]?) -> [UInt8] {
        var record: [UInt8] = [DisplayListOpcode.drawText.rawValue] + stringBytes(text) + rectBytes(0, 0, 10, 10)
        record += family.map(stringBytes) ?? le32(DisplayListFormat.nullStringLength)
        record += le64(12) + le32(400) + [0] + le64(0) + le64(0) + le64(0) + le64(1) + le32(0) + le32(0) + le32(0) + le32(0)
        return record
    }

    /// Asserts that replaying `bytes` throws a display-list HostError whose message contains
    /// `fragment`, and that nothing reached the canvas.
    func assertRefused(_ bytes: [UInt8], _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        let spy = DisplayListSpyCanvas()
        do {
            try DisplayListPlayer.replay(bytes, onto: spy.pointer)
            XCTFail("replay accepted a malformed list (expected: \(fragment))", file: file, line: line)
        } catch let error as HostError {
            XCTAssertEqual(error.kind, .pluginFailure, file: file, line: line)
            XCTAssertEqual(error.phase, .draw, file: file, line: line)
            XCTAssertTrue(error.message.hasPrefix("display list: "), error.message, file: file, line: line)
            XCTAssertTrue(error.message.contains(fragment), "“\(error.message)” lacks “\(fragment)”", file: file, line: line)
        } catch {
            XCTFail("unexpected error type: \(error)", file: file, line: line)
        }
        XCTAssertEqual(spy.calls, [], "a refused list must draw nothing", file: file, line: line)
    }

    // MARK: Round trips

    func testEveryMemberRoundTripsByteForByte() throws {
        let first = DisplayListRecorder()
        Self.callEveryMember(first.pointer)
        XCTAssertFalse(first.overflowed)

        let second = DisplayListRecorder()
        try DisplayListPlayer.replay(first.bytes, onto: second.pointer)
        XCTAssertEqual(first.bytes, second.bytes)
        XCTAssertEqual(Array(first.bytes.prefix(4)), Array("EZDL".utf8))
        XCTAssertEqual(first.bytes.last, 0xFF)
    }

    func testReplayCallsTheSameMembersWithTheSameArguments() throws {
        let direct = DisplayListSpyCanvas()
        Self.callEveryMember(direct.pointer)

        let recorder = DisplayListRecorder()
        Self.callEveryMember(recorder.pointer)
        let replayed = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(recorder.bytes, onto: replayed.pointer)

        XCTAssertEqual(replayed.calls.count, direct.calls.count)
        for (index, (got, expected)) in zip(replayed.calls, direct.calls).enumerated() where got != expected {
            XCTFail("call \(index): replayed \(got), expected \(expected)")
        }
        XCTAssertEqual(Set(replayed.callNames), Self.recordedMembers, "every recordable member is exercised")
        XCTAssertEqual(replayed.queries, [], "replay asks the target nothing")
    }

    func testStringsAndArraysAreCopiedDuringTheCall() throws {
        let recorder = DisplayListRecorder()
        let c = recorder.pointer
        var dashes: [Double] = [3, 1]
        dashes.withUnsafeBufferPointer { c.pointee.set_line_dash(c, 0, $0.baseAddress, 2) }
        var stops = [easel_gradient_stop(location: 0, color: color(1, 0, 0)),
                     easel_gradient_stop(location: 1, color: color(0, 0, 1))]
        stops.withUnsafeBufferPointer { c.pointee.draw_linear_gradient(c, $0.baseAddress!, 2, point(0, 0), point(1, 0), 0) }
        var text = Array("公积金".utf8CString), family = Array("Serif".utf8CString), name = Array("a.png".utf8CString)
        family.withUnsafeBufferPointer { f in
            var style = Self.distinctiveStyle(family: f.baseAddress)
            text.withUnsafeBufferPointer { c.pointee.draw_text(c, $0.baseAddress!, rect(0, 0, 50, 20), &style) }
        }
        _ = name.withUnsafeBufferPointer { c.pointee.draw_image(c, $0.baseAddress!, rect(0, 0, 5, 5), 0) }
        let before = recorder.bytes
        // The plugin reuses its buffers: the list must not change.
        for i in dashes.indices { dashes[i] = -1 }
        for i in stops.indices { stops[i].location = .nan }
        for i in text.indices.dropLast() { text[i] = 0x41 }
        for i in family.indices.dropLast() { family[i] = 0x42 }
        for i in name.indices.dropLast() { name[i] = 0x43 }
        XCTAssertEqual(recorder.bytes, before)

        let spy = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(before, onto: spy.pointer)
        XCTAssertEqual(spy.calls[0], "set_line_dash(0.0#0, [3.0#4008000000000000 1.0#3ff0000000000000]/2)")
        XCTAssertTrue(spy.calls[2].hasPrefix("draw_text(\"公积金\"#9, "), spy.calls[2])
        XCTAssertTrue(spy.calls[2].contains("{\"Serif\"#5 "), spy.calls[2])
        XCTAssertTrue(spy.calls[3].hasPrefix("draw_image(\"a.png\"#5, "), spy.calls[3])
    }

    func testNormalisations() throws {
        let recorder = DisplayListRecorder()
        let c = recorder.pointer
        c.pointee.set_line_dash(c, 2, nil, 5)               // NULL lengths: solid
        let invalid: [CChar] = [0x41, CChar(bitPattern: 0xFF), 0x42, 0]   // "A\xFFB"
        var style = textStyle()
        invalid.withUnsafeBufferPointer { c.pointee.draw_text(c, $0.baseAddress!, rect(0, 0, 9, 9), &style) }
        c.pointee.restore(c)                                 // nothing saved: ignored
        c.pointee.end_transparency_layer(c)                  // no layer: ignored
        let spy = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(recorder.bytes, onto: spy.pointer)
        XCTAssertEqual(spy.calls.count, 2)
        XCTAssertEqual(spy.calls[0], "set_line_dash(2.0#4000000000000000, [NULL]/0)")
        XCTAssertTrue(spy.calls[1].hasPrefix("draw_text(\"A\u{FFFD}B\"#5, "), spy.calls[1])
    }

    // MARK: Pixels

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

    // MARK: Transforms

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
        var rng = DisplayListRandom(seed: 42)
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

    // MARK: Queries

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

    // MARK: Balance and limits

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

    // MARK: Malformed lists

    func testTruncationAtEveryByteIsRefused() {
        for draw in [Self.callEveryMember, Self.drawScene] as [(UnsafeMutablePointer<easel_canvas>) -> Void] {
            let recorder = DisplayListRecorder()
            draw(recorder.pointer)
            let bytes = recorder.bytes
            for length in 0..<bytes.count {
                let cut = Array(bytes[0..<length])
                let spy = DisplayListSpyCanvas()
                XCTAssertThrowsError(try DisplayListPlayer.replay(cut, onto: spy.pointer), "cut at \(length)") { error in
                    XCTAssertEqual((error as? HostError)?.kind, .pluginFailure)
                }
                XCTAssertEqual(spy.calls, [], "cut at \(length) drew something")
            }
        }
        assertRefused([], "0 bytes is too short for the 8-byte header")
        assertRefused(Self.list([DisplayListOpcode.save.rawValue], end: false), "without its end marker")
        assertRefused(Self.list([DisplayListOpcode.translate.rawValue] + Self.le64(1)),
                      "record 1 (translate) at byte 8: truncated: ty needs 8 bytes at byte 17, only 1 remain")
    }

    func testHeaderProblemsAreRefused() {
        assertRefused(Array("EZD".utf8), "3 bytes is too short")
        assertRefused(Array("PNG!".utf8) + Self.le32(1) + [0xFF], "not a display list: the first bytes are 0x50 0x4E 0x47 0x21")
        assertRefused(Array("EZDL".utf8) + Self.le32(2) + [0xFF], "format version 2 is not supported (this host reads version 1)")
        assertRefused(Array("EZDL".utf8) + Self.le32(0) + [0xFF], "format version 0 is not supported")
        assertRefused(Self.list([]) + [0x01], "1 bytes follow the end marker at byte 8")
        var huge = [UInt8](repeating: 0, count: DisplayListPlayer.maximumByteCount + 1)
        huge.replaceSubrange(0..<8, with: DisplayListFormat.header)
        assertRefused(huge, "67108865 bytes is more than the limit of 67108864 bytes (64 MiB)")
    }

    func testUnknownOpcodesAreRefused() {
        for byte: UInt8 in [0x00, 37, 0x80, 0xFE] {
            assertRefused(Self.list([DisplayListOpcode.save.rawValue, byte]),
                          "record 2 at byte 9: unknown opcode \(DisplayListReader.hex(byte))")
        }
    }

    func testAbsurdCountsAreRefusedWithoutAllocating() {
        assertRefused(Self.list([DisplayListOpcode.setLineDash.rawValue] + Self.le64(0) + Self.le32(0x8000_0000)),
                      "(set_line_dash) at byte 8: 2147483648 dash lengths need 17179869184 bytes, only 1 remain")
        assertRefused(Self.list([DisplayListOpcode.drawLinearGradient.rawValue] + Self.le32(0xFFFF_FFFF)),
                      "(draw_linear_gradient) at byte 8: 4294967295 gradient stops need 171798691800 bytes")
        assertRefused(Self.list([DisplayListOpcode.drawRadialGradient.rawValue] + Self.le32(2) + [UInt8](repeating: 0, count: 79)),
                      "(draw_radial_gradient) at byte 8: truncated: the start centre needs 16 bytes at byte 93, only 0 remain")
        assertRefused(Self.list([DisplayListOpcode.drawImage.rawValue] + Self.le32(0xFFFF_FFF0) + [0x41, 0]),
                      "(draw_image) at byte 8: the image name of 4294967280 bytes needs 4294967281 bytes with its terminator")
        assertRefused(Self.list([DisplayListOpcode.drawText.rawValue] + Self.le32(DisplayListFormat.nullStringLength)),
                      "(draw_text) at byte 8: the text of 4294967295 bytes")
    }

    func testMalformedStringsAndFlagsAreRefused() {
        let cases: [([UInt8], String)] = [
            ([0x41, 0xFF, 0x42], "is not valid UTF-8 (byte 0xFF at offset 1 of 3)"),
            ([0xC0, 0x80], "is not valid UTF-8 (byte 0xC0 at offset 0"),          // overlong NUL
            ([0xE0, 0x80, 0x80], "is not valid UTF-8 (byte 0xE0 at offset 0"),    // overlong
            ([0xED, 0xA0, 0x80], "is not valid UTF-8 (byte 0xED at offset 0"),    // surrogate
            ([0xF4, 0x90, 0x80, 0x80], "is not valid UTF-8 (byte 0xF4"),          // above U+10FFFF
            ([0x41, 0xE5, 0x85], "is not valid UTF-8 (byte 0xE5 at offset 1"),    // cut sequence
            ([0x41, 0x80], "is not valid UTF-8 (byte 0x80 at offset 1"),          // lone continuation
            ([0x41, 0x00, 0x42], "contains a NUL byte (byte 0x00 at offset 1 of 3)"),
        ]
        for (bad, fragment) in cases {
            assertRefused(Self.list(Self.drawTextRecord(text: bad, family: nil)), "(draw_text) at byte 8: the text " + fragment)
            assertRefused(Self.list(Self.drawTextRecord(text: Array("ok".utf8), family: bad)), "the font family " + fragment)
            assertRefused(Self.list([DisplayListOpcode.drawImage.rawValue] + Self.stringBytes(bad) + Self.rectBytes(0, 0, 1, 1) + Self.le32(0)),
                          "the image name " + fragment)
        }
        // Valid: CJK, emoji, the largest code point, an empty string.
        let valid: [UInt8] = Array("公积金 🎨".utf8) + [0xF4, 0x8F, 0xBF, 0xBF]
        let target = DisplayListSpyCanvas()
        XCTAssertNoThrow(try DisplayListPlayer.replay(Self.list(Self.drawTextRecord(text: valid, family: [])),
                                                      onto: target.pointer))
        XCTAssertEqual(target.callNames, ["draw_text"])
        // The terminator must be there.
        var unterminated = Self.drawTextRecord(text: Array("abc".utf8), family: nil)
        unterminated[1 + 4 + 3] = 0x21
        assertRefused(Self.list(unterminated), "the text is not followed by its 0 terminator (byte 16 is 0x21)")
        // Flags are 0 or 1.
        let arc = [DisplayListOpcode.arc.rawValue] + (0..<5).flatMap { _ in Self.le64(1) }
        assertRefused(Self.list(arc + [2]), "(arc) at byte 8: the clockwise flag is 2, expected 0 or 1")
        var italic = Self.drawTextRecord(text: Array("x".utf8), family: nil)
        italic[1 + 4 + 1 + 1 + 32 + 4 + 8 + 4] = 7
        assertRefused(Self.list(italic), "the italic flag is 7, expected 0 or 1")
    }

    func testNestingLimits() throws {
        let save = DisplayListOpcode.save.rawValue, layer = DisplayListOpcode.beginTransparencyLayer.rawValue
        let spy = DisplayListSpyCanvas()
        try DisplayListPlayer.replay(Self.list([UInt8](repeating: save, count: DisplayListPlayer.maximumStateDepth)),
                                     onto: spy.pointer)
        XCTAssertEqual(spy.callNames.filter { $0 == "restore" }.count, DisplayListPlayer.maximumStateDepth)
        assertRefused(Self.list([UInt8](repeating: save, count: DisplayListPlayer.maximumStateDepth + 1)),
                      "record 1025 (save) at byte 1032: graphics states nest deeper than 1024")
        assertRefused(Self.list([UInt8](repeating: layer, count: DisplayListPlayer.maximumLayerDepth + 1)),
                      "(begin_transparency_layer) at byte 40: transparency layers nest deeper than 32")
        // Balanced sequences far longer than the limits are fine.
        let balanced = (0..<5000).flatMap { _ in [save, DisplayListOpcode.restore.rawValue] }
        let target = DisplayListSpyCanvas()
        XCTAssertNoThrow(try DisplayListPlayer.replay(Self.list(balanced), onto: target.pointer))
        XCTAssertEqual(target.calls.count, 10_000)
    }

    func testRandomCorruptionNeverCrashes() {
        let recorder = DisplayListRecorder()
        Self.drawScene(recorder.pointer)
        Self.callEveryMember(recorder.pointer)
        let original = recorder.bytes
        var rng = DisplayListRandom(seed: 7)
        var refused = 0, accepted = 0
        for _ in 0..<4000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: DisplayListFormat.headerSize..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
                case 2: bytes.remove(at: index)
                default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: index)
                }
            }
            let spy = DisplayListSpyCanvas()
            do {
                try DisplayListPlayer.replay(bytes, onto: spy.pointer)
                accepted += 1
            } catch let error as HostError {
                XCTAssertEqual(error.kind, .pluginFailure)
                XCTAssertEqual(spy.calls, [])
                refused += 1
            } catch {
                XCTFail("unexpected error \(error)")
            }
        }
        XCTAssertGreaterThan(refused, 1000)
        XCTAssertGreaterThan(accepted, 100) // flipped bits inside numbers are still well-formed lists
    }

    // MARK: Timing
}

/// A small deterministic generator (SplitMix64) so failures reproduce.
struct DisplayListRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
