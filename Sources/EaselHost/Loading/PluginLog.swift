import CEasel
import Glibc

/// Collects what one plugin logs through `easel_host.log`.
///
/// An `EASEL_LOG_ERROR` line explains the failure of the callback that logs it: the host takes it with
/// ``takeLastError()`` right after a failing call and puts it into the error it reports. Warnings are
/// passed to its ``Diagnostics`` with the plugin's file name. An error that no failure claimed (the
/// plugin logged it and went on) is shown as a warning by ``Diagnostics/reportUnclaimedErrors()``.
final class PluginLog: @unchecked Sendable {
    let file: String
    let diagnostics: Diagnostics
    private var lock = pthread_mutex_t()
    private var lastError: String?

    init(file: String, diagnostics: Diagnostics) {
        self.file = file
        self.diagnostics = diagnostics
        pthread_mutex_init(&lock, nil)
        diagnostics.follow(self)
    }

    /// Records one line logged by the plugin; `className` when an instance logged it (through its
    /// easel_instance_host), so that the line names the class.
    /// A line the plugin logs is one line: its control characters, line feeds included, are
    /// escaped (``TerminalText/line(_:)``), so that it cannot print a line of its own. An error's
    /// message is escaped where the error is shown (``HostError/description``).
    func record(level: easel_log_level, message: String, className: String? = nil) {
        let origin = className.map { "\(file): class \($0)" } ?? file
        switch level {
        case EASEL_LOG_ERROR:
            pthread_mutex_lock(&lock)
            lastError = message
            pthread_mutex_unlock(&lock)
        case EASEL_LOG_WARNING:
            diagnostics.warn("\(origin): \(TerminalText.line(message))")
        case EASEL_LOG_DEBUG:
            diagnostics.debug("\(origin): \(TerminalText.line(message))")
        default:
            diagnostics.verbose("\(origin): \(TerminalText.line(message))")
        }
    }

    /// The last error logged since the previous call, if any.
    func takeLastError() -> String? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let e = lastError
        lastError = nil
        return e
    }

    /// "why" for a failed call: the plugin's own explanation, or `fallback`.
    func explain(_ fallback: String) -> String {
        if let why = takeLastError() { return "\(fallback): \(why)" }
        return fallback
    }
}
