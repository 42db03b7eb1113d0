/// Drawing the view tree into the host's canvas.
extension UIView {
    /// What the host's `draw(canvas, rect)` does: with `ctx` current, render the layer tree.
    /// Returns false (logged) if the view was never given a size.
    func renderAsRoot(in ctx: CGContext, dirtyRect: CGRect, className: String) -> Bool {
        guard bounds.width.isFinite, bounds.height.isFinite else {
            EaselPlugin.log(.error, "\(className): cannot draw with bounds \(bounds)")
            return false
        }
        if needsLayoutFlag { layoutPass(force: false) }
        // Dynamic background colours in the traits drawn with (UITraitCollection.current).
        forEachView { view in
            if let color = view.dynamicBackgroundColor { view.layer.backgroundColor = color.cgColor }
        }
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        drawRect = dirtyRect
        // Line cap, join, miter limit and dash start at CoreGraphics' defaults, so toolkit layers
        // that use them need not set them (see CAShapeLayer).
        ctx.saveGState()
        ctx.establishDefaultLineStyle()
        layer.render(in: ctx, asRoot: true)
        ctx.restoreGState()
        drawRect = nil
        return true
    }

    /// The content of the view's own layer: the toolkit's pre-render hook, then `draw(_:)`.
    func renderOwnContent(in ctx: CGContext) {
        willRender(in: ctx)
        draw(drawRect ?? bounds)
        drawRect = nil
    }
}

/// The dirty rect the host asked to draw: passed to the root's `draw(_:)` only.
nonisolated(unsafe) private var drawRect: CGRect?
