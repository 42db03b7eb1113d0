import CCairo
import CEasel
import Glibc
import XCTest
@testable import EaselHost
@testable import EaselRender

/// Display lists: recording every canvas call, replaying it exactly, answering queries, and
/// refusing malformed lists with clear errors.
final class DisplayListTests: XCTestCase {
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
}
