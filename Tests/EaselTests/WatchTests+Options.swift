import Foundation
import XCTest

/// `host watch`'s options: the common ones, symlinked plugins, in-process reloads, scenes (their own
/// scale, read again when changed on disk), --class, and arguments refused.
extension WatchTests {
    // MARK: - Issue 7, item 7: watch's options, symlinks, scenes and --class

    func testWatchTakesTheCommonOptionsAndFollowsSymlinkedPlugins() throws {
        let root = try TestPaths.scratch()
        for dir in ["mine", "env", "elsewhere", "components"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(dir)", withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: try evolving(1, "Mine"), toPath: root + "/mine/libMine.so")
        try FileManager.default.copyItem(atPath: try evolving(1, "FromEnv"), toPath: root + "/env/libFromEnv.so")
        // A symbolic link, as a developer links a build output into the folder.
        try FileManager.default.copyItem(atPath: try evolving(1, "Linked"), toPath: root + "/elsewhere/libLinked.so")
        try FileManager.default.createSymbolicLink(atPath: root + "/mine/libLinked.so", withDestinationPath: root + "/elsewhere/libLinked.so")
        let watch = try WatchProcess(["--plugins", "mine", "--rescan", "--cache", "none", "--out", "previews"], directory: root,
                                     environment: ["EASEL_PLUGIN_PATH": "env"])
        // The --plugins folder first, then $EASEL_PLUGIN_PATH's.
        watch.waitForLine(containing: "loaded libLinked.so build 1")
        watch.waitForLine(containing: "loaded libMine.so build 1")
        watch.waitForLine(containing: "loaded libFromEnv.so build 1")
        watch.waitForLine(containing: "watching mine, env (3 plugins)")
        XCTAssertFalse(watch.output.contains { $0.contains("components") }, "./components is only the default: \(watch.output)")
        // Rebuilding the link's target reloads the link.
        try replaceAtomically(root + "/elsewhere/libLinked.so", with: try evolving(1, "Linked", color: "0x00FF00"))
        watch.waitForLine(containing: "reloaded libLinked.so build 2")
        XCTAssertEqual(try PNGFile(root + "/previews/Linked.png").pixel(95, 15), .green)
        // A new link appearing in the folder is loaded at once.
        try FileManager.default.copyItem(atPath: try evolving(1, "Late"), toPath: root + "/elsewhere/libLate.so")
        try FileManager.default.createSymbolicLink(atPath: root + "/mine/libLate.so", withDestinationPath: root + "/elsewhere/libLate.so")
        watch.waitForLine(containing: "loaded libLate.so build 1")
    }

    func testWatchInProcessReloads() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--in-process", "--out", "previews", "--set", "level=8"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(1, color: "0x00FF00"))
        watch.waitForLine(containing: "reloaded libEvolving.so build 2")
        let png = try PNGFile(root + "/previews/Evolving.png")
        XCTAssertEqual(png.pixel(75, 5), .white)
        XCTAssertEqual(png.pixel(85, 5), .green, "the new build's code, loaded in the watching process")
        XCTAssertEqual(watch.workerChildren(), 0, "no worker processes")
    }

    func testASceneUsesItsOwnScaleAndWaitsForEveryPlugin() throws {
        let (root, _) = try project(["libA.so": try evolving(1, "Alpha"), "libB.so": try evolving(1, "Beta", color: "0x00FF00")])
        try """
        {"size": "100x40", "scale": 2, "instances": [
          {"class": "Beta", "frame": "0,0,100,20"}, {"class": "Alpha", "frame": "0,20,100,20"}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let watch = try WatchProcess(["--out", "previews", "--scene", "board.json"], directory: root)
        watch.waitForLine(containing: "rendered board.json: scene → previews/board.png")
        watch.waitForLine(containing: "watching ./components (2 plugins)")
        XCTAssertFalse(watch.output.contains { $0.contains("skipped") }, "no instance is skipped at start: \(watch.output)")
        let png = try PNGFile(root + "/previews/board.png")
        XCTAssertEqual(png.width, 200, "the scene's scale 2")
        XCTAssertEqual(png.height, 80)
        XCTAssertEqual(png.pixel(190, 30), .green, "Beta, drawn although its plugin loaded after Alpha's")
        // --scale overrides the scene's.
        watch.stop()
        let one = try WatchProcess(["--out", "one", "--scene", "board.json", "--scale", "1"], directory: root)
        one.waitForLine(containing: "rendered board.json")
        XCTAssertEqual(try PNGFile(root + "/one/board.png").width, 100)
    }

    /// A scene file changed on disk (here through a symbolic link, its target replaced by a rename,
    /// as an editor or `git checkout` writes) was never read again: the preview stayed the old one.
    func testASceneFileChangedOnDiskIsReadAndRenderedAgain() throws {
        let (root, _) = try project(["libB.so": try evolving(1, "Beta", color: "0x00FF00")])
        try FileManager.default.createDirectory(atPath: root + "/scenes", withIntermediateDirectories: true)
        let scene = { (width: Int) in """
            {"size": "\(width)x40", "scale": 2, "instances": [{"class": "Beta", "frame": "0,0,\(width),40"}]}
            """ }
        try scene(100).write(toFile: root + "/scenes/board.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/board.json", withDestinationPath: "scenes/board.json")
        let watch = try WatchProcess(["--out", "previews", "--scene", "board.json"], directory: root)
        defer { watch.stop() }
        watch.waitForLine(containing: "watching ./components")
        XCTAssertEqual(try PNGFile(root + "/previews/board.png").width, 200)
        try scene(50).write(toFile: root + "/scenes/board.json", atomically: true, encoding: .utf8)
        XCTAssertNotNil(watch.waitForLine(containing: "read board.json again: it changed on disk"))
        XCTAssertNotNil(watch.waitForLine(containing: "rendered board.json: scene → previews/board.png"))
        XCTAssertEqual(try PNGFile(root + "/previews/board.png").width, 100, "the file's new size")
        // Not a scene: said (file and key), the last good one kept.
        try scene(0).write(toFile: root + "/scenes/board.json", atomically: true, encoding: .utf8)
        let error = watch.waitForLine(containing: "the last good scene stays open") ?? ""
        XCTAssertTrue(error.hasPrefix("error: board.json: size: must be positive"), error)
        XCTAssertEqual(try PNGFile(root + "/previews/board.png").width, 100)
    }

    func testAnUnknownClassIsAnErrorNamingCloseOnes() throws {
        let root = try componentsFolder(["libEvolving.so": try evolving(1)])
        let result = try runHost(["watch", "--class", "Evolvin", "--out", "previews"], directory: root)
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertTrue(result.stderr.contains("--class Evolvin: no class named 'Evolvin'"), result.stderr)
        XCTAssertTrue(result.stderr.contains("did you mean Evolving?"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/previews/Evolving.png"), "nothing rendered")
    }

    func testBadArguments() throws {
        let root = try TestPaths.scratch()
        let missing = try runHost(["watch", "nowhere"], directory: root)
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("nowhere: no such directory"), missing.stderr)
        let badSet = try runHost(["watch", ".", "--set", "oops"], directory: root)
        XCTAssertEqual(badSet.status, 64)
    }
}
