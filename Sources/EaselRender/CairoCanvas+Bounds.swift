import CCairo
import CEasel
import Glibc

/// Geometry that reaches Cairo stays within what Cairo can rasterise in bounded time and memory.
///
/// Cairo works in 24.8 fixed point and flattens arcs and curves to a tolerance in device pixels, so
/// an arc of radius 1e50 (or a radius of 10 under a scale of 1e40) asks it for more segments than
/// memory holds, and coordinates beyond ±2²³ pixels wrap around. So, in device space:
/// - every point is clamped to ±``deviceLimit`` pixels, 256 times the largest surface side;
/// - an arc whose radius exceeds the limit is drawn as a polyline of 64 segments (at that size,
///   the visible part of any arc is a straight line to within a pixel);
/// - a stroke is at most twice the limit wide, and a dash pattern shorter than a twentieth of a
///   pixel strokes solid (it would look solid, and costs a segment per dash), and so does one that
///   would lay more than ``maximumDashes`` dashes along its path, with a warning (Cairo walks every
///   dash, visible or not).
/// Non-finite values are ignored where they are given (see `canBuild`).
extension CairoCanvas {
    /// ±2²² device pixels.
    static let deviceLimit: Double = 4_194_304

    /// How far one user unit can stretch in device space (an upper bound on the transform's scale).
    var deviceScale: Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return (m.xx * m.xx + m.yx * m.yx + m.xy * m.xy + m.yy * m.yy).squareRoot()
    }

    /// The point moved, in device space, to within ±``deviceLimit``.
    func bounded(_ x: Double, _ y: Double) -> (Double, Double) {
        var dx = x, dy = y
        cairo_user_to_device(cr, &dx, &dy)
        let limit = Self.deviceLimit
        if abs(dx) <= limit && abs(dy) <= limit && dx.isFinite && dy.isFinite { return (x, y) }
        dx = dx.isNaN ? 0 : min(max(dx, -limit), limit)
        dy = dy.isNaN ? 0 : min(max(dy, -limit), limit)
        cairo_device_to_user(cr, &dx, &dy)
        return (dx, dy)
    }

    func boundedMove(_ x: Double, _ y: Double) {
        let (bx, by) = bounded(x, y)
        cairo_move_to(cr, bx, by)
    }

    func boundedLine(_ x: Double, _ y: Double) {
        let (bx, by) = bounded(x, y)
        cairo_line_to(cr, bx, by)
    }

    func boundedCurve(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double, _ y: Double) {
        let (a, b) = bounded(c1x, c1y), (c, d) = bounded(c2x, c2y), (e, f) = bounded(x, y)
        cairo_curve_to(cr, a, b, c, d, e, f)
    }

    /// `cairo_arc`/`cairo_arc_negative`, or, past the device limit, a polyline along the arc.
    func boundedArc(_ cx: Double, _ cy: Double, _ radius: Double, _ start: Double, _ end: Double, positive: Bool) {
        if radius * deviceScale <= Self.deviceLimit && abs(end - start) < 1e6 {
            let (bx, by) = bounded(cx, cy)
            if bx == cx && by == cy {
                if positive { cairo_arc(cr, cx, cy, radius, start, end) } else { cairo_arc_negative(cr, cx, cy, radius, start, end) }
                return
            }
        }
        // Cairo's sweep: positive arcs run from start up to end (+2πk), negative ones down.
        var sweep = end - start
        let tau = 2 * Double.pi
        if positive { if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: tau) + tau } }
        else if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: tau) - tau }
        sweep = min(max(sweep, -tau), tau)
        let segments = 64
        for i in 0...segments {
            let angle = start + sweep * Double(i) / Double(segments)
            let (px, py) = (cx + radius * cos(angle), cy + radius * sin(angle))
            if i == 0 && cairo_has_current_point(cr) == 0 { boundedMove(px, py) } else { boundedLine(px, py) }
        }
    }

    /// A rectangle as a closed subpath, bounded.
    func boundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        let (x1, y1) = bounded(x, y), (x2, y2) = bounded(x + width, y + height)
        if x1 == x && y1 == y && x2 == x + width && y2 == y + height {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        boundedMove(x, y)
        boundedLine(x + width, y)
        boundedLine(x + width, y + height)
        boundedLine(x, y + height)
        cairo_close_path(cr)
    }

    /// Runs a stroke with the line width and dash pattern bounded in device space.
    func withBoundedStroke(on context: OpaquePointer, _ body: () -> Void) {
        let scale = deviceScale
        let width = cairo_get_line_width(context)
        let maximumWidth = 2 * Self.deviceLimit / max(scale, .leastNonzeroMagnitude)
        let count = Int(cairo_get_dash_count(context))
        var dashes = [Double](repeating: 0, count: count)
        var offset = 0.0
        if count > 0 { cairo_get_dash(context, &dashes, &offset) }
        let period = dashes.reduce(0, +)
        var solid = count > 0 && period * scale < 0.05
        if count > 0 && !solid {
            // Cairo walks every dash of the path, visible or not: a dashed arc of radius 1e9 is
            // billions of steps, in the stroke and in its extents.
            let dashesNeeded = Self.pathLengthBound(context) / period
            if dashesNeeded > Self.maximumDashes {
                solid = true
                let needed = dashesNeeded < 1e15 ? "\(Int(dashesNeeded.rounded(.up)))" : dashesNeeded.isFinite ? "\(dashesNeeded)" : "over 1e308"
                invalid("set_line_dash", "period \(period)",
                        "at most \(Int(Self.maximumDashes)) dashes along a stroked path (this one needs \(needed); stroked solid)")
            }
        }
        guard width > maximumWidth || solid else { return body() }
        cairo_save(context)
        if width > maximumWidth { cairo_set_line_width(context, maximumWidth) }
        if solid { cairo_set_dash(context, nil, 0, 0) }
        body()
        cairo_restore(context)
    }

    /// How many dashes one stroke may lay along its path (Cairo strokes about 50 million a
    /// second here, so this is some 20 ms).
    static let maximumDashes: Double = 1_048_576

    /// An upper bound on the length of the current path in user space: the length of its control
    /// polygon (a Bézier curve is never longer than its control points' polyline).
    static func pathLengthBound(_ context: OpaquePointer) -> Double {
        guard let path = cairo_copy_path(context) else { return 0 }
        defer { cairo_path_destroy(path) }
        // An empty path (or one Cairo could not copy) has no data at all.
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return 0 }
        var length = 0.0, current = (0.0, 0.0), start = (0.0, 0.0)
        var i = 0
        func distance(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
            ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot()
        }
        while i < Int(path.pointee.num_data) {
            let header = data[i].header
            let point = { (k: Int) in (data[i + k].point.x, data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                current = point(1); start = current
            case CAIRO_PATH_LINE_TO:
                length += distance(current, point(1)); current = point(1)
            case CAIRO_PATH_CURVE_TO:
                length += distance(current, point(1)) + distance(point(1), point(2)) + distance(point(2), point(3))
                current = point(3)
            default:
                length += distance(current, start); current = start
            }
            i += Int(header.length)
        }
        return length
    }
}
