import CCairo
import CEasel
import Glibc
import XCTest
@testable import EaselHost
@testable import EaselRender

/// Malformed display lists are refused with clear errors: truncated, bad headers, unknown opcodes,
/// absurd counts, bad strings and flags, deep nesting, random corruption.
extension DisplayListTests {
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
        var rng = SplitMix64(seed: 7)
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
}
