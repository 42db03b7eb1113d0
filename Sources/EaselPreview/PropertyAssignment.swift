import EaselHost

/// A property value the host owns across reloads: `name=value`, or `Class.name=value` for one class.
/// Kept as text and parsed against each build's property table, so a value survives a rebuild by
/// name and type, and a value that no longer fits is dropped with a warning, never a crash.
public struct PropertyAssignment: Equatable {
    /// nil: every class that has the property.
    public var className: String?
    public var name: String
    public var text: String

    public init(className: String? = nil, name: String, text: String) {
        self.className = className
        self.name = name
        self.text = text
    }

    /// Parses `[Class.]name=value`.
    public static func parse(_ argument: String) -> PropertyAssignment? {
        guard let eq = argument.firstIndex(of: "="), eq != argument.startIndex else { return nil }
        let key = argument[..<eq], text = String(argument[argument.index(after: eq)...])
        if let dot = key.firstIndex(of: "."), dot != key.startIndex, key.index(after: dot) != key.endIndex {
            return PropertyAssignment(className: String(key[..<dot]), name: String(key[key.index(after: dot)...]), text: text)
        }
        return PropertyAssignment(name: String(key), text: text)
    }

    /// The assignments that apply to `info`, parsed against its properties; what does not fit any
    /// more comes back as warnings naming the class, the property and why it was dropped.
    /// `previous` is the class as the last build had it: a global assignment that applied to it and
    /// no longer does is reported too.
    public static func resolve(_ assignments: [PropertyAssignment], for info: ClassInfo, previous: ClassInfo? = nil)
        -> (values: [(name: String, value: PropertyValue)], warnings: [String], dropped: [PropertyAssignment]) {
        var values: [(String, PropertyValue)] = []
        var warnings: [String] = []
        var dropped: [PropertyAssignment] = []
        for a in assignments where a.className == nil || a.className == info.name {
            guard let property = info.property(named: a.name) else {
                // A global assignment quietly skips classes without the property; one aimed at this
                // class says it was dropped.
                if a.className != nil || previous?.property(named: a.name) != nil {
                    warnings.append("\(info.name).\(a.name)=\(a.text) dropped: this build has no property \(a.name)")
                    dropped.append(a)
                }
                continue
            }
            if let old = previous?.property(named: a.name), old.type != property.type {
                warnings.append("\(info.name).\(a.name)=\(a.text) dropped: the property changed type from \(old.type.name) to \(property.type.name)")
                dropped.append(a)
                continue
            }
            do {
                values.append((a.name, try property.parse(a.text)))
            } catch let e as HostError {
                warnings.append("\(info.name).\(a.name)=\(a.text) dropped: \(e.message)")
                dropped.append(a)
            } catch {}
        }
        return (values, warnings, dropped)
    }
}
