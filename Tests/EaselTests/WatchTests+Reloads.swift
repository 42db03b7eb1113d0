import Foundation
import XCTest

/// `host watch`'s reloads that lose nothing: the rollback notice, stale previews, values parked and
/// restored, classes that disappear, hangups, hidden temporaries, FIFOs, defaults create does not set.
extension WatchTests {
    // MARK: - Issue 7, item 6: the rollback notice

    func testTheRollbackNoticeEndsTheReasonLineNotTheWorkersOutput() throws {
        let (root, components) = try project(["libFaulty.so": try faulty("none")])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        watch.waitForLine(containing: "loaded libFaulty.so build 1")
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("crash_init"))
        let line = watch.waitForLine(containing: "rejected libFaulty.so: crashed with SIGABRT")
        XCTAssertTrue(line?.hasSuffix("[phase: load]; keeping build 1 (rollback)") ?? false, line ?? "")
        watch.waitForLine(containing: "faulty plugin: aborting in init")
        let lines = watch.output
        XCTAssertFalse(lines.contains { $0.contains("aborting in init") && $0.contains("rollback") }, "\(lines)")
    }

    // MARK: - Issue 7, item 8: reload semantics that lose nothing

    func testABuildFailingInDrawKeepsTheLastGoodPreviewMarkedStaleUntilABuildRenders() throws {
        let (root, components) = try project(["libFaulty.so": try faulty("none")])
        let watch = try WatchProcess(["--out", "previews", "--timeout", "1"], directory: root)
        watch.waitForLine(containing: "loaded libFaulty.so build 1")
        let good = try Data(contentsOf: URL(fileURLWithPath: root + "/previews/Faulty.png"))
        for (fault, build) in [("crash_draw", 2), ("loop_draw", 3)] {
            try replaceAtomically(components + "/libFaulty.so", with: try faulty(fault))
            let line = watch.waitForLine(containing: "reloaded libFaulty.so build \(build)")
            XCTAssertTrue(line?.contains("Faulty failed") ?? false, line ?? "")
            watch.waitForLine(containing: "Faulty: the last good preview (build 1) is kept, marked stale and failing")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: root + "/previews/Faulty.png")), good, "the last good preview stays")
            let error = try String(contentsOfFile: root + "/previews/Faulty.error.txt", encoding: .utf8)
            XCTAssertTrue(error.contains("[phase: draw]"), error)
            XCTAssertTrue(error.contains("stale"), error)
        }
        try replaceAtomically(components + "/libFaulty.so", with: try faulty("none"))
        watch.waitForLine(containing: "reloaded libFaulty.so build 4")
        watch.waitForLine(containing: "Faulty recovered: build 4 renders it again")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/previews/Faulty.error.txt"))
    }

    func testDroppedValuesAreParkedAndRestoredWhenTheyFitAgain() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews", "--set", "level=8", "--set", "tint=#FF0000",
                                      "--set", "Evolving.label=hi"], directory: root)
        watch.waitForLine(containing: "loaded libEvolving.so build 1")
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(2))
        watch.waitForLine(containing: "Evolving schema: +width (CGFloat), -label, ~tint Color→String, level default 5→2, level range 0…10→0…5")
        watch.waitForLine(containing: "warning: Evolving.level=8 dropped: 8 is outside the range 0…5")
        try replaceAtomically(components + "/libEvolving.so", with: try evolving(1, color: "0x00FF00"))
        watch.waitForLine(containing: "reloaded libEvolving.so build 3")
        watch.waitForLine(containing: "Evolving schema: +label (String), -width, ~tint String→Color, level default 2→5, level range 0…5→0…10")
        // In property order, each once.
        watch.waitForLine(containing: "note: Evolving.level=8 restored")
        watch.waitForLine(containing: "note: Evolving.tint=#FF0000 restored")
        watch.waitForLine(containing: "note: Evolving.label=hi restored")
        let png = try PNGFile(root + "/previews/Evolving.png")
        XCTAssertEqual(png.pixel(75, 5), .red, "level 8 and the red tint are back")
        XCTAssertEqual(png.pixel(85, 5), .green)
    }

    func testAClassThatDisappearsHasItsPreviewRemoved() throws {
        let (root, components) = try project(["libA.so": try evolving(1, "Leaving")])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        watch.waitForLine(containing: "loaded libA.so build 1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/previews/Leaving.png"))
        try replaceAtomically(components + "/libA.so", with: try evolving(1, "Staying"))
        let line = watch.waitForLine(containing: "reloaded libA.so build 2")
        XCTAssertTrue(line?.contains("Leaving gone (previews/Leaving.png removed)") ?? false, line ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/previews/Leaving.png"), "not left looking current")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/previews/Staying.png"))
    }

    /// `--set Gauje.value=5` or `--set valeu=5` (a mistyped class or property) was never applied and
    /// never mentioned: the previews silently showed the defaults.
    func testASetValueNoClassTakesIsWarnedAbout() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let watch = try WatchProcess(["--out", "previews", "--set", "Gauje.value=5", "--set", "valeu=5", "--set", "label=ok"], directory: root)
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLine(containing: "warning: --set Gauje.value=5: no class named 'Gauje' in the watched plugins (did you mean Gauge?)"),
                        watch.output.joined(separator: "\n"))
        XCTAssertNotNil(watch.waitForLine(containing: "warning: --set valeu=5: no watched class has a property 'valeu' (did you mean value?)"),
                        watch.output.joined(separator: "\n"))
        XCTAssertNotNil(watch.waitForLine(containing: "watching"))
        XCTAssertFalse(watch.output.contains { $0.contains("label=ok") }, "a value a class takes is not warned about")
    }

    /// A closed terminal (SIGHUP) ended watch at once, by the default action, where Ctrl-C and
    /// SIGTERM stop it cleanly ("stopped").
    func testHangupStopsLikeInterrupt() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLine(containing: "watching"))
        kill(watch.process.processIdentifier, SIGHUP)
        XCTAssertNotNil(watch.waitForLine(containing: "stopped"), watch.output.joined(separator: "\n"))
        watch.process.waitUntilExit()
        XCTAssertEqual(watch.process.terminationReason, .exit)
        XCTAssertEqual(watch.process.terminationStatus, 0)
    }

    /// A FIFO named like a plugin was rejected "(still being written?)", a hint meant for a library
    /// whose writer has not finished: a FIFO is no build at all.
    /// A build written under a hidden name and renamed into place (`cp libX.so .tmp.so && mv`) was
    /// loaded or rejected under its hidden name ("rejected .tmp.so: cannot be opened: No such file"),
    /// although `host list` skips hidden files; only the renamed file is a build.
    func testAHiddenTemporaryRenamedIntoPlaceIsOneReload() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLine(containing: "watching"))
        let hidden = components + "/.tmp.so"
        try FileManager.default.copyItem(atPath: try evolving(1, color: "0x00FF00"), toPath: hidden)
        usleep(1_200_000) // past the watch's settle time: a hidden file it took for a build would load now
        XCTAssertEqual(rename(hidden, components + "/libEvolving.so"), 0)
        XCTAssertNotNil(watch.waitForLine(containing: "reloaded libEvolving.so build 2"))
        XCTAssertFalse(watch.output.contains { $0.contains(".tmp.so") }, watch.output.joined(separator: "\n"))
        XCTAssertEqual(try PNGFile(root + "/previews/Evolving.png").pixel(85, 5), .green)
    }

    func testAFIFOInTheFolderIsRejectedAsNotARegularFile() throws {
        let (root, components) = try project(["libEvolving.so": try evolving(1)])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLine(containing: "watching"))
        XCTAssertEqual(mkfifo(components + "/libFifo.so", 0o644), 0)
        let line = watch.waitForLine(containing: "rejected libFifo.so")
        XCTAssertTrue(line?.contains("is a FIFO, not a regular file") ?? false, line ?? "")
        XCTAssertFalse(line?.contains("still being written") ?? true, line ?? "")
        XCTAssertTrue(watch.isRunning)
    }

    /// inspect, list -v, validate and gallery warned about a default that create does not set;
    /// watch never did. It does, once per build, under the build's line.
    func testADefaultThatCreateDoesNotSetIsWarnedAboutOncePerBuild() throws {
        let plugin = try CFixture.build("extensions_plugin.c", defines: ["MODE=defaults"])
        let (root, components) = try project(["libExtensions.so": plugin])
        let watch = try WatchProcess(["--out", "previews"], directory: root)
        defer { watch.stop() }
        let warning = "  warning: ./components/libExtensions.so: class Extended: property level: a new instance reads 0, but the table declares 3 "
            + "(create must give every property its declared default)"
        watch.waitForLine(containing: "loaded libExtensions.so build 1")
        XCTAssertEqual(watch.waitForLine(containing: "warning: "), warning)
        watch.waitForLine(containing: "watching ./components (1 plugin)")
        try replaceAtomically(components + "/libExtensions.so", with: plugin)
        watch.waitForLine(containing: "reloaded libExtensions.so build 2")
        XCTAssertEqual(watch.waitForLine(containing: "warning: "), warning, "the new build is checked too")
        watch.waitForLine(containing: "property double: a new instance reads 0, but the table declares 6")
        XCTAssertEqual(watch.output.filter { $0.contains("warning: ") }.count, 4, "level and double, once per build: " + watch.output.joined(separator: "\n"))
    }
}
