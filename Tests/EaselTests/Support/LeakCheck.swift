import EaselHost
import Foundation
import XCTest

/// The suite's end-of-run check that nothing was left behind: no process started by the tests (or
/// by what they started: hosts, launchers, workers, a plugin's children) still runs, and no private
/// plugin copy is left in a runtime directory.
///
/// Every process the tests start inherits `EASEL_TEST_RUN=<this run's id>`; when the test bundle
/// finishes, processes whose environment carries it are looked for in /proc (for up to 5 s, so that
/// processes being reaped are not counted). If any remain, or a runtime file appeared, the run
/// fails: the observer prints what was found and exits with status 1.
///
/// The run's own folder (``TestPaths/runDirectory``, some 500 MB) is removed at the end unless a test
/// failed (then its path is printed, for inspection); folders of earlier runs whose process is gone
/// are removed at the start. (Every run used to leave its folder: 58 GB in /tmp after a day.)
final class LeakCheck: NSObject, XCTestObservation {
    static let marker = "EASEL_TEST_RUN=" + UUID().uuidString
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var runtimeFilesAtStart = Set<String>()
    nonisolated(unsafe) private static var aTestFailed = false

    /// Installs the check (once): called by the helpers that start processes.
    static func install() {
        guard !installed else { return }
        installed = true
        let parts = marker.split(separator: "=", maxSplits: 1).map(String.init)
        setenv(parts[0], parts[1], 1)
        runtimeFilesAtStart = ProcessTree.runtimeFiles()
        removeFoldersOfEndedRuns(in: NSTemporaryDirectory())
        XCTestObservationCenter.shared.addTestObserver(LeakCheck())
    }

    /// Removes `easel-tests-PID` folders in `directory` whose process no longer exists, and the lock
    /// files swift build left beside them (`_tmp_easel-tests-PID_….lock`, before InstallTests gave
    /// it a TMPDIR of its own); returns their paths.
    @discardableResult
    static func removeFoldersOfEndedRuns(in directory: String) -> [String] {
        var removed: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let rest: Substring
            if name.hasPrefix("easel-tests-") { rest = name.dropFirst("easel-tests-".count) }
            else if name.hasPrefix("_tmp_easel-tests-") && name.hasSuffix(".lock") {
                rest = name.dropFirst("_tmp_easel-tests-".count).prefix { $0.isNumber }
            } else { continue }
            guard let pid = pid_t(rest), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + name
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        Self.aTestFailed = true
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        // The workers of registries made in this process (useHostAsWorker) end with it, as a host's
        // end with the host.
        testEnvironment.finish()
        var left: [(pid_t, String)] = []
        for _ in 0..<50 {
            left = Self.processesOfThisRun()
            if left.isEmpty { break }
            usleep(100_000)
        }
        let files = ProcessTree.runtimeFiles().subtracting(Self.runtimeFilesAtStart)
        if Self.aTestFailed || !left.isEmpty || !files.isEmpty {
            FileHandle.standardError.write(Data("note: this run's files are kept in \(TestPaths.runDirectory)\n".utf8))
        } else {
            try? FileManager.default.removeItem(atPath: TestPaths.runDirectory)
        }
        guard !left.isEmpty || !files.isEmpty else { return }
        var report = "error: the test run left things behind:\n"
        for (pid, command) in left { report += "  process \(pid): \(command)\n" }
        for file in files.sorted() { report += "  file \(file)\n" }
        FileHandle.standardError.write(Data(report.utf8))
        for (pid, _) in left { kill(pid, SIGKILL) }
        exit(1)
    }

    /// Processes other than this one whose environment carries this run's marker.
    static func processesOfThisRun() -> [(pid_t, String)] {
        let me = getpid()
        var found: [(pid_t, String)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), pid != me, ProcessTree.isRunning(pid),
                  let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { continue }
            let entries = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard entries.contains(marker) else { continue }
            let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map {
                $0.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
            } ?? "?"
            found.append((pid, command))
        }
        return found
    }
}
