/// Display names derived from identifiers the way Xcode's inspector does it.
///
/// ```swift
/// DisplayName.derive(from: "cornerRadius")        // "Corner Radius"
/// DisplayName.derive(from: "RoundedCornerButton") // "Rounded Corner Button"
/// DisplayName.derive(from: "urlString")           // "Url String"
/// DisplayName.derive(from: "HTMLView")            // "HTML View"
/// DisplayName.derive(from: "gradientColor1")      // "Gradient Color 1"
/// ```
/// Words start at an upper-case letter that follows a lower-case letter or digit, at the last upper-case
/// letter of an acronym that is followed by a lower-case letter, and at a digit run; underscores
/// separate words too. The first letter of each word is capitalised.
package enum DisplayName {
    package static func derive(from identifier: String) -> String {
        let chars = Array(identifier)
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for (i, ch) in chars.enumerated() {
            if ch == "_" || ch == " " { flush(); continue }
            if let last = current.last {
                let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
                let startsWord: Bool
                if ch.isUppercase {
                    // "cornerR" / "color1R": a new word; "HTMLView": the V starts "View".
                    startsWord = last.isLowercase || last.isNumber
                        || (last.isUppercase && (next?.isLowercase ?? false))
                } else if ch.isNumber {
                    startsWord = !last.isNumber
                } else {
                    startsWord = last.isNumber
                }
                if startsWord { flush() }
            }
            current.append(ch)
        }
        flush()
        return words.map { word in
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }
}
