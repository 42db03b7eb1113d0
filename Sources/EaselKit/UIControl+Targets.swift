/// A handler a control calls for its events (UIAction).
public final class UIAction {
    public let title: String
    let handler: (UIAction) -> Void
    /// The control that sent the action, while its handler runs.
    public private(set) weak var sender: AnyObject?

    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }

    func perform(from sender: UIControl) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}

/// One registration of ``UIControl/addTarget(_:action:for:)`` or ``UIControl/addAction(_:for:)``.
struct ControlTargetAction {
    let events: UIControl.Event
    /// The target (weak, as UIKit keeps it), nil for an action.
    weak var target: AnyObject?
    let hasTarget: Bool
    let action: UIAction?
    let call: ((AnyObject, UIControl) -> Void)?

    func perform(_ control: UIControl) {
        if let action { return action.perform(from: control) }
        guard let target, let call else { return }
        call(target, control)
    }
}

/// Targets and actions: Swift on Linux has no selectors, so an action is a method reference
/// (`addTarget(self, action: Dial.valueDidChange, for: .valueChanged)`) or a ``UIAction``.
extension UIControl {
    /// Calls `action` on `target` (kept weakly) with the control when one of `controlEvents` happens.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (UIControl) -> Void,
                                             for controlEvents: Event) {
        targetActions.append(ControlTargetAction(events: controlEvents, target: target, hasTarget: true, action: nil) { target, control in
            action(target as! Target)(control)
        })
    }

    /// Calls `action` on `target` (kept weakly), without arguments, when one of `controlEvents` happens.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void,
                                             for controlEvents: Event) {
        targetActions.append(ControlTargetAction(events: controlEvents, target: target, hasTarget: true, action: nil) { target, _ in
            action(target as! Target)()
        })
    }

    /// Runs `action` when one of `controlEvents` happens.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        targetActions.append(ControlTargetAction(events: controlEvents, target: nil, hasTarget: false, action: action, call: nil))
    }

    /// Stops calling `target`'s actions (nil: every target's) for `controlEvents`.
    public func removeTarget(_ target: AnyObject?, for controlEvents: Event) {
        targetActions.removeAll { entry in
            entry.hasTarget && (target == nil || entry.target === target) && controlEvents.contains(entry.events)
        }
    }

    /// Stops running `action` for `controlEvents`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        targetActions.removeAll { $0.action === action && controlEvents.contains($0.events) }
    }

    /// Every event some target or action is registered for.
    public var allControlEvents: Event { targetActions.reduce(into: []) { $0.formUnion($1.events) } }
}
