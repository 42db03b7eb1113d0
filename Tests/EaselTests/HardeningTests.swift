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
}
