import Foundation

/// Attribute values as scenes write them — a string in the value syntax, a JSON number or a
/// boolean — turned into value-syntax text, for readers of JSON other than scene files (the live
/// designer's HTTP API).
package enum AttributeText {
    /// The value at `path` of a JSON object parsed with `JSONSerialization`, as value-syntax text;
    /// an error names `file` and `path` and says what was expected.
    package static func text(_ value: Any?, path: String, file: String) throws -> String {
        try JSONDocument(file: file, root: NSNull()).valueText(value, path)
    }
}
