import Foundation
import XCTest

/// The designer page in a real headless browser (Tests/Browser/designer.py).
final class ServeBrowserTests: XCTestCase {
    func testTheDesignerInARealBrowser() throws {
        let good = try CFixture.build("faulty_plugin.c", defines: ["FAULT=none"], name: "faulty_none")
        let crash = try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"], name: "faulty_crash_draw")
        let root = try exampleComponents(["RoundedCornerButton"])
        try FileManager.default.copyItem(atPath: good, toPath: root + "/components/libFaulty.so")
        try """
        {"size": "240x100", "background": "#F2F2F7", "instances": [
          {"class": "RoundedCornerButton", "name": "ok", "frame": "20,20,120,44", "attributes": {"title": "OK"}},
          {"class": "Faulty", "name": "gauge", "frame": "160,20,40,40"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        // The folder is named (as `host serve components`): "Copy as command" must name it too.
        let process = try WatchProcess(["components", "--port", "0", "--timeout", "1", "--scene", "board.json"], directory: root, command: "serve")
        defer { process.stop() }
        let line = try XCTUnwrap(process.waitForLine(containing: "serving the designer at http://127.0.0.1:"))
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.map { String($0.prefix { $0.isNumber }) })
        try BrowserTest.run("designer.py", [port, root + "/components", try TestPaths.example("RoundedCornerButton"), good, crash,
                                           root + "/board.json"])
        XCTAssertTrue(process.isRunning)
    }

    /// The audit's gaps (issue 8) and what it found untested, in the browser
    /// (Tests/Browser/designer_details.py): sizes, zoom and Fit, backgrounds, downloads, each editor,
    /// read-only and hidden properties, actions and animations, failing classes, scenes.
    func testTheDesignersDetailsInARealBrowser() throws {
        let good = try CFixture.build("faulty_plugin.c", defines: ["FAULT=none"], name: "faulty_none")
        let crash = try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"], name: "faulty_crash_draw")
        let root = try exampleComponents(["RoundedCornerButton", "Gauge", "FancyButton", "CircularProgressBar"])
        try FileManager.default.copyItem(atPath: good, toPath: root + "/components/libFaulty.so")
        try FileManager.default.copyItem(atPath: try CFixture.build("extensions_plugin.c", defines: ["MODE=good"]),
                                         toPath: root + "/components/libExtensions.so")
        try FileManager.default.copyItem(atPath: try CFixture.build("all_types.c"), toPath: root + "/components/libAllTypes.so")
        try """
        {"size": "400x140", "instances": [
          {"class": "Gauge", "name": "meter", "frame": "10,10,100,100"},
          {"class": "FancyButton", "name": "fancy", "frame": "130,20,220,50"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let process = try WatchProcess(["components", "--port", "0", "--timeout", "1", "--scene", "board.json"], directory: root, command: "serve")
        defer { process.stop() }
        let line = try XCTUnwrap(process.waitForLine(containing: "serving the designer at http://127.0.0.1:"))
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.map { String($0.prefix { $0.isNumber }) })
        try BrowserTest.run("designer_details.py", [port, root + "/components", good, crash])
        XCTAssertTrue(process.isRunning)
    }

    /// Edits a previous serve kept as it stopped were never offered again nor removed
    /// (Tests/Browser/designer_kept_edits.py): the page offers "Restore unsaved edits" or "Discard";
    /// Save after a restore, or Discard, removes the kept file.
    func testKeptEditsAreOfferedToRestoreOrDiscardInARealBrowser() throws {
        let root = try exampleComponents(["Gauge"])
        let scene = { (x: Int) in #"{"size": "300x120", "instances": [{"class": "Gauge", "name": "meter", "frame": "\#(x),10,100,100"}]}"# }
        for name in ["board", "other"] {
            try scene(10).write(toFile: root + "/\(name).json", atomically: true, encoding: .utf8)
            try scene(40).write(toFile: root + "/\(name).unsaved.json", atomically: true, encoding: .utf8)
        }
        let (process, port) = try serve(root, ["--scene", "board.json", "--scene", "other.json"])
        defer { process.stop() }
        try BrowserTest.run("designer_kept_edits.py", [port, root])
        XCTAssertTrue(process.isRunning)
    }

    /// Gaps found after the polish round (Tests/Browser/designer_scene_disk.py): the variant picker
    /// showed no current choice until one was picked; an instance of a class that is not loaded
    /// showed "Click an instance…" and no Frame editor; a scene file changed on disk by another
    /// program was not read again (nor, under unsaved edits, said).
    func testTheSceneFileOnDiskVariantsAndUnloadedClassesInARealBrowser() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        try """
        {"size": "300x130", "instances": [
          {"class": "Gauge", "name": "meter", "frame": "10,10,100,100"},
          {"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44", "attributes": {"title": "OK"}},
          {"class": "Missing", "name": "ghost", "frame": "200,20,40,40"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (process, port) = try serve(root, ["--scene", "board.json"])
        defer { process.stop() }
        try BrowserTest.run("designer_scene_disk.py", [port, root + "/board.json"])
        XCTAssertTrue(process.isRunning)
    }

    /// Scene editing as an Interface Builder user expects it (Tests/Browser/designer_scene_keys.py):
    /// Delete/Backspace removed nothing and Escape kept the selection; another tab's removal of
    /// an earlier instance lost the selection of an unnamed one (it followed its place); a scene
    /// file deleted on disk was only a notice, with Save disabled until an edit.
    func testSceneKeysIdentitiesAndAFileDeletedOnDiskInARealBrowser() throws {
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        try """
        {"size": "300x130", "instances": [
          {"class": "Gauge", "name": "meter", "frame": "10,10,100,100"},
          {"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44", "attributes": {"title": "OK"}},
          {"class": "Gauge", "frame": "200,60,80,60"},
          {"class": "Gauge", "frame": "120,70,60,50"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        try """
        {"size": "300x130", "instances": [{"class": "RoundedCornerButton", "name": "ok", "variant": "nope", "frame": "10,10,120,44"}]}
        """.write(toFile: root + "/typo.json", atomically: true, encoding: .utf8)
        let (process, port) = try serve(root, ["--scene", "board.json", "--scene", "typo.json"])
        defer { process.stop() }
        try BrowserTest.run("designer_scene_keys.py", [port, root + "/board.json"])
        XCTAssertTrue(process.isRunning)
    }

    /// Interface Builder's multiple selection and alignment guides (Tests/Browser/designer_scene_select.py):
    /// Shift/Ctrl-click, Ctrl+A and Escape; a group moved by a drag or the arrow keys as one undo step;
    /// Delete, Duplicate, Copy/Cut/Paste and Bring to Front on every selected instance; a drag
    /// snapping onto other instances' and the scene's edges and centres, with a guide drawn (not
    /// with Alt held); the frames the server holds and the file saved. Rubber-band selection on the
    /// canvas beside the instances (Shift/Ctrl adding), Shift/Ctrl-click in the Instances outline,
    /// and a corner resize snapping its moving edges with the same guides.
    func testMultipleSelectionAndAlignmentGuidesInARealBrowser() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "400x200", "instances": [
          {"class": "Gauge", "name": "a", "frame": "20,20,60,60"},
          {"class": "Gauge", "name": "b", "frame": "120,40,60,60"},
          {"class": "Gauge", "name": "c", "frame": "250,120,80,60"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let (process, port) = try serve(root, ["--scene", "board.json"])
        defer { process.stop() }
        try BrowserTest.run("designer_scene_select.py", [port, root + "/board.json"])
        XCTAssertTrue(process.isRunning)
    }

    /// A `host serve` on its default folder, in `root`, and the port it printed.
    func serve(_ root: String, _ arguments: [String]) throws -> (WatchProcess, String) {
        let process = try WatchProcess(["--port", "0"] + arguments, directory: root, command: "serve")
        let line = try XCTUnwrap(process.waitForLine(containing: "serving the designer at http://127.0.0.1:"))
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.map { String($0.prefix { $0.isNumber }) })
        return (process, port)
    }

    /// Run as `easel` (the installed name beside `host`), the token refusal said "open the URL host
    /// serve printed" and the page's "Copy as command" gave a `host render` line
    /// (Tests/Browser/designer_program.py): both name the program as it was invoked, which
    /// `GET /api/classes` tells the page (`program`).
    func testTheServerAndThePageNameTheProgramAsInvoked() throws {
        let root = try exampleComponents(["Gauge"])
        try FileManager.default.createSymbolicLink(atPath: root + "/easel", withDestinationPath: TestPaths.host)
        let process = try WatchProcess(["--port", "0", "--bind", "0.0.0.0"], directory: root, command: "serve", executable: root + "/easel")
        defer { process.stop() }
        XCTAssertNotNil(process.waitForLine(containing: "easel serve: warning: listening on 0.0.0.0"), process.output.joined(separator: "\n"))
        let line = try XCTUnwrap(process.waitForLine(containing: "serving the designer at http://0.0.0.0:"))
        let url = try XCTUnwrap(line.split(separator: " ").first { $0.hasPrefix("http://") }).description
        let port = try XCTUnwrap(UInt16(line.split(separator: ":")[2].prefix { $0.isNumber }))
        let refused = try HTTPClient.request(port, "GET", "/api/classes")
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual((refused.json["error"] as? [String: Any])?["message"] as? String, "a token is required (open the URL easel serve printed)")
        let token = try XCTUnwrap(url.components(separatedBy: "?token=").last)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes?token=\(token)").json["program"] as? String, "easel")
        try BrowserTest.run("designer_program.py", [url])
        XCTAssertTrue(process.isRunning)
    }

    /// `host serve` stopped and started again on its port (Tests/Browser/designer_restart.py, which
    /// runs both): the page reconnected and went on showing the first server's values and frame; it
    /// shows what the new server holds.
    func testAPageOutlivingItsServerShowsWhatTheNewServerHolds() throws {
        let root = try exampleComponents(["Gauge"])
        try BrowserTest.run("designer_restart.py", [TestPaths.host, root])
    }

    /// The library, hot-reload notices and the build log in the browser (Tests/Browser/designer_live.py):
    /// search, the failed-files list (also of a file that fails after the page opened), thumbnails as
    /// real pixels, a schema diff and dropped then restored values through `--build CMD --sources DIR`,
    /// and the build's output and finished status.
    func testTheLibraryHotReloadNoticesAndBuildLogInARealBrowser() throws {
        let v1 = try CFixture.build("evolving_plugin.c", defines: ["VERSION=1", "CLASS=Evolving", "COLOR=0x3366CC"], name: "evolving_v1_Evolving_0x3366CC")
        let v2 = try CFixture.build("evolving_plugin.c", defines: ["VERSION=2", "CLASS=Evolving", "COLOR=0x3366CC"], name: "evolving_v2_Evolving_0x3366CC")
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        try FileManager.default.copyItem(atPath: v1, toPath: root + "/components/libEvolving.so")
        try FileManager.default.copyItem(atPath: try CFixture.broken("abi_major"), toPath: root + "/components/libAbi.so")
        try FileManager.default.copyItem(atPath: try CFixture.broken("no_entry"), toPath: root + "/components/libNoEntry.so")
        try writeChoosingBuild(in: root, choice: v1)
        let (process, port) = try serve(root, ["--build", "sh build.sh", "--sources", "src"])
        defer { process.stop() }
        try BrowserTest.run("designer_live.py", [port, root + "/components", root + "/src", v1, v2, try CFixture.broken("default_range")])
        XCTAssertTrue(process.isRunning)
    }

    /// Failures through serve in the overlay (Tests/Browser/designer_faults.py): a crash in create and
    /// in a setter, a hang past `--timeout`, an exit() in create, each naming the phase and the class,
    /// each recovered from by the next good build; and a scene edited with the mouse (the grip) and the
    /// keyboard (arrow keys), and an invalid edit refused with the host's message; a resize or a
    /// typed frame the server refuses shows its message under the Frame editor and puts the
    /// instance back where the server holds it.
    func testFailuresInTheOverlayAndSceneEditingInARealBrowser() throws {
        let faulty = { (fault: String) in try CFixture.build("faulty_plugin.c", defines: ["FAULT=\(fault)"], name: "faulty_\(fault)") }
        let good = try faulty("none")
        let root = try exampleComponents(["RoundedCornerButton", "Gauge"])
        try FileManager.default.copyItem(atPath: good, toPath: root + "/components/libFaulty.so")
        try """
        {"size": "300x130", "instances": [
          {"class": "Gauge", "name": "meter", "frame": "10,10,100,100"},
          {"class": "RoundedCornerButton", "name": "ok", "frame": "130,20,120,44", "attributes": {"title": "OK"}}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        // A bar nearly as wide as an instance may be (16384 points), its right end on the canvas.
        try """
        {"size": "300x100", "instances": [
          {"class": "RoundedCornerButton", "name": "bar", "frame": "-16000,20,16250,40", "attributes": {"title": "Bar"}}]}
        """.write(toFile: root + "/wide.json", atomically: true, encoding: .utf8)
        let (process, port) = try serve(root, ["--timeout", "1", "--scene", "board.json", "--scene", "wide.json"])
        defer { process.stop() }
        try BrowserTest.run("designer_faults.py", [port, root + "/components", root + "/board.json", good, try faulty("crash_create"),
                                                  try faulty("crash_set"), try faulty("loop_draw"), try faulty("exit_create")])
        XCTAssertTrue(process.isRunning)
    }
}
