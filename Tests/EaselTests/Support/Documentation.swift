import Foundation
import XCTest

/// The repository's documentation as the tests read it: README.md (the guide) and Docs/ (the manual).
/// Tests that check what a page claims read it through here, by its path relative to the repository.
enum Documentation {
    /// The text of a page, e.g. "README.md" or "Docs/reference/commands.md".
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: TestPaths.repoRoot + "/" + path, encoding: .utf8)
    }

    /// Every Markdown page of the documentation: README.md, then Docs/**/*.md, sorted.
    static func pages() throws -> [String] {
        let fm = FileManager.default
        guard let walk = fm.enumerator(atPath: TestPaths.repoRoot + "/Docs") else { return ["README.md"] }
        let docs = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }.sorted()
        return ["README.md"] + docs
    }

    /// The text of `page` from its line `heading` (exact, e.g. "## Repository layout") up to the next
    /// heading of the same or a higher level (or the end).
    static func section(_ heading: String, in page: String) throws -> String {
        let text = try read(page)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else {
            throw NSError(domain: "Documentation", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(page) has no heading '\(heading)'"])
        }
        let level = heading.prefix { $0 == "#" }.count
        var end = lines.count
        var fenced = false
        for index in (start + 1)..<lines.count {
            if lines[index].hasPrefix("```") { fenced.toggle() }
            let hashes = lines[index].prefix { $0 == "#" }.count
            if !fenced, hashes > 0, hashes <= level, lines[index].dropFirst(hashes).hasPrefix(" ") { end = index; break }
        }
        return lines[start..<end].joined(separator: "\n")
    }

    /// The text with fenced code blocks blanked (each line kept, emptied), so that what looks like a
    /// link or a heading inside code is not taken for one.
    static func outsideCodeBlocks(_ text: String) -> String {
        var fenced = false
        return text.components(separatedBy: "\n").map { line -> String in
            if line.hasPrefix("```") { fenced.toggle(); return "" }
            return fenced ? "" : line
        }.joined(separator: "\n")
    }

    /// The anchors of a page's headings, as GitHub makes them: lower case, every character that is
    /// not a letter, a digit, a space, `-` or `_` left out, spaces made `-`; a repeated one gets `-1`,
    /// `-2`, …
    static func anchors(of text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in outsideCodeBlocks(text).components(separatedBy: "\n") {
            let hashes = line.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.dropFirst(hashes).hasPrefix(" ") else { continue }
            var title = String(line.dropFirst(hashes)).trimmingCharacters(in: .whitespaces)
            // A link in a heading counts by its text.
            title = title.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
            let slug = String(title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The targets of the Markdown links of a text (`[text](target)`), outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        let prose = outsideCodeBlocks(text)
            .replacingOccurrences(of: #"``[^`]*``|`[^`]*`"#, with: "x", options: .regularExpression)
        let regex = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        return regex.matches(in: prose, range: NSRange(prose.startIndex..., in: prose))
            .map { String(prose[Range($0.range(at: 1), in: prose)!]) }
    }

    /// `path` (relative to the repository, may hold `..` and `.`) made canonical; nil when it leaves
    /// the repository.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
