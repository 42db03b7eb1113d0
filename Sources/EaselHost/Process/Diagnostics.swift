@preconcurrency import Glibc

/// Where one host core's messages go: warnings (one line each, naming the file, class and property
/// concerned), and what plugins log below warning level when verbose output is on.
///
/// The program makes one and hands it to what it creates (a ``HostEnvironment``); nothing is set
/// globally, so two cores in one process can send their warnings to different places.
///
/// ```swift
/// var collected: [String] = []
/// let diagnostics = Diagnostics(warnings: { collected.append($0) })
/// diagnostics.warn("components/libGauge.so: class Gauge: …")
/// ```
package final class Diagnostics: @unchecked Sendable {
    /// How the program's errors begin when they are printed outside a command's own reporting
    /// ("host render: error: …", by ``StuckCallWatchdog``).
    package let label: String
    private let warningSink: (String) -> Void
    private let verboseSink: ((String) -> Void)?
    private let debugSink: ((String) -> Void)?
    private let lock = Mutex()
    private var warned: Set<String> = []
    private var pluginLogs: [PluginLog] = []
    private var linesShownWhileLoading: Set<LoadLine> = []

    /// - Parameters:
    ///   - label: "host render": see ``label``.
    ///   - warnings: receives every warning line (default: standard error, "warning: " first).
    ///   - verbose: receives plugin log lines below warning level (`--verbose`); nil: dropped.
    ///   - debug: receives plugin log lines at debug level (`-vv`); nil: dropped.
    package init(label: String = "host", warnings: @escaping (String) -> Void = Diagnostics.standardErrorWarning,
                 verbose: ((String) -> Void)? = nil, debug: ((String) -> Void)? = nil) {
        self.label = label
        warningSink = warnings
        verboseSink = verbose
        debugSink = debug
    }

    /// Prints a warning on standard error, as "warning: LINE" (control characters shown escaped).
    /// One line, but for a worker's last output: a line feed a plugin's string or a file name
    /// brought in (two plugins with one id) cannot print a line of its own.
    package static func standardErrorWarning(_ line: String) {
        fputs("warning: \(TerminalText.message(line))\n", stderr)
    }

    /// Prints a line on standard error as it is (control characters shown escaped).
    package static func standardErrorLine(_ line: String) {
        fputs("\(TerminalText.printable(line, keepingNewlines: true))\n", stderr)
    }

    /// Passes a warning on; thread-safe (scanner threads warn too), one at a time.
    package func warn(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        warningSink(line)
    }

    /// A warning passed on only the first time this core sees it (a problem repeated on every frame
    /// of a live session is said once).
    package func warnOnce(_ line: String) {
        lock.lock()
        let fresh = warned.insert(line).inserted
        lock.unlock()
        if fresh { warn(line) }
    }

    /// A plugin log line below warning level.
    package func verbose(_ line: String) { verboseSink?(line) }

    /// A plugin log line at debug level.
    package func debug(_ line: String) { debugSink?(line) }

    // MARK: - Plugin logs

    /// Follows `log`, so that an error its plugin logged without a failure claiming it is shown
    /// (``reportUnclaimedErrors()``).
    func follow(_ log: PluginLog) {
        lock.lock()
        pluginLogs.append(log)
        lock.unlock()
    }

    /// Shows, as warnings, the errors plugins logged without a failure explaining them. Called after
    /// each request a worker serves, and when a command ends.
    package func reportUnclaimedErrors() {
        lock.lock()
        let logs = pluginLogs
        lock.unlock()
        for log in logs {
            if let error = log.takeLastError() { warn("\(log.file): the plugin logged an error: \(error)") }
        }
    }

    /// One line a build's load printed.
    private struct LoadLine: Hashable {
        var build: FileSignature
        var line: String
    }

    /// Whether `line`, printed while `builds` loaded, is new: a build's init runs in every worker that
    /// loads it, and what it logs is shown the first time only (a rebuild logs afresh).
    func isFirstShowing(_ line: String, loading builds: [FileSignature]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let keys = builds.map { LoadLine(build: $0, line: line) }
        let seen = keys.contains(where: linesShownWhileLoading.contains)
        linesShownWhileLoading.formUnion(keys)
        return !seen
    }
}
