import EaselHost
import Foundation
import XCTest

/// Every type goes through the plugin's typed setter and comes back through its typed getter, called
/// through libffi, unchanged.
final class PropertyRoundTripTests: XCTestCase {
    let values: [String: PropertyValue] = [
        "integer": .int(-999_999),
        "cgFloat": .cgFloat(2.75),
        "real": .double(-1e-9),
        "text": .string("公积金 ✓ \"quoted\""),
        "flag": .bool(false),
        "point": .point(Point(x: -1.5, y: 1e6)),
        "size": .size(Size(width: 320, height: 0.5)),
        "rect": .rect(Rect(x: 1, y: -2, width: 3.25, height: 4)),
        "color": .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
        "image": .image("icons/star.svg"),
        "choice": .enumeration(-5),
        "insets": .insets(Insets(top: 4, left: 3, bottom: 2, right: 1)),
    ]

    func allTypesClass() throws -> DesignableClass {
        let registry = Registry(files: [try CFixture.build("all_types.c")], environment: testEnvironment)
        XCTAssertEqual(registry.failures, [])
        return try XCTUnwrap(try registry.designableClass(named: "AllTypes"))
    }

    func testTheTableDescribesEveryType() throws {
        let info = try allTypesClass().info
        XCTAssertEqual(Set(info.properties.map(\.type)), Set(PropertyType.allCases))
        XCTAssertEqual(info.property(named: "choice")?.enumCases.map(\.name), ["first", "second", "third"])
        XCTAssertEqual(info.property(named: "choice")?.enumCases.last?.displayName, "Third One")
        XCTAssertEqual(info.property(named: "choice")?.defaultValue, .enumeration(20))
        XCTAssertEqual(info.property(named: "rect")?.defaultValue, .rect(Rect(x: 5, y: 6, width: 7, height: 8)))
        XCTAssertEqual(info.property(named: "image")?.defaultValue, .image(nil))
        XCTAssertEqual(info.property(named: "setCount")?.isReadOnly, true)
        XCTAssertEqual(info.property(named: "secret")?.isHidden, true)
    }

    func testEveryTypeRoundTripsThroughLibffiInC() throws {
        let instance = try allTypesClass().makeInstance(frame: Rect(size: Size(width: 64, height: 32)))
        for (name, value) in values {
            try instance.set(name, to: value)
            XCTAssertEqual(try instance.get(name), value, name)
        }
        XCTAssertEqual(try instance.get("setCount"), .int(Int64(values.count)), "each setter ran once")
        // A fresh instance still has the defaults: state is per instance.
        let fresh = try allTypesClass().makeInstance(frame: Rect(size: Size(width: 1, height: 1)))
        XCTAssertEqual(try fresh.get("text"), .string("hello"))
    }

    func testExtremeValues() throws {
        let instance = try allTypesClass().makeInstance(frame: Rect(size: .zero))
        try instance.set("integer", to: .int(1_000_000))
        XCTAssertEqual(try instance.get("integer"), .int(1_000_000))
        try instance.set("real", to: .double(Double.greatestFiniteMagnitude))
        XCTAssertEqual(try instance.get("real"), .double(Double.greatestFiniteMagnitude))
        try instance.set("text", to: .string(""))
        XCTAssertEqual(try instance.get("text"), .string(""))
        try instance.set("image", to: .image(nil))
        XCTAssertEqual(try instance.get("image"), .image(nil))
        try instance.set("flag", to: .bool(true))
        XCTAssertEqual(try instance.get("flag"), .bool(true))
    }

    func testSettersAreGuardedBeforeThePluginIsCalled() throws {
        let instance = try allTypesClass().makeInstance(frame: Rect(size: .zero))
        XCTAssertThrowsError(try instance.set("integer", to: .int(2_000_000))) { error in
            let e = error as! HostError
            XCTAssertEqual(e.className, "AllTypes")
            XCTAssertEqual(e.property, "integer")
            XCTAssertTrue(e.message.contains("outside the range -1000000…1000000"))
        }
        XCTAssertThrowsError(try instance.set("choice", to: .enumeration(11))) { error in
            XCTAssertTrue((error as! HostError).message.contains("expected one of: first, second, third"))
        }
        XCTAssertThrowsError(try instance.set("cgFloat", to: .string("x"))) { error in
            XCTAssertTrue((error as! HostError).message.contains("got a value of type String"))
        }
        XCTAssertThrowsError(try instance.set("setCount", to: .int(1))) { error in
            XCTAssertEqual((error as! HostError).message, "the property is read-only")
        }
        XCTAssertThrowsError(try instance.set("missing", to: .int(1))) { error in
            XCTAssertTrue((error as! HostError).message.hasPrefix("no such property (expected one of: integer, cgFloat"))
        }
        XCTAssertEqual(try instance.get("setCount"), .int(0), "no setter ran")
    }

    func testTheCLIShowsEveryValueReadBack() throws {
        let plugin = try CFixture.build("all_types.c")
        var args = ["inspect", plugin, "--json"]
        let texts = ["integer=-42", "cgFloat=2.75", "real=0.001", "text=a b=c", "flag=false", "point=-1.5,2",
                     "size=10x20", "rect=1,2,3,4", "color=#11223344", "image=icons/star.svg", "choice=third",
                     "insets=4,3,2,1"]
        for t in texts { args += ["--set", t] }
        let result = try runHost(args)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let properties = ((json["classes"] as! [[String: Any]])[0]["properties"] as! [[String: Any]])
        var readBack: [String: String] = [:]
        for p in properties { readBack[p["name"] as! String] = p["valueText"] as? String }
        for t in texts {
            let eq = t.firstIndex(of: "=")!
            XCTAssertEqual(readBack[String(t[..<eq])], String(t[t.index(after: eq)...]), t)
        }
        XCTAssertEqual(readBack["setCount"], "12")
    }
}
