import Foundation
import XCTest
@testable import EaselRender

/// The designer's look kept as reference screenshots (issue 24: "a designer that regresses visually
/// fails"; Tests/Browser/designer_look.py): the landing page, a class, Variants, Docs and the scene
/// editor, light and dark, at 1280×800 in headless Chromium, against the PNGs in
/// Tests/Fixtures/designer-references within a documented tolerance; and broken stylesheets that the
/// comparison must catch. `EASEL_RECORD_REFERENCES=1` records them anew (Docs/reference/designer.md, Reference screenshots).
final class DesignerLookTests: XCTestCase {
    func testTheDesignerLooksAsItsReferenceScreenshots() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        try Data("not a plugin".utf8).write(to: URL(fileURLWithPath: root + "/components/libBroken.so"))
        try """
        {"size": "300x130", "instances": [
          {"class": "Gauge", "name": "meter", "frame": "10,10,100,100"},
          {"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        // Chromium gets the renderer's pinned fonts too: the page's text is the same on every machine.
        try FontConfiguration.configurationText.write(toFile: root + "/fonts.conf", atomically: true, encoding: .utf8)
        let process = try WatchProcess(["--port", "0", "--scene", "board.json"], directory: root, command: "serve")
        defer { process.stop() }
        let line = try XCTUnwrap(process.waitForLine(containing: "serving the designer at http://127.0.0.1:"))
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.map { String($0.prefix { $0.isNumber }) })
        try BrowserTest.run("designer_look.py", [port, root + "/fonts.conf", TestPaths.repoRoot + "/Tests/Fixtures/designer-references"])
        XCTAssertTrue(process.isRunning)
    }
}
