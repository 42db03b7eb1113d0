import Foundation
import XCTest

final class GalleryCommandTests: XCTestCase {
    func testEveryClassIsRenderedWithAnIndexOfItsProperties() throws {
        let root = try exampleComponents(["Gauge", "RoundedCornerButton"])
        let result = try runHost(["gallery", "--out", "gallery"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try PNGFile(root + "/gallery/Gauge.png").width, 240, "scale 2 by default")
        XCTAssertEqual(try PNGFile(root + "/gallery/RoundedCornerButton.png").height, 88)
        let html = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<img src=\"Gauge.png\""))
        XCTAssertTrue(html.contains("Corner Radius <code>cornerRadius</code></td><td>CGFloat</td><td><code>0</code></td><td>0 … 100</td>"), html)
        XCTAssertTrue(html.contains("<td>ring, bar, pie</td>"))
        // Every variant too: Gauge's five and RoundedCornerButton's three, besides the defaults.
        XCTAssertTrue(result.stdout.hasSuffix("gallery: 2 of 2 classes (10 pictures) in gallery/index.html\n"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/gallery/RoundedCornerButton.pill.png"))
    }

    func testAClassThatFailsIsReportedAndTheRestStillRendered() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libFaulty.so": try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"], name: "faulty_crash_draw")])
        let result = try runHost(["gallery", "--out", "gallery", "--timeout", "1"], directory: root)
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("class Faulty: crashed with SIGSEGV"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/gallery/Gauge.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/gallery/Faulty.png"))
        let html = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("class=\"error\""), "the failure is in the page too")
    }
}
