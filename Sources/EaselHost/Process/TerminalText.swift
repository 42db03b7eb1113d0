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
    ///
    /// Works on the UTF-8 bytes: text without such characters (a `host list` of 10 000 plugins is
    /// 1 MB, newlines and all) is returned as it is after one pass over its bytes, and text with some
    /// is copied in runs between them (it was rebuilt one scalar at a time: 80 % of a warm list).
    package static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard var next = nextControl(in: bytes, from: 0, keepingNewlines: keepingNewlines) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 64)
            var copied = 0
            while true {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<next.start]))
                out.append(contentsOf: "\\u{\(String(next.scalar, radix: 16))}".utf8)
                copied = next.start + next.length
                guard let following = nextControl(in: bytes, from: copied, keepingNewlines: keepingNewlines) else { break }
                next = following
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// The first character at or after byte `start` of valid UTF-8 `bytes` that ``isControl(_:)``
    /// calls a control (a newline is not one when `keepingNewlines`): where it starts, how many bytes
    /// it takes and its scalar value. nil: there is none.
    private static func nextControl(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                    keepingNewlines: Bool) -> (start: Int, length: Int, scalar: UInt32)? {
        var i = start
        let count = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        while i < count {
            // Eight bytes at a time while they are all printable ASCII (0x20…0x7E), or kept newlines
            // (made 0x2A for the test): a byte below 0x20 or above 0x7E anywhere in the word sends
            // it through the checks below, byte by byte.
            if i + 8 <= count {
                var word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                if keepingNewlines {
                    let t = word ^ (0x0A &* ones)
                    let isNewline = ~((((t & ~highs) &+ ~highs) | t)) & highs // 0x80 where a byte is 0x0A
                    word |= isNewline >> 2
                }
                let below20 = (word &- 0x20 &* ones) & ~word & highs
                let above7E = ((word &+ ones) | word) & highs
                if (below20 | above7E) == 0 { i += 8; continue }
            }
            let b = bytes[i]
            if b < 0x20 {
                if !(keepingNewlines && b == 0x0A) { return (i, 1, UInt32(b)) }
            } else if b == 0x7F {
                return (i, 1, 0x7F)
            } else if b == 0xC2, i + 1 < count, (0x80...0x9F).contains(bytes[i + 1]) {
                // U+0080…U+009F: C2 80…C2 9F
                return (i, 2, UInt32(bytes[i + 1]))
            } else if b == 0xE2, i + 2 < count {
                // U+202A…U+202E: E2 80 AA…AE; U+2066…U+2069: E2 81 A6…A9
                let b1 = bytes[i + 1], b2 = bytes[i + 2]
                if (b1 == 0x80 && (0xAA...0xAE).contains(b2)) || (b1 == 0x81 && (0xA6...0xA9).contains(b2)) {
                    return (i, 3, 0x2000 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F))
                }
            }
            i += 1
        }
        return nil
    }
}
