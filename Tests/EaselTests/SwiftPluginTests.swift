import EaselHost
import Foundation
import XCTest

/// Plugins written in Swift with EaselKit, through the same ABI and libffi calls as C plugins.
final class SwiftPluginTests: XCTestCase {
    func testEveryTypeRoundTripsThroughLibffiInSwift() throws {
        let registry = Registry(files: [try SwiftFixture.build("SwiftAllTypes")], environment: testEnvironment)
        XCTAssertEqual(registry.failures, [])
        let cls = try XCTUnwrap(try registry.designableClass(named: "AllTypesView"))
        let own = cls.info.properties.prefix(12)
        XCTAssertEqual(own.map(\.name), ["count", "radius", "ratio", "caption", "enabled", "anchor", "extent", "box",
                                        "tint", "icon", "style", "padding"], "the class's own, in declaration order")
        XCTAssertEqual(Set(own.map(\.type)), Set(PropertyType.allCases))
        XCTAssertEqual(cls.info.property(named: "count")?.range, NumericRange(min: -10, max: 10, step: 1))
        XCTAssertEqual(cls.info.property(named: "caption")?.displayName, "Caption Text")
        XCTAssertEqual(cls.info.property(named: "caption")?.group, "Text")
        XCTAssertEqual(cls.info.property(named: "style")?.enumCases.map(\.name), ["plain", "outlined", "filled"])
        XCTAssertEqual(cls.info.property(named: "style")?.defaultValue, .enumeration(1))
        XCTAssertEqual(cls.info.property(named: "tint")?.defaultValue, .color(Color(red: 0.25, green: 0.5, blue: 0.75)))
        let values: [String: PropertyValue] = [
            "count": .int(-7), "radius": .cgFloat(12.25), "ratio": .double(-1e-6), "caption": .string("公积金 ✓"),
            "enabled": .bool(false), "anchor": .point(Point(x: -3, y: 4.5)), "extent": .size(Size(width: 7, height: 8)),
            "box": .rect(Rect(x: 1.5, y: 2, width: 30, height: 40)), "tint": .color(Color(red: 1, green: 0, blue: 0.5, alpha: 0.25)),
            "icon": .image("icons/star.svg"), "style": .enumeration(2),
            "padding": .insets(Insets(top: 9, left: 8, bottom: 7, right: 6)),
        ]
        let instance = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
        for (name, value) in values {
            try instance.set(name, to: value)
            XCTAssertEqual(try instance.get(name), value, name)
        }
        try instance.set("icon", to: .image(nil))
        XCTAssertEqual(try instance.get("icon"), .image(nil))
        // Two instances keep their own values.
        let other = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
        XCTAssertEqual(try other.get("caption"), .string("Hello"))
    }

    func testTheSameThroughAWorker() throws {
        useHostAsWorker()
        let registry = Registry(files: [try SwiftFixture.build("SwiftAllTypes")], isolation: .default, environment: testEnvironment)
        let cls = try XCTUnwrap(try registry.designableClass(named: "AllTypesView"))
        let instance = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
        try instance.set("caption", to: .string("through a worker"))
        try instance.set("tint", to: .color(Color(red: 0, green: 1, blue: 0)))
        XCTAssertEqual(try instance.get("caption"), .string("through a worker"))
        XCTAssertEqual(try instance.get("tint"), .color(Color(red: 0, green: 1, blue: 0)))
    }

    func testTwoSwiftPluginsLoadSideBySide() throws {
        let registry = Registry(files: [try SwiftFixture.build("SwiftAllTypes"), try TestPaths.example("RoundedCornerButton")], environment: testEnvironment)
        XCTAssertEqual(registry.failures, [])
        let a = try XCTUnwrap(try registry.designableClass(named: "AllTypesView")).makeInstance(frame: Rect(size: Size(width: 10, height: 10)))
        let b = try XCTUnwrap(try registry.designableClass(named: "RoundedCornerButton")).makeInstance(frame: Rect(size: Size(width: 10, height: 10)))
        try a.set("caption", to: .string("a"))
        try b.set("cornerRadius", to: .cgFloat(5))
        XCTAssertEqual(try a.get("caption"), .string("a"))
        XCTAssertEqual(try b.get("cornerRadius"), .cgFloat(5))
    }

    func testRoundedCornerButtonsTable() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        let result = try runHost(["inspect", "RoundedCornerButton", "--json"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: result.stdoutData) as! [String: Any]
        let cls = (json["classes"] as! [[String: Any]])[0]
        XCTAssertEqual(cls["kind"] as? String, "button")
        let radius = (cls["properties"] as! [[String: Any]])[0]
        XCTAssertEqual(radius["name"] as? String, "cornerRadius")
        XCTAssertEqual(radius["displayName"] as? String, "Corner Radius")
        XCTAssertEqual(radius["type"] as? String, "CGFloat")
        XCTAssertEqual(radius["default"] as? Double, 0)
        XCTAssertEqual(radius["range"] as? [String: Double], ["min": 0, "max": 100, "step": 1])
        let text = try runHost(["inspect", "RoundedCornerButton"], directory: root)
        XCTAssertTrue(text.stdout.contains("\n  Rounded Corner Button\n  cornerRadius               : Corner Radius\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("CGFloat. Range: 0 - 100, step 1; Default: 0"))
    }
}
