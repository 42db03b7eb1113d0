import Foundation
import FoundationXML
import XCTest
@testable import EaselPreview

/// `host snapshot`'s errors: bad settings and arguments, bad scenes, interrupted reports, empty
/// suites, crashing renders, unwritable references and plugins that do not load.
extension SnapshotCommandTests {
    func testBadSettingsAndArgumentsAreClearErrors() throws {
        let root = try swatchProject()
        try FileManager.default.createDirectory(atPath: root + "/Snapshots", withIntermediateDirectories: true)
        try #"{ "classes": { "Swatch": { "treshold": 0.2 } } }"#.write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let unknown = try snapshot(["verify"], in: root)
        XCTAssertEqual(unknown.status, 65)
        XCTAssertTrue(unknown.stderr.contains("Snapshots/snapshot.json: classes.Swatch.treshold: unknown key (expected one of: threshold, maxDifferingShare, ignoreAntialiasing, scales, skip, traits, states)"), unknown.stderr)
        try #"{ "threshold": 2 }"#.write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        XCTAssertTrue(try snapshot(["verify"], in: root).stderr.contains("threshold: 2 is outside 0…1"))
        try #"{ "scales": [1, 0.001] }"#.write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let tiny = try snapshot(["verify"], in: root)
        XCTAssertEqual(tiny.status, 65, tiny.stderr)
        XCTAssertTrue(tiny.stderr.contains("scales[1]: 0.001 is not a scale from 0.1 to 16 pixels per point"), tiny.stderr)
        try FileManager.default.removeItem(atPath: root + "/Snapshots/snapshot.json")
        for (args, message) in [(["check"], "expected 'record' or 'verify' first"), (["verify", "--shard", "4/3"], "--shard '4/3' is not K/N"),
                                (["verify", "--shard", "0/3"], "--shard '0/3'"), (["verify", "--shard", "+1/3"], "--shard '+1/3'"), (["verify", "--scales", "1,x"], "--scales '1,x'"),
                                // 1e-300 reached Cairo: "invalid matrix", every snapshot an ERROR blaming the plugin (69).
                                (["verify", "--scales", "1e-300"], "--scales '1e-300' is not a comma-separated list of scales from 0.1 to 16"),
                                (["verify", "--jobs", "0"], "--jobs '0'"), (["record", "--record", "none"], "--record 'none'"),
                                // An empty path joined with a name is in "/": the report was written there.
                                (["verify", "--report", ""], "--report '' is empty"), (["record", "--dir", ""], "--dir '' is empty"),
                                (["verify", "--junit", ""], "--junit '' is empty")] {
            let r = try snapshot(args, in: root)
            XCTAssertEqual(r.status, 64, "\(args)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        let noClass = try snapshot(["verify", "Swatsh"], in: root)
        XCTAssertEqual(noClass.status, 66)
        XCTAssertTrue(noClass.stderr.contains("no class named 'Swatsh' (did you mean Swatch?)"), noClass.stderr)
        let noVariant = try snapshot(["verify", "--variants", "Pill"], in: root)
        XCTAssertEqual(noVariant.status, 65, "as render --variant and a scene's variant")
        XCTAssertTrue(noVariant.stderr.contains("no variant named 'Pill'"), noVariant.stderr)
        // A report directory that holds something else is never emptied.
        try FileManager.default.createDirectory(atPath: root + "/mine", withIntermediateDirectories: true)
        try "keep".write(toFile: root + "/mine/notes.txt", atomically: true, encoding: .utf8)
        let report = try snapshot(["verify", "--report", "mine"], in: root)
        XCTAssertEqual(report.status, 73)
        XCTAssertTrue(report.stderr.contains("mine: holds files that are not a snapshot report"), report.stderr)
        XCTAssertNotNil(bytes(root + "/mine/notes.txt"))
        // Nor is an earlier report into which a person put something of their own: it was deleted
        // with the report at the next run.
        try rebuildSwatch(root, ["DOTS=3"])
        XCTAssertEqual(try snapshot(["verify", "--scales", "1", "--report", "earlier"], in: root).status, 1)
        XCTAssertNotNil(bytes(root + "/earlier/.easel-snapshot-report"))
        try FileManager.default.createDirectory(atPath: root + "/earlier/review", withIntermediateDirectories: true)
        try "looked at it".write(toFile: root + "/earlier/review/notes.txt", atomically: true, encoding: .utf8)
        let again = try snapshot(["verify", "--scales", "1", "--report", "earlier"], in: root)
        XCTAssertEqual(again.status, 73, again.stdout + again.stderr)
        XCTAssertTrue(again.stderr.contains("earlier: holds files that a snapshot report does not write (review/notes.txt)"), again.stderr)
        XCTAssertNotNil(bytes(root + "/earlier/review/notes.txt"))
        try FileManager.default.removeItem(atPath: root + "/earlier/review")
        XCTAssertEqual(try snapshot(["verify", "--scales", "1", "--report", "earlier"], in: root).status, 1, "a report alone is replaced")
    }

    /// A scene that is malformed, names no registered class or sets an attribute the class does not
    /// have was an ERROR blaming a plugin (exit 69); `host render` of the same scene exits 65 or 66.
    func testABadSceneExitsAsRenderDoesNotAsAPluginFailure() throws {
        let root = try swatchProject()
        let scenes = [("malformed.json", #"{ "size": "48x32", "#, "line 1, column", Int32(65)),
                      ("noclass.json", #"{ "size": "48x32", "instances": [{ "class": "Swatsh", "frame": "0,0,48,32" }] }"#,
                       "instances[0].class: no class named 'Swatsh' (did you mean Swatch?)", Int32(66)),
                      ("badattribute.json", #"{ "size": "48x32", "instances": [{ "class": "Swatch", "frame": "0,0,48,32", "attributes": { "nope": 1 } }] }"#,
                       "instances[0].attributes.nope", Int32(65))]
        for (name, text, message, status) in scenes {
            try text.write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
            let render = try runHost(["render", name, "-o", "out.png"], directory: root)
            let r = try snapshot(["verify", name, "--scales", "1"], in: root)
            XCTAssertEqual(render.status, status, render.stderr)
            XCTAssertEqual(r.status, status, "\(name): as host render exits: \(r.stdout)")
            XCTAssertTrue(r.stdout.contains("ERROR    \(name.dropLast(5)).scene/scene@1x — \(name): "), r.stdout)
            XCTAssertTrue(r.stdout.contains(message), r.stdout)
        }
    }

    /// A run interrupted (SIGINT) after its first failures had written artifacts left a report
    /// folder without its marker, which every later run refused as someone else's folder (73).
    func testAnInterruptedRunsReportIsReplacedByTheNextRun() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libHostile.so": try CFixture.build("hostile_plugin.c", defines: ["FAULT=hang_draw"], name: "hostile_hang_draw")])
        let pids = root + "/pids.txt"
        let host = try ProcessTree.start(["snapshot", "verify", "--scales", "1", "--variants", "default", "--timeout", "60"], in: root,
                                         environment: ["EASEL_TEST_PID_FILE": pids])
        let worker = try XCTUnwrap(ProcessTree.waitForPid(in: pids), "Hostile's worker reached draw, after Gauge failed")
        kill(host.processIdentifier, SIGINT)
        host.waitUntilExit()
        XCTAssertEqual(ProcessTree.survivors(of: [worker]), [])
        XCTAssertNotNil(bytes(root + "/snapshot-report/Gauge/default@1x/actual.png"), "Gauge's failure was reported before the hang")
        let next = try snapshot(["verify", "Gauge", "--scales", "1", "--variants", "default"], in: root)
        XCTAssertEqual(next.status, 1, next.stdout + next.stderr)
        XCTAssertTrue(next.stdout.contains("report: snapshot-report/index.html"), next.stdout)
    }

    /// Run where no plugin is (the wrong folder, components not built), verify printed "0 passed,
    /// 0 failed" and exited 0: a green CI job that checked nothing.
    func testAnEmptySuiteIsAnErrorNotAPass() throws {
        let root = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: root + "/components", withIntermediateDirectories: true)
        let result = try snapshot(["verify"], in: root)
        XCTAssertEqual(result.status, 66, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("no classes to snapshot in ./components"), result.stderr)
    }

    func testARenderThatCrashesIsAnErrorWithExitStatus69() throws {
        let root = try componentsFolder(["libFaulty.so": CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"])])
        let r = try snapshot(["verify", "--scales", "1", "--junit", "j.xml"], in: root)
        XCTAssertEqual(r.status, 69, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("ERROR    Faulty/default@1x — "), r.stdout)
        XCTAssertTrue(r.stdout.contains("SIGSEGV"), r.stdout)
        XCTAssertTrue(r.stdout.contains("0 passed, 1 failed (1 error)"), r.stdout)
        let junit = try String(contentsOfFile: root + "/j.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<error type=\"render\""), junit)
    }

    /// A reference that cannot be written (the snapshot folder is a file, the disk is full) exited
    /// 69, as if a plugin had failed, with "cannot write: cannot write …"; the exit table (Docs/reference/exit-status.md) says 73.
    func testAReferenceThatCannotBeWrittenIsExitStatus73() throws {
        let root = try swatchProject()
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/Snapshots", contents: Data("not a folder".utf8)))
        let r = try snapshot(["record", "--scales", "1", "--junit", "j.xml"], in: root)
        XCTAssertEqual(r.status, 73, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("ERROR    Swatch/default@1x — cannot write Snapshots/Swatch/default@1x.png: "), r.stdout)
        XCTAssertFalse(r.stdout.contains("cannot write: cannot write"), r.stdout)
        let junit = try String(contentsOfFile: root + "/j.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<error type=\"write\""), junit)
    }

    func testAPluginThatDoesNotLoadIsAnError() throws {
        let root = try componentsFolder(["libSwatch.so": CFixture.build("snapshot_plugin.c"),
                                         "libBroken.so": CFixture.broken("entry_null")])
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 69, "its classes would be missing")
        let r = try snapshot(["verify", "--scales", "1", "--junit", "j.xml"], in: root)
        XCTAssertEqual(r.status, 69, r.stdout)
        XCTAssertTrue(r.stdout.contains("ERROR    ./components/libBroken.so: "), r.stdout)
        XCTAssertTrue(r.stdout.contains("ok       Swatch/default@1x"), r.stdout)
        XCTAssertTrue(r.stdout.contains("1 passed, 1 failed (1 error)"), r.stdout)
        XCTAssertTrue(try String(contentsOfFile: root + "/j.xml", encoding: .utf8).contains("<error type=\"load\""))
    }
}
