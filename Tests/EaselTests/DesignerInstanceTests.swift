import EaselHost
import EaselPreview
import EaselRender
import XCTest

/// Interface Builder's lifecycle on one instance: changed and redrawn without being recreated.
final class DesignerInstanceTests: XCTestCase {
    func testAnInstanceIsRedrawnAfterChangesWithoutBeingRecreated() throws {
        let registry = Registry(files: [try CFixture.build("all_types.c")], environment: testEnvironment)
        let cls = try XCTUnwrap(try registry.designableClass(named: "AllTypes"))
        let component = try DesignerInstance(cls, frame: Rect(size: Size(width: 20, height: 10)),
                                             values: [("color", .color(Color(red: 1, green: 0, blue: 0)))])
        func render() throws -> RGBA {
            let target = try RenderTarget(format: .png(compressionLevel: 1), options: RenderOptions(width: 20, height: 10))
            try component.draw(on: target.canvas)
            try target.canvas.finish()
            return try PNGFile(bytes: try target.encode()).pixel(5, 5)
        }
        XCTAssertEqual(try render(), .red)
        try component.set("color", to: .color(Color(red: 0, green: 0, blue: 1)))
        XCTAssertEqual(try render(), .blue)
        component.resize(to: Size(width: 40, height: 10))
        XCTAssertEqual(try render(), .blue)
        // The same instance all along: its setters ran twice, and nothing was created again.
        XCTAssertEqual(try component.instance.get("setCount"), .int(2))
    }

    func testTheSameThroughAWorker() throws {
        useHostAsWorker()
        let registry = Registry(files: [try CFixture.build("all_types.c")], isolation: .default, environment: testEnvironment)
        let cls = try XCTUnwrap(try registry.designableClass(named: "AllTypes"))
        let component = try DesignerInstance(cls, frame: Rect(size: Size(width: 20, height: 10)))
        for (color, expected) in [(Color(red: 0, green: 1, blue: 0), RGBA.green), (Color(red: 1, green: 0, blue: 0), .red)] {
            try component.set("color", to: .color(color))
            let target = try RenderTarget(format: .png(compressionLevel: 1), options: RenderOptions(width: 20, height: 10))
            try component.draw(on: target.canvas)
            try target.canvas.finish()
            XCTAssertEqual(try PNGFile(bytes: try target.encode()).pixel(5, 5), expected)
        }
        XCTAssertEqual(try component.instance.get("setCount"), .int(2))
    }
}
