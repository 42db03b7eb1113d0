/// The current graphics context, as UIKit keeps it: set while EaselKit draws a view tree, so that
/// `draw(_:)`, `UIColor.setFill()`, `UIBezierPath.fill()` and string drawing find it.
///
///     override func draw(_ rect: CGRect) {
///         guard let context = UIGraphicsGetCurrentContext() else { return }
///         context.setFillColor(UIColor.red.cgColor)
///         context.fillEllipse(in: bounds.insetBy(dx: 4, dy: 4))
///     }
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.contexts.last
}

public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.contexts.append(context)
}

public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.contexts.popLast()
}

/// Fills `rect` with the current fill colour.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Strokes a 1-point frame inside `rect` with the current fill colour, as UIKit does.
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    context.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: 1),
                  CGRect(x: r.minX, y: r.maxY - 1, width: r.width, height: 1),
                  CGRect(x: r.minX, y: r.minY + 1, width: 1, height: max(0, r.height - 2)),
                  CGRect(x: r.maxX - 1, y: r.minY + 1, width: 1, height: max(0, r.height - 2))])
}

/// The stack behind UIGraphicsGetCurrentContext. The host serializes all calls into a plugin, so one
/// stack per process suffices.
enum GraphicsContextStack {
    nonisolated(unsafe) static var contexts: [CGContext] = []
}
