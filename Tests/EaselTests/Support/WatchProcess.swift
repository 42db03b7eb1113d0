import Foundation
import XCTest

/// A `host watch` (or `host serve`) process for the tests: its output lines arrive in the background; the test waits for
/// the lines it expects, with a deadline, and stops the process at the end.
/// (Its state is read and written under `lock`, from the pipe handler and the test.)
final class WatchProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""
    private var consumed = 0
    private var ended = false

    /// - Parameter executable: the program to run (a link named `easel` to it, to see the name it says).
    init(_ arguments: [String], directory: String, command: String = "watch", environment: [String: String] = [:],
         executable: String = TestPaths.host) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [command] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["EASEL_PLUGIN_PATH"] = ""
        env["EASEL_REGISTRY_CACHE"] = TestPaths.runDirectory + "/registry.bin"
        env.merge(environment) { $1 }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            guard !data.isEmpty else { // the end of the output: every writer has closed it
                self.lock.lock()
                self.ended = true
                self.lock.unlock()
                handle.readabilityHandler = nil
                return
            }
            self.lock.lock()
            self.partial += String(decoding: data, as: UTF8.self)
            while let newline = self.partial.firstIndex(of: "\n") {
                self.lines.append(String(self.partial[..<newline]))
                self.partial = String(self.partial[self.partial.index(after: newline)...])
            }
            self.lock.unlock()
        }
        try process.run()
    }

    deinit { stop() }

    /// Waits, at most `timeout`, until the process has exited and its output has been read to the
    /// end, or a line containing `text` has been read (lines arrive in the background: read right
    /// after the exit, the last ones, or all, could still be missing on a loaded machine). Returns
    /// whether either happened.
    @discardableResult
    func waitForTheEndOfItsOutput(orALineContaining text: String, timeout: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let done = (ended && !process.isRunning) || lines.contains { $0.contains(text) }
            lock.unlock()
            if done { return true }
            usleep(2_000)
        }
        return false
    }

    /// Every line so far.
    var output: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// Waits for the next line (after those already consumed) that contains `text`; fails the test
    /// with everything printed so far if none comes before `timeout`.
    @discardableResult
    func waitForLine(containing text: String, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let found = lines[consumed...].firstIndex { $0.contains(text) }
            if let found { consumed = found + 1 }
            let result = found.map { lines[$0] }
            lock.unlock()
            if let result { return result }
            if !process.isRunning { break }
            usleep(2_000)
        }
        XCTFail("no line containing '\(text)' within \(timeout) s; output:\n" + output.joined(separator: "\n"), file: file, line: line)
        return nil
    }

    /// Lines printed after the last one waited for.
    var unconsumed: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(lines[consumed...])
    }

    var isRunning: Bool { process.isRunning }

    /// How many child processes (workers) the watching process has now.
    func workerChildren() -> Int {
        let pid = process.processIdentifier
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").count
    }

    func stop() {
        if process.isRunning {
            process.interrupt()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning { process.terminate() }
        }
    }
}

/// Replaces `destination` atomically with a copy of `source`, as build tools that write a temporary
/// file and rename it do.
func replaceAtomically(_ destination: String, with source: String) throws {
    let temporary = destination + ".tmp-\(UUID().uuidString.prefix(6))"
    try FileManager.default.copyItem(atPath: source, toPath: temporary)
    guard rename(temporary, destination) == 0 else { throw NSError(domain: "rename", code: Int(errno)) }
}
