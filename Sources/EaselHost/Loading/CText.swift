import Glibc

/// Reading strings a plugin hands over: UTF-8 is checked, invalid bytes are shown escaped.
package enum CText {
    /// The string, or nil if the pointer is NULL. Throws a description of the bytes if not UTF-8.
    static func read(_ pointer: UnsafePointer<CChar>?) throws(InvalidUTF8) -> String? {
        guard let pointer else { return nil }
        if let s = String(validatingCString: pointer) { return s }
        throw InvalidUTF8(escaped: escape(pointer))
    }

    /// The bytes with everything outside printable ASCII as `\xNN`.
    static func escape(_ pointer: UnsafePointer<CChar>) -> String {
        let n = strlen(pointer)
        var out = ""
        pointer.withMemoryRebound(to: UInt8.self, capacity: n) { bytes in
            for i in 0..<n {
                let b = bytes[i]
                if b >= 0x20 && b < 0x7F { out.append(Character(Unicode.Scalar(b))) }
                else { out += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
            }
        }
        return out
    }

    struct InvalidUTF8: Error {
        let escaped: String
    }

    /// Whether `s` is an identifier: `[A-Za-z_][A-Za-z0-9_]*`.
    package static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first else { return false }
        func letter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 }
        return letter(first) && s.utf8.allSatisfy { letter($0) || ($0 >= 48 && $0 <= 57) }
    }
}
