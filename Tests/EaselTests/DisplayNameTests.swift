import EaselHost
import XCTest

final class DisplayNameTests: XCTestCase {
    func testCamelCaseAsXcodeShowsIt() {
        XCTAssertEqual(DisplayName.derive(from: "cornerRadius"), "Corner Radius")
        XCTAssertEqual(DisplayName.derive(from: "RoundedCornerButton"), "Rounded Corner Button")
        XCTAssertEqual(DisplayName.derive(from: "enableImageRightAligned"), "Enable Image Right Aligned")
        XCTAssertEqual(DisplayName.derive(from: "titleLeftPadding"), "Title Left Padding")
        XCTAssertEqual(DisplayName.derive(from: "value"), "Value")
    }

    func testAcronymsDigitsAndUnderscores() {
        XCTAssertEqual(DisplayName.derive(from: "HTMLView"), "HTML View")
        XCTAssertEqual(DisplayName.derive(from: "isHTMLEnabled"), "Is HTML Enabled")
        XCTAssertEqual(DisplayName.derive(from: "gradientColor1"), "Gradient Color 1")
        XCTAssertEqual(DisplayName.derive(from: "color12Alpha"), "Color 12 Alpha")
        XCTAssertEqual(DisplayName.derive(from: "snake_case_name"), "Snake Case Name")
        XCTAssertEqual(DisplayName.derive(from: "URL"), "URL")
        XCTAssertEqual(DisplayName.derive(from: ""), "")
    }

    func testPropertyInfoUsesThePluginsDisplayNameWhenGiven() {
        let given = PropertyInfo(name: "pieChart", displayName: "Pie", type: .bool, defaultValue: .bool(false))
        XCTAssertEqual(given.displayName, "Pie")
        let derived = PropertyInfo(name: "pieChart", type: .bool, defaultValue: .bool(false))
        XCTAssertEqual(derived.displayName, "Pie Chart")
    }
}
