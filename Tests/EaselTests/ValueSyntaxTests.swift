import EaselHost
import XCTest

/// The `--set` value syntax of every type: parsing, formatting back, and the errors.
final class ValueSyntaxTests: XCTestCase {
    func property(_ type: PropertyType, range: NumericRange? = nil, cases: [EnumCase] = []) -> PropertyInfo {
        let defaults: [PropertyType: PropertyValue] = [
            .int: .int(0), .cgFloat: .cgFloat(0), .double: .double(0), .string: .string(""), .bool: .bool(false),
            .point: .point(Point(x: 0, y: 0)), .size: .size(.zero), .rect: .rect(Rect(size: .zero)),
            .color: .color(Color(red: 0, green: 0, blue: 0)), .image: .image(nil),
            .enumeration: .enumeration(cases.first?.value ?? 0), .insets: .insets(Insets(top: 0, left: 0, bottom: 0, right: 0)),
        ]
        return PropertyInfo(name: "prop", type: type, defaultValue: defaults[type]!, range: range, enumCases: cases)
    }

    func testEveryTypeParsesAndFormatsBack() throws {
        let samples: [(PropertyType, String, PropertyValue)] = [
            (.int, "-42", .int(-42)),
            (.cgFloat, "12.5", .cgFloat(12.5)),
            (.double, "0.001", .double(0.001)),
            (.string, "公积金 = tax", .string("公积金 = tax")),
            (.bool, "true", .bool(true)),
            (.point, "10,-20.5", .point(Point(x: 10, y: -20.5))),
            (.size, "120x44", .size(Size(width: 120, height: 44))),
            (.rect, "1,2,3,4", .rect(Rect(x: 1, y: 2, width: 3, height: 4))),
            (.color, "#FF8000", .color(Color(red: 1, green: 128.0 / 255, blue: 0))),
            (.color, "#FF800080", .color(Color(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))),
            (.image, "icons/star.png", .image("icons/star.png")),
            (.insets, "4,8,4,8", .insets(Insets(top: 4, left: 8, bottom: 4, right: 8))),
        ]
        for (type, text, value) in samples {
            let p = property(type)
            XCTAssertEqual(try p.parse(text), value, "\(type.name) '\(text)'")
            XCTAssertEqual(p.format(value), text, "\(type.name) formats back")
        }
        let e = property(.enumeration, cases: [EnumCase(name: "ring", value: 0), EnumCase(name: "bar", value: 7)])
        XCTAssertEqual(try e.parse("bar"), .enumeration(7))
        XCTAssertEqual(e.format(.enumeration(7)), "bar")
    }

    func testLenientSpellings() throws {
        let b = property(.bool)
        for yes in ["yes", "ON", "1", "True"] { XCTAssertEqual(try b.parse(yes), .bool(true), yes) }
        for no in ["no", "off", "0", "FALSE"] { XCTAssertEqual(try b.parse(no), .bool(false), no) }
        XCTAssertEqual(try property(.size).parse("3,4"), .size(Size(width: 3, height: 4)))
        XCTAssertEqual(try property(.point).parse(" 1 , 2 "), .point(Point(x: 1, y: 2)))
        XCTAssertEqual(try property(.image).parse(""), .image(nil))
    }

    func testWrongTypesAreRejectedSayingWhatWasExpected() {
        let cases: [(PropertyType, String, String)] = [
            (.double, "abc", "'abc' is not a number (expected a number, e.g. 12.5)"),
            (.int, "1.5", "'1.5' is not an integer"),
            (.color, "#GGG", "'#GGG' is not a colour (expected #RRGGBB or #RRGGBBAA"),
            (.color, "#GGGGGG", "is not a colour"),
            (.color, "reddish", "is not a colour"),
            (.bool, "maybe", "is not a boolean"),
            (.point, "1", "is not a point (expected x,y"),
            (.size, "1x2x3", "is not a size (expected WxH"),
            (.rect, "1,2,3", "is not a rectangle"),
            (.insets, "1,2,3,x", "is not a set of insets"),
            (.double, "nan", "is not a number"),
            (.double, "inf", "is not a number"),
        ]
        for (type, text, message) in cases {
            XCTAssertThrowsError(try property(type).parse(text), "\(type.name) '\(text)'") { error in
                let e = error as! HostError
                XCTAssertEqual(e.kind, .badData)
                XCTAssertEqual(e.property, "prop")
                XCTAssertTrue(e.message.contains(message), "\(e.message) should contain \(message)")
                XCTAssertEqual(e.exitCode, 65)
            }
        }
    }

    func testOutOfRangeNamesTheRange() {
        let p = property(.cgFloat, range: NumericRange(min: 0, max: 100, step: 1))
        XCTAssertEqual(try p.parse("100"), .cgFloat(100))
        XCTAssertThrowsError(try p.parse("100.5")) { error in
            XCTAssertEqual((error as! HostError).message, "100.5 is outside the range 0…100 (expected a number in 0…100)")
        }
        let i = property(.int, range: NumericRange(min: -5, max: 5))
        XCTAssertThrowsError(try i.parse("-6")) { error in
            XCTAssertTrue((error as! HostError).message.contains("outside the range -5…5"))
        }
    }

    func testUnknownEnumCaseListsTheCases() {
        let e = property(.enumeration, cases: [EnumCase(name: "ring", value: 0), EnumCase(name: "bar", value: 1)])
        XCTAssertThrowsError(try e.parse("square")) { error in
            XCTAssertEqual((error as! HostError).message, "'square' is not a case of this enum (expected one of: ring, bar)")
        }
    }

    func testValuesOfTheWrongTypeAreRejectedByCheck() {
        XCTAssertThrowsError(try property(.double).check(.int(3))) { error in
            XCTAssertTrue((error as! HostError).message.contains("got a value of type Int"))
        }
    }
}
