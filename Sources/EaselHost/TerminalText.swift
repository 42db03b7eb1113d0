/// Text that came from a plugin or a file, made safe to print on a terminal.
///
/// A plugin's strings (names, summaries, log lines) and file names may hold control characters: an
/// escape sequence printed raw recolours, clears or retitles the terminal, moves its cursor over
/// earlier lines or writes to the clipboard (OSC 52). C0 controls, DEL and the C1 controls (U+0080…
/// U+009F, which some terminals read as ESC sequences) are written as `\u{1b}` escapes instead.
public enum TerminalText {
    /// `text` with its control characters escaped; newlines kept when `keepingNewlines`.
    public static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
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
