import Foundation
import EaselHost

/// Reads a JSON document with errors a person can act on: syntax errors carry the line and column,
/// structural errors the field path (`instances[2].frame`), and both name the file.
package struct JSONDocument {
    package let file: String
    package let root: Any

    /// A document already parsed (values handed over by another reader, e.g. an HTTP body).
    init(file: String, root: Any) {
        self.file = file
        self.root = root
    }

    /// Parses `data` read from `file` (or received: "request body"); a syntax error is a
    /// ``HostError`` (`.badData`) naming `file`, the line and column, and what JSONSerialization
    /// found ("Too many nested arrays or dictionaries", "Invalid value", …).
    package init(data: Data, file: String) throws {
        self.file = file
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            throw HostError(.badData, "\(JSONDocument.locate(detail, in: data)): invalid JSON (\(JSONDocument.clean(detail)))", file: file)
        }
        if let duplicate = JSONDuplicateKeys.first(in: data) {
            let field = duplicate.path.isEmpty ? "" : "\(duplicate.path): "
            throw HostError(.badData, "\(JSONDocument.position(ofByte: duplicate.offset, in: data)): \(field)key \(duplicate.key.quoted) appears twice in one object (expected each key once: the first would be ignored)", file: file)
        }
    }

    /// The largest JSON file read (a scene, snapshot settings): far above any written by hand or
    /// by the designer, far below what would stall a reader.
    static let largestFile = 16 << 20

    /// The content of the JSON file `path` (`expected` says what it should be: "a scene JSON
    /// file"): nil when nothing is there; throws for a FIFO, a directory, a device, a symbolic link
    /// loop or a file over ``largestFile`` bytes, naming the file and what was expected (see
    /// ``RegularFile/read(_:maximumSize:expected:)``).
    static func contents(_ path: String, expected: String) throws -> Data? {
        try RegularFile.read(path, maximumSize: largestFile, expected: expected).map { Data($0) }
    }

    /// Reads and parses a file.
    static func read(_ path: String, expected: String = "a JSON file") throws -> JSONDocument {
        guard let data = try contents(path, expected: expected) else {
            throw HostError(.notFound, "no such file (expected \(expected))", file: path)
        }
        return try JSONDocument(data: data, file: path)
    }

    /// "line L, column C" for JSONSerialization's "… around character N." (N counts bytes from 0);
    /// the end of the text for "Unexpected end of file" (an unclosed bracket or string); "the
    /// document" when the message names no place. Columns count characters, so a CJK character is one.
    /// (EaselKit's `JSONLocation` reads layout documents by the same rule: the SDK links nothing of the host.)
    static func locate(_ detail: String, in data: Data) -> String {
        let offset: Int
        // "around character N": not the first "character " ("Unescaped control character around character 9").
        if let range = detail.range(of: "around character "), let n = Int(detail[range.upperBound...].prefix { $0.isNumber }) {
            offset = n
        } else if detail.localizedCaseInsensitiveContains("end of file") {
            offset = data.count
        } else {
            return "the document"
        }
        return position(ofByte: offset, in: data)
    }

    /// "line L, column C" of the byte at `offset` (columns count characters).
    static func position(ofByte offset: Int, in data: Data) -> String {
        let before = data.prefix(max(0, min(offset, data.count)))
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lastLine = before.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).last ?? Data()[...]
        let column = String(decoding: lastLine, as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }

    static func clean(_ detail: String) -> String {
        var d = detail
        if let r = d.range(of: " around character") { d = String(d[..<r.lowerBound]) }
        if d.hasSuffix(".") { d.removeLast() }
        return d
    }

    /// An error about the value at `path`.
    func error(_ path: String, _ message: String, kind: HostError.Kind = .badData) -> HostError {
        HostError(kind, "\(path): \(message)", file: file)
    }

    /// The object at `path`, or an error saying an object was expected.
    func object(_ value: Any?, _ path: String) throws -> [String: Any] {
        guard let o = value as? [String: Any] else { throw error(path, "expected an object, found \(describe(value))") }
        return o
    }

    func array(_ value: Any?, _ path: String) throws -> [Any] {
        guard let a = value as? [Any] else { throw error(path, "expected an array, found \(describe(value))") }
        return a
    }

    func string(_ value: Any?, _ path: String) throws -> String {
        guard let s = value as? String else { throw error(path, "expected a string, found \(describe(value))") }
        return s
    }

    /// A value written as a string in the value syntax, or as a JSON number or boolean.
    func valueText(_ value: Any?, _ path: String) throws -> String {
        switch value {
        case let s as String: return s
        case let n as NSNumber:
            if JSONDocument.isBoolean(n) { return n.boolValue ? "true" : "false" }
            return PropertyInfo.formatNumber(n.doubleValue)
        case let items as [Any]:
            // Points, sizes, rects and insets as arrays of numbers, as layout documents write them:
            // [top, left, bottom, right] is "top,left,bottom,right".
            let numbers = items.compactMap { $0 as? NSNumber }.filter { !JSONDocument.isBoolean($0) }
            guard items.count == 2 || items.count == 4, numbers.count == items.count else {
                throw error(path, "expected an array of 2 or 4 numbers (a point, size, rect or insets), found \(describe(value))")
            }
            return numbers.map { PropertyInfo.formatNumber($0.doubleValue) }.joined(separator: ",")
        default: throw error(path, "expected a value (a string in the --set syntax, a number, a boolean or an array of numbers), found \(describe(value))")
        }
    }

    /// Rejects keys other than `allowed`, naming the first unknown one.
    func onlyKeys(_ object: [String: Any], _ allowed: [String], _ path: String) throws {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw error(path.isEmpty ? key : "\(path).\(key)", "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }

    /// JSON booleans arrive as NSNumbers of their own class.
    package static func isBoolean(_ n: NSNumber) -> Bool { type(of: n) == type(of: NSNumber(value: true)) }

    func describe(_ value: Any?) -> String {
        switch value {
        case nil: return "nothing"
        case is NSNull: return "null"
        case let n as NSNumber: return JSONDocument.isBoolean(n) ? "a boolean" : "a number"
        case is String: return "a string"
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "\(type(of: value!))"
        }
    }
}
