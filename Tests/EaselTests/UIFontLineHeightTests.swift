import Foundation
import XCTest

/// `UIFont.lineHeight` is the height of a line as the host lays text out, so UIKit-style code that
/// sizes a label to it never clips (Tests/Fixtures/SwiftLineHeight). It was 1.2 × size, 27 points for
/// a 22-point bold font whose line the host lays out 32 points tall.
final class UIFontLineHeightTests: XCTestCase {
    func testALabelSizedToItsFontsLineHeightHoldsItsMeasuredText() throws {
        let root = try componentsFolder(["libSwiftLineHeight.so": try SwiftFixture.build("SwiftLineHeight")])
        let inspect = try runHost(["inspect", "LineHeightLabel", "--plugins", root + "/components", "--json"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: inspect.stdoutData) as? [String: Any])
        let properties = try XCTUnwrap((json["classes"] as? [[String: Any]])?.first?["properties"] as? [[String: Any]])
        func value(_ name: String) throws -> Double {
            try XCTUnwrap(properties.first { $0["name"] as? String == name }?["default"] as? Double, "\(name) in \(properties)")
        }
        let lineHeight = try value("lineHeight"), textHeight = try value("textHeight")
        XCTAssertGreaterThan(textHeight, 22, "the host measured one line of 22-point text")
        XCTAssertGreaterThanOrEqual(lineHeight, textHeight,
                                    "a label \(lineHeight) points tall (font.lineHeight) holds its text, \(textHeight) points tall")
    }
}
