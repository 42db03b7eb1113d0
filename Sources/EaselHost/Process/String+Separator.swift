extension String {
    /// The text before and after the first `separator`, looked for scalar by scalar; nil without one.
    ///
    /// Not `firstIndex(of:)`, which compares Characters: in `title=\u{301}x` (a value that starts
    /// with a combining mark) `=` and the accent are one Character, so no `=` was found and
    /// `--set title=́x` was "not NAME=VALUE".
    ///
    /// ```swift
    /// "title=\u{301}x".split(atFirst: "=")   // ("title", "\u{301}x")
    /// ```
    package func split(atFirst separator: Unicode.Scalar) -> (head: String, tail: String)? {
        guard let i = unicodeScalars.firstIndex(of: separator) else { return nil }
        return (String(unicodeScalars[..<i]), String(unicodeScalars[unicodeScalars.index(after: i)...]))
    }
}
