import Foundation
import XCTest

/// `host serve --build COMMAND --sources DIR`: what runs a build, what it leaves behind, and what
/// stopping serve ends.
extension ServeTests {
    /// Stopping serve during a build ended only the build's shell: what it ran (`swift build`, here a
    /// `sleep`) went on, re-parented to init. SIGHUP (a closed terminal) did not stop serve cleanly either.
    /// SIGQUIT (and a second signal) end serve at once, without its orderly stop: the build's group
    /// was left running then; the termination handler kills it now.
    func testStoppingDuringABuildEndsEverythingTheBuildStarted() throws {
        for stopSignal in [SIGTERM, SIGHUP, SIGQUIT] {
            let (root, server, _) = try buildProject("sleep 60 & echo $! > sleep.pid; wait")
            defer { server.stop() }
            try "x".write(toFile: root + "/src/a.c", atomically: true, encoding: .utf8)
            XCTAssertNotNil(server.waitForLine(containing: "running `sleep 60"), server.output.joined(separator: "\n"))
            let sleeper = ProcessTree.waitForPid(in: root + "/sleep.pid") ?? 0
            XCTAssertGreaterThan(sleeper, 0, "the build started its sleep")
            kill(server.process.processIdentifier, stopSignal)
            if stopSignal != SIGQUIT {
                XCTAssertNotNil(server.waitForLine(containing: "stopped"), "signal \(stopSignal): \(server.output.joined(separator: "\n"))")
            }
            server.process.waitUntilExit()
            assertEnded([sleeper], "signal \(stopSignal): the build's sleep was left running")
        }
    }

    /// A build that starts a process in a session of its own (`setsid`, as daemons and some build
    /// servers do): killing the build's process group left it running after serve stopped.
    func testStoppingDuringABuildEndsWhatLeftItsProcessGroup() throws {
        let (root, server, _) = try buildProject("setsid sleep 60 & echo $! > sleep.pid; wait")
        defer { server.stop() }
        try "x".write(toFile: root + "/src/a.c", atomically: true, encoding: .utf8)
        XCTAssertNotNil(server.waitForLine(containing: "running `setsid sleep 60"), server.output.joined(separator: "\n"))
        let sleeper = ProcessTree.waitForPid(in: root + "/sleep.pid") ?? 0
        XCTAssertGreaterThan(sleeper, 0, "the build started its sleep")
        usleep(200_000) // setsid has run
        kill(server.process.processIdentifier, SIGTERM)
        XCTAssertNotNil(server.waitForLine(containing: "stopped"), server.output.joined(separator: "\n"))
        server.process.waitUntilExit()
        assertEnded([sleeper], "the build's setsid sleep was left running")
    }

