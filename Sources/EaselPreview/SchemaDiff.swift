import EaselHost

/// How a class's property table changed between two builds, as a reload reports it.
package struct SchemaDiff: Equatable, Sendable {
    package var added: [PropertyInfo] = []
    package var removed: [PropertyInfo] = []
    /// Same name, another type.
    package var retyped: [(old: PropertyInfo, new: PropertyInfo)] = []
    /// Same name and type, another default.
    package var newDefaults: [(old: PropertyInfo, new: PropertyInfo)] = []
    /// Same name and type, another range (or a range added or removed).
    package var newRanges: [(old: PropertyInfo, new: PropertyInfo)] = []

    package init(old: ClassInfo, new: ClassInfo) {
        for p in new.properties {
            guard let o = old.property(named: p.name) else { added.append(p); continue }
            if o.type != p.type { retyped.append((o, p)); continue }
            if o.defaultValue != p.defaultValue { newDefaults.append((o, p)) }
            if o.range != p.range { newRanges.append((o, p)) }
        }
        removed = old.properties.filter { new.property(named: $0.name) == nil }
    }

    package var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && retyped.isEmpty && newDefaults.isEmpty && newRanges.isEmpty
    }

    /// "+arcWidth (CGFloat), -oldName, ~firstColor Color→String, level default 5→2, level range 0…10→0…5".
    package var summary: String { parts.joined(separator: ", ") }

    /// One part per change, in the order of ``summary``.
    package var parts: [String] {
        var parts: [String] = []
        parts += added.map { "+\($0.name) (\($0.type.name))" }
        parts += removed.map { "-\($0.name)" }
        parts += retyped.map { "~\($0.old.name) \($0.old.type.name)→\($0.new.type.name)" }
        parts += newDefaults.map { "\($0.new.name) default \($0.old.format($0.old.defaultValue))→\($0.new.format($0.new.defaultValue))" }
        parts += newRanges.map { o, n in
            let steps = (o.range?.step ?? 0) != (n.range?.step ?? 0)
            return "\(n.name) range \(Self.describe(o.range, step: steps))→\(Self.describe(n.range, step: steps))"
        }
        return parts
    }

    /// "0…10", "0…1 step 0.1" (when steps changed), or "none".
    static func describe(_ range: NumericRange?, step: Bool) -> String {
        guard let range else { return "none" }
        let bounds = "\(PropertyInfo.formatNumber(range.min))…\(PropertyInfo.formatNumber(range.max))"
        return step ? bounds + " step \(PropertyInfo.formatNumber(range.step))" : bounds
    }

    package static func == (a: SchemaDiff, b: SchemaDiff) -> Bool { a.summary == b.summary }
}
