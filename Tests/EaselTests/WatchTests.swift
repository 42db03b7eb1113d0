import Foundation
import XCTest

/// `host watch`: hot reload as builds really write files, with rollback, value survival, schema diffs
/// and isolation; the watch keeps running through every fault.
final class WatchTests: XCTestCase {
    func evolving(_ version: Int, _ name: String = "Evolving", color: String = "0x3366CC") throws -> String {
        try CFixture.build("evolving_plugin.c", defines: ["VERSION=\(version)", "CLASS=\(name)", "COLOR=\(color)"],
                           name: "evolving_v\(version)_\(name)_\(color)")
    }

    func faulty(_ fault: String) throws -> String {
        try CFixture.build("faulty_plugin.c", defines: ["FAULT=\(fault)"], name: "faulty_\(fault)")
    }

    func project(_ files: [String: String]) throws -> (root: String, components: String) {
        let root = try componentsFolder(files)
        return (root, root + "/components")
    }

    func testReloadsOnAtomicReplacementAndKeepsValues() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews", "--set", "level=8", "--set", "tint=#FF0000"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        watch.waitForLine(containing: "watching ./components (1 plugin)")
        var png = try PNGFile(root + "/previews/Evolving.png")
        XCTAssertEqual(png.pixel(75, 5), .red, "level 8 of 10 with the red tint: the bar reaches x = 80")
        XCTAssertTrue(png.pixel(85, 5).isClose(to: RGBA(r: 0x33, g: 0x66, b: 0xCC, a: 255), tolerance: 1))
        // A rebuild with another background colour, same schema: values survive.
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(1, color: "0x00FF00"))
        let line = watch.waitForLine(containing: "reloaded libEvolving.so build 2 in ")
        XCTAssertTrue(line?.contains("Evolving → previews/Evolving.png") ?? false, line ?? "")
        png = try PNGFile(root + "/previews/Evolving.png")
        XCTAssertEqual(png.pixel(75, 5), .red, "level and tint re-applied to the new build")
        XCTAssertEqual(png.pixel(85, 5), .green, "the new build's drawing")
        XCTAssertTrue(watch.isRunning)
    }

    func testSchemaChangesAreReportedAndUnfitValuesDroppedWithWarnings() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews", "--set", "level=8", "--set", "tint=#FF0000",
                                      "--set", "Evolving.label=hi"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(2))
        watch.waitForLine(containing: "reloaded libEvolving.so build 2")
        watch.waitForLine(containing: "Evolving schema: +width (CGFloat), -label, ~tint Color→String, level default 5→2")
        watch.waitForLine(containing: "warning: Evolving.level=8 dropped: 8 is outside the range 0…5")
        watch.waitForLine(containing: "warning: Evolving.tint=#FF0000 dropped: the property changed type from Color to String")
        watch.waitForLine(containing: "warning: Evolving.label=hi dropped: this build has no property label")
        // Dropped values stay dropped in later builds of the same schema.
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(2, color: "0x00FF00"))
        watch.waitForLine(containing: "reloaded libEvolving.so build 3")
        usleep(100_000)
        XCTAssertFalse(watch.unconsumed.contains { $0.contains("warning") }, "\(watch.unconsumed)")
        let png = try PNGFile(root + "/previews/Evolving.png")
        XCTAssertEqual(png.pixel(10, 5), RGBA(r: 255, g: 255, b: 255, a: 255), "level 2 (the new default) with the white tint")
        XCTAssertEqual(png.pixel(30, 5), .green)
    }

    func testABrokenBuildIsRejectedAndTheLastGoodOneStays() throws {
        let (root, components) = try project(["libFaulty.so": try faulty("none")])
        let watch = try WatchProcess(["--out", "previews", "--timeout", "1"], directory: root)
        watch.waitForLine(containing: "loaded libFaulty.so build 1")
        let good = try Data(contentsOf: URL(fileURLWithPath: components + "/libFaulty.so"))
        // A truncated file appearing mid-build (written and closed half-way).
        try good.prefix(good.count / 3).write(to: URL(fileURLWithPath: components + "/libFaulty.so"))
        watch.waitForLine(containing: "rejected libFaulty.so: is truncated")
        // A build that crashes when loaded.
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("crash_entry"))
        let crash = watch.waitForLine(containing: "rejected libFaulty.so: crashed with SIGSEGV")
        XCTAssertTrue(crash?.hasSuffix("keeping build 1 (rollback)") ?? false, crash ?? "")
        // A build that hangs when loaded.
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("loop_entry"))
        watch.waitForLine(containing: "rejected libFaulty.so: did not answer within 1 s")
        // Not a library at all.
        try "garbage".write(toFile: components + "/libFaulty.so", atomically: true, encoding: .utf8)
        watch.waitForLine(containing: "rejected libFaulty.so: is not an ELF shared library")
        // And the good one again.
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("none"))
        watch.waitForLine(containing: "reloaded libFaulty.so build 2")
        XCTAssertTrue(watch.isRunning)
    }

    func testACrashInDrawIsReportedAndTheWatchGoesOn() throws {
        let (root, components) = try project(["libFaulty.so": try faulty("none")])
        let watch = try WatchProcess(["--out", "previews", "--timeout", "1"], directory: root)
        watch.waitForLine(containing: "loaded libFaulty.so build 1")
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("crash_draw"))
        watch.waitForLine(containing: "reloaded libFaulty.so build 2")
        watch.waitForLine(containing: "error: ./components/libFaulty.so: class Faulty: crashed with SIGSEGV")
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("loop_draw"))
        watch.waitForLine(containing: "reloaded libFaulty.so build 3")
        watch.waitForLine(containing: "did not answer within 1 s")
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("none"))
        watch.waitForLine(containing: "reloaded libFaulty.so build 4")
        XCTAssertTrue(watch.isRunning)
    }

    func testDeleteThenRecreateAndDeletion() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        // Delete then re-create (as `cp` over a deleted file does): a reload, not a removal.
        try FileManager.default.removeItem(atPath: components + "/libEvolving.so")
        try FileManager.default.copyItem(atPath: try evolving(1, color: "0x00FF00"), toPath: components + "/libEvolving.so")
        watch.waitForLine(containing: "reloaded libEvolving.so build 2")
        XCTAssertFalse(watch.output.contains { $0.hasPrefix("removed") })
        // Deleted for good.
        try FileManager.default.removeItem(atPath: components + "/libEvolving.so")
        watch.waitForLine(containing: "removed libEvolving.so (build 2): Evolving gone")
        XCTAssertTrue(watch.isRunning)
    }

    /// A plugin folder renamed away (or removed) and put back, as `git checkout` or `rm -r` and a copy
    /// do: the watch went on watching the old folder under its new name, and the folder put back
    /// was never watched (its plugins never came back, later builds into it were never seen).
    func testAPluginFolderRemovedAndPutBackIsWatchedAgain() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let extra = root + "/more"
        try FileManager.default.createDirectory(atPath: extra, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try evolving(1, "Other"), toPath: extra + "/libOther.so")
        let watch = try WatchProcess(["components", "--out", "previews", "--plugins", "more"], directory: root)
        watch.waitForLine(containing: "watching components, more (2 plugins)")
        try FileManager.default.moveItem(atPath: extra, toPath: root + "/more.old")
        XCTAssertNotNil(watch.waitForLine(containing: "removed libOther.so (build 1): Other gone"), watch.output.joined(separator: "\n"))
        try FileManager.default.createDirectory(atPath: extra, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try evolving(1, "Other", color: "0x00FF00"), toPath: extra + "/libOther.so")
        XCTAssertNotNil(watch.waitForLine(containing: "loaded libOther.so build 1"), "loaded again, as a new file")
        XCTAssertEqual(try PNGFile(root + "/previews/Other.png").pixel(85, 5), .green, "the folder put back is watched")
        // The other folder is unaffected; the renamed one is not watched under its new name.
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(1, color: "0x00FF00"))
        XCTAssertNotNil(watch.waitForLine(containing: "reloaded libEvolving.so build 2"))
        try replaceAtomically(root + "/more.old/libOther.so", with: try evolving(1, "Other"))
        usleep(1_000_000)
        XCTAssertFalse(watch.unconsumed.contains { $0.contains("libOther.so") }, watch.output.joined(separator: "\n"))
        XCTAssertTrue(watch.isRunning)
    }

    func testAClassMovingFromOneFileToAnother() throws {
        let (root, components) = try project(["libA.so": try evolving(1, "Mover")])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        watch.waitForLine(containing: "loaded libA.so build 1")
        // B now also registers Mover: A's path sorts first and keeps it, with a warning naming both.
        try replaceAtomically(components + "/libB.so", with: try evolving(1, "Mover", color: "0x00FF00"))
        watch.waitForLine(containing: "warning: class Mover is registered by both libA.so and libB.so; using libA.so")
        // B's line does not claim Mover, whose picture is still A's (it said "Mover → previews/Mover.png"
        // and drew it again from A).
        let shadowed = watch.output.first { $0.contains("loaded libB.so build 1") } // (before its warning)
        XCTAssertFalse(shadowed?.contains("Mover") ?? true, watch.output.joined(separator: "\n"))
        XCTAssertNotEqual(try PNGFile(root + "/previews/Mover.png").pixel(95, 15), .green, "still drawn by libA.so's build")
        // A drops it (now registers another class): Mover now comes from B and is re-rendered from there.
        try replaceAtomically(components + "/libA.so", with: try evolving(1, "Other"))
        let line = watch.waitForLine(containing: "reloaded libA.so build 2")
        XCTAssertTrue(line?.contains("Mover → previews/Mover.png") ?? false, line ?? "")
        XCTAssertEqual(try PNGFile(root + "/previews/Mover.png").pixel(95, 15), .green, "drawn by libB.so's build")
    }

    func testABurstOfAThousandEventsIsCoalesced() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        let builds = [try evolving(1), try evolving(1, color: "0x00FF00")]
        for i in 0..<1000 {
            try replaceAtomically(components + "/libEvolving.so", with: builds[i % 2])
        }
        // Whatever was coalesced, the final state (an odd number of swaps: the green build) is shown.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            usleep(200_000)
            if let png = try? PNGFile(root + "/previews/Evolving.png"), png.pixel(95, 15) == .green,
               !watch.unconsumed.isEmpty, watch.unconsumed.last?.hasPrefix("reloaded") == true {
                usleep(300_000)
                if (try? PNGFile(root + "/previews/Evolving.png"))?.pixel(95, 15) == .green { break }
            }
        }
        XCTAssertEqual(try PNGFile(root + "/previews/Evolving.png").pixel(95, 15), .green)
        let reloads = watch.output.filter { $0.hasPrefix("reloaded") }.count
        XCTAssertGreaterThan(reloads, 0)
        XCTAssertLessThan(reloads, 500, "a burst is coalesced, not replayed event by event")
        XCTAssertTrue(watch.isRunning)
    }

    func testEachBuildRunsInAWorkerThatStopsWithIt() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        for build in 2...6 {
            try replaceAtomically(components + "/libEvolving.so", with: try evolving(1, color: build % 2 == 0 ? "0x00FF00" : "0x3366CC"))
            watch.waitForLine(containing: "reloaded libEvolving.so build \(build)")
        }
        // The watch's children: the build's worker and one spare, never one per build.
        usleep(200_000)
        let children = try String(contentsOfFile: "/proc/\(watch.process.processIdentifier)/task/\(watch.process.processIdentifier)/children", encoding: .utf8)
            .split(separator: " ").count
        XCTAssertLessThanOrEqual(children, 2, "workers of replaced builds are stopped")
    }

    func testASceneIsReRenderedAndItsAttributesSurviveLikeValues() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        try """
        {"size": "100x40", "background": "#000000", "instances": [
          {"class": "Evolving", "frame": "0,0,100,20", "attributes": {"level": 8, "tint": "#FF0000", "label": "hi"}},
          {"class": "Evolving", "frame": "0,20,100,20", "attributes": {"level": 3}}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        let watch = try WatchProcess(["--out", "previews", "--scene", "board.json"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        watch.waitForLine(containing: "rendered board.json: scene → previews/board.png")
        var png = try PNGFile(root + "/previews/board.png")
        XCTAssertEqual(png.pixel(75, 5), .red, "first instance: level 8, red")
        XCTAssertEqual(png.pixel(25, 25), .white, "second instance: level 3, default white tint")
        XCTAssertNotEqual(png.pixel(35, 25), .white)
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(2))
        watch.waitForLine(containing: "reloaded libEvolving.so build 2")
        // Attributes in name order, as scenes apply them.
        watch.waitForLine(containing: "warning: board.json: instances[0]: Evolving.label=hi dropped: this build has no property label")
        watch.waitForLine(containing: "warning: board.json: instances[0]: Evolving.level=8 dropped: 8 is outside the range 0…5")
        watch.waitForLine(containing: "warning: board.json: instances[0]: Evolving.tint=#FF0000 dropped: the property changed type from Color to String")
        png = try PNGFile(root + "/previews/board.png")
        XCTAssertEqual(png.pixel(25, 25), .white, "level 3 still fits 0…5 and survives")
        XCTAssertNotEqual(png.pixel(35, 25), .white)
        XCTAssertTrue(watch.isRunning)
    }
}
