/// "Did you mean …?": the candidates close to a mistyped name (case-insensitive: one contains the
/// other, or at most two edits apart), closest first.
package enum Suggestions {
    package static func close(to name: String, among candidates: [String]) -> [String] {
        let lower = name.lowercased()
        guard !lower.isEmpty else { return [] }
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let l = candidate.lowercased()
            let d = distance(l, lower)
            if d <= 2 || (lower.count >= 3 && (l.contains(lower) || lower.contains(l))) { return (candidate, d) }
            return nil
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.map(\.0)
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
