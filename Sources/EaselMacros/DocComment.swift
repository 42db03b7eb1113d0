import SwiftSyntax

/// Summaries from `///` (and `/** */`) doc comments, as Xcode's Quick Help shows them.
enum DocComment {
    /// The first paragraph of the doc comment right before `declaration` (its attributes included),
    /// joined into one line; nil without one. A blank line or a `- Note:`-style callout ends it.
    static func summary(of declaration: Syntax) -> String? {
        let lines = docLines(declaration.leadingTrivia)
        var paragraph: [String] = []
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("- ") {
                if paragraph.isEmpty { continue }
                break
            }
            paragraph.append(text)
        }
        return paragraph.isEmpty ? nil : paragraph.joined(separator: " ")
    }

    /// The text lines of the last run of doc comments in `trivia` (a blank line starts a new run).
    private static func docLines(_ trivia: Trivia) -> [String] {
        var lines: [String] = []
        for piece in trivia {
            switch piece {
            case .docLineComment(let text):
                var body = text.dropFirst(3)
                if body.first == " " { body = body.dropFirst() }
                lines.append(String(body))
            case .docBlockComment(let text):
                lines = blockLines(text)
            case .newlines(let count) where count > 1, .carriageReturnLineFeeds(let count) where count > 1:
                lines = []
            case .lineComment, .blockComment:
                lines = []
            default:
                continue
            }
        }
        return lines
    }

    /// `/** … */` without the markers and the leading ` * ` of each line.
    private static func blockLines(_ text: String) -> [String] {
        var body = Substring(text)
        if body.hasPrefix("/**") { body = body.dropFirst(3) }
        if body.hasSuffix("*/") { body = body.dropLast(2) }
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix("*") { trimmed = trimmed.dropFirst() }
            return String(trimmed)
        }
    }
}

extension String {
    func trimmingCharacters(in set: CharacterSetLite) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

/// The whitespace set (the plugin does not import Foundation).
struct CharacterSetLite {
    let characters: Set<Character>
    static let whitespaces = CharacterSetLite(characters: [" ", "\t"])
    func contains(_ character: Character) -> Bool { characters.contains(character) }
}
