/// Text that came from a plugin or a file, made safe to print on a terminal.
///
/// A plugin's strings (names, summaries, log lines) and file names may hold control characters: an
/// escape sequence printed raw recolours, clears or retitles the terminal, moves its cursor over
/// earlier lines or writes to the clipboard (OSC 52). C0 controls, DEL and the C1 controls (U+0080…
/// U+009F, which some terminals read as ESC sequences) are written as `\u{1b}` escapes instead, and so
/// are the bidirectional embeddings, overrides and isolates (U+202A…U+202E, U+2066…U+2069): they
/// reorder the rest of the line as it is shown, so a plugin's summary could make a message read as
/// something it does not say ("Trojan Source"). Right-to-left text itself is shown as it is.
package enum TerminalText {
    /// Whether `scalar` is one of the characters above, which text for a terminal escapes (the JSON
    /// writer too: what it prints may land on a terminal).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// One line of text output: `text` with every control character escaped, line feeds included,
    /// so that nothing in it (a plugin's summary `"fine\nFAKE-LINE …"`, a file name) can start a
    /// line of its own that reads as an entry of the listing.
    package static func line(_ text: String) -> String { printable(text) }

    /// Lines of text output, each made safe as a whole by ``line(_:)`` and ended by a line feed:
    /// the one place where text that holds a plugin's strings (names, summaries, versions, file
    /// names) is escaped for the terminal. Its line feeds are only those between `lines`.
    package static func lines(_ lines: [String]) -> String {
        var out = ""
        for l in lines { out += line(l) + "\n" }
        return out
    }

    /// A message (an error, a warning) for the terminal: as ``line(_:)``, except a line feed that
    /// starts an indented line (two spaces or more): the form the host gives a message's further
    /// lines (a worker's last output, the files that failed to load). Any other line feed, one in a
    /// plugin's string or a file name that the message quotes, is escaped: it cannot print a line of
    /// its own that starts where a message or an entry does.
    package static func message(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        for (i, scalar) in scalars.enumerated() {
            let continuation = scalar == "\n" && i + 2 < scalars.count && scalars[i + 1] == " " && scalars[i + 2] == " "
            if isControl(scalar) && !continuation {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` with its control characters escaped; newlines kept when `keepingNewlines`.
    package static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !(keepingNewlines && scalar == "\n") {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
