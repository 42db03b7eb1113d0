@testable import EaselHost
import Foundation
import XCTest

/// Colours as CSS writes them are values like `#RRGGBB` (issue 24: `--set tintColor=red` was
/// refused): names, `#RGB`, `rgb()` and `hsl()`, through the value syntax everywhere (CSSColor).
final class CSSColorTests: XCTestCase {
    func testCSSColoursParseToTheSameHex() throws {
        let property = PropertyInfo(name: "tintColor", type: .color, defaultValue: .color(Color(red: 0, green: 0, blue: 0)))
        for (text, hex) in [("red", "#FF0000"), ("RebeccaPurple", "#663399"), ("transparent", "#00000000"), ("#f80", "#FF8800"),
                            ("#f808", "#FF880088"), ("#FF8800", "#FF8800"), ("#ff880080", "#FF880080"),
                            ("rgb(255 136 0)", "#FF8800"), ("rgb(255, 136, 0)", "#FF8800"), ("rgba(255,136,0,0.5)", "#FF880080"),
                            ("rgb(100% 0% 0% / 50%)", "#FF000080"), ("hsl(120 100% 25%)", "#008000"), ("hsl(0deg, 100%, 50%)", "#FF0000"),
                            ("hsla(240, 100%, 50%, 0.5)", "#0000FF80"), ("  White ", "#FFFFFF")] {
            guard case .color(let c) = try property.parse(text) else { return XCTFail(text) }
            XCTAssertEqual(PropertyInfo.hex(c), hex, text)
        }
        for text in ["reddish", "#12345", "#GGG", "rgb(1,2)", "rgb(1 2 3 4)", "hsl(120 100 25)", "rgb()", "url(red)", ""] {
            XCTAssertThrowsError(try property.parse(text), text) { error in
                XCTAssertTrue("\(error)".contains("is not a colour (expected #RRGGBB or #RRGGBBAA, a CSS name or rgb()/hsl()"), "\(error)")
            }
        }
    }

    /// On the command line: `--set tintColor=red` draws what `--set tintColor=#FF0000` draws.
    func testSetTakesACSSColourName() throws {
        let root = try exampleComponents(["Gauge"])
        XCTAssertEqual(try runHost(["render", "Gauge", "--set", "tintColor=red", "-o", "a.png"], directory: root).status, 0)
        XCTAssertEqual(try runHost(["render", "Gauge", "--set", "tintColor=#FF0000", "-o", "b.png"], directory: root).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: root + "/a.png")), try Data(contentsOf: URL(fileURLWithPath: root + "/b.png")))
    }
}
