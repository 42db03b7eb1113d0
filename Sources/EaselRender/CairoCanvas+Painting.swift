import CCairo
import CEasel

/// Painting paths and clipping. Every painting operation goes through `paint(extents:path:_:)`,
/// which casts the current shadow first.
extension CairoCanvas {
    /// Sets a solid source with the global alpha multiplied in (CoreGraphics applies the alpha to
    /// each operation separately, which for a solid colour is exactly this).
    func setSource(_ color: easel_color, on context: OpaquePointer) {
        cairo_set_source_rgba(context, clamp(color.red), clamp(color.green), clamp(color.blue),
                              clamp(color.alpha) * state.alpha)
    }

    /// Paints one operation. `draw` must do everything itself (source, path use, paint) on the
    /// context it is given, in the current user space; it runs once on the canvas's context and,
    /// when a shadow is set, once more on the shadow's mask. `extents` bounds (in user space) what
    /// it can touch; `path`, when given, is appended to the shadow context before `draw` runs.
    /// `extents` is only evaluated when a shadow is cast.
    func paint(extents: @autoclosure () -> UserRect, path: UnsafeMutablePointer<cairo_path_t>? = nil,
               _ draw: (OpaquePointer) -> Void) {
        guard state.singularMatrix == nil else { return }
        if let shadow = state.shadow {
            castShadow(shadow, extents: extents(), path: path, draw)
        }
        draw(cr)
    }

    func drawPath(_ mode: easel_path_mode) {
        defer { cairo_new_path(cr) }
        guard state.singularMatrix == nil else { return }
        let fills = [EASEL_PATH_FILL, EASEL_PATH_EO_FILL, EASEL_PATH_FILL_STROKE, EASEL_PATH_EO_FILL_STROKE]
            .contains(mode)
        let strokes = [EASEL_PATH_STROKE, EASEL_PATH_FILL_STROKE, EASEL_PATH_EO_FILL_STROKE].contains(mode)
        guard fills || strokes else {
            return invalid("draw_path", "mode \(mode)", "an EASEL_PATH_* mode (0…4)")
        }
        let evenOdd = mode == EASEL_PATH_EO_FILL || mode == EASEL_PATH_EO_FILL_STROKE
        paintCurrentPath(fill: fills, evenOdd: evenOdd, stroke: strokes)
    }

    /// Fills and/or strokes the current path (left in place: the callers decide what to do with it).
    func paintCurrentPath(fill: Bool, evenOdd: Bool, stroke: Bool) {
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        func extents() -> UserRect {
            var extents = UserRect.empty
            if fill { extents = extents.union(.fillExtents(cr)) }
            if stroke { extents = extents.union(.strokeExtents(cr)) }
            return extents
        }
        let path = state.shadow != nil ? cairo_copy_path(cr) : nil
        defer { if let path { cairo_path_destroy(path) } }
        let fillColor = state.fillColor, strokeColor = state.strokeColor
        paint(extents: extents(), path: path) { context in
            if context != cr { copyLineStyle(to: context) }
            if fill {
                setSource(fillColor, on: context)
                cairo_fill_preserve(context)
            }
            if stroke {
                setSource(strokeColor, on: context)
                withBoundedStroke(on: context) { cairo_stroke_preserve(context) }
            }
        }
    }

    func fillRect(_ rect: easel_rect) {
        guard canBuild(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height) else { return }
        preservingPath {
            boundedRectangle(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            paintCurrentPath(fill: true, evenOdd: false, stroke: false)
        }
    }

    func strokeRect(_ rect: easel_rect) {
        guard canBuild(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height) else { return }
        preservingPath {
            boundedRectangle(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            paintCurrentPath(fill: false, evenOdd: false, stroke: true)
        }
    }

    /// Intersects the clip with the current path and consumes it. Through a singular transform
    /// the clip becomes empty, as CoreGraphics' would.
    func clip(_ rule: easel_fill_rule) {
        if state.singularMatrix != nil {
            cairo_new_path(cr)
            cairo_rectangle(cr, 0, 0, 0, 0)
        }
        cairo_set_fill_rule(cr, rule == EASEL_FILL_RULE_EVEN_ODD ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }

    func clipToRect(_ rect: easel_rect) {
        preservingPath {
            if canBuild(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height) {
                boundedRectangle(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
            } else {
                cairo_rectangle(cr, 0, 0, 0, 0)
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }
    }

    /// Gives a shadow context the same stroke geometry as the canvas's.
    func copyLineStyle(to context: OpaquePointer) {
        cairo_set_line_width(context, cairo_get_line_width(cr))
        cairo_set_line_cap(context, cairo_get_line_cap(cr))
        cairo_set_line_join(context, cairo_get_line_join(cr))
        cairo_set_miter_limit(context, cairo_get_miter_limit(cr))
        cairo_set_fill_rule(context, cairo_get_fill_rule(cr))
        let count = cairo_get_dash_count(cr)
        if count > 0 {
            var dashes = [Double](repeating: 0, count: Int(count))
            var offset = 0.0
            cairo_get_dash(cr, &dashes, &offset)
            cairo_set_dash(context, dashes, count, offset)
        } else {
            cairo_set_dash(context, nil, 0, 0)
        }
    }
}

func clamp(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, 0), 1)
}
