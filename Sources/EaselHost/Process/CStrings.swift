@preconcurrency import Glibc

/// Runs `body` with a NULL-terminated C array of strings.
package func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// A C string made once and never changed or freed: safe to share between threads (a version an
/// exported C function returns).
package struct ConstantCString: @unchecked Sendable {
    package let pointer: UnsafePointer<CChar>
    package init(_ text: String) { pointer = UnsafePointer(strdup(text)!) }
}
