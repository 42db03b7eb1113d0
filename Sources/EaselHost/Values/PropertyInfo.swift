/// Numeric bounds of a property: values outside `min...max` are rejected before the setter runs.
package struct NumericRange: Equatable, Codable, Sendable {
    package var min: Double
    package var max: Double
    /// The editor's increment; 0 means continuous.
    package var step: Double
    package init(min: Double, max: Double, step: Double = 0) {
        self.min = min; self.max = max; self.step = step
    }
    package func contains(_ value: Double) -> Bool { value >= min && value <= max }
}

/// One named case of an enum property.
package struct EnumCase: Equatable, Codable, Sendable {
    package var name: String
    package var value: Int64
    package var displayName: String
    package init(name: String, value: Int64, displayName: String? = nil) {
        self.name = name
        self.value = value
        self.displayName = displayName ?? DisplayName.derive(from: name)
    }
}

/// Everything the host knows about one inspectable property, as plain data (cacheable, the same
/// whether the plugin was written in C or Swift, loaded in-process or in a worker).
package struct PropertyInfo: Equatable, Codable, Sendable {
    package var name: String
    package var displayName: String
    package var type: PropertyType
    package var defaultValue: PropertyValue
    package var summary: String?
    package var group: String?
    package var range: NumericRange?
    package var enumCases: [EnumCase]
    package var isReadOnly: Bool
    package var isHidden: Bool
    /// Bounds that other properties give (extension `easel.ranges/1`); nil: none.
    package var dependentRange: DependentRange?

    package init(name: String, displayName: String? = nil, type: PropertyType, defaultValue: PropertyValue,
                summary: String? = nil, group: String? = nil, range: NumericRange? = nil,
                enumCases: [EnumCase] = [], isReadOnly: Bool = false, isHidden: Bool = false,
                dependentRange: DependentRange? = nil) {
        self.name = name
        self.displayName = displayName ?? DisplayName.derive(from: name)
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
        self.group = group
        self.range = range
        self.enumCases = enumCases
        self.isReadOnly = isReadOnly
        self.isHidden = isHidden
        self.dependentRange = dependentRange
    }

    /// The enum case with this value, if any.
    package func enumCase(value: Int64) -> EnumCase? { enumCases.first { $0.value == value } }

    /// Flag words as `host inspect` prints them ("readable, writable", "read-only", "hidden").
    package var flagWords: [String] {
        var words = isReadOnly ? ["read-only"] : ["readable", "writable"]
        if isHidden { words.append("hidden") }
        return words
    }
}
