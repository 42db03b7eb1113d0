extension String {
    /// How many characters of a value a message quotes before it shortens it.
    package static let quotedPrefixLength = 60

    /// A value the user gave (or a file holds), as every message quotes it: in single quotes, and
    /// when longer than ``quotedPrefixLength`` characters, its first ones, "…" and how long it was,
    /// so a 100 kB `--set` value does not make a 100 kB error line.
    ///
    /// ```swift
    /// "x".quoted                                   // 'x'
    /// String(repeating: "9", count: 100_000).quoted // '99…9…' (100000 characters): 60 nines, then …
    /// ```
    package var quoted: String { quoted(by: "'") }

    /// The same between `mark`s (`"` where a message quotes text with double quotes).
    package func quoted(by mark: String) -> String {
        guard let cut = quotedCut else { return mark + self + mark }
        return mark + self[..<cut] + "…" + mark + " (\(count) characters)"
    }

    /// The same without quotes, for a name a message shows bare (`property NAME: …`):
    /// `99…9… (100000 characters)`.
    package var shortened: String {
        guard let cut = quotedCut else { return self }
        return self[..<cut] + "… (\(count) characters)"
    }

    /// Where a long value is cut; nil when it is shown whole.
    private var quotedCut: String.Index? {
        guard let cut = index(startIndex, offsetBy: Self.quotedPrefixLength, limitedBy: endIndex), cut != endIndex else { return nil }
        return cut
    }
}
