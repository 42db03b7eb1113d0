/// What `host list` shows of a class: no property table.
package struct ClassSummary: Equatable, Sendable {
    package var name: String
    package var displayName: String
    package var summary: String?
    package var group: String

    /// What `list` shows of a full description.
    init(_ info: ClassInfo) {
        name = info.name; displayName = info.displayName; summary = info.summary; group = info.group
    }

    /// Reads a summary as ``encode(to:)`` wrote it (in a cache record).
    init(from r: inout BinaryReader) throws {
        name = try r.string(); displayName = try r.string(); summary = try r.optionalString(); group = try r.string()
    }

    /// Writes the name, display name, summary (optional) and group.
    func encode(to w: inout BinaryWriter) {
        w.string(name); w.string(displayName); w.string(summary); w.string(group)
    }
}
