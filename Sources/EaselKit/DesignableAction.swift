internal import CEasel

/// A method of a designable class that a designer can trigger, like an IBAction (extension
/// `easel.actions/1`): `host render --action NAME[=VALUE]`, buttons in the live designer. An action
/// may change inspectables (the host is told: property_changed) and ask for redraws.
///
///     final class CircularProgressBar: UIView {
///         override class var designableActions: [DesignableAction] {
///             [.action("animateTo", argument: CGFloat(0.75), range: 0...1) { (bar: CircularProgressBar, target) in
///                 bar.animate(to: target)
///              },
///              .action("reset") { (bar: CircularProgressBar) in bar.progress = 0 }]
///         }
///     }
///
/// The argument, if any, has an inspectable type; `argument:` is the value an editor offers first.
/// The host checks the argument (type, range, enum cases) before the call. To fail, call
/// ``EaselPlugin/reportFailure(_:)``: the host reports it with the class and the action.
public struct DesignableAction: @unchecked Sendable {
    public let name: String
    let displayName: String?
    let summary: String?
    let argumentType: easel_type
    let kind: FFIKind?
    var range: (min: Double, max: Double, step: Double)?
    let enumCases: [(name: String, value: Int64)]
    let defaultArgument: easel_value
    /// Calls the action on `view` with the C argument at the pointer (nil: none); false if `view` is
    /// not of the action's class or the argument is not representable.
    let perform: (UIView, UnsafeRawPointer?) -> Bool

    /// An action without an argument.
    public static func action<View: UIView>(_ name: String, displayName: String? = nil, summary: String? = nil,
                                            _ body: @escaping (View) -> Void) -> DesignableAction {
        DesignableAction(name: name, displayName: displayName, summary: summary, argumentType: EASEL_TYPE_NONE,
                         kind: nil, range: nil, enumCases: [], defaultArgument: easel_value()) { view, _ in
            guard let view = view as? View else { return false }
            body(view)
            return true
        }
    }

    /// An action with one argument of an inspectable type; `argument` is the default an editor offers.
    public static func action<View: UIView, Argument: InspectableValue>(
        _ name: String, argument: Argument, displayName: String? = nil, summary: String? = nil,
        _ body: @escaping (View, Argument) -> Void) -> DesignableAction {
        let codec = Argument._inspectableCodec
        return DesignableAction(name: name, displayName: displayName, summary: summary, argumentType: codec.type,
                                kind: codec.kind, range: nil, enumCases: codec.enumCases(),
                                defaultArgument: codec.defaultValue(argument)) { view, pointer in
            guard let view = view as? View, let pointer, let value = codec.load(pointer) else { return false }
            body(view, value)
            return true
        }
    }

    /// A numeric action limited to `range`; the host rejects arguments outside it.
    public static func action<View: UIView, Argument: InspectableNumber>(
        _ name: String, argument: Argument, range: ClosedRange<Argument>, step: Argument? = nil,
        displayName: String? = nil, summary: String? = nil,
        _ body: @escaping (View, Argument) -> Void) -> DesignableAction {
        var made: DesignableAction = action(name, argument: argument, displayName: displayName, summary: summary, body)
        let number = Argument._inspectableCodec.number
        made.range = (number(range.lowerBound) ?? 0, number(range.upperBound) ?? 0, step.flatMap(number) ?? 0)
        return made
    }
}
