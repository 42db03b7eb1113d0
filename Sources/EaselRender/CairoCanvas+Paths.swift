import CCairo
import CEasel
import Glibc

/// Path construction. The current path is Cairo's (it is not part of the graphics state there
/// either). While the transform is singular nothing is added: such a path could never be painted.
extension CairoCanvas {
    /// Whether path construction and painting are possible (finite arguments, usable transform).
    func canBuild(_ values: Double...) -> Bool {
        state.singularMatrix == nil && values.allSatisfy { $0.isFinite }
    }

    func beginPath() {
        cairo_new_path(cr)
    }

    func moveTo(_ x: Double, _ y: Double) {
        guard canBuild(x, y) else { return }
        boundedMove(x, y)
    }

    func lineTo(_ x: Double, _ y: Double) {
        guard canBuild(x, y) else { return }
        boundedLine(x, y)
    }

    func curveTo(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double, _ y: Double) {
        guard canBuild(c1x, c1y, c2x, c2y, x, y) else { return }
        boundedCurve(c1x, c1y, c2x, c2y, x, y)
    }

    /// A quadratic Bézier, raised to the equivalent cubic (control points 2/3 of the way from each
    /// end to the quadratic control point). Without a current point it starts at the control point.
    func quadCurveTo(_ cx: Double, _ cy: Double, _ x: Double, _ y: Double) {
        guard canBuild(cx, cy, x, y) else { return }
        var x0 = cx, y0 = cy
        if cairo_has_current_point(cr) != 0 {
            cairo_get_current_point(cr, &x0, &y0)
        } else {
            boundedMove(cx, cy)
        }
        boundedCurve(x0 + 2.0 / 3.0 * (cx - x0), y0 + 2.0 / 3.0 * (cy - y0),
                     x + 2.0 / 3.0 * (cx - x), y + 2.0 / 3.0 * (cy - y),
                     x, y)
    }

    /// UIBezierPath's arc. In y-down user space, angles grow clockwise on screen, so `clockwise`
    /// is Cairo's positive direction (`cairo_arc`) and counter-clockwise is `cairo_arc_negative`.
    func arc(_ cx: Double, _ cy: Double, _ radius: Double, _ start: Double, _ end: Double, clockwise: Bool) {
        guard canBuild(cx, cy, radius, start, end), radius >= 0 else { return }
        boundedArc(cx, cy, radius, start, end, positive: clockwise)
    }

    func closePath() {
        cairo_close_path(cr)
    }

    func addRect(_ r: easel_rect) {
        guard canBuild(r.origin.x, r.origin.y, r.size.width, r.size.height) else { return }
        boundedRectangle(r.origin.x, r.origin.y, r.size.width, r.size.height)
    }

    /// UIBezierPath(roundedRect:cornerRadius:): the radius is clamped to half the shorter side;
    /// the subpath runs clockwise on screen from the end of the top-left corner.
    func addRoundedRect(_ rect: easel_rect, radius: Double) {
        let r = rect.standardized
        guard canBuild(r.origin.x, r.origin.y, r.size.width, r.size.height, radius) else { return }
        let radius = min(max(radius, 0), min(r.size.width, r.size.height) / 2)
        if radius <= 0 { return addRect(r) }
        let minX = r.origin.x, minY = r.origin.y
        let maxX = minX + r.size.width, maxY = minY + r.size.height
        cairo_new_sub_path(cr)
        boundedArc(maxX - radius, minY + radius, radius, -Double.pi / 2, 0, positive: true)
        boundedArc(maxX - radius, maxY - radius, radius, 0, Double.pi / 2, positive: true)
        boundedArc(minX + radius, maxY - radius, radius, Double.pi / 2, Double.pi, positive: true)
        boundedArc(minX + radius, minY + radius, radius, Double.pi, 3 * Double.pi / 2, positive: true)
        cairo_close_path(cr)
    }

    /// An ellipse inscribed in `rect`: four cubic arcs, clockwise on screen from the right-most point.
    func addEllipse(_ rect: easel_rect) {
        let r = rect.standardized
        guard canBuild(r.origin.x, r.origin.y, r.size.width, r.size.height) else { return }
        let k = 0.5522847498307936 // 4/3·(√2 − 1): the cubic that best fits a quarter circle
        let rx = r.size.width / 2, ry = r.size.height / 2
        let cx = r.origin.x + rx, cy = r.origin.y + ry
        boundedMove(cx + rx, cy)
        boundedCurve(cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry)
        boundedCurve(cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy)
        boundedCurve(cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry)
        boundedCurve(cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy)
        cairo_close_path(cr)
    }

    /// Runs `body` with an empty current path and puts the caller's path back afterwards, for the
    /// operations easel.h says leave the path alone.
    func preservingPath(_ body: () -> Void) {
        let saved = cairo_copy_path(cr)
        cairo_new_path(cr)
        body()
        cairo_new_path(cr)
        if let saved {
            if saved.pointee.status == CAIRO_STATUS_SUCCESS {
                cairo_append_path(cr, saved)
            } else {
                record(RenderError.checking(saved.pointee.status, "saving the current path"))
            }
            cairo_path_destroy(saved)
        }
    }
}

extension easel_rect {
    /// The same rectangle with a non-negative width and height (CGRectStandardize).
    var standardized: easel_rect {
        var r = self
        if r.size.width < 0 { r.origin.x += r.size.width; r.size.width = -r.size.width }
        if r.size.height < 0 { r.origin.y += r.size.height; r.size.height = -r.size.height }
        return r
    }
}
