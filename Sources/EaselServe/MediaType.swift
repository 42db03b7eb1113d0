/// A `Content-Type` value read as RFC 9110 (8.3.1) writes it: `type "/" subtype` then parameters,
/// `*( OWS ";" OWS [ name "=" value ] )`, each value a token or a quoted string. Type, subtype
/// and parameter names compare without case; parameter values as written.
///
/// ```swift
/// MediaType("application/json; charset=utf-8")?.essence   // "application/json"
/// MediaType("application/jsonx")?.essence                 // "application/jsonx": not JSON
/// MediaType("application/json garbage")                   // nil
/// ```
///
/// The server's check was a prefix test, so `application/jsonx` and `application/json-seq` passed
/// for JSON.
package struct MediaType: Sendable {
    /// The type, lower case (`application`).
    package let type: String
    /// The subtype, lower case (`json`).
    package let subtype: String
    /// The parameters in order, names lower case.
    package let parameters: [(name: String, value: String)]

    /// `type/subtype`, lower case.
    package var essence: String { type + "/" + subtype }

    /// Parses `text`; nil when it is not a media type (no slash, an empty or non-token part,
    /// anything but parameters after it, an unterminated quoted string).
    package init?(_ text: String) {
        var rest = Substring(text)
        func skipSpace() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        func token() -> String? {
            let t = rest.prefix(while: Self.isTokenCharacter)
            rest = rest.dropFirst(t.count)
            return t.isEmpty ? nil : String(t)
        }
        skipSpace()
        guard let type = token(), rest.first == "/" else { return nil }
        rest = rest.dropFirst()
        guard let subtype = token() else { return nil }
        var parameters: [(String, String)] = []
        skipSpace()
        while let first = rest.first {
            guard first == ";" else { return nil }
            rest = rest.dropFirst()
            skipSpace()
            if rest.isEmpty || rest.first == ";" { continue } // an empty parameter is allowed
            guard let name = token(), rest.first == "=" else { return nil }
            rest = rest.dropFirst()
            let value: String
            if rest.first == "\"" {
                guard let quoted = Self.quotedString(&rest) else { return nil }
                value = quoted
            } else {
                guard let t = token() else { return nil }
                value = t
            }
            parameters.append((name.lowercased(), value))
            skipSpace()
        }
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
    }

    /// The value of the parameter `name` (lower case), the first if it is given twice.
    package func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

    /// RFC 9110's `tchar`.
    private static func isTokenCharacter(_ c: Character) -> Bool {
        guard c.isASCII, let v = c.asciiValue else { return false }
        if (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) { return true }
        return "!#$%&'*+-.^_`|~".contains(c)
    }

    /// A quoted string at the start of `rest` (which starts with `"`), unescaped; nil if it does
    /// not end or holds a control character.
    private static func quotedString(_ rest: inout Substring) -> String? {
        var value = ""
        var i = rest.index(after: rest.startIndex)
        while i < rest.endIndex {
            let c = rest[i]
            if c == "\"" {
                rest = rest[rest.index(after: i)...]
                return value
            }
            if c == "\\" {
                i = rest.index(after: i)
                guard i < rest.endIndex else { return nil }
                value.append(rest[i])
            } else {
                guard c == "\t" || !(c.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) else { return nil }
                value.append(c)
            }
            i = rest.index(after: i)
        }
        return nil
    }
}
