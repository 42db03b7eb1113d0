import EaselHost
import XCTest

/// Text made safe for a terminal (``TerminalText``): it works on UTF-8 bytes, eight at a time, so
/// its result is checked here against the rule it implements, one scalar at a time.
final class TerminalTextTests: XCTestCase {
    /// The rule, scalar by scalar (what `printable` did before it read bytes).
    private func reference(_ text: String, keepingNewlines: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if TerminalText.isControl(scalar) && !(keepingNewlines && scalar == "\n") {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    func testPrintableEscapesExactlyTheControlsWhereverTheyFallInAWord() {
        // Every control and its neighbours (C0, DEL, C1, the bidirectional controls), other multi-byte
        // scalars (two, three and four bytes) and plain ASCII, in strings long enough for whole words.
        let scalars: [Unicode.Scalar] = (0...0x30).map { Unicode.Scalar(UInt8($0)) } + (0x7B...0xA5).map { Unicode.Scalar(UInt8($0)) }
            + (0x2020...0x2070).compactMap(Unicode.Scalar.init) + ["é", "漢", "😀", "\u{FEFF}", "\u{0301}", "a", "Z", "~"]
        var generator = SplitMix64(seed: 26)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 41) { text.unicodeScalars.append(scalars[Int(generator.next() % UInt64(scalars.count))]) }
            for keeping in [false, true] {
                XCTAssertEqual(TerminalText.printable(text, keepingNewlines: keeping), reference(text, keepingNewlines: keeping),
                               "\(text.debugDescription), keeping newlines: \(keeping)")
            }
        }
        let listing = String(repeating: "Generated 1 1.0.0 (org.easel.bench.generated1)  n1000/libGenerated1.so\n", count: 100)
        XCTAssertEqual(TerminalText.printable(listing, keepingNewlines: true), listing)
        XCTAssertEqual(TerminalText.printable("ok\u{1b}[31mred\n\u{9b}2J \u{202e}x\u{2069}", keepingNewlines: true),
                       #"ok\u{1b}[31mred"# + "\n" + #"\u{9b}2J \u{202e}x\u{2069}"#)
    }
}
