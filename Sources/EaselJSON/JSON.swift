import EaselHost

/// A JSON value with ordered keys, written deterministically, for `--json` outputs whose schemas the
/// README documents.
package indirect enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    /// Pretty-printed with two-space indentation and a final newline.
    package var text: String {
        var out = ""
        write(&out, indent: 0)
        return out + "\n"
    }

    /// On one line, without spaces (Server-Sent Events' data lines, HTTP bodies).
    package var compactText: String {
        var out = ""
        writeCompact(&out)
        return out
    }

    private func writeCompact(_ out: inout String) {
        switch self {
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeCompact(&out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSON.quote(key, into: &out)
                out += ":"
                value.writeCompact(&out)
            }
            out += "}"
        default:
            write(&out, indent: 0)
        }
    }

    private func write(_ out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let closePad = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d):
            if d.isFinite && d == d.rounded() && abs(d) < 1e15 { out += String(Int64(d)) }
            else if d.isFinite { out += String(d) }
            else { out += "null" }
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(&out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += closePad + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += pad
                JSON.quote(key, into: &out)
                out += ": "
                value.write(&out, indent: indent + 1)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += closePad + "}"
        }
    }

    private static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // C1 controls and bidirectional overrides too (TerminalText.isControl): valid raw, but
                // read as escape sequences, or reordering the line, on a terminal the JSON is printed on.
                if TerminalText.isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    package static func optional(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }
}
