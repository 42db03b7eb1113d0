import Foundation

/// Finds a key written twice in one object of a JSON text that is already known to be valid.
///
/// JSONSerialization keeps the last of two equal keys and says nothing, so a scene whose instance
/// says `"frame"` twice silently lost the first. RFC 8259 leaves such a document's meaning to the
/// reader; ours refuse it, naming the place, as they refuse an unknown key.
enum JSONDuplicateKeys {
    /// The first duplicate: the key, the field path of its object (`instances[2]`, "" for the
    /// top level) and the byte offset of its second occurrence; nil when every object's keys are
    /// distinct. `data` must be valid JSON (what JSONSerialization accepted).
    static func first(in data: Data) -> (key: String, path: String, offset: Int)? {
        let bytes = [UInt8](data)
        /// One open object or array: the keys seen (objects), the path to it, the key or index
        /// of the value being read in it.
        struct Frame {
            var isObject: Bool
            var keys: Set<String> = []
            var path: String
            var index = 0
            var expectsKey = true
            var currentKey: String?
        }
        var stack: [Frame] = []
        var i = 0
        func childPath(_ frame: Frame) -> String {
            if frame.isObject {
                let key = frame.currentKey ?? ""
                return frame.path.isEmpty ? key : "\(frame.path).\(key)"
            }
            return "\(frame.path)[\(frame.index)]"
        }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let path = stack.last.map(childPath) ?? ""
                stack.append(Frame(isObject: b == UInt8(ascii: "{"), path: path))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
                i += 1
            case UInt8(ascii: ","):
                if stack.last?.isObject == true { stack[stack.count - 1].expectsKey = true } else if !stack.isEmpty { stack[stack.count - 1].index += 1 }
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
                guard var frame = stack.last, frame.isObject, frame.expectsKey else { continue }
                let token = bytes[start ..< min(i, bytes.count)]
                let key = escaped ? decode(token) : String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
                if frame.keys.contains(key) { return (key, frame.path, start) }
                frame.keys.insert(key)
                frame.currentKey = key
                frame.expectsKey = false
                stack[stack.count - 1] = frame
            default:
                i += 1
            }
        }
        return nil
    }

    /// A string token with escapes, decoded as JSON decodes it.
    private static func decode(_ token: ArraySlice<UInt8>) -> String {
        let wrapped = Data([UInt8(ascii: "[")] + token + [UInt8(ascii: "]")])
        return ((try? JSONSerialization.jsonObject(with: wrapped)) as? [String])?.first ?? String(decoding: token, as: UTF8.self)
    }
}