    /// `easel new --c`'s README runs `easel serve . --build make --sources .`: make writes libX.so
    /// into the sources folder, and that write ran the build a second time after every save.
    func testWhatABuildWritesAmongTheSourcesDoesNotRunItAgain() throws {
        let gauge = try TestPaths.example("Gauge")
        let root = try componentsFolder(["libGauge.so": gauge])
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        let (server, port) = try serve(root, ["src", "--build", "echo built >> runs.txt; cp '\(gauge)' src/libGauge.so.tmp && mv src/libGauge.so.tmp src/libGauge.so",
                                              "--sources", "src"])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        try "int x;".write(toFile: root + "/src/gauge.c", atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build") { $0["finished"] as? Bool == true }, events.all.joined(separator: "\n"))
        usleep(1_500_000) // past the debounce: a second build would have started
        XCTAssertEqual(try String(contentsOfFile: root + "/runs.txt", encoding: .utf8), "built\n", "one build per save")
    }

    /// What editors write beside a file while it is edited, not saved: swap files, backups, and
    /// Emacs's auto-saves (`#NAME#`, every 30 s of idle typing), which ran a build each.
    func testEditorsSwapBackupAndAutoSaveFilesRunNoBuild() throws {
        let (root, server, events) = try buildProject("echo built >> runs.txt")
        defer { server.stop() }
        for name in [".gauge.c.swp", "gauge.c~", "#gauge.c#"] {
            try "int x;".write(toFile: root + "/src/" + name, atomically: false, encoding: .utf8)
        }
        usleep(1_200_000) // past the debounce: a build would have started
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/runs.txt"), "no build for editors' own files")
        try "int x;".write(toFile: root + "/src/gauge.c", atomically: false, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build") { $0["finished"] as? Bool == true }, events.all.joined(separator: "\n"))
        XCTAssertEqual(try String(contentsOfFile: root + "/runs.txt", encoding: .utf8), "built\n")
    }

    /// A build command that leaves a process running in the background (`cmd &`), which keeps the
    /// output pipe open: the build counted as running until that process ended, so it never said it
    /// had finished and later saves ran no build meanwhile.
    /// A build output line longer than 2000 bytes is cut there; the cut was silent, so a long
    /// compiler line looked complete. It says so now, and the next line comes whole.
    func testABuildsOverlongOutputLineSaysItWasCut() throws {
        let (root, server, events) = try buildProject("head -c 3000 /dev/zero | tr '\\0' x; echo; echo short")
        defer { server.stop() }
        try "int x;".write(toFile: root + "/src/gauge.c", atomically: false, encoding: .utf8)
        let long = events.waitFor("build") { ($0["line"] as? String)?.hasPrefix("xxx") == true }
        XCTAssertEqual(long?["line"] as? String, String(repeating: "x", count: 2000) + " … (cut: the line is longer than 2000 bytes)")
        XCTAssertNotNil(events.waitFor("build") { $0["line"] as? String == "short" }, events.all.joined(separator: "\n"))
    }

    func testABuildIsDoneWhenItsCommandEndsNotWhatItLeftInTheBackground() throws {
        let (root, server, events) = try buildProject("echo built >> runs.txt; echo compiled; sleep 60 & echo $! >> sleep.pids")
        defer { server.stop() }
        try "int x;".write(toFile: root + "/src/gauge.c", atomically: false, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build") { $0["line"] as? String == "compiled" }, "its output is shown")
        let done = events.waitFor("build") { $0["finished"] as? Bool == true }
        XCTAssertEqual(done?["status"] as? Int, 0, events.all.joined(separator: "\n"))
        let saved = events.mark
        try "int y;".write(toFile: root + "/src/gauge.c", atomically: false, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build", since: saved) { $0["finished"] as? Bool == true }, "a later save builds again")
        XCTAssertEqual(try String(contentsOfFile: root + "/runs.txt", encoding: .utf8), "built\nbuilt\n")
        // What both builds left running ends with serve.
        server.stop()
        let sleepers = ProcessTree.pids(in: root + "/sleep.pids")
        XCTAssertEqual(sleepers.count, 2)
        assertEnded(sleepers, "a sleep a build left in the background outlived serve")
    }

    /// A build that creates a hidden folder among its sources (`swift build`'s `.build` in a fresh
    /// clone served with `--sources .`): the new folder was watched, so every build's writes into it
    /// ran the build again, forever.
    func testAHiddenFolderABuildCreatesAmongTheSourcesDoesNotRunItAgain() throws {
        let (root, server, events) = try buildProject("echo built >> runs.txt; mkdir -p src/.build/debug && date +%N > src/.build/debug/stamp.json")
        defer { server.stop() }
        try "int x;".write(toFile: root + "/src/gauge.c", atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build") { $0["finished"] as? Bool == true }, events.all.joined(separator: "\n"))
        usleep(1_500_000) // past the debounce: a second build would have started
        XCTAssertEqual(try String(contentsOfFile: root + "/runs.txt", encoding: .utf8), "built\n", "one build per save")
    }

    /// A sources folder renamed away and put back (`git checkout`, `rm -r` and a copy): saves into the
    /// folder put back ran no build (the watch had followed the old folder to its new name).
    func testASourcesFolderRemovedAndPutBackIsWatchedAgain() throws {
        let (root, server, events) = try buildProject("echo built >> runs.txt")
        defer { server.stop() }
        try FileManager.default.moveItem(atPath: root + "/src", toPath: root + "/src.old")
        XCTAssertNotNil(events.waitFor("build") { $0["finished"] as? Bool == true }, "the removal is a change")
        try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
        usleep(600_000) // the folder put back is found at the next look (every 0.25 s at most)
        let saved = events.mark
        try "int x;".write(toFile: root + "/src/gauge.c", atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build", since: saved) { $0["finished"] as? Bool == true }, events.all.joined(separator: "\n"))
        XCTAssertEqual(try String(contentsOfFile: root + "/runs.txt", encoding: .utf8), "built\nbuilt\n")
        // What is saved in the old folder under its new name runs nothing.
        try "int y;".write(toFile: root + "/src.old/other.c", atomically: true, encoding: .utf8)
        usleep(1_000_000)
        XCTAssertEqual(try String(contentsOfFile: root + "/runs.txt", encoding: .utf8), "built\nbuilt\n")
    }

    func testABuildCommandRunsOnSaveAndWhatItBuiltIsReloaded() throws {
        let blue = try CFixture.build("evolving_plugin.c", defines: ["VERSION=1", "CLASS=Evolving", "COLOR=0x3366CC"], name: "evolving_v1_Evolving_0x3366CC")
        let green = try CFixture.build("evolving_plugin.c", defines: ["VERSION=1", "CLASS=Evolving", "COLOR=0x00FF00"], name: "evolving_v1_Evolving_0x00FF00")
        let root = try componentsFolder(["libEvolving.so": blue])
        try writeChoosingBuild(in: root, choice: blue)
        let (server, port) = try serve(root, ["--build", "sh build.sh", "--sources", "src"])
        defer { server.stop() }
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        // Save a source file: the build runs, its output is shown, what it built is reloaded. The
        // reload may come before or after the build's end (the watch sees the new .so while the
        // build command is still finishing).
        let saved = events.mark
        try green.write(toFile: root + "/src/choice.txt", atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build", since: saved) { ($0["line"] as? String)?.hasPrefix("compiling ") == true }, events.all.joined(separator: "\n"))
        let done = events.waitFor("build", since: saved) { $0["finished"] as? Bool == true }
        XCTAssertEqual(done?["status"] as? Int, 0)
        XCTAssertNotNil(events.waitFor("reload", since: saved) { $0["build"] as? Int == 2 }, events.all.joined(separator: "\n"))
        server.waitForLine(containing: "build: `sh build.sh` succeeded")
        // A failing build: its error and status reach the page and the terminal; nothing is reloaded.
        try "broken".write(toFile: root + "/src/choice.txt", atomically: true, encoding: .utf8)
        XCTAssertNotNil(events.waitFor("build") { ($0["line"] as? String)?.contains("error: expected a library") == true })
        let failed = events.waitFor("build") { $0["finished"] as? Bool == true }
        XCTAssertEqual(failed?["status"] as? Int, 2)
        server.waitForLine(containing: "build: `sh build.sh` failed with status 2")
        let preview = try HTTPClient.request(port, "GET", "/api/preview?class=Evolving")
        XCTAssertEqual(try PNGFile(bytes: preview.body).pixel(95, 15), .green, "the last good build stays")
    }

    /// Fails with `message` (and kills them) if any of `pids` still runs after up to 5 s.
    func assertEnded(_ pids: [pid_t], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let gone = Date().addingTimeInterval(5)
        while pids.contains(where: { kill($0, 0) == 0 }) && Date() < gone { usleep(10_000) }
        for pid in pids where kill(pid, 0) == 0 {
            XCTFail("\(message) (pid \(pid))", file: file, line: line)
            kill(pid, SIGKILL)
        }
    }
}
