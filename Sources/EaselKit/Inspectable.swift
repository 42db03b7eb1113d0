/// Marks a property of a `UIView` subclass as inspectable: the host lists it, shows it in its
/// inspector and sets it, as Interface Builder does with `@IBInspectable`.
///
///     final class RoundedCornerButton: UIButton {
///         @Inspectable var cornerRadius: CGFloat = 0
///         @Inspectable(range: 0...10, step: 0.5, summary: "Width of the outline", group: "Border")
///         var borderWidth: CGFloat = 0
///         @Inspectable(displayName: "Outline") var borderColor: UIColor = .black
///
///         override func layoutSubviews() {
///             super.layoutSubviews()
///             layer.cornerRadius = cornerRadius
///             layer.borderWidth = borderWidth
///             layer.borderColor = borderColor.cgColor
///         }
///     }
///
/// The value type must be one of the ``InspectableValue`` types; anything else is a compile error.
/// `range:` is accepted only on `Int`, `CGFloat` and `Double`. The value a fresh instance has (after
/// `init(frame:)`) is the default the host shows. Display names are derived from the property name
/// ("cornerRadius" → "Corner Radius") unless `displayName:` is given. Properties are listed in
/// declaration order, the class's own first, then those of its superclasses.
///
/// Every set — by the host through the ABI, or by your own code — marks the view for layout and
/// display (`setNeedsLayout()`, `setNeedsDisplay()`) and then calls
/// ``UIView/inspectableDidChange(_:)`` with the property's name.
///
/// - Important: A `didSet` (or `willSet`) written on an `@Inspectable` property runs only for sets
///   made by your own Swift code, **never for values the host sets**. Swift compiles observers into the
///   property's setter, and without the Objective-C runtime the SDK cannot reach that setter by the
///   property's name: it writes the wrapper's storage directly. Put reactions where UIKit runs them
///   anyway — `layoutSubviews()` and `draw(_:)` (the host always lays out after setting properties and
///   before drawing) — or override ``UIView/inspectableDidChange(_:)``, which runs for every set.
///   The seed's `didSet { layer.cornerRadius = cornerRadius }` therefore becomes
///   `layer.cornerRadius = cornerRadius` in `layoutSubviews()`.
///
/// The wrapper is a class so that each view instance owns its storage and the SDK can reach it
/// through `Mirror` once per instance; it can only be used inside `UIView` subclasses.
@propertyWrapper
public final class Inspectable<Value: InspectableValue> {
    /// The stored value.
    var value: Value
    let options: InspectableOptions
    let codec: InspectableCodec<Value>
    /// The property's name ("cornerRadius"), known once the owner's inspectables were discovered.
    var name: String?

    /// An inspectable property.
    /// - Parameters:
    ///   - summary: one line for the inspector.
    ///   - group: the inspector section; nil: the class's own section.
    ///   - displayName: nil: derived from the property name.
    ///   - hidden: settable by the host but not listed by its inspector.
    public init(wrappedValue: Value, summary: String? = nil, group: String? = nil,
                displayName: String? = nil, hidden: Bool = false) {
        value = wrappedValue
        codec = Value._inspectableCodec
        options = InspectableOptions(summary: summary, group: group, displayName: displayName, hidden: hidden)
    }

    /// A numeric inspectable property limited to `range`; the host rejects values outside it.
    /// - Parameters:
    ///   - range: the allowed values, e.g. `0...100`. The default value must lie inside.
    ///   - step: the inspector's increment; 0: continuous.
    public init(wrappedValue: Value, range: ClosedRange<Value>, step: Value? = nil, summary: String? = nil,
                group: String? = nil, displayName: String? = nil, hidden: Bool = false)
    where Value: InspectableNumber {
        value = wrappedValue
        codec = Value._inspectableCodec
        let number = codec.number
        options = InspectableOptions(range: (number(range.lowerBound) ?? 0, number(range.upperBound) ?? 0),
                                     step: step.flatMap(number) ?? 0, summary: summary, group: group,
                                     displayName: displayName, hidden: hidden)
    }

    @available(*, unavailable, message: "@Inspectable can only be used on properties of UIView subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Inspectable can only be used on properties of UIView subclasses") }
        set { fatalError("@Inspectable can only be used on properties of UIView subclasses") }
    }

    /// Reached by Swift for every read and write of the property in a `UIView` subclass: a write
    /// stores the value and invalidates the owner.
    public static subscript<Owner: UIView>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Inspectable<Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].value }
        set {
            let wrapper = owner[keyPath: storageKeyPath]
            wrapper.value = newValue
            owner.inspectableStorageDidChange(wrapper)
        }
    }
}

extension Inspectable: InspectableAccess {
    var propertyName: String { name ?? "" }
    var isReadOnly: Bool { false }

    func describe() -> PropertyDescription {
        PropertyDescription(name: propertyName, options: options, codec: codec, value: value)
    }

    func abiGet(into result: UnsafeMutableRawPointer, string: inout UnsafeMutablePointer<CChar>?) {
        codec.store(value, result, &string)
    }

    func abiSet(from argument: UnsafeRawPointer) -> Bool {
        guard let newValue = codec.load(argument) else { return false }
        value = newValue
        return true
    }
}
