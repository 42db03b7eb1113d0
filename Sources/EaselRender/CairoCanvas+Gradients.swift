import CCairo
import CEasel

/// CGContextDrawLinearGradient / CGContextDrawRadialGradient and transparency layers.
///
/// Gradients paint the whole current clip. Without EASEL_GRADIENT_EXTEND_BEFORE nothing is painted
/// before the start (t < 0), without EXTEND_AFTER nothing after the end (t > 1); with them the end
/// colours continue, as CoreGraphics does. Cairo's extend modes act on both ends at once, so the
/// pattern always uses EXTEND_PAD and a side that must not extend gets a hard stop to transparent
/// at its end (t = 0 or 1), which is exactly "nothing painted beyond it". Stops before 0 or after 1
/// are clamped; stops are sorted by location; colours before the first stop and after the last
/// are those stops' colours. A linear gradient whose start equals its end paints nothing.
extension CairoCanvas {
    func drawLinearGradient(_ stops: UnsafePointer<easel_gradient_stop>?, _ count: UInt32,
                            start: easel_point, end: easel_point, options: easel_gradient_options) {
        guard canBuild(start.x, start.y, end.x, end.y) else { return }
        guard let gradientStops = validStops(stops, count, call: "draw_linear_gradient") else { return }
        guard start.x != end.x || start.y != end.y else { return }
        let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        defer { cairo_pattern_destroy(pattern) }
        paintGradient(pattern, gradientStops, options)
    }

    func drawRadialGradient(_ stops: UnsafePointer<easel_gradient_stop>?, _ count: UInt32,
                            startCenter: easel_point, startRadius: Double,
                            endCenter: easel_point, endRadius: Double, options: easel_gradient_options) {
        guard canBuild(startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius) else { return }
        guard startRadius >= 0, endRadius >= 0 else {
            return invalid("draw_radial_gradient", "radii \(startRadius), \(endRadius)", "radii >= 0")
        }
        guard let gradientStops = validStops(stops, count, call: "draw_radial_gradient") else { return }
        let pattern = cairo_pattern_create_radial(startCenter.x, startCenter.y, startRadius,
                                                  endCenter.x, endCenter.y, endRadius)!
        defer { cairo_pattern_destroy(pattern) }
        paintGradient(pattern, gradientStops, options)
    }

    /// The stops copied, sorted, with finite locations clamped to 0…1; nil (with a diagnostic)
    /// when there are none or one is not finite.
    private func validStops(_ stops: UnsafePointer<easel_gradient_stop>?, _ count: UInt32,
                            call: String) -> [easel_gradient_stop]? {
        guard let stops, count > 0 else {
            invalid(call, "\(count) stops", "at least one colour stop")
            return nil
        }
        var copied = Array(UnsafeBufferPointer(start: stops, count: Int(count)))
        guard copied.allSatisfy({ $0.location.isFinite }) else {
            invalid(call, "a stop location that is not finite", "locations in 0…1")
            return nil
        }
        for i in copied.indices { copied[i].location = min(max(copied[i].location, 0), 1) }
        // A stable sort: stops at one location keep their order (a hard colour change).
        return copied.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    private func paintGradient(_ pattern: OpaquePointer, _ stops: [easel_gradient_stop],
                               _ options: easel_gradient_options) {
        func add(_ location: Double, _ color: easel_color, alpha: Double? = nil) {
            cairo_pattern_add_color_stop_rgba(pattern, location, clamp(color.red), clamp(color.green),
                                              clamp(color.blue), alpha ?? clamp(color.alpha))
        }
        let first = stops[0], last = stops[stops.count - 1]
        if options & EASEL_GRADIENT_EXTEND_BEFORE == 0 { add(0, first.color, alpha: 0) }
        if first.location > 0 { add(0, first.color) }
        for stop in stops { add(stop.location, stop.color) }
        if last.location < 1 { add(1, last.color) }
        if options & EASEL_GRADIENT_EXTEND_AFTER == 0 { add(1, last.color, alpha: 0) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        if let error = RenderError.checking(cairo_pattern_status(pattern), "creating a gradient") {
            return record(error)
        }
        paintClip(with: pattern)
    }

    /// Paints `pattern` over the whole clip with the global alpha and the shadow. A shadow needs
    /// the clipped result as a shape, so the pattern is first painted into a group.
    func paintClip(with pattern: OpaquePointer) {
        guard state.singularMatrix == nil else { return }
        let alpha = state.alpha
        guard state.shadow != nil else {
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
            return
        }
        cairo_push_group(cr)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        let group = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(group) }
        inDeviceSpace(group) {
            paint(extents: .clipExtents(cr)) { context in
                cairo_set_source(context, group)
                cairo_paint_with_alpha(context, alpha)
            }
        }
    }

    // MARK: Transparency layers

    /// CGContextBeginTransparencyLayer: saves the graphics state, then collects everything painted
    /// until the matching end into a group; inside, alpha is 1 and there is no shadow.
    func beginTransparencyLayer() {
        saveState()
        layers.append(TransparencyLayer(stackDepth: stateStack.count))
        cairo_push_group(cr)
        state.alpha = 1
        state.shadow = nil
    }

    /// Composites the innermost layer with the alpha and shadow current at its begin and restores
    /// the state saved there. States saved inside the layer and left unrestored are popped first.
    /// Without an open layer, ignored.
    func endTransparencyLayer() {
        guard let layer = layers.popLast() else { return }
        while stateStack.count > layer.stackDepth, let saved = stateStack.popLast() {
            state = saved
            cairo_restore(cr)
        }
        let group = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(group) }
        if let saved = stateStack.popLast() {
            state = saved
            cairo_restore(cr)
        }
        guard state.singularMatrix == nil else { return }
        inDeviceSpace(group) { paintClip(with: group) }
    }

    /// Runs `body` with the current transform and `group`'s matrix both the identity.
    ///
    /// A group popped from Cairo is in device space, and Cairo gives it the current transform as
    /// its matrix, which setting it as the source multiplies by that transform's inverse: the
    /// identity on paper, but under a transform of huge and tiny entries (a skew of 1e154 and
    /// 1e-200, then a turn) the product overflows, and Cairo's SVG and PDF surfaces abort the
    /// process (an assertion in _cairo_pattern_get_extents) on its non-invertible matrix. Painted
    /// with identity matrices on both sides, nothing is multiplied.
    func inDeviceSpace(_ group: OpaquePointer, _ body: () -> Void) {
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        cairo_pattern_set_matrix(group, &identity)
        var user = cairo_matrix_t()
        cairo_get_matrix(cr, &user)
        cairo_identity_matrix(cr)
        body()
        cairo_set_matrix(cr, &user)
    }
}
