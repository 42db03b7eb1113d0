import EaselHost
import XCTest

/// Values are applied in the class's property order wherever they come from (variants, scenes,
/// archives, the designer's render requests): one function makes that order, and it is stable.
final class PropertyOrderTests: XCTestCase {
    func testValuesAreOrderedAsTheTableWithUnknownNamesLastInTheOrderGiven() throws {
        let registry = Registry(files: [try CFixture.build("all_types.c")], environment: testEnvironment)
        let name = try XCTUnwrap(registry.classes.first?.name)
        let info = try XCTUnwrap(try registry.classInfo(named: name))
        let table = info.properties.map(\.name)
        XCTAssertGreaterThan(table.count, 3)
        let given: [(name: String, value: Int)] = [("zzz", 1), (table[2], 2), ("aaa", 3), (table[0], 4), (table[1], 5)]
        let ordered = info.inPropertyOrder(given)
        XCTAssertEqual(ordered.map(\.name), [table[0], table[1], table[2], "zzz", "aaa"])
        XCTAssertEqual(ordered.map(\.value), [4, 5, 2, 1, 3])
    }
}
