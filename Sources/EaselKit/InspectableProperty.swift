/// One inspectable property of a designable class, as ``Designable()`` writes it for each
/// `@IBInspectable` member — `InspectableProperty("cornerRadius", \RoundedCornerButton.cornerRadius,
/// summary: "…", range: 0...100)` — and as the toolkit declares its own ("backgroundColor" in the
/// "View" group). You do not write these: the macro does.
///
/// The host's gets and sets go through the key path, so they run the property's real getter and
/// setter: observers (`didSet`) and overrides run as they do for your own code.
public struct InspectableProperty {
    let name: String
    let options: InspectableOptions
    /// The toolkit's own properties (listed after the class's) are applied last by layout documents.
    let isToolkit: Bool
    /// Binds the property to one view of its class.
    let bind: (UIView) -> InspectableAccess

    /// A settable property: get and set through `keyPath`. `minimum` and `maximum` name other
    /// inspectables of the class whose values bound this one (a dependent range, easel.ranges/1).
    public init<Owner: UIView, Value: InspectableValue>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value>, summary: String? = nil,
        range: ClosedRange<Double>? = nil, step: Double? = nil, minimum: String? = nil, maximum: String? = nil,
        group: String? = nil, displayName: String? = nil, hidden: Bool = false
    ) {
        self.init(name, options: InspectableOptions(range: range, step: step, minimum: minimum, maximum: maximum,
                                                    summary: summary, group: group, displayName: displayName, hidden: hidden),
                  get: { (owner: Owner) in owner[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// A read-only property (no setter, or a `private(set)` one seen from outside): shown, never set.
    public init<Owner: UIView, Value: InspectableValue>(
        _ name: String, _ keyPath: KeyPath<Owner, Value>, summary: String? = nil,
        range: ClosedRange<Double>? = nil, step: Double? = nil, minimum: String? = nil, maximum: String? = nil,
        group: String? = nil, displayName: String? = nil, hidden: Bool = false
    ) {
        self.init(name, options: InspectableOptions(range: range, step: step, minimum: minimum, maximum: maximum,
                                                    summary: summary, group: group, displayName: displayName, hidden: hidden),
                  get: { (owner: Owner) in owner[keyPath: keyPath] }, set: nil)
    }

    /// Chosen for a type that is not inspectable, to say so at compile time.
    @available(*, unavailable, message: """
        this type is not inspectable: use Int, CGFloat, Double, String, Bool, CGPoint, CGSize, CGRect, UIColor, \
        UIColor?, UIImage?, UIEdgeInsets, or make the enum adopt InspectableEnum (enum Style: Int, InspectableEnum)
        """)
    public init<Owner, Value>(
        _ name: String, _ keyPath: KeyPath<Owner, Value>, summary: String? = nil,
        range: ClosedRange<Double>? = nil, step: Double? = nil, minimum: String? = nil, maximum: String? = nil,
        group: String? = nil, displayName: String? = nil, hidden: Bool = false
    ) {
        fatalError("unavailable")
    }

    /// Chosen for an enum that does not adopt InspectableEnum, to say so at compile time (the macro
    /// puts the error on the property's line).
    @available(*, unavailable, message: """
        this enum is not inspectable: make it adopt InspectableEnum (an Int-backed enum: enum Style: Int, InspectableEnum { … })
        """)
    public init<Owner, Value: RawRepresentable>(
        _ name: String, _ keyPath: KeyPath<Owner, Value>, summary: String? = nil,
        range: ClosedRange<Double>? = nil, step: Double? = nil, minimum: String? = nil, maximum: String? = nil,
        group: String? = nil, displayName: String? = nil, hidden: Bool = false
    ) {
        fatalError("unavailable")
    }

    /// A toolkit property reached through its accessors (`.toolkit(UIButton.self, String.self, "title", …)`).
    static func toolkit<Owner: UIView, Value: InspectableValue>(
        _ owner: Owner.Type, _ value: Value.Type, _ name: String, group: String, displayName: String? = nil,
        range: ClosedRange<Double>? = nil, get: @escaping (Owner) -> Value, set: @escaping (Owner, Value) -> Void
    ) -> InspectableProperty {
        InspectableProperty(name, options: InspectableOptions(range: range, step: nil, minimum: nil, maximum: nil, summary: nil,
                                                              group: group, displayName: displayName, hidden: false),
                            get: get, set: set, isToolkit: true)
    }

    private init<Owner: UIView, Value: InspectableValue>(
        _ name: String, options: InspectableOptions, get: @escaping (Owner) -> Value,
        set: ((Owner, Value) -> Void)?, isToolkit: Bool = false
    ) {
        self.name = name
        self.options = options
        self.isToolkit = isToolkit
        self.bind = { view in AccessorInspectable(view: view as! Owner, name: name, options: options, get: get, set: set) }
    }
}

extension InspectableOptions {
    init(range: ClosedRange<Double>?, step: Double?, minimum: String?, maximum: String?, summary: String?,
         group: String?, displayName: String?, hidden: Bool) {
        self.init(range: range.map { ($0.lowerBound, $0.upperBound) }, step: step ?? 0, minimumFrom: minimum,
                  maximumFrom: maximum, summary: summary, group: group, displayName: displayName, hidden: hidden)
    }
}

/// An inspectable property bound to one view: the ABI's getter and setter call its accessors.
final class AccessorInspectable<Owner: UIView, Value: InspectableValue>: InspectableAccess {
    let view: Owner
    let propertyName: String
    let options: InspectableOptions
    let getter: (Owner) -> Value
    let setter: ((Owner, Value) -> Void)?
    let codec = Value._inspectableCodec

    init(view: Owner, name: String, options: InspectableOptions, get: @escaping (Owner) -> Value,
         set: ((Owner, Value) -> Void)?) {
        self.view = view
        self.propertyName = name
        self.options = options
        self.getter = get
        self.setter = set
    }

    var isReadOnly: Bool { setter == nil }

    func describe() -> PropertyDescription {
        PropertyDescription(name: propertyName, options: options, codec: codec, value: getter(view), isReadOnly: isReadOnly)
    }

    func abiGet(into result: UnsafeMutableRawPointer, string: inout UnsafeMutablePointer<CChar>?) {
        codec.store(getter(view), result, &string)
    }

    func abiSet(from argument: UnsafeRawPointer) -> SetOutcome {
        guard let setter, let value = codec.load(argument) else { return .refused }
        setter(view, value)
        let kept = getter(view)
        // NaN is kept as NaN, though it is not equal to itself.
        return kept == value || (kept != kept && value != value) ? .stored : .changedBySetter
    }

    /// The value `noteValue()` saw last.
    private var noted: Value?

    func noteValue() -> Bool {
        let value = getter(view)
        defer { noted = value }
        guard let noted else { return false }
        return value != noted
    }
}
