import Foundation
import XCTest

/// Odd messages and files on disk: a NUL in a name, two plugins with one id, characters no font
/// covers, symlink loops, FIFOs named like plugins, folders of ended test runs.
extension HardeningTests {
    // MARK: - Messages

    func testANULInASceneAttributeNameDoesNotCutTheMessage() throws {
        let root = try exampleComponents(["Gauge"])
        try #"{"size": "50x50", "instances": [{"class": "Gauge", "frame": "0,0,50,50", "attributes": {"va\u0000lue": 1}}]}"#
            .write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "out.png"], directory: root)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("va\\u{0}lue"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(expected one of"), "the message goes on after the name: \(result.stderr)")
    }

    func testTwoPluginsWithTheSameIdAreWarnedAbout() throws {
        let root = try componentsFolder(["libA.so": try CFixture.build("hostile_plugin.c", defines: ["FAULT=none"], name: "hostile_none"),
                                         "libB.so": try CFixture.build("hostile_plugin.c", defines: ["FAULT=log_info"], name: "hostile_log_info")])
        let result = try runHost(["list"], directory: root)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("./components/libA.so and ./components/libB.so both have the plugin id org.easel.tests.hostile"), result.stderr)
    }

    func testCharactersNoFontCoversAreWarnedAboutOnce() throws {
        let root = try exampleComponents(["Gauge"])
        let result = try runHost(["render", "Gauge", "--set", "label=ᚠᛇᚻ 😀", "-o", "out.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "no installed font covers").count - 1, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Gauge: draw: text \"ᚠᛇᚻ 😀\" has 3 characters"), result.stderr)
    }

    // MARK: - Files on disk

    func testSymlinkLoopsInAPluginFolderAreWalkedOnce() throws {
        let root = try exampleComponents(["Gauge"])
        let components = root + "/components"
        for name in ["a", "b", "c"] {
            try FileManager.default.createSymbolicLink(atPath: "\(components)/\(name)", withDestinationPath: ".")
        }
        try FileManager.default.createSymbolicLink(atPath: "\(components)/up", withDestinationPath: "..")
        let result = try runHost(["list", "--cache", "none"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.components(separatedBy: "Gauge 1.0.0").count - 1, 1, result.stdout)
    }

    func testAFIFONamedLikeAPluginOrACacheNeverBlocks() throws {
        let root = try exampleComponents(["Gauge"])
        XCTAssertEqual(mkfifo(root + "/components/libFifo.so", 0o644), 0)
        XCTAssertEqual(mkfifo(root + "/cache.fifo", 0o644), 0)
        let list = try runHost(["list", "--rescan", "--timeout", "1"], directory: root)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stderr.contains("libFifo.so: is a FIFO, not a regular file; skipped"), list.stderr)
        let cached = try runHost(["list", "--cache", "cache.fifo"], directory: root)
        XCTAssertEqual(cached.status, 0, cached.stderr)
        XCTAssertTrue(cached.stderr.contains("cache.fifo"), cached.stderr)
    }

    /// Every test run left its folder, $TMPDIR/easel-tests-PID (some 500 MB: fixtures, scratch
    /// projects), so /tmp grew by that per run. Folders of runs whose process is gone are removed
    /// when a run starts (and a run removes its own when it ends without a failure).
    func testFoldersOfEndedTestRunsAreRemoved() throws {
        let root = try TestPaths.scratch()
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let names = ["easel-tests-\(ended.processIdentifier)", "easel-tests-\(getpid())", "easel-tests-1", "easel-tests-notapid"]
        for name in names {
            try FileManager.default.createDirectory(atPath: root + "/" + name + "/fixtures", withIntermediateDirectories: true)
        }
        let lock = "_tmp_easel-tests-\(ended.processIdentifier)_testInstall-A7C09AA5_projects_SwiftBadge_.build.lock"
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/" + lock, contents: Data()))
        XCTAssertEqual(LeakCheck.removeFoldersOfEndedRuns(in: root).sorted(), [root + "/" + lock, root + "/" + names[0]].sorted())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted(), names.dropFirst().sorted(),
                       "this run's, a live process's and other folders are kept")
    }
}
