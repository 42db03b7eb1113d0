@preconcurrency import Glibc

/// Where the host's warnings go (stderr unless a command or test redirects them). Warnings are one
/// line each and name the file, class and property concerned.
package enum Diagnostics {
    /// Receives every warning line. Replace it to collect warnings (tests, JSON output).
    nonisolated(unsafe) package static var warningSink: (String) -> Void = { line in
        // One line, but for a worker's last output: a line feed a plugin's string or a file name
        // brought in (two plugins with one id) cannot print a line of its own.
        fputs("warning: \(TerminalText.message(line))\n", stderr)
    }
    /// Receives plugin log lines below warning level, when verbose output is on.
    nonisolated(unsafe) package static var verboseSink: ((String) -> Void)? = nil
    /// Receives plugin log lines at debug level (`-vv`).
    nonisolated(unsafe) package static var debugSink: ((String) -> Void)? = nil

    /// Passes a warning to the sink; thread-safe (scanner threads warn too).
    static func warn(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        warningSink(line)
    }

    private static let lock = Mutex()
    nonisolated(unsafe) private static var warned: Set<String> = []

    /// A warning shown only the first time this process sees it (a problem repeated on every frame
    /// of a live session is said once).
    package static func warnOnce(_ line: String) {
        lock.lock()
        let fresh = warned.insert(line).inserted
        lock.unlock()
        if fresh { warn(line) }
    }
}
