import Foundation

/// Finds a key written twice in one object of a JSON text that is already known to be valid.
///
/// JSONSerialization keeps the last of two equal keys and says nothing, so a scene whose instance
/// says `"frame"` twice silently lost the first. RFC 8259 leaves such a document's meaning to the
/// reader; ours refuse it, naming the place, as they refuse an unknown key.
///
/// One pass, linear in the text: each object's keys are a set mutated in place on the stack (the
/// frame was copied out, its set inserted into and written back, which copied the whole set at
/// every key: 131 071 keys in a 1 MB request body took 51 s), and escaped keys are decoded here.
enum JSONDuplicateKeys {
    /// One open object or array: the keys seen (objects), the path to it, the key or index of the
    /// value being read in it.
    private struct Frame {
        var isObject: Bool
        var keys: Set<String> = []
        var path: String
        var index = 0
        var expectsKey = true
        var currentKey: String?

        /// The path of the value being read in this object or array.
        var childPath: String {
            if isObject {
                let key = currentKey ?? ""
                return path.isEmpty ? key : "\(path).\(key)"
            }
            return "\(path)[\(index)]"
        }
    }

    /// The first duplicate: the key, the field path of its object (`instances[2]`, "" for the
    /// top level) and the byte offset of its second occurrence; nil when every object's keys are
    /// distinct. `data` must be valid JSON (what JSONSerialization accepted).
    static func first(in data: Data) -> (key: String, path: String, offset: Int)? {
        let bytes = [UInt8](data)
        var stack: [Frame] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(Frame(isObject: b == UInt8(ascii: "{"), path: stack.last?.childPath ?? ""))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
                i += 1
            case UInt8(ascii: ","):
                if let top = stack.indices.last {
                    if stack[top].isObject { stack[top].expectsKey = true } else { stack[top].index += 1 }
                }
                i += 1
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                var escaped = false
                while i < bytes.count {
                    if bytes[i] == UInt8(ascii: "\\") { escaped = true; i += 2; continue }
                    if bytes[i] == UInt8(ascii: "\"") { break }
                    i += 1
                }
                i += 1 // past the closing quote
                guard let top = stack.indices.last, stack[top].isObject, stack[top].expectsKey else { continue }
                let content = bytes[(start + 1) ..< max(start + 1, min(i - 1, bytes.count))]
                let key = escaped ? decode(content) : String(decoding: content, as: UTF8.self)
                // In place (`stack[top]`): a copy of the frame would copy its set of keys.
                guard stack[top].keys.insert(key).inserted else { return (key, stack[top].path, start) }
                stack[top].currentKey = key
                stack[top].expectsKey = false
            default:
                i += 1
            }
        }
        return nil
    }

    /// The text of a JSON string's content (between its quotes) with its escapes decoded, as JSON
    /// decodes them: `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and `\u` with four hex digits (a surrogate pair
    /// is one character; a lone surrogate is U+FFFD, as Foundation reads it).
    static func decode(_ content: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var i = content.startIndex
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= content.endIndex else { return nil }
            var value: UInt32 = 0
            for b in content[at ..< at + 4] {
                guard let digit = Character(Unicode.Scalar(b)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        func append(_ scalar: Unicode.Scalar) { out.append(contentsOf: Array(String(scalar).utf8)) }
        while i < content.endIndex {
            let b = content[i]
            guard b == UInt8(ascii: "\\"), i + 1 < content.endIndex else {
                out.append(b)
                i += 1
                continue
            }
            let e = content[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4(i) else { out.append(e); continue }
                i += 4
                if (0xD800...0xDBFF).contains(unit), i + 6 <= content.endIndex, content[i] == UInt8(ascii: "\\"),
                   content[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low) {
                    i += 6
                    append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                } else {
                    append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            default: out.append(e) // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
