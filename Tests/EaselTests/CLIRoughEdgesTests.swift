import Foundation
import XCTest

/// The command line's rough edges a new user met (issue 24), each smoothed: validate defaults to the
/// plugin folders and takes folders, render without -o, snapshot's quiet mode and the hint that
/// accepts new pictures, "did you mean" for property names, messages that name their context once.
final class CLIRoughEdgesTests: XCTestCase {
    func testValidateWithoutPathsValidatesThePluginFoldersAndTakesAFolder() throws {
        let root = try exampleComponents(["Gauge", "RoundedCornerButton"])
        let plain = try runHost(["validate", "--filter", "defaults", "--seed", "1"], directory: root)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("2 plugins, 0 failed"), plain.stdout)
        let folder = try runHost(["validate", "components", "--filter", "defaults", "--seed", "1"], directory: root)
        XCTAssertEqual(folder.status, 0, folder.stderr)
        XCTAssertTrue(folder.stdout.contains("2 plugins, 0 failed"), folder.stdout)
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let empty = try runHost(["validate", "empty"], directory: root)
        XCTAssertEqual(empty.status, 66, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("empty: no plugins (.so files) in this folder"), empty.stderr)
    }

    func testRenderWithoutAnOutputWritesClassNamePNGHereAndSaysSo() throws {
        let root = try exampleComponents(["Gauge"])
        let result = try runHost(["render", "Gauge"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote Gauge.png (-o FILE to choose where)\n")
        XCTAssertEqual(try PNGFile(root + "/Gauge.png").width, 120)
        let failed = try runHost(["render", "Gauje"], directory: root)
        XCTAssertEqual(failed.status, 66, failed.stderr)
        XCTAssertEqual(failed.stdout, "", "nothing is said written when nothing was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Gauje.png"))
    }

    func testAMistypedPropertyGetsADidYouMean() throws {
        let root = try exampleComponents(["Gauge"])
        for command in [["render", "Gauge", "-o", "x.png"], ["inspect", "Gauge"]] {
            let result = try runHost(command + ["--set", "valeu=5"], directory: root)
            XCTAssertEqual(result.status, 65, result.stderr)
            XCTAssertTrue(result.stderr.contains("property valeu: no such property; did you mean value?"), result.stderr)
        }
    }

    func testSnapshotQuietPrintsFailuresAndTheCommandThatAcceptsThem() throws {
        let root = try exampleComponents(["Gauge"])
        let record = try runHost(["snapshot", "record", "--scales", "1"], directory: root)
        XCTAssertEqual(record.status, 0, record.stderr)
        let quiet = try runHost(["snapshot", "verify", "--scales", "1", "-q"], directory: root)
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertFalse(quiet.stdout.contains("ok "), "no line per passing snapshot: \(quiet.stdout)")
        XCTAssertTrue(quiet.stdout.contains(" passed, 0 failed"), quiet.stdout)
        // One reference replaced by another class's picture: it fails, and the hint accepts it.
        let references = root + "/Snapshots/Gauge"
        try FileManager.default.removeItem(atPath: references + "/default@1x.png")
        try FileManager.default.copyItem(atPath: references + "/full@1x.png", toPath: references + "/default@1x.png")
        let failing = try runHost(["snapshot", "verify", "Gauge", "--scales", "1", "-q"], directory: root)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        let hint = "if the new pictures are right, accept them: host snapshot verify Gauge --record failed --scales 1"
        XCTAssertTrue(failing.stdout.contains(hint), failing.stdout)
        let report = try String(contentsOfFile: root + "/snapshot-report/index.html", encoding: .utf8)
        XCTAssertTrue(report.contains("accept them: <code>host snapshot verify Gauge --record failed --scales 1</code>"))
        let accept = try runHost(["snapshot", "verify", "Gauge", "--record", "failed", "--scales", "1"], directory: root)
        XCTAssertEqual(accept.status, 0, accept.stderr)
        XCTAssertEqual(try runHost(["snapshot", "verify", "Gauge", "--scales", "1"], directory: root).status, 0, "accepted")
    }

    func testASceneMissingFromACopiedSnapshotsFolderSaysWhereItWasListed() throws {
        let root = try exampleComponents(["Gauge"])
        try FileManager.default.createDirectory(atPath: root + "/Snapshots", withIntermediateDirectories: true)
        try #"{"scenes": ["../Examples/scene.json"]}"#.write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let result = try runHost(["snapshot", "verify"], directory: root)
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertTrue(result.stderr.contains("Snapshots/../Examples/scene.json: no such scene file (listed in Snapshots/snapshot.json's scenes, relative to its folder"),
                      result.stderr)
    }
}
