import Foundation
import XCTest

/// What a hostile plugin does in the host's process tree, and what the host leaves behind: every
/// process a plugin starts ends with its worker; signals to the host end its workers; a broken
/// channel, a flood of output, a memory hog and absurd geometry are each named, never fatal.
final class HardeningTests: XCTestCase {
    func hostile(_ fault: String) throws -> String {
        try componentsFolder(["libHostile.so": try CFixture.build("hostile_plugin.c", defines: ["FAULT=\(fault)"], name: "hostile_\(fault)")],
                             test: "hostile-\(fault)")
    }

    func render(_ root: String, _ extra: [String] = [], environment: [String: String] = [:]) throws -> ProcessResult {
        try runHost(["render", "Hostile", "-o", "out.png", "--timeout", "2"] + extra, environment: environment, directory: root)
    }

    // MARK: - Processes

    func testProcessesAPluginStartsEndWithItsWorker() throws {
        for (fault, command) in [("fork_create", ["render", "Hostile", "-o", "out.png"]),
                                 ("setsid_draw", ["render", "Hostile", "-o", "out.png"]),
                                 ("constructor_fork", ["list", "--rescan"]),
                                 ("constructor_fork", ["render", "Hostile", "-o", "out.png", "--rescan"])] {
            let root = try hostile(fault)
            let pids = root + "/pids.txt"
            let result = try runHost(command, environment: ["EASEL_TEST_PID_FILE": pids], directory: root)
            XCTAssertEqual(result.status, 0, "\(fault) \(command): \(result.stderr)")
            let started = ProcessTree.pids(in: pids)
            XCTAssertFalse(started.isEmpty, "\(fault): the fixture started a process")
            XCTAssertEqual(ProcessTree.survivors(of: started), [], "\(fault) \(command): processes left behind")
        }
    }

