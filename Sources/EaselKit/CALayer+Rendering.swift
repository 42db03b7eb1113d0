/// Rendering a layer tree into a CGContext, in CoreAnimation's order: shadow (of the whole layer),
/// background, contents (`draw(in:)`, or the view's `draw(_:)`), sublayers, border on top.
extension CALayer {
    /// Renders the layer and its sublayers. `asRoot`: the layer is the instance the host draws, whose
    /// bounds are the canvas (its position and transform are ignored).
    func render(in ctx: CGContext, asRoot: Bool = false) {
        guard !isHidden, opacity > 0 else { return }
        let paintCount = ownPaintCount()
        // A toolkit layer with nothing to paint and no sublayers (an empty path, clear colours).
        if paintCount == 0, sublayers?.isEmpty ?? true { return }
        ctx.saveGState()
        let transform = affineTransform()
        if asRoot {
            translate(ctx, -bounds.minX, -bounds.minY)
        } else if transform.isIdentity {
            let origin = frame.origin
            translate(ctx, origin.x - bounds.minX, origin.y - bounds.minY)
        } else {
            // Turn around the anchor point, which sits at `position` in the superlayer.
            translate(ctx, position.x, position.y)
            ctx.concatenate(transform)
            translate(ctx, -anchorPoint.x * bounds.width - bounds.minX, -anchorPoint.y * bounds.height - bounds.minY)
        }

        let alpha = CGFloat(opacity)
        let shadowAlpha = CGFloat(shadowOpacity) * (shadowColor?.alpha ?? 0)
        let hasShadow = shadowAlpha > 0
        if masksToBounds { clipToShape(in: ctx) }
        var group = alpha < 1 || hasShadow
        if group, sublayers?.isEmpty ?? true, let count = paintCount, count <= 1 {
            // One painting operation (Rainbow's shadowed caps): its shadow and alpha are exactly the
            // group's, so set them and paint directly — no transparency group to allocate, fill
            // and composite, and the canvas blurs only that shape's mask.
            group = false
            if hasShadow, let shadowColor {
                ctx.setShadow(offset: shadowOffset, blur: shadowRadius, color: shadowColor.copy(alpha: shadowAlpha))
            }
            if alpha < 1 { ctx.setAlpha(alpha) }
        }
        if group, sublayers?.isEmpty ?? true, let painted = paintBounds() {
            // Keep the group (and the shadow the host blurs) as small as what is painted.
            let margin = hasShadow ? 2 * shadowRadius + max(abs(shadowOffset.width), abs(shadowOffset.height)) + 1 : 1
            ctx.clip(to: painted.insetBy(dx: -margin, dy: -margin))
        }
        if group {
            if hasShadow, let shadowColor {
                ctx.setShadow(offset: shadowOffset, blur: shadowRadius, color: shadowColor.copy(alpha: shadowAlpha))
            }
            if alpha < 1 { ctx.setAlpha(alpha) }
            ctx.beginTransparencyLayer()
            ctx.saveGState()
            ctx.setAlpha(1)
            ctx.setShadow(offset: .zero, blur: 0, color: nil)
        }

        renderBackground(in: ctx)
        renderContents(in: ctx, selfContained: paintCount != nil)
        for sublayer in orderedSublayers() { sublayer.render(in: ctx) }
        renderBorder(in: ctx)

        if group {
            ctx.restoreGState()
            ctx.endTransparencyLayer()
        }
        ctx.restoreGState()
    }

    private func translate(_ ctx: CGContext, _ x: CGFloat, _ y: CGFloat) {
        if x != 0 || y != 0 { ctx.translateBy(x: x, y: y) }
    }

    private func orderedSublayers() -> [CALayer] {
        guard let sublayers, sublayers.contains(where: { $0.zPosition != 0 }) else { return sublayers ?? [] }
        return sublayers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }

    private func clipToShape(in ctx: CGContext) {
        ctx.beginPath()
        if cornerRadius > 0 {
            ctx.addRoundedRect(bounds, cornerRadius: cornerRadius)
        } else {
            ctx.addRect(bounds)
        }
        ctx.clip()
    }

    /// How many painting operations the background and border emit (0…2).
    var backgroundAndBorderPaintCount: Int {
        let background = (backgroundColor?.alpha ?? 0) > 0 ? 1 : 0
        let border = borderWidth > 0 && (borderColor?.alpha ?? 0) > 0 ? 1 : 0
        return background + border
    }

    private func renderBackground(in ctx: CGContext) {
        guard let color = backgroundColor, color.alpha > 0 else { return }
        ctx.setFillColor(color)
        if cornerRadius > 0 {
            ctx.beginPath()
            ctx.addRoundedRect(bounds, cornerRadius: cornerRadius)
            ctx.fillPath()
        } else {
            ctx.fill(bounds)
        }
    }

    /// The contents. `selfContained`: the toolkit's own drawing (a CAShapeLayer, CAGradientLayer or
    /// plain CALayer), which changes only colours and line style — restored with the layer — and
    /// needs no graphics state of its own; code's drawing (a view's draw(_:), a delegate, an
    /// override of draw(in:)) gets one, so that what it leaves behind cannot reach the border.
    private func renderContents(in ctx: CGContext, selfContained: Bool) {
        if selfContained {
            draw(in: ctx)
            clearNeedsDisplay()
            return
        }
        ctx.saveGState()
        // Code draws as in a fresh CoreGraphics context: black fill and stroke, 1-point lines (the
        // background, or an ancestor's, must not become `UIBezierPath.fill()`'s colour). Line cap,
        // join, miter and dash are at their defaults already (see UIView.renderAsRoot).
        ctx.setFillColor(CGColor.black)
        ctx.setStrokeColor(CGColor.black)
        ctx.setLineWidth(1)
        if let image = contents as? UIImage {
            ctx.draw(image, in: bounds, contentMode: .scaleToFill)
        }
        if let view = owningView {
            view.renderOwnContent(in: ctx)
        } else {
            draw(in: ctx)
        }
        ctx.restoreGState()
        clearNeedsDisplay()
    }

    private func renderBorder(in ctx: CGContext) {
        guard borderWidth > 0, let color = borderColor, color.alpha > 0 else { return }
        let inset = bounds.insetBy(dx: borderWidth / 2, dy: borderWidth / 2)
        guard inset.width >= 0, inset.height >= 0 else { return }
        ctx.saveGState()
        ctx.setStrokeColor(color)
        ctx.setLineWidth(borderWidth)
        ctx.beginPath()
        if cornerRadius > 0 {
            ctx.addRoundedRect(inset, cornerRadius: max(0, cornerRadius - borderWidth / 2))
        } else {
            ctx.addRect(inset)
        }
        ctx.strokePath()
        ctx.restoreGState()
    }
}
