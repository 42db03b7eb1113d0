/// An error the host reports: what went wrong, where (plugin file, class, property, phase) and what
/// was expected. Its ``description`` is the one line the CLI prints.
///
/// ```
/// components/libGauge.so: class Gauge: property value: 120 is outside the range 0…100 (expected a number in 0…100)
/// ```
package struct HostError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The kind of failure; it decides the exit code (see ``exitCode``).
    package enum Kind: String, Codable, Sendable {
        /// The command line is wrong.
        case usage
        /// A value, scene or document is malformed or out of range.
        case badData
        /// A class, file or property that was asked for does not exist.
        case notFound
        /// A plugin failed: it would not load, was invalid, or a call into it failed.
        case pluginFailure
        /// An output could not be created or written.
        case cannotCreate
        /// Something the host itself should not have done.
        case internalError
    }

    /// The phase of a plugin's life in which it failed.
    package enum Phase: String, Codable, Sendable {
        case load, entry, abi, initialize = "init", validate, create, set, get, prepare, action, layout, draw, render
        case deinitialize = "deinit"
        /// awake_from_archive (awakeFromNib), after an archive's attributes were set.
        case awake
        /// destroy, when the host lets go of an instance.
        case destroy
        /// A pointer event or hit test (easel.input/1).
        case input
        /// A change of traits (easel.traits/1).
        case traits
    }

    package var kind: Kind
    package var message: String
    package var file: String?
    package var className: String?
    package var property: String?
    package var phase: Phase?
    /// Whether ``message`` names the class and property it is about itself ("no class named 'Nope' in
    /// ./components", "instances[0].attributes.value (class Gauge): …"): they are in ``className`` and
    /// ``property`` for `--json` and other readers, and not repeated before the message (the file is).
    package var messageNamesSubject = false

    package init(_ kind: Kind, _ message: String, file: String? = nil, className: String? = nil,
                property: String? = nil, phase: Phase? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.className = className
        self.property = property
        self.phase = phase
    }

    /// A class that was asked for and does not exist: `message` names it ("no class named 'Nope' …"),
    /// and ``className`` holds it too, so a `--json` error says which class it is about.
    package static func noClass(named name: String, _ message: String, file: String? = nil) -> HostError {
        var e = HostError(.notFound, message, file: file, className: name)
        e.messageNamesSubject = true
        return e
    }

    /// The same error with more context filled in where it was missing.
    package func with(file: String? = nil, className: String? = nil, property: String? = nil,
                     phase: Phase? = nil) -> HostError {
        var e = self
        e.file = e.file ?? file
        e.className = e.className ?? className
        e.property = e.property ?? property
        e.phase = e.phase ?? phase
        return e
    }

    package var description: String {
        var parts: [String] = []
        if let file { parts.append(Self.printable(file)) }
        if let className, !messageNamesSubject { parts.append("class \(Self.printable(className))") }
        if let property, !messageNamesSubject { parts.append("property \(Self.printable(property.shortened))") }
        // The first line carries the phase; further lines (a worker's last output, indented) follow
        // it. Those are the only line breaks: one in a plugin's text or a file name the message
        // quotes is escaped (TerminalText.message), so that it cannot print a line of its own.
        let lines = TerminalText.message(message).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        parts.append(String(lines[0]))
        var text = parts.joined(separator: ": ")
        if let phase, kind == .pluginFailure { text += " [phase: \(phase.rawValue)]" }
        if lines.count > 1 { text += "\n" + lines[1] }
        return text
    }

    /// What starts the worker's last output lines in a message (see ``description``).
    package static let workerOutputHeader = "\n  last output of the worker:\n"

    /// `text` with NUL and other control characters written as `\u{0}` escapes, so a name taken
    /// from a file cannot cut a message short (C strings end at NUL) or move the terminal's cursor.
    static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        TerminalText.printable(text, keepingNewlines: keepingNewlines)
    }

    /// The process exit code for this error (sysexits.h values), as documented in the README.
    package var exitCode: Int32 {
        switch kind {
        case .usage: return 64
        case .badData: return 65
        case .notFound: return 66
        case .pluginFailure: return 69
        case .internalError: return 70
        case .cannotCreate: return 73
        }
    }
}
