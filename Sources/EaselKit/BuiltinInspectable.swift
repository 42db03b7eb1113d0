/// A property of the toolkit itself (e.g. `UIView.backgroundColor`, `UIButton.title`) listed after a
/// class's own inspectables, in its own inspector group, as Xcode's attributes inspector shows the
/// inherited "View" and "Button" sections. Unlike `@Inspectable` storage it is reached through real
/// accessors, so overrides of these properties in subclasses (with observers) do run.
protocol AnyBuiltinInspectable {
    var name: String { get }
    func bind(to view: UIView) -> InspectableAccess
}

struct BuiltinInspectable<Owner: UIView, Value: InspectableValue>: AnyBuiltinInspectable {
    let name: String
    let options: InspectableOptions
    let get: (Owner) -> Value
    let set: (Owner, Value) -> Void

    init(_ name: String, group: String, displayName: String? = nil, summary: String? = nil,
         range: ClosedRange<Double>? = nil, get: @escaping (Owner) -> Value, set: @escaping (Owner, Value) -> Void) {
        self.name = name
        self.options = InspectableOptions(range: range.map { ($0.lowerBound, $0.upperBound) }, summary: summary,
                                          group: group, displayName: displayName)
        self.get = get
        self.set = set
    }

    func bind(to view: UIView) -> InspectableAccess {
        BoundBuiltinInspectable(view: view as! Owner, builtin: self)
    }
}

/// A built-in inspectable bound to one view.
final class BoundBuiltinInspectable<Owner: UIView, Value: InspectableValue>: InspectableAccess {
    let view: Owner
    let builtin: BuiltinInspectable<Owner, Value>
    let codec = Value._inspectableCodec

    init(view: Owner, builtin: BuiltinInspectable<Owner, Value>) {
        self.view = view
        self.builtin = builtin
    }

    var propertyName: String { builtin.name }

    func describe() -> PropertyDescription {
        PropertyDescription(name: builtin.name, options: builtin.options, codec: codec, value: builtin.get(view))
    }

    func abiGet(into result: UnsafeMutableRawPointer, string: inout UnsafeMutablePointer<CChar>?) {
        codec.store(builtin.get(view), result, &string)
    }

    func abiSet(from argument: UnsafeRawPointer) -> Bool {
        guard let value = codec.load(argument) else { return false }
        builtin.set(view, value)
        return true
    }
}
