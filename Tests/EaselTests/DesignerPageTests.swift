import Foundation
import XCTest

/// The designer page as a product (issues 22 and 24), in a real headless Chromium through
/// Playwright (Tests/Browser/designer_interact.py, designer_product.py): the live component, the
/// layout and themes, problems in sight, keyboard, tabs, editors, zoom and pan, and axe-core's
/// accessibility checks.
final class DesignerPageTests: XCTestCase {
    /// A `host serve --port 0` in `root` with `arguments`, and its port (as text, for the scripts).
    func serve(_ root: String, _ arguments: [String] = []) throws -> (WatchProcess, String) {
        let process = try WatchProcess(["--port", "0"] + arguments, directory: root, command: "serve")
        let line = try XCTUnwrap(process.waitForLine(containing: "serving the designer at http://127.0.0.1:"))
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.map { String($0.prefix { $0.isNumber }) })
        return (process, port)
    }

    /// With Interact on, holding the mouse on Rounded Corner Button changes the picture and
    /// releasing restores it; Appearance Dark redraws it as the server draws it dark; Direction RTL
    /// mirrors Tax Rate Row; a press on Gauge sets its value (Tests/Browser/designer_interact.py).
    func testInteractAppearanceDirectionAndTextSizeInARealBrowser() throws {
        let root = try exampleComponents(["RoundedCornerButton", "TaxRateRow", "Gauge"])
        let (process, port) = try serve(root)
        defer { process.stop() }
        try BrowserTest.run("designer_interact.py", [port])
        XCTAssertTrue(process.isRunning)
    }

    /// The designer as a product (Tests/Browser/designer_product.py): `--scene` opens the scene, a
    /// failed file is in sight above the fold, the toolbar is one row; /, Ctrl+K, arrows, Enter and
    /// ?; tabs Canvas, Variants and Docs; a refused value said for a designer; the colour editor's
    /// alpha; notices, panels, themes, zoom and pan; and axe-core finds no serious or critical
    /// violation on the landing page, a class, Variants, Docs and the scene editor, light and dark.
    func testTheDesignerAsAProductInARealBrowser() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        try Data("not a plugin".utf8).write(to: URL(fileURLWithPath: root + "/components/libBroken.so"))
        try """
        {"size": "300x130", "instances": [
          {"class": "Gauge", "name": "meter", "frame": "10,10,100,100"},
          {"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (process, port) = try serve(root, ["--scene", "board.json"])
        defer { process.stop() }
        try BrowserTest.run("designer_product.py", [port])
        XCTAssertTrue(process.isRunning)
    }

    /// A class that loads but fails was counted in the status bar and nowhere else: the Problems
    /// panel listed only files that failed to load (Tests/Browser/designer_problems.py). It now names
    /// the failing class's file and cause beside a refused registration, says it recovered when a
    /// good build lands, and lists it again when it fails again.
    func testFailingClassesAreInTheProblemsPanelInARealBrowser() throws {
        let good = try CFixture.build("faulty_plugin.c", defines: ["FAULT=none"], name: "faulty_none")
        let crash = try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"], name: "faulty_crash_draw")
        let root = try exampleComponents(["RoundedCornerButton"])
        try FileManager.default.copyItem(atPath: crash, toPath: root + "/components/libFaulty.so")
        try FileManager.default.copyItem(atPath: try CFixture.broken("default_range"), toPath: root + "/components/libRefused.so")
        let (process, port) = try serve(root, ["--timeout", "1"])
        defer { process.stop() }
        try BrowserTest.run("designer_problems.py", [port, root + "/components", good, crash])
        XCTAssertTrue(process.isRunning)
    }
}
