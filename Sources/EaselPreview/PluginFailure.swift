import EaselHost

/// A failure as the live designer shows it: the host's error taken apart into the file, class,
/// property, phase, what happened to the worker (signal, exit status, hang) and its last output.
///
/// ```swift
/// let failure = PluginFailure(error)   // from "…: class Faulty: crashed with SIGSEGV (…) [phase: draw]\n  last output…"
/// failure.phase    // "draw"
/// failure.signal   // "SIGSEGV"
/// failure.output   // ["faulty plugin: about to crash in draw"]
/// ```
package struct PluginFailure: Equatable, Sendable {
    /// The error as the host reports it (its ``HostError/description`` is the CLI's line).
    package var error: HostError
    /// The reason alone: the first line of the message, without file, class and phase.
    package var reason: String
    /// "SIGSEGV" when the worker crashed with a signal.
    package var signal: String?
    /// The worker's exit status when it exited.
    package var exitStatus: Int?
    /// Whether the call ran out of its time budget.
    package var timedOut: Bool
    /// The worker's last output lines (empty when it printed nothing).
    package var output: [String]

    package init(_ error: HostError) {
        self.error = error
        var lines = error.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        reason = lines.isEmpty ? error.message : lines.removeFirst()
        if let header = lines.firstIndex(where: { $0.drop(while: { $0 == " " }).hasPrefix("last output of the worker") }) {
            output = lines[(header + 1)...].map { String($0.drop(while: { $0 == " " })) }
        } else {
            output = lines.map { String($0.drop(while: { $0 == " " })) }.filter { !$0.isEmpty }
        }
        signal = Self.word(after: "crashed with ", in: reason)
        exitStatus = Self.word(after: "exited with status ", in: reason).flatMap { Int($0) }
        timedOut = reason.contains("did not answer within")
    }

    package var file: String? { error.file }
    package var className: String? { error.className }
    package var property: String? { error.property }
    package var phase: String? { error.phase?.rawValue }

    /// The first word after `prefix` in `text` ("SIGSEGV" in "crashed with SIGSEGV (…)").
    static func word(after prefix: String, in text: String) -> String? {
        guard let r = text.range(of: prefix) else { return nil }
        let word = text[r.upperBound...].prefix { $0.isLetter || $0.isNumber }
        return word.isEmpty ? nil : String(word)
    }
}
