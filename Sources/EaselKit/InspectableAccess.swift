internal import CEasel

/// One inspectable property of one live view, as the ABI reaches it: an ``InspectableProperty`` of the
/// class's table bound to the view.
protocol InspectableAccess: AnyObject {
    var propertyName: String { get }
    /// No setter: the host shows the value and never sets it.
    var isReadOnly: Bool { get }
    /// The class-level description, with the current value as the default (used on the prototype).
    func describe() -> PropertyDescription
    /// Writes the current value as the C getter's return value.
    func abiGet(into result: UnsafeMutableRawPointer, string: inout UnsafeMutablePointer<CChar>?)
    /// Stores the C setter's argument through the property's setter: whether it was stored as given,
    /// changed by the setter itself (a `didSet` that clamps), or refused (not a representable value;
    /// nothing changed).
    func abiSet(from argument: UnsafeRawPointer) -> SetOutcome
    /// Reads the value and remembers it; true if it differs from the value remembered last (the first
    /// call remembers and returns false). How the component's own changes are found, to report them.
    func noteValue() -> Bool
}

/// What became of a value the host set (``InspectableAccess/abiSet(from:)``).
enum SetOutcome {
    /// The property reads back the value given.
    case stored
    /// The setter kept another value (a `didSet` that clamps): the host is told (property_changed).
    case changedBySetter
    /// Not a value of the property (an enum's unknown case): nothing was set.
    case refused
}

/// A property as the class table describes it (read once, from the prototype instance).
struct PropertyDescription {
    var name: String
    var type: easel_type
    var kind: FFIKind
    var defaultValue: easel_value
    var defaultNumber: Double?
    var options: InspectableOptions
    var enumCases: [(name: String, value: Int64)]
    var isReadOnly = false

    init<Value>(name: String, options: InspectableOptions, codec: InspectableCodec<Value>, value: Value,
                isReadOnly: Bool = false) {
        self.isReadOnly = isReadOnly
        self.name = name
        self.type = codec.type
        self.kind = codec.kind
        self.defaultValue = codec.defaultValue(value)
        self.defaultNumber = codec.number(value)
        self.options = options
        self.enumCases = codec.enumCases()
    }
}
