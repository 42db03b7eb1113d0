import Foundation
import FoundationXML
import XCTest
@testable import EaselPreview

/// `host snapshot record|verify`, run as a user runs it, on real plugins and real pixels.
final class SnapshotCommandTests: XCTestCase {
    /// A project whose components/ holds the Swatch fixture built with `defines`.
    func swatchProject(_ defines: [String] = [], test: String = #function) throws -> String {
        try componentsFolder(["libSwatch.so": CFixture.build("snapshot_plugin.c", defines: defines)], test: test)
    }

    /// Replaces the project's Swatch with another build (a changed component).
    func rebuildSwatch(_ root: String, _ defines: [String]) throws {
        let build = try CFixture.build("snapshot_plugin.c", defines: defines)
        let target = root + "/components/libSwatch.so"
        try FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: build, toPath: target)
    }

    func snapshot(_ arguments: [String], in root: String, environment: [String: String] = [:]) throws -> ProcessResult {
        try runHost(["snapshot"] + arguments, environment: environment, directory: root)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func testRecordThenVerifyPassesAndVerifyNeverWrites() throws {
        let root = try exampleComponents(["Gauge", "Rainbow"])
        let record = try snapshot(["record", "--variants", "default"], in: root)
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stdout.contains("recorded Gauge/default@1x — new → Snapshots/Gauge/default@1x.png"), record.stdout)
        XCTAssertTrue(record.stdout.contains("0 passed, 0 failed, 4 recorded"), record.stdout)
        for id in ["Gauge/default@1x", "Gauge/default@2x", "Rainbow/default@1x", "Rainbow/default@2x"] {
            XCTAssertNotNil(bytes("\(root)/Snapshots/\(id).png"), id)
        }
        let gauge2x = try PNGFile(root + "/Snapshots/Gauge/default@2x.png")
        XCTAssertEqual([gauge2x.width, gauge2x.height], [240, 240], "@2x is twice the default size")
        let before = bytes(root + "/Snapshots/Gauge/default@1x.png")
        let verify = try snapshot(["verify", "--variants", "default"], in: root)
        XCTAssertEqual(verify.status, 0, verify.stderr + verify.stdout)
        XCTAssertEqual(verify.stdout.split(separator: "\n").filter { $0.hasPrefix("ok       ") }.count, 4, verify.stdout)
        XCTAssertTrue(verify.stdout.contains("4 passed, 0 failed"), verify.stdout)
        XCTAssertEqual(bytes(root + "/Snapshots/Gauge/default@1x.png"), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/snapshot-report"), "no report when nothing failed")
        // Recording again changes nothing: the references already equal their renders.
        let again = try snapshot(["record", "--variants", "default"], in: root)
        XCTAssertTrue(again.stdout.contains("4 passed, 0 failed"), again.stdout)
    }

    func testMissingReferencesFailWithHowToRecordThemAndRecordMissingWritesOnlyThose() throws {
        let root = try exampleComponents(["Gauge"])
        let verify = try snapshot(["verify", "--scales", "1"], in: root)
        XCTAssertEqual(verify.status, 1, verify.stderr)
        XCTAssertTrue(verify.stdout.contains("FAIL     Gauge/default@1x — no reference Snapshots/Gauge/default@1x.png (record it: host snapshot record Gauge, or verify --record missing)"), verify.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Snapshots"), "verify never writes references")
        XCTAssertNotNil(bytes(root + "/snapshot-report/Gauge/default@1x/actual.png"), "the render is kept for review")

        let first = try snapshot(["verify", "--scales", "1", "--record", "missing"], in: root)
        XCTAssertEqual(first.status, 0, first.stdout)
        let reference = bytes(root + "/Snapshots/Gauge/default@1x.png")
        XCTAssertNotNil(reference)
        // Only the missing one is written: an existing reference that differs still fails.
        let other = try runHost(["render", "Gauge", "--set", "value=90", "-o", "Snapshots/Gauge/default@1x.png"], directory: root)
        XCTAssertEqual(other.status, 0, other.stderr)
        let changed = bytes(root + "/Snapshots/Gauge/default@1x.png")
        let second = try snapshot(["verify", "--scales", "1,2", "--record", "missing"], in: root)
        XCTAssertEqual(second.status, 1, second.stdout)
        XCTAssertTrue(second.stdout.contains("FAIL     Gauge/default@1x"), second.stdout)
        XCTAssertTrue(second.stdout.contains("recorded Gauge/default@2x — new"), second.stdout)
        XCTAssertEqual(bytes(root + "/Snapshots/Gauge/default@1x.png"), changed, "--record missing never overwrites")
    }

    /// `verify --dir nosuchsnap` never said the folder did not exist (each snapshot said "no reference
    /// nosuchsnap/…; record it"), and the record command it suggested left out the --plugins and --dir
    /// given, and said `host` when the program was run as `easel`: copied, it failed.
    func testAMissingFolderIsSaidOnceAndTheSuggestedRecordCommandWorksAsCopied() throws {
        let root = try exampleComponents(["Gauge"])
        try FileManager.default.createSymbolicLink(atPath: root + "/easel", withDestinationPath: TestPaths.host)
        func easel(_ arguments: [String]) throws -> ProcessResult {
            try runProcess(root + "/easel", arguments, environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": TestPaths.runDirectory + "/registry.bin"],
                           directory: root)
        }
        let verify = try easel(["snapshot", "verify", "Gauge", "--plugins", "components", "--dir", "nosuchsnap", "--scales", "1"])
        XCTAssertEqual(verify.status, 1, verify.stderr)
        XCTAssertEqual(verify.stderr, "warning: nosuchsnap: no such directory (given with --dir): no snapshot has been recorded there; "
                       + "record them with: easel snapshot record --plugins components --dir nosuchsnap\n")
        let suggestion = "record it: easel snapshot record Gauge --plugins components --dir nosuchsnap, or verify --record missing"
        XCTAssertTrue(verify.stdout.contains("FAIL     Gauge/default@1x — no reference nosuchsnap/Gauge/default@1x.png (\(suggestion))"), verify.stdout)
        // The suggested command, run as it is written, records what verify then passes.
        let command = suggestion.dropFirst("record it: easel ".count).prefix { $0 != "," }.split(separator: " ").map(String.init)
        let record = try easel(command)
        XCTAssertEqual(record.status, 0, record.stderr + record.stdout)
        let again = try easel(["snapshot", "verify", "Gauge", "--plugins", "components", "--dir", "nosuchsnap", "--scales", "1"])
        XCTAssertEqual(again.status, 0, again.stderr + again.stdout)
        XCTAssertEqual(again.stderr, "", "the folder exists now")
        // The default folder: named as such.
        let byDefault = try easel(["snapshot", "verify", "Gauge", "--plugins", "components", "--scales", "1"])
        XCTAssertTrue(byDefault.stderr.contains("warning: Snapshots: no such directory (the default folder of references; name another with --dir)"), byDefault.stderr)
        // A mistyped subcommand gets a suggestion, in the program's name.
        let typo = try easel(["snapshot", "verfy"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.hasPrefix("easel snapshot: error: expected 'record' or 'verify' first, found 'verfy' (did you mean 'verify'?)\nUsage: easel snapshot"), typo.stderr)
        let unknown = try easel(["snapshot", "verify", "Nothing", "--plugins", "components"])
        XCTAssertEqual(unknown.status, 66)
        XCTAssertTrue(unknown.stderr.contains("no class named 'Nothing' (expected one of: Gauge)"), unknown.stderr)
        XCTAssertFalse(unknown.stderr.contains("host"), unknown.stderr)
    }

    func testAVisualChangeFailsWithADifferenceImageJUnitAndAReportPage() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 0)
        try rebuildSwatch(root, ["SHADE=0xCC"])
        let verify = try snapshot(["verify", "--scales", "1", "--junit", "junit.xml"], in: root)
        XCTAssertEqual(verify.status, 1, verify.stderr)
        // The 12×12 square changed colour: 144 pixels, none of them anti-aliasing.
        XCTAssertTrue(verify.stdout.contains("FAIL     Swatch/default@1x — 144 of 1536 pixels differ (9.38%; at most 0% may) (see snapshot-report/Swatch/default@1x)"), verify.stdout)
        XCTAssertTrue(verify.stdout.contains("0 passed, 1 failed"), verify.stdout)
        XCTAssertTrue(verify.stdout.contains("report: snapshot-report/index.html"), verify.stdout)
        let dir = root + "/snapshot-report/Swatch/default@1x"
        let reference = try PNGFile(dir + "/reference.png"), actual = try PNGFile(dir + "/actual.png")
        XCTAssertEqual(reference.pixel(8, 8), RGBA(r: 0x33, g: 0x33, b: 0x33, a: 255))
        XCTAssertEqual(actual.pixel(8, 8), RGBA(r: 0xCC, g: 0xCC, b: 0xCC, a: 255))
        let difference = try PNGFile(dir + "/difference.png")
        XCTAssertEqual(difference.pixel(8, 8), RGBA(r: 255, g: 0, b: 0, a: 255), "a changed pixel is red")
        let faded = difference.pixel(34, 9) // the unchanged disc, faded towards white
        XCTAssertTrue(faded.r == faded.g && faded.g == faded.b && faded.r > 200 && faded.r < 255, "\(faded)")
        XCTAssertEqual(difference.count(x: 0, y: 0, width: 48, height: 32) { $0 == RGBA(r: 255, g: 0, b: 0, a: 255) }, 144)

        let junit = try String(contentsOfFile: root + "/junit.xml", encoding: .utf8)
        let document = try XMLDocument(xmlString: junit)
        let failures = try document.nodes(forXPath: "//testsuite[@name='Swatch']/testcase[@name='default@1x']/failure")
        XCTAssertEqual(failures.count, 1, junit)
        XCTAssertTrue(failures[0].stringValue?.contains("difference: snapshot-report/Swatch/default@1x/difference.png") == true, junit)
        XCTAssertEqual(try document.nodes(forXPath: "/testsuites/@failures").first?.stringValue, "1")

        let page = try String(contentsOfFile: root + "/snapshot-report/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("src=\"Swatch/default@1x/difference.png\""), "relative image paths")
        // Accepting the change: --record failed rewrites it, and verify passes again.
        let accept = try snapshot(["verify", "--scales", "1", "--record", "failed"], in: root)
        XCTAssertEqual(accept.status, 0, accept.stdout)
        XCTAssertTrue(accept.stdout.contains("recorded Swatch/default@1x — updated: 144 of 1536 pixels differ"), accept.stdout)
        let after = try snapshot(["verify", "--scales", "1"], in: root)
        XCTAssertEqual(after.status, 0, after.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/snapshot-report"), "the earlier report is removed")
    }

    /// A FIFO in place of a reference hung verify for good (libpng's fopen blocks on it); it is an
    /// unreadable reference, as a file that is no PNG is, and --record failed replaces it.
    func testAReferenceThatIsAFIFOIsUnreadableNotAHang() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 0)
        let reference = root + "/Snapshots/Swatch/default@1x.png"
        try FileManager.default.removeItem(atPath: reference)
        XCTAssertEqual(mkfifo(reference, 0o644), 0)
        let verify = try snapshot(["verify", "--scales", "1"], in: root)
        XCTAssertEqual(verify.status, 1, verify.stdout + verify.stderr)
        XCTAssertTrue(verify.stdout.contains("FAIL     Swatch/default@1x — the reference is unreadable: "), verify.stdout)
        XCTAssertTrue(verify.stdout.contains("not a regular file"), verify.stdout)
        XCTAssertEqual(try snapshot(["verify", "--scales", "1", "--record", "failed"], in: root).status, 0)
        XCTAssertNoThrow(try PNGFile(reference))
    }

    func testASizeChangeFails() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "2"], in: root).status, 0)
        try rebuildSwatch(root, ["WIDTH=50"])
        let verify = try snapshot(["verify", "--scales", "2", "--threshold", "1", "--max-differing-share", "1"], in: root)
        XCTAssertEqual(verify.status, 1, verify.stderr)
        XCTAssertTrue(verify.stdout.contains("FAIL     Swatch/default@2x — size changed from 96×64 to 100×64 pixels"), verify.stdout)
        XCTAssertNotNil(bytes(root + "/snapshot-report/Swatch/default@2x/reference.png"))
        XCTAssertNotNil(bytes(root + "/snapshot-report/Swatch/default@2x/actual.png"))
        XCTAssertNil(bytes(root + "/snapshot-report/Swatch/default@2x/difference.png"), "no difference of pictures of different sizes")
    }

    func testTolerancesComeFromSnapshotJSONPerClassAndFromTheCommandLine() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 0)
        try rebuildSwatch(root, ["DOTS=3"]) // 3 of 1536 pixels: 0.195%
        XCTAssertEqual(try snapshot(["verify", "--scales", "1"], in: root).status, 1, "by default no pixel may differ")
        let settings = root + "/Snapshots/snapshot.json"
        try #"{ "maxDifferingShare": 0.001, "classes": { "Swatch": { "maxDifferingShare": 0.002 } } }"#
            .write(toFile: settings, atomically: true, encoding: .utf8)
        let perClass = try snapshot(["verify", "--scales", "1"], in: root)
        XCTAssertEqual(perClass.status, 0, "the class's 0.2% beats the top level's 0.1%: " + perClass.stdout)
        let run = try snapshot(["verify", "--scales", "1", "--max-differing-share", "0.0015"], in: root)
        XCTAssertEqual(run.status, 1, "the command line overrides both for its run")
        XCTAssertTrue(run.stdout.contains("3 of 1536 pixels differ (0.20%; at most 0.15% may)"), run.stdout)
        // A threshold of 1 accepts any colour change.
        XCTAssertEqual(try snapshot(["verify", "--scales", "1", "--threshold", "1", "--max-differing-share", "0"], in: root).status, 0)
    }

    /// `"scales": [1, 1]` in snapshot.json failed with "two snapshots would share the reference
    /// Swatch/default@1x.png (two scenes with the same file name?)"; it is one scale, as --scales 1,1 is.
    func testAScaleGivenTwiceInSnapshotJSONIsOneScale() throws {
        let root = try swatchProject()
        try FileManager.default.createDirectory(atPath: root + "/Snapshots", withIntermediateDirectories: true)
        try #"{ "scales": [1, 1], "classes": { "Swatch": { "scales": [2, 2] } } }"#
            .write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let record = try snapshot(["record"], in: root)
        XCTAssertEqual(record.status, 0, record.stdout + record.stderr)
        XCTAssertTrue(record.stdout.contains("0 passed, 0 failed, 1 recorded"), record.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/Snapshots/Swatch/default@2x.png"))
    }

    func testAnEdgeMovedByAFractionOfAPixelIsAntialiasingNotADifference() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 0)
        try rebuildSwatch(root, ["DISC_X=34.3"])
        let verify = try snapshot(["verify", "--scales", "1", "--json"], in: root)
        XCTAssertEqual(verify.status, 0, verify.stdout)
        let json = try JSONSerialization.jsonObject(with: verify.stdoutData) as! [String: Any]
        let item = (json["snapshots"] as! [[String: Any]])[0]
        XCTAssertEqual(item["differingPixels"] as? Int, 0)
        XCTAssertGreaterThan(item["antialiasedPixels"] as? Int ?? 0, 0, "the disc's edge pixels changed")
        try #"{ "ignoreAntialiasing": false }"#.write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try snapshot(["verify", "--scales", "1"], in: root).status, 1, "counted when not ignored")
    }

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

    func testShardsCoverEverySnapshotExactlyOnce() throws {
        let root = try exampleComponents(["Gauge", "Rainbow", "RoundedCornerButton"])
        XCTAssertEqual(try snapshot(["record", "--variants", "default", "--scales", "1,2,3"], in: root).status, 0)
        func ids(_ extra: [String]) throws -> [String] {
            let r = try snapshot(["verify", "--variants", "default", "--scales", "1,2,3", "--json"] + extra, in: root)
            XCTAssertEqual(r.status, 0, r.stderr)
            let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
            return (json["snapshots"] as! [[String: Any]]).map { $0["id"] as! String }
        }
        let all = try ids([])
        XCTAssertEqual(all.count, 9)
        for n in [1, 3, 10] {
            var union: [String] = []
            for k in 1...n { union += try ids(["--shard", "\(k)/\(n)"]) }
            XCTAssertEqual(union, all, "shards 1…\(n) of \(n) together: every snapshot once, in order")
        }
        // The same split on every run.
        XCTAssertEqual(try ids(["--shard", "2/4"]), try ids(["--shard", "2/4"]))
        // K·M overflowed: exit 132 (a trap) instead of the last shard's one snapshot.
        XCTAssertEqual(try ids(["--shard", "\(Int.max)/\(Int.max)"]), [all.last!])
    }

    func testShardSlicesAreContiguousNearlyEqualAndComplete() {
        for m in 0...40 {
            let items = Array(0..<m)
            for n in 1...12 {
                let slices = (1...n).map { SnapshotShard(index: $0, count: n).select(items) }
                XCTAssertEqual(slices.flatMap { $0 }, items, "m=\(m) n=\(n)")
                let sizes = slices.map(\.count)
                XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, "m=\(m) n=\(n)")
            }
        }
        // K·M overflowed Int for huge K and N (a trap, exit 132, on the command line).
        let items = Array(0..<64)
        XCTAssertEqual(Array(SnapshotShard(index: .max, count: .max).select(items)), [63], "the last shard holds the last item")
        XCTAssertEqual(Array(SnapshotShard(index: .max / 2 + 1, count: .max).select(items)), [31])
        XCTAssertEqual(SnapshotShard(index: .max - 1, count: .max).select(items).count, 0)
    }

    func testJobsGiveTheSameResultsInTheSameOrder() throws {
        let root = try exampleComponents(["Gauge", "Rainbow", "RoundedCornerButton", "FancyButton"])
        XCTAssertEqual(try snapshot(["record", "--variants", "default"], in: root).status, 0)
        let one = try snapshot(["verify", "--variants", "default", "--jobs", "1"], in: root)
        let three = try snapshot(["verify", "--variants", "default", "--jobs", "3"], in: root)
        XCTAssertEqual(one.status, 0, one.stdout)
        XCTAssertEqual(three.status, 0, three.stdout)
        func lines(_ r: ProcessResult) -> [String] { r.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ok") } }
        XCTAssertEqual(lines(one).count, 8)
        XCTAssertEqual(lines(one), lines(three))
        // A changed reference fails the same way with jobs.
        let change = try runHost(["render", "Gauge", "--set", "value=10", "--scale", "2", "-o", "Snapshots/Gauge/default@2x.png"], directory: root)
        XCTAssertEqual(change.status, 0)
        let failing = try snapshot(["verify", "--variants", "default", "-j", "2"], in: root)
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stdout.contains("FAIL     Gauge/default@2x"), failing.stdout)
        XCTAssertTrue(failing.stdout.contains("7 passed, 1 failed"), failing.stdout)
    }

    func testAHostileFontEnvironmentGivesIdenticalPixels() throws {
        let root = try exampleComponents(["TaxRateRow", "RoundedCornerButton", "Gauge"])
        try FileManager.default.copyItem(atPath: CFixture.build("snapshot_plugin.c"), toPath: root + "/components/libSwatch.so")
        XCTAssertEqual(try snapshot(["record", "--variants", "default"], in: root).status, 0)
        // Exact pixels: no colour threshold, anti-aliasing counted, not one pixel may differ.
        try #"{ "threshold": 0, "ignoreAntialiasing": false, "maxDifferingShare": 0 }"#
            .write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let hostile = try HostileFontEnvironment.make()
        let verify = try snapshot(["verify", "--variants", "default", "--cache", "none"], in: root, environment: hostile)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertTrue(verify.stdout.contains("8 passed, 0 failed"), verify.stdout)
        // Without the pinned setup the same environment changes the text.
        var system = hostile
        system["EASEL_FONTCONFIG"] = "system"
        let unpinned = try snapshot(["verify", "--variants", "default", "--cache", "none"], in: root, environment: system)
        XCTAssertEqual(unpinned.status, 1, unpinned.stdout)
        XCTAssertTrue(unpinned.stderr.contains("fonts are not pinned"), unpinned.stderr)
    }

    func testProgressLineOnlyOnATerminal() throws {
        let root = try exampleComponents(["Gauge", "Rainbow"])
        XCTAssertEqual(try snapshot(["record", "--variants", "default"], in: root).status, 0)
        let piped = try snapshot(["verify", "--variants", "default"], in: root)
        XCTAssertFalse(piped.stdout.contains("ETA") || piped.stdout.contains("\r"), "no progress line in a pipe")
        // Under a pseudo-terminal (util-linux script), the progress line appears and is cleared.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("script(1) is not installed") }
        let command = "EASEL_PLUGIN_PATH= EASEL_REGISTRY_CACHE=\(TestPaths.runDirectory)/registry.bin \(TestPaths.host) snapshot verify --variants default"
        let tty = try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"], directory: root)
        XCTAssertEqual(tty.status, 0, tty.stdout)
        XCTAssertTrue(tty.stdout.contains("failed · ETA"), tty.stdout)
        XCTAssertTrue(tty.stdout.contains("\r\u{1B}[K"), "the line is rewritten in place and cleared")
        XCTAssertTrue(tty.stdout.contains("4 passed, 0 failed"), tty.stdout)
    }

    func testJSONOutput() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 0)
        try rebuildSwatch(root, ["DOTS=2"])
        let r = try snapshot(["verify", "--json", "--scales", "1,2"], in: root)
        XCTAssertEqual(r.status, 1)
        let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
        XCTAssertEqual(json["schema"] as? String, "easel.snapshot/1")
        XCTAssertEqual((json["summary"] as! [String: Any])["failed"] as? Int, 2)
        let items = json["snapshots"] as! [[String: Any]]
        XCTAssertEqual(items.map { $0["id"] as! String }, ["Swatch/default@1x", "Swatch/default@2x"])
        XCTAssertEqual(items[0]["status"] as? String, "failed")
        XCTAssertEqual(items[0]["differingPixels"] as? Int, 2)
        XCTAssertEqual(items[0]["reference"] as? String, "Snapshots/Swatch/default@1x.png")
        XCTAssertEqual((items[0]["artifacts"] as? [String: Any])?["difference"] as? String, "snapshot-report/Swatch/default@1x/difference.png")
        XCTAssertEqual(items[1]["status"] as? String, "failed", "no reference at @2x")
        XCTAssertEqual(json["report"] as? String, "snapshot-report/index.html")
    }

    func testTheReportPageShowsTheImagesAndItsSliderWipes() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "2"], in: root).status, 0)
        try rebuildSwatch(root, ["SHADE=0xCC"])
        XCTAssertEqual(try snapshot(["verify", "--scales", "2"], in: root).status, 1)
        try BrowserTest.run("snapshot_report.py", [root + "/snapshot-report/index.html"])
    }
}
