import EaselHost
import Foundation
import XCTest

/// Plugin code that crashes, exits, hangs or prints never takes the host down: each fault ends in a
/// clear message naming the file, class, phase and what happened, with the worker's last output.
final class IsolationTests: XCTestCase {
    func faulty(_ fault: String) throws -> String {
        try componentsFolder(["libFaulty.so": try CFixture.build("faulty_plugin.c", defines: ["FAULT=\(fault)"], name: "faulty_\(fault)")],
                             test: "faulty-\(fault)")
    }

    func render(_ root: String, _ extra: [String] = []) throws -> ProcessResult {
        try runHost(["render", "Faulty", "--set", "level=7", "-o", "out.png", "--timeout", "1"] + extra, directory: root)
    }

    func testABehavingPluginRendersThroughAWorker() throws {
        let root = try faulty("none")
        let result = try render(root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try PNGFile(root + "/out.png").pixel(10, 10).isClose(to: RGBA(r: 179, g: 0, b: 77, a: 255), tolerance: 2))
    }

    func testCrashesInCreateSetterAndDrawAreReportedWithPhaseSignalAndOutput() throws {
        let cases: [(String, String, String)] = [
            ("crash_create", "class Faulty: crashed with SIGSEGV", "[phase: create]"),
            ("crash_set", "class Faulty: property level: crashed with SIGSEGV", "[phase: set]"),
            ("crash_draw", "class Faulty: crashed with SIGSEGV", "[phase: draw]"),
        ]
        for (fault, message, phase) in cases {
            let root = try faulty(fault)
            let result = try render(root)
            XCTAssertEqual(result.status, 69, fault)
            let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertTrue(first.hasPrefix("host render: error: ./components/libFaulty.so: \(message)"), "\(fault): \(result.stderr)")
            XCTAssertTrue(first.hasSuffix(phase), "\(fault): \(first)")
            XCTAssertTrue(result.stderr.contains("last output of the worker:\n    faulty plugin: about to crash in"),
                          "the worker's stderr is shown: \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"), "no output")
        }
    }

    func testADrawThatReportsAnErrorThroughTheABI() throws {
        for mode in [[], ["--in-process"]] {
            let root = try faulty("draw_fails")
            let result = try render(root, mode)
            XCTAssertEqual(result.status, 69, "\(mode)")
            XCTAssertEqual(result.stderr, "host render: error: ./components/libFaulty.so: class Faulty: draw returned false: the gauge texture atlas is missing [phase: draw]\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"))
        }
    }

    func testAWorkerThatIsDoneCallsDeinitAfterDestroyingEveryInstance() throws {
        let root = try faulty("none")
        let marker = root + "/deinit.txt"
        let result = try runHost(["render", "Faulty", "-o", "out.png"], environment: ["EASEL_TEST_DEINIT_MARKER": marker],
                                 directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: marker, encoding: .utf8), "deinit with 0 live instances\n")
    }

    func testExitInCreate() throws {
        let result = try render(try faulty("exit_create"))
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("class Faulty: exited with status 3 (did the plugin call exit()?) [phase: create]"), result.stderr)
        XCTAssertTrue(result.stderr.contains("faulty plugin: giving up"))
    }

    func testAnEndlessLoopInDrawRunsOutOfTime() throws {
        let start = Date()
        let result = try render(try faulty("loop_draw"))
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("class Faulty: did not answer within 1 s (an endless loop or a deadlock?); the worker was stopped [phase: draw]"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "the budget, not forever")
    }

    func testCrashesAndHangsWhileLoadingMakeTheFileFailNotTheHost() throws {
        for (fault, message) in [("crash_entry", "crashed with SIGSEGV"), ("crash_init", "crashed with SIGABRT (abort)"),
                                 ("loop_entry", "did not answer within 1 s")] {
            let root = try faulty(fault)
            let list = try runHost(["list", "--timeout", "1"], directory: root)
            XCTAssertEqual(list.status, 0, fault)
            XCTAssertTrue(list.stdout.contains("./components/libFaulty.so: \(message)"), "\(fault): \(list.stdout)")
            XCTAssertTrue(list.stdout.contains("[phase: load]"))
            let render = try self.render(root)
            XCTAssertEqual(render.status, 66, fault)
            XCTAssertTrue(render.stderr.contains("1 file failed to load:\n  ./components/libFaulty.so: \(message)"), render.stderr)
        }
    }

    func testACrashingFileIsSkippedUntilItChanges() throws {
        let root = try faulty("crash_entry")
        let cache = root + "/registry.bin"
        let first = try runHost(["list", "--cache", cache, "--verbose"], directory: root)
        XCTAssertTrue(first.stdout.contains("crashed with SIGSEGV"))
        // Unchanged: the failure comes from the cache; nothing is loaded (the scan would crash again).
        let second = try runHost(["list", "--cache", cache], directory: root)
        XCTAssertEqual(second.stdout, first.stdout)
        // Replaced by a good build: scanned again, and it loads.
        let good = try CFixture.build("faulty_plugin.c", defines: ["FAULT=none"], name: "faulty_none")
        try FileManager.default.removeItem(atPath: root + "/components/libFaulty.so")
        try FileManager.default.copyItem(atPath: good, toPath: root + "/components/libFaulty.so")
        let third = try runHost(["list", "--cache", cache], directory: root)
        XCTAssertTrue(third.stdout.contains("Faulty                     Fails on purpose"), third.stdout)
    }

    func testAPluginPrintingToStdoutDoesNotCorruptTheProtocol() throws {
        let root = try faulty("noisy")
        let result = try render(root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", "the plugin's prints never reach the host's stdout")
        XCTAssertTrue(try PNGFile(root + "/out.png").pixel(10, 10).isClose(to: RGBA(r: 179, g: 0, b: 77, a: 255), tolerance: 2))
        let inspect = try runHost(["inspect", "Faulty", "--set", "level=9"], directory: root)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdout.contains("Value: 9  (changed)"))
        XCTAssertFalse(inspect.stdout.contains("garbage"))
    }

    func testAPluginsWarningsInAWorkerReachTheUser() throws {
        let root = try faulty("noisy")
        let list = try runHost(["list", "--rescan"], directory: root)
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stderr.contains("warning: ./components/libFaulty.so: the noisy fixture warns"), list.stderr)
    }

    func testInProcessModeRunsPluginsWithoutAWorker() throws {
        let root = try faulty("none")
        let result = try render(root, ["--in-process"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // And a crash there is a crash of the host itself, which is why workers are the default.
        let crash = try render(try faulty("crash_draw"), ["--in-process"])
        XCTAssertNotEqual(crash.status, 0)
        XCTAssertNotEqual(crash.status, 69)
    }

    func testSwiftFatalErrorsInDrawAndInASetter() throws {
        let plugin = try SwiftFixture.build("SwiftCrash")
        let root = try componentsFolder(["libSwiftCrash.so": plugin])
        let ok = try runHost(["render", "SwiftCrash", "-o", "ok.png"], directory: root)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let draw = try runHost(["render", "SwiftCrash", "--set", "fault=1", "-o", "x.png"], directory: root)
        XCTAssertEqual(draw.status, 69)
        XCTAssertTrue(draw.stderr.contains("class SwiftCrash: crashed with SIG"), draw.stderr)
        XCTAssertTrue(draw.stderr.contains("[phase: draw]"), draw.stderr)
        XCTAssertTrue(draw.stderr.contains("SwiftCrash was told to trap in draw"), "the fatalError message: \(draw.stderr)")
        let set = try runHost(["render", "SwiftCrash", "--set", "fault=2", "-o", "x.png"], directory: root)
        XCTAssertEqual(set.status, 69)
        XCTAssertTrue(set.stderr.contains("property fault: crashed with SIG"), set.stderr)
        XCTAssertTrue(set.stderr.contains("SwiftCrash was told to trap in its setter"), set.stderr)
        let loop = try runHost(["render", "SwiftCrash", "--set", "fault=3", "-o", "x.png", "--timeout", "0.5"], directory: root)
        XCTAssertEqual(loop.status, 69)
        XCTAssertTrue(loop.stderr.contains("did not answer within 0.5 s"), loop.stderr)
    }

    func testAWorkerDyingMidSceneLeavesAClearErrorAndNoFile() throws {
        let root = try faulty("crash_draw")
        try """
        {"size": "40x20", "instances": [{"class": "Faulty", "frame": "0,0,20,20"}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "scene.png"], directory: root)
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("crashed with SIGSEGV"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/scene.png"))
    }
    /// A crash in a scene of several instances of one class named only the class: which instance?
    func testAFailureInASceneNamesTheInstance() throws {
        let root = try faulty("crash_set")
        try """
        {"size": "40x20", "instances": [{"class": "Faulty", "frame": "0,0,20,20"},
                                       {"class": "Faulty", "name": "second", "frame": "20,0,20,20", "attributes": {"level": 7}}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "scene.png"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(first.contains("class Faulty: property level: crashed with SIGSEGV"), first)
        XCTAssertTrue(first.hasSuffix("(in scene.json instances[1], \"second\") [phase: set]"), first)
    }

    /// A crash in awake_from_archive was reported as the prepare phase; a crash in destroy as create,
    /// and by the next call into the worker as "[phase: load]", or in validate's determinism check
    /// as "the instance does not live in this probe's worker" (an internal error).
    func testCrashesInAwakeAndDestroyNameTheirPhase() throws {
        let awake = try faulty("crash_awake")
        try """
        {"size": "40x20", "instances": [{"class": "Faulty", "frame": "0,0,20,20"}]}
        """.write(toFile: awake + "/scene.json", atomically: true, encoding: .utf8)
        let scene = try runHost(["render", "scene.json", "-o", "scene.png"], directory: awake)
        XCTAssertEqual(scene.status, 69, scene.stderr)
        XCTAssertTrue(scene.stderr.contains("class Faulty: crashed with SIGSEGV"), scene.stderr)
        XCTAssertTrue(scene.stderr.split(separator: "\n").first?.hasSuffix("[phase: awake]") ?? false, scene.stderr)

        let destroy = try faulty("crash_destroy")
        let validate = try runHost(["validate", "components/libFaulty.so", "--only-failed", "--timeout", "2"], directory: destroy)
        XCTAssertEqual(validate.status, 1, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("during destroy"), validate.stdout)
        XCTAssertFalse(validate.stdout.contains("does not live in this probe's worker"), validate.stdout)
    }

    /// A crash in destroy after a successful one-shot render was ignored silently (exit 0, nothing
    /// said). The output is complete and correct, so the exit status stays 0 and the file is
    /// written, but a warning names the file, the class and the phase destroy.
    func testACrashInDestroyAfterARenderIsAWarningNamingThePhase() throws {
        let root = try faulty("crash_destroy")
        for output in ["out.png", "out.svg"] {
            let result = try runHost(["render", "Faulty", "-o", output, "--timeout", "2"], directory: root)
            XCTAssertEqual(result.status, 0, "\(output): \(result.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/" + output), output)
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
            XCTAssertEqual(warnings.count, 1, "\(output): \(result.stderr)")
            XCTAssertTrue(warnings.first?.contains("warning: ./components/libFaulty.so: class Faulty: crashed with SIGSEGV") ?? false, result.stderr)
            XCTAssertTrue(warnings.first?.contains("[phase: destroy]") ?? false, result.stderr)
        }
    }
}
