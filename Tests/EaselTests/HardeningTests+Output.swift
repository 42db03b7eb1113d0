import Foundation
import XCTest

/// What plugins log reaches the user once, and outputs the host cannot write (a closed standard
/// output, a full disk, a terminal) are errors, never partial files.
extension HardeningTests {
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
        let result = try shellRunHost("render Gauge -o -", ">&-", in: root)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("standard output is closed"), result.stderr)
    }

    /// Closed standard descriptors are opened on /dev/null at start (so that no socket takes their
    /// numbers); every write to a closed stdout then succeeded, and the commands exited 0 with their
    /// output lost. Standard output is opened read-only now: writing fails, as it would have.
    func testAClosedStandardOutputIsAnErrorForEveryCommand() throws {
        let root = try exampleComponents(["Gauge"])
        for command in ["list", "list --json", "inspect Gauge", "inspect Gauge --json", "--version", "validate --list"] {
            let result = try shellRunHost(command, ">&-", in: root)
            XCTAssertEqual(result.status, 73, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("standard output is closed"), "\(command): \(result.stderr)")
        }
        let quiet = try shellRunHost("render Gauge -o out.png", ">&-", in: root)
        XCTAssertEqual(quiet.status, 0, "a command that writes nothing to stdout does not mind: \(quiet.stderr)")
    }

    /// Outputs larger than stdio's buffer failed in an earlier flush, whose errno was lost: the
    /// message said "Input/output error" for a full disk.
    func testAFullDiskIsNamedWhateverTheOutputsSize() throws {
        let root = try exampleComponents(["Gauge"])
        for command in ["list --json", "inspect Gauge --json", "completions bash", "manual"] {
            let result = try shellRunHost(command, "> /dev/full", in: root)
            XCTAssertEqual(result.status, 73, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("cannot write to standard output: No space left on device"), "\(command): \(result.stderr)")
        }
    }

    func testAFullDiskIsAnError() throws {
        let root = try exampleComponents(["Gauge"])
        let result = try shellRunHost("list", "> /dev/full", in: root)
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

    /// `host COMMAND` run by the shell in `root` with `redirection` (`>&-`, `> /dev/full`) on its
    /// standard output, with no plugin path and the folder's own registry cache.
    func shellRunHost(_ command: String, _ redirection: String, in root: String) throws -> ProcessResult {
        try runProcess("/bin/sh", ["-c", "exec \"$0\" \(command) \(redirection)", TestPaths.host],
                       environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/cache.bin"], directory: root)
    }
}
