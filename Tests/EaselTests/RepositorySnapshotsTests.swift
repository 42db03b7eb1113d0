import Foundation
import XCTest

/// The repository's own visual regression suite: every example component (Plugins/) in every
/// variant at @1x and @2x, and Examples/scene.json, against the references in Snapshots/.
/// A change to how an example or the renderer draws fails here, with the difference images in the
/// report directory named in the failure. Accept an intended change with
/// `host snapshot record --dir Snapshots` from a folder holding the built examples (Scripts/setup's
/// ./components), then review the PNGs in git.
final class RepositorySnapshotsTests: XCTestCase {
    func testSnapshotsVerify() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repoRoot + "/Plugins").sorted()
            .filter { !$0.hasPrefix(".") }
        let root = try exampleComponents(examples)
        let result = try runHost(["snapshot", "verify", "--dir", TestPaths.repoRoot + "/Snapshots", "--jobs", "2"], directory: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr + "\nartifacts: \(root)/snapshot-report/index.html")
        // Every example class is covered (a class without references would fail above, as missing).
        for name in examples {
            XCTAssertTrue(result.stdout.contains("ok       \(name)/default@1x"), "\(name): " + result.stdout)
        }
        XCTAssertTrue(result.stdout.contains("ok       scene.scene/scene@2x"), result.stdout)
    }
}
