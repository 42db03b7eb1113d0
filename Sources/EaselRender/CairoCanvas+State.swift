import CCairo
import CEasel

/// Graphics state, transforms and paint style.
extension CairoCanvas {
    // MARK: Save and restore

    func saveState() {
        stateStack.append(state)
        cairo_save(cr)
    }

    /// Pops a state; ignored when nothing was saved (or only the saves of open transparency
    /// layers remain: a layer's own state is popped by end_transparency_layer).
    func restoreState() {
        let floor = layers.last?.stackDepth ?? 0
        guard stateStack.count > floor, let saved = stateStack.popLast() else { return }
        state = saved
        cairo_restore(cr)
    }

    // MARK: Transform

    /// The user → device transform as the component sees it (the stored singular matrix, if any).
    var currentMatrix: cairo_matrix_t {
        if let singular = state.singularMatrix { return singular }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        return matrix
    }

    /// Post-multiplies `transform` (applied first, in user space) onto the current transform.
    /// A non-invertible result is kept aside (see `GraphicsState.singularMatrix`).
    func concat(_ transform: cairo_matrix_t) {
        var user = transform
        var current = currentMatrix
        var result = cairo_matrix_t()
        cairo_matrix_multiply(&result, &user, &current)
        let values = [result.xx, result.yx, result.xy, result.yy, result.x0, result.y0]
        var inverse = result
        // Cairo's own test (cairo_set_matrix fails, and the context with it, when the determinant
        // is not finite and non-zero; cairo_matrix_invert alone accepts a scale of 1e200).
        // The inverse must hold too: a scale of 1e-322 (a denormal determinant) passes that test, but
        // its inverse is infinite, and Cairo's SVG and PDF surfaces abort the process (an assertion
        // in _cairo_svg_surface_emit_linear_pattern) when they invert a pattern matrix made with it.
        let determinant = result.xx * result.yy - result.yx * result.xy
        if values.allSatisfy({ $0.isFinite }), determinant.isFinite, determinant != 0,
           cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS,
           [inverse.xx, inverse.yx, inverse.xy, inverse.yy, inverse.x0, inverse.y0].allSatisfy({ $0.isFinite }),
           (inverse.xx * inverse.yy - inverse.yx * inverse.xy).isFinite {
            state.singularMatrix = nil
            cairo_set_matrix(cr, &result)
        } else {
            state.singularMatrix = result
        }
    }

    func translate(_ tx: Double, _ ty: Double) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, tx, ty)
        concat(matrix)
    }

    func scale(_ sx: Double, _ sy: Double) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, sx, sy)
        concat(matrix)
    }

    func rotate(_ radians: Double) {
        guard radians.isFinite else { return invalid("rotate", "angle \(radians)", "a finite number") }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_rotate(&matrix, radians)
        concat(matrix)
    }

    func concatTransform(_ t: easel_affine_transform) {
        // CoreGraphics: x' = a·x + c·y + tx, y' = b·x + d·y + ty; Cairo: x' = xx·x + xy·y + x0.
        concat(cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty))
    }

    func transform() -> easel_affine_transform {
        let m = currentMatrix
        return easel_affine_transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    // MARK: Paint style

    func setFillColor(_ color: easel_color) {
        state.fillColor = color
    }

    func setStrokeColor(_ color: easel_color) {
        state.strokeColor = color
    }

    /// A width of 0 strokes nothing (Cairo's rule; CAShapeLayer's too).
    func setLineWidth(_ width: Double) {
        guard width.isFinite, width >= 0 else {
            return invalid("set_line_width", "\(width)", "a finite width >= 0")
        }
        cairo_set_line_width(cr, width)
    }

    func setLineCap(_ cap: easel_line_cap) {
        switch cap {
        case EASEL_LINE_CAP_BUTT: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case EASEL_LINE_CAP_ROUND: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case EASEL_LINE_CAP_SQUARE: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        default: invalid("set_line_cap", "\(cap)", "EASEL_LINE_CAP_BUTT, _ROUND or _SQUARE")
        }
    }

    func setLineJoin(_ join: easel_line_join) {
        switch join {
        case EASEL_LINE_JOIN_MITER: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case EASEL_LINE_JOIN_ROUND: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case EASEL_LINE_JOIN_BEVEL: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        default: invalid("set_line_join", "\(join)", "EASEL_LINE_JOIN_MITER, _ROUND or _BEVEL")
        }
    }

    func setMiterLimit(_ limit: Double) {
        guard limit.isFinite, limit >= 0 else {
            return invalid("set_miter_limit", "\(limit)", "a finite limit >= 0")
        }
        cairo_set_miter_limit(cr, limit)
    }

    /// Cairo rejects (and enters an error state for) negative lengths or an all-zero pattern;
    /// those are refused here instead. An all-zero pattern means solid lines.
    func setLineDash(phase: Double, lengths: UnsafePointer<Double>?, count: UInt32) {
        guard count > 0, let lengths else {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        let values = Array(UnsafeBufferPointer(start: lengths, count: Int(count)))
        guard phase.isFinite, values.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            return invalid("set_line_dash", "\(values) phase \(phase)", "finite lengths >= 0 and a finite phase")
        }
        if values.allSatisfy({ $0 == 0 }) {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            cairo_set_dash(cr, values, Int32(values.count), phase)
        }
    }

    func setAlpha(_ alpha: Double) {
        guard !alpha.isNaN else { return invalid("set_alpha", "nan", "a number in 0…1") }
        state.alpha = min(max(alpha, 0), 1)
    }

    func setShadow(offset: easel_size, blur: Double, color: easel_color) {
        guard offset.width.isFinite, offset.height.isFinite, blur.isFinite, !color.alpha.isNaN else {
            return invalid("set_shadow", "offset \(offset.width),\(offset.height) blur \(blur)", "finite numbers")
        }
        state.shadow = color.alpha > 0 ? Shadow(offset: offset, blur: max(blur, 0), color: color) : nil
    }

    /// Records that a call was ignored because an argument was out of range.
    func invalid(_ call: String, _ value: String, _ expected: String) {
        diagnose(.invalidOption(name: "argument to \(call)", value: value, expected: expected))
    }
}
