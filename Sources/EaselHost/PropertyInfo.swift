/// Numeric bounds of a property: values outside `min...max` are rejected before the setter runs.
public struct NumericRange: Equatable, Codable, Sendable {
    public var min: Double
    public var max: Double
    /// The editor's increment; 0 means continuous.
    public var step: Double
    public init(min: Double, max: Double, step: Double = 0) {
        self.min = min; self.max = max; self.step = step
    }
    public func contains(_ value: Double) -> Bool { value >= min && value <= max }
}

/// One named case of an enum property.
public struct EnumCase: Equatable, Codable, Sendable {
    public var name: String
    public var value: Int64
    public var displayName: String
    public init(name: String, value: Int64, displayName: String? = nil) {
        self.name = name
        self.value = value
        self.displayName = displayName ?? DisplayName.derive(from: name)
    }
}

/// Everything the host knows about one inspectable property, as plain data (cacheable, the same
/// whether the plugin was written in C or Swift, loaded in-process or in a worker).
public struct PropertyInfo: Equatable, Codable, Sendable {
    public var name: String
    public var displayName: String
    public var type: PropertyType
    public var defaultValue: PropertyValue
    public var summary: String?
    public var group: String?
    public var range: NumericRange?
    public var enumCases: [EnumCase]
    public var isReadOnly: Bool
    public var isHidden: Bool

    public init(name: String, displayName: String? = nil, type: PropertyType, defaultValue: PropertyValue,
                summary: String? = nil, group: String? = nil, range: NumericRange? = nil,
                enumCases: [EnumCase] = [], isReadOnly: Bool = false, isHidden: Bool = false) {
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
    }

    /// The enum case with this value, if any.
    public func enumCase(value: Int64) -> EnumCase? { enumCases.first { $0.value == value } }

    /// Flag words as `host inspect` prints them ("readable, writable", "read-only", "hidden").
    public var flagWords: [String] {
        var words = isReadOnly ? ["read-only"] : ["readable", "writable"]
        if isHidden { words.append("hidden") }
        return words
    }
}
