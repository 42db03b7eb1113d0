import Foundation
import FoundationXML
import XCTest
@testable import EaselPreview

/// How `host snapshot` runs: shards and jobs, a hostile font environment, the progress line, JSON
/// output and the report page.
extension SnapshotCommandTests {
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
