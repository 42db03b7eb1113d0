/// An object that responds to events, as in UIKit: ``UIView``'s base class. A view's touches that it
/// does not handle go up the responder chain (``next``: its superview), so a `touchesBegan` override
/// that calls `super` passes them on.
///
///     override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
///         guard let touch = touches.first else { return }
///         value = touch.location(in: self).x / bounds.width * 100   // reported to the host
///     }
open class UIResponder {
    public init() {}

    /// The next responder in the chain (a view's superview; nil at the root).
    open var next: UIResponder? { nil }

    /// A pointer went down over the view (the host's `easel.input/1` down event).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// The pointer moved while down; the touches go to the view that got the down, wherever it is.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// The pointer went up.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// The sequence ended without an up (the host took the pointer away).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
}
