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
}
