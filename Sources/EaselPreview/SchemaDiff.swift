import EaselHost

/// How a class's property table changed between two builds, as a reload reports it.
public struct SchemaDiff: Equatable {
    public var added: [PropertyInfo] = []
    public var removed: [PropertyInfo] = []
    /// Same name, another type.
    public var retyped: [(old: PropertyInfo, new: PropertyInfo)] = []
    /// Same name and type, another default.
    public var newDefaults: [(old: PropertyInfo, new: PropertyInfo)] = []

    public init(old: ClassInfo, new: ClassInfo) {
        for p in new.properties {
            guard let o = old.property(named: p.name) else { added.append(p); continue }
            if o.type != p.type { retyped.append((o, p)) }
            else if o.defaultValue != p.defaultValue { newDefaults.append((o, p)) }
        }
        removed = old.properties.filter { new.property(named: $0.name) == nil }
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && retyped.isEmpty && newDefaults.isEmpty }

    /// "+arcWidth (CGFloat), -oldName, ~firstColor Color→String, firstColor default #25FCF4→#FF0000".
    public var summary: String {
        var parts: [String] = []
        parts += added.map { "+\($0.name) (\($0.type.name))" }
        parts += removed.map { "-\($0.name)" }
        parts += retyped.map { "~\($0.old.name) \($0.old.type.name)→\($0.new.type.name)" }
        parts += newDefaults.map { "\($0.new.name) default \($0.old.format($0.old.defaultValue))→\($0.new.format($0.new.defaultValue))" }
        return parts.joined(separator: ", ")
    }

    public static func == (a: SchemaDiff, b: SchemaDiff) -> Bool { a.summary == b.summary }
}
