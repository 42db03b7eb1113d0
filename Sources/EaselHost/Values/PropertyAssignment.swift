/// A property value the host owns across reloads: `name=value`, or `Class.name=value` for one class.
/// Kept as text and parsed against each build's property table (see ``HeldValues``), so a value
/// survives a rebuild by name and type, and a value that no longer fits is parked with a warning,
/// never a crash.
package struct PropertyAssignment: Equatable, Sendable {
    /// nil: every class that has the property.
    package var className: String?
    package var name: String
    package var text: String

    package init(className: String? = nil, name: String, text: String) {
        self.className = className
        self.name = name
        self.text = text
    }

    /// Parses `[Class.]name=value`.
    package static func parse(_ argument: String) -> PropertyAssignment? {
        guard let (key, text) = argument.split(atFirst: "="), !key.isEmpty else { return nil }
        if let dot = key.firstIndex(of: "."), dot != key.startIndex, key.index(after: dot) != key.endIndex {
            return PropertyAssignment(className: String(key[..<dot]), name: String(key[key.index(after: dot)...]), text: text)
        }
        return PropertyAssignment(name: String(key), text: text)
    }
}