    func testTerminationSignalsToTheHostEndAHangingWorker() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGKILL] {
            let root = try hostile("hang_draw")
            let pids = root + "/pids.txt"
            let host = try ProcessTree.start(["render", "Hostile", "-o", "out.png", "--timeout", "60"], in: root,
                                             environment: ["EASEL_TEST_PID_FILE": pids])
            let worker = try XCTUnwrap(ProcessTree.waitForPid(in: pids), "signal \(signal): the worker reached draw")
            kill(host.processIdentifier, signal)
            host.waitUntilExit()
            XCTAssertEqual(host.terminationReason, .uncaughtSignal, "signal \(signal)")
            XCTAssertEqual(ProcessTree.survivors(of: [worker]), [], "signal \(signal): the worker was left running")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"))
            XCTAssertEqual(ProcessTree.temporaryOutputs(in: root), [], "signal \(signal)")
        }
    }

    /// The launcher a one-shot command forks does not hold the host's standard input and output
    /// (they are /dev/null in it, as in an exec'd launcher): a program reading the host's output
    /// through a pipe sees its end when the host ends. Standard error stays shared.
    func testTheLauncherDoesNotHoldTheHostsStandardOutput() throws {
        let root = try hostile("hang_draw")
        let pids = root + "/pids.txt"
        let output = Pipe()
        let host = try ProcessTree.start(["render", "Hostile", "-o", "out.png", "--timeout", "60"], in: root,
                                         environment: ["EASEL_TEST_PID_FILE": pids], output: output)
        defer { kill(host.processIdentifier, SIGTERM); host.waitUntilExit() }
        _ = try XCTUnwrap(ProcessTree.waitForPid(in: pids), "the worker reached draw")
        let pid = host.processIdentifier
        let launchers = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
            .split(separator: " ").compactMap { Int32($0) }
        XCTAssertEqual(launchers.count, 1, "the host has its launcher")
        let hostOutput = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/1")
        XCTAssertTrue(hostOutput.hasPrefix("pipe:"), "the host writes into the test's pipe: \(hostOutput)")
        for launcher in launchers {
            for fd in [0, 1] {
                let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(launcher)/fd/\(fd)")
                XCTAssertEqual(target, "/dev/null", "the launcher's fd \(fd) (the host's standard output: \(hostOutput))")
            }
        }
    }

    /// `host watch` set a flag on SIGINT, SIGTERM and SIGHUP that its loop read only after the call
    /// in progress: while a draw hung it stayed for the whole `--timeout`, then said "did not answer".
    /// The call is cut short now (its worker killed) and watch stops cleanly, leaving nothing.
    func testWatchStopsOnASignalWhileADrawHangs() throws {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let root = try hostile("hang_draw")
            let pids = root + "/pids.txt"
            let watch = try WatchProcess(["--out", "previews", "--timeout", "600"], directory: root,
                                         environment: ["EASEL_TEST_PID_FILE": pids])
            defer { watch.stop() }
            let worker = try XCTUnwrap(ProcessTree.waitForPid(in: pids), "signal \(signal): the worker reached draw")
            kill(watch.process.processIdentifier, signal)
            try assertStopsCleanly(watch, signal: signal, workers: [worker], previews: root + "/previews")
        }
    }

    /// The same when the hanging build arrives as a reload of a good one.
    func testWatchStopsOnASignalWhileAReloadHangs() throws {
        let root = try hostile("none")
        let pids = root + "/pids.txt"
        let watch = try WatchProcess(["--out", "previews", "--timeout", "600"], directory: root,
                                     environment: ["EASEL_TEST_PID_FILE": pids])
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLine(containing: "watching"))
        let hanging = try CFixture.build("hostile_plugin.c", defines: ["FAULT=hang_draw"], name: "hostile_hang_draw")
        try replaceAtomically(root + "/components/libHostile.so", with: hanging)
        let worker = try XCTUnwrap(ProcessTree.waitForPid(in: pids), "the new build's worker reached draw")
        kill(watch.process.processIdentifier, SIGINT)
        try assertStopsCleanly(watch, signal: SIGINT, workers: [worker], previews: root + "/previews")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/previews/Hostile.png"), "the good build's preview stays")
    }

    /// Waits (up to 30 s, far below the watch's 600 s budget) for `watch` to end; checks it stopped
    /// cleanly, that its workers are gone, and that it left no temporary file and no stale mark.
    func assertStopsCleanly(_ watch: WatchProcess, signal: Int32, workers: [pid_t], previews: String,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(30)
        while watch.isRunning && Date() < deadline { usleep(10_000) }
        XCTAssertFalse(watch.isRunning, "signal \(signal): watch was still running 30 s later", file: file, line: line)
        guard !watch.isRunning else {
            kill(watch.process.processIdentifier, SIGKILL) // its launcher then ends its workers
            return
        }
        XCTAssertEqual(watch.process.terminationReason, .exit, "signal \(signal)", file: file, line: line)
        XCTAssertEqual(watch.process.terminationStatus, 0, "signal \(signal)", file: file, line: line)
        // Its lines arrive in the background: on a loaded machine none had been read yet at its exit.
        watch.waitForTheEndOfItsOutput(orALineContaining: "stopped")
        let output = watch.output.joined(separator: "\n")
        XCTAssertEqual(watch.output.last, "stopped", "signal \(signal): \(output)", file: file, line: line)
        XCTAssertFalse(output.contains("did not answer"), "signal \(signal): \(output)", file: file, line: line)
        XCTAssertEqual(ProcessTree.survivors(of: workers), [], "signal \(signal): the worker was left running", file: file, line: line)
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: previews)) ?? []).filter { !$0.hasSuffix(".png") }
        XCTAssertEqual(left, [], "signal \(signal): no temporary file or stale mark", file: file, line: line)
    }

    func testLoadsLeaveNoFilesEvenWhenAConstructorCrashes() throws {
        let root = try hostile("constructor_crash")
        let before = ProcessTree.runtimeFiles()
        for _ in 0..<5 {
            let list = try runHost(["list", "--rescan"], directory: root)
            XCTAssertEqual(list.status, 0)
            XCTAssertTrue(list.stdout.contains("libHostile.so: crashed with SIGSEGV"), list.stdout)
        }
        XCTAssertEqual(ProcessTree.runtimeFiles().subtracting(before), [], "private copies left in the runtime directory")
    }

    // MARK: - The channel and the output

    func testAPluginThatBreaksTheHostsChannelIsNamed() throws {
        for (fault, message) in [("close_channel", "the plugin broke the host's channel: it closed or replaced file descriptor 3"),
                                 ("replace_channel", "the plugin broke the host's channel: it closed or replaced file descriptor 3"),
                                 ("close_channel_hang", "the plugin closed the host's channel (file descriptor 3) and went on running")] {
            let result = try render(try hostile(fault))
            XCTAssertEqual(result.status, 69, fault)
            XCTAssertTrue(result.stderr.contains(message), "\(fault): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
            XCTAssertFalse(result.stderr.contains("did the plugin call exit()"), result.stderr)
        }
    }

    func testAPluginPrintingAHundredMegabytesIsNotAHang() throws {
        let root = try hostile("flood_stdout")
        let result = try render(root)
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(2000)))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/out.png"))
    }

    func testAPanicKeepsTheLinesThatExplainIt() throws {
        let result = try render(try hostile("panic"))
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("crashed with SIGABRT"), result.stderr)
        XCTAssertTrue(result.stderr.contains("thread 'main' panicked at src/lib.rs:7:5:"), "the first lines: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("the gauge is broken: index 12 out of range"), result.stderr)
        XCTAssertTrue(result.stderr.contains("lines cut …"), "what was cut is marked: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("at ./src/lib.rs:139:9"), "the last lines: \(result.stderr)")
    }

    func testAWorkerOverItsMemoryLimitIsStoppedAndNamed() throws {
        let result = try render(try hostile("allocate"), ["--memory-limit", "256"])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Hostile:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("memory limit of 256 MB"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
    }

    // MARK: - Geometry

    func testAbsurdGeometryNeitherHangsNorFails() throws {
        for fault in ["huge_arc", "absurd_geometry", "absurd_shadow", "absurd_text", "nested_layers", "shadowed_gradient",
                      "dashed_arc"] {
            let root = try hostile(fault)
            for mode in [[], ["--in-process"]] {
                let result = try render(root, mode)
                XCTAssertEqual(result.status, 0, "\(fault) \(mode): \(result.stderr)")
                // Text under a scale of 1e7 overflowed Pango's font size: GLib criticals on stderr.
                XCTAssertFalse(result.stderr.contains("CRITICAL") || result.stderr.contains("Pango-WARNING"), "\(fault) \(mode): \(result.stderr)")
                let png = try PNGFile(root + "/out.png")
                XCTAssertTrue(png.pixel(10, 10).isClose(to: RGBA(r: 51, g: 102, b: 153, a: 255), tolerance: 2),
                              "\(fault) \(mode): what follows the absurd geometry is drawn")
            }
            // A one-shot PNG is drawn in the worker; an SVG is the worker's drawing replayed in the
            // host, which a shadow blurred by 1e9 points crashed (a trap converting it to an Int),
            // and nested layers or a shadowed gradient under a skew of 1e154 aborted (a Cairo
            // assertion on the matrices of the groups they are painted through).
            let svg = try runHost(["render", "Hostile", "-o", "out.svg", "--timeout", "2"], directory: root)
            XCTAssertEqual(svg.status, 0, "\(fault) replayed in the host: \(svg.stderr)")
            XCTAssertFalse(svg.stderr.contains("CRITICAL") || svg.stderr.contains("Pango-WARNING"), "\(fault) replayed in the host: \(svg.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/out.svg"), fault)
        }
    }

    /// A dash pattern too fine for the length of its path: Cairo walks every dash, visible or not,
    /// and a shadowed one also in the stroke's extents (where the host replaying an SVG spent
    /// minutes in one call, out of reach of the replay's budget). It strokes solid, with a warning.
    func testADashPatternTooFineForItsPathStrokesSolidWithAWarning() throws {
        let root = try hostile("dashed_arc")
        for output in ["out.png", "out.svg"] {
            let result = try runHost(["render", "Hostile", "-o", output, "--timeout", "2"], directory: root)
            XCTAssertEqual(result.status, 0, "\(output): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("class Hostile: draw: invalid argument to set_line_dash period 0.1: expected at most 1048576 dashes along a stroked path"),
                          result.stderr)
            XCTAssertTrue(result.stderr.contains("stroked solid"), result.stderr)
        }
    }

    /// A canvas call that does not return while the host draws a worker's drawing (a scene is drawn
    /// in the host): Cairo strokes a star of 60 000 crossing edges for minutes, out of reach of the
    /// replay's budget, which is checked between calls. The watchdog ends the command past twice the
    /// budget plus a second, naming file, class and phase; nothing is written, no worker is left.
    func testACanvasCallStuckInTheHostEndsTheCommandWithANamedError() throws {
        let root = try hostile("star_stroke")
        try """
        {"size": "40x40", "instances": [{"class": "Hostile", "frame": "0,0,20,20"}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "scene.png", "--timeout", "0.5"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("host render: error: ./components/libHostile.so: class Hostile: replaying the drawing did not finish within 2 s: one canvas call never returned"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        XCTAssertEqual(left, ["components", "scene.json"], "no output, no temporary file")
    }

    /// A plugin that suspends its own worker (SIGSTOP) was reported as "an endless loop or a
    /// deadlock?"; it says the worker was suspended, and the worker is still ended.
    func testAWorkerSuspendedBySIGSTOPIsSaidToBeSuspended() throws {
        let root = try hostile("stop_draw")
        let result = try runHost(["render", "Hostile", "-o", "out.png", "--timeout", "1"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Hostile: did not answer within 1 s: it was suspended by a signal (SIGSTOP or SIGTSTP)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
    }

    /// A drawing that puts Cairo in an error state ("out of memory" for a gradient under a scale of
    /// 1e-300) exited 70, an internal error of the host, without a phase; it is the class's draw
    /// failing (69), in a worker or in process.
    func testADrawingThatBreaksCairoIsAPluginFailureInTheDrawPhase() throws {
        let root = try hostile("cairo_overflow")
        for mode in [[], ["--in-process"]] {
            let result = try render(root, mode)
            XCTAssertEqual(result.status, 69, "\(mode): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("class Hostile: cairo error in drawing: out of memory"), result.stderr)
            XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"), "no partial output")
        }
    }

    /// A shadow cast under a scale of 1e154 is drawable on a PNG, but its mask's transform is not
    /// invertible once mapped onto a vector output's finer mask: Cairo's "invalid matrix" while
    /// replaying the drawing in the host exited 70, an internal error. It is the class's draw
    /// failing (69), in a one-shot render and in a scene, and nothing is written.
    func testAShadowThatBreaksCairoIsAPluginFailureInTheDrawPhase() throws {
        let root = try hostile("shadow_overflow")
        for output in ["out.svg", "out.pdf"] {
            for mode in [[], ["--in-process"]] {
                let result = try runHost(["render", "Hostile", "-o", output, "--timeout", "2"] + mode, directory: root)
                XCTAssertEqual(result.status, 69, "\(output) \(mode): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("libHostile.so: class Hostile: cairo error in drawing a shadow mask: invalid matrix"), result.stderr)
                XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/" + output), "no partial output")
            }
        }
        try """
        {"size": "40x40", "instances": [{"class": "Hostile", "frame": "0,0,20,20"}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let scene = try runHost(["render", "scene.json", "-o", "scene.svg"], directory: root)
        XCTAssertEqual(scene.status, 69, scene.stderr)
        XCTAssertTrue(scene.stderr.contains("class Hostile: cairo error in drawing a shadow mask: invalid matrix"), scene.stderr)
        XCTAssertTrue(scene.stderr.contains("[phase: draw]"), scene.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/scene.svg"), "no partial output")
        // On a PNG the shadow's mask is no finer than the canvas: it is drawn.
        XCTAssertEqual(try render(root).status, 0)
    }

    /// Replaying a worker's drawing in the host (SVG, PDF, scenes) had no budget: a drawing quick to
    /// record and slow to paint held the host for as long as it took.
    func testReplayingADrawingHasTheCallsTimeBudget() throws {
        let root = try hostile("slow_replay")
        let start = Date()
        let result = try runHost(["render", "Hostile", "-o", "out.svg", "--timeout", "1"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Hostile: display list: replaying the drawing exceeded the time budget of 1 s"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "the budget, not the whole replay")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.svg"))
    }

    func testASceneFrameOfAbsurdSizeRenders() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "100x100", "instances": [{"class": "Gauge", "frame": "0,0,1e308,1e308"}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "out.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    // MARK: - Logs

    func testAnErrorAPluginLogsWithoutFailingIsShown() throws {
        for mode in [[], ["--in-process"]] {
            let result = try render(try hostile("log_error"), mode)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("libHostile.so: the plugin logged an error: the texture cache is cold; drawing without it"),
                          "\(mode): \(result.stderr)")
        }
    }

    func testVerboseShowsInfoLogsFromWorkers() throws {
        let root = try hostile("log_info")
        XCTAssertFalse(try render(root).stderr.contains("drawing with the info fixture"))
        for mode in [[], ["--in-process"]] {
            let result = try render(root, ["-v"] + mode)
            XCTAssertTrue(result.stderr.contains("drawing with the info fixture"), "\(mode): \(result.stderr)")
        }
    }

    func testWhatDeinitLogsReachesTheUser() throws {
        let result = try render(try hostile("log_deinit"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("deinit: 2 textures were still cached"), result.stderr)
    }

    /// An ERROR deinit logged in a worker was never shown (it waits for a failure to explain, and
    /// the worker reported none after deinit); with `--in-process` deinit was never called at all.
    /// Both modes show deinit's warnings and errors, its info with -v and debug with -vv, once each.
    func testWhatDeinitLogsAtEachLevelIsShownOnceInBothModes() throws {
        let root = try hostile("log_deinit_levels")
        let lines = ["debug": "deinit: debug: freeing 3 atlases", "info": "deinit: info: texture cache emptied",
                     "warning": "libHostile.so: deinit: warning: 2 textures were still cached",
                     "error": "libHostile.so: the plugin logged an error: deinit: error: the atlas file could not be saved"]
        for mode in [[], ["--in-process"]] {
            for (verbosity, shown) in [([String](), ["warning", "error"]), (["-v"], ["info", "warning", "error"]),
                                       (["-v", "-v"], ["debug", "info", "warning", "error"])] {
                let result = try render(root, mode + verbosity)
                XCTAssertEqual(result.status, 0, result.stderr)
                for (level, line) in lines {
                    let count = result.stderr.components(separatedBy: line).count - 1
                    XCTAssertEqual(count, shown.contains(level) ? 1 : 0, "\(mode) \(verbosity) \(level): \(result.stderr)")
                }
            }
        }
    }

    /// With a cold registry cache a build is scanned in one worker and loaded in another (to check its
    /// defaults, render or inspect it): its init ran twice and what it logged was shown twice.
    func testWhatInitLogsIsShownOnceWhenTwoWorkersLoadTheBuild() throws {
        let root = try hostile("log_init")
        for command in [["list", "-vv", "--cache", "none"], ["list", "-v", "--rescan"], ["inspect", "Hostile", "-v", "--cache", "none"],
                        ["render", "Hostile", "-o", "out.png", "-v", "--cache", "none"], ["list", "-vv", "--cache", "none", "--in-process"]] {
            let result = try runHost(command, directory: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            for line in ["libHostile.so: init: warming the texture cache", "warning: ./components/libHostile.so: init: no GPU, drawing in software"] {
                XCTAssertEqual(result.stderr.components(separatedBy: line).count - 1, 1, "\(command): \(result.stderr)")
            }
        }
    }

    // MARK: - Outputs

    func testAClosedStandardOutputIsAnErrorNotAPNGInASocket() throws {
        let root = try exampleComponents(["Gauge"])
        let result = try runProcess("/bin/sh", ["-c", "exec \"$0\" render Gauge -o - >&-", TestPaths.host],
                                    environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"],
                                    directory: root)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("standard output is closed"), result.stderr)
    }

    /// Closed standard descriptors are opened on /dev/null at start (so that no socket takes their
    /// numbers); every write to a closed stdout then succeeded, and the commands exited 0 with their
    /// output lost. Standard output is opened read-only now: writing fails, as it would have.
    func testAClosedStandardOutputIsAnErrorForEveryCommand() throws {
        let root = try exampleComponents(["Gauge"])
        for command in ["list", "list --json", "inspect Gauge", "inspect Gauge --json", "--version", "validate --list"] {
            let result = try runProcess("/bin/sh", ["-c", "exec \"$0\" \(command) >&-", TestPaths.host],
                                        environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"],
                                        directory: root)
            XCTAssertEqual(result.status, 73, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("standard output is closed"), "\(command): \(result.stderr)")
        }
        let quiet = try runProcess("/bin/sh", ["-c", "exec \"$0\" render Gauge -o out.png >&-", TestPaths.host],
                                   environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"],
                                   directory: root)
        XCTAssertEqual(quiet.status, 0, "a command that writes nothing to stdout does not mind: \(quiet.stderr)")
    }

    /// Outputs larger than stdio's buffer failed in an earlier flush, whose errno was lost: the
    /// message said "Input/output error" for a full disk.
    func testAFullDiskIsNamedWhateverTheOutputsSize() throws {
        let root = try exampleComponents(["Gauge"])
        for command in ["list --json", "inspect Gauge --json", "completions bash", "manual"] {
            let result = try runProcess("/bin/sh", ["-c", "exec \"$0\" \(command) > /dev/full", TestPaths.host],
                                        environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"],
                                        directory: root)
            XCTAssertEqual(result.status, 73, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("cannot write to standard output: No space left on device"), "\(command): \(result.stderr)")
        }
    }

    func testAFullDiskIsAnError() throws {
        let root = try exampleComponents(["Gauge"])
        let result = try runProcess("/bin/sh", ["-c", "exec \"$0\" list > /dev/full", TestPaths.host],
                                    environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"],
                                    directory: root)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write to standard output: No space left on device"), result.stderr)
    }

    func testAPNGIsNotWrittenToATerminalUnlessForced() throws {
        let root = try exampleComponents(["Gauge"])
        // script(1) gives the command a pseudo-terminal as stdout.
        let refused = try runProcess("/usr/bin/script", ["-qec", "\(TestPaths.host) render Gauge -o -", "/dev/null"],
                                     environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"],
                                     directory: root)
        XCTAssertEqual(refused.status, 64, refused.stdout)
        XCTAssertTrue(refused.stdout.contains("standard output is a terminal"), refused.stdout)
        let forced = try runProcess("/usr/bin/script", ["-qec", "\(TestPaths.host) render Gauge -o - --force > /dev/null", "/dev/null"],
                                    environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"],
                                    directory: root)
        XCTAssertEqual(forced.status, 0, forced.stdout)
    }

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

/// Looking at processes and files the tests started or left.
enum ProcessTree {
    /// The pids listed in `file`, one per line.
    static func pids(in file: String) -> [pid_t] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Waits up to 10 s for `file` to name a pid.
    static func waitForPid(in file: String) -> pid_t? {
        for _ in 0..<1000 {
            if let pid = pids(in: file).first { return pid }
            usleep(10_000)
        }
        return nil
    }

    /// Those of `pids` still running after up to 3 s (zombies count as ended).
    static func survivors(of pids: [pid_t]) -> [pid_t] {
        var alive = pids
        for _ in 0..<300 {
            alive = alive.filter(isRunning)
            if alive.isEmpty { return [] }
            usleep(10_000)
        }
        return alive
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // "pid (comm) S …": the state follows the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    /// Starts the built host in `directory` without waiting for it (its standard output `output`,
    /// default /dev/null).
    static func start(_ arguments: [String], in directory: String, environment: [String: String],
                      output: Any = FileHandle.nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.host)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["EASEL_PLUGIN_PATH"] = ""
        env["EASEL_REGISTRY_CACHE"] = directory + "/registry.bin"
        env["EASEL_WORKER_EXECUTABLE"] = nil
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Files in the runtime directories older hosts kept private plugin copies in.
    static func runtimeFiles() -> Set<String> {
        var dirs = ["/dev/shm/easel-\(getuid())", "/dev/shm"]
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] { dirs.append(runtime + "/easel") }
        var files = Set<String>()
        for dir in dirs {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasSuffix(".so") {
                files.insert(dir + "/" + name)
            }
        }
        return files
    }

    /// Temporary output files (`.NAME.tmp-XXXXXX`) in `directory`.
    static func temporaryOutputs(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".tmp-") }
    }
}
