import CCairo

/// An axis-aligned box given by its corners, used for the extents of painting operations.
/// Empty when x2 <= x1 or y2 <= y1.
struct UserRect: Equatable {
    var x1: Double, y1: Double, x2: Double, y2: Double

    static let empty = UserRect(x1: 0, y1: 0, x2: 0, y2: 0)

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    init(x: Double, y: Double, width: Double, height: Double) {
        self.init(x1: min(x, x + width), y1: min(y, y + height), x2: max(x, x + width), y2: max(y, y + height))
    }

    var isEmpty: Bool { !(x2 > x1 && y2 > y1) }
    var width: Double { x2 - x1 }
    var height: Double { y2 - y1 }

    func union(_ other: UserRect) -> UserRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return UserRect(x1: min(x1, other.x1), y1: min(y1, other.y1), x2: max(x2, other.x2), y2: max(y2, other.y2))
    }

    func intersection(_ other: UserRect) -> UserRect {
        let r = UserRect(x1: max(x1, other.x1), y1: max(y1, other.y1), x2: min(x2, other.x2), y2: min(y2, other.y2))
        return r.isEmpty ? .empty : r
    }

    func insetBy(_ d: Double) -> UserRect {
        UserRect(x1: x1 + d, y1: y1 + d, x2: x2 - d, y2: y2 - d)
    }

    func offsetBy(_ dx: Double, _ dy: Double) -> UserRect {
        UserRect(x1: x1 + dx, y1: y1 + dy, x2: x2 + dx, y2: y2 + dy)
    }

    /// The smallest box with integer corners containing this one.
    var roundedOut: UserRect {
        UserRect(x1: x1.rounded(.down), y1: y1.rounded(.down), x2: x2.rounded(.up), y2: y2.rounded(.up))
    }

    /// The bounding box of this box mapped through `matrix`.
    func transformed(by matrix: cairo_matrix_t) -> UserRect {
        var m = matrix
        var xs: [Double] = [], ys: [Double] = []
        for (px, py) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var x = px, y = py
            cairo_matrix_transform_point(&m, &x, &y)
            xs.append(x); ys.append(y)
        }
        return UserRect(x1: xs.min()!, y1: ys.min()!, x2: xs.max()!, y2: ys.max()!)
    }

    /// What filling the current path can paint, bounded by the path's extents: cairo_path_extents
    /// covers every point a fill can reach and, unlike cairo_fill_extents, does not tessellate the path
    /// (a shadowed fill asks for it on every paint; Rainbow's caps spent ~3 µs each there).
    static func fillExtents(_ cr: OpaquePointer) -> UserRect {
        var r = UserRect.empty
        cairo_path_extents(cr, &r.x1, &r.y1, &r.x2, &r.y2)
        return r
    }

    /// What stroking the current path can paint, bounded: the path's extents grown by the pen's
    /// reach (half the line width, times the miter limit for miter joins and √2 for square caps).
    /// Not cairo_stroke_extents: that strokes the path, every dash of it, and a shadowed dashed arc
    /// of radius 1e9 never finished there.
    static func strokeExtents(_ cr: OpaquePointer) -> UserRect {
        let path = fillExtents(cr)
        var factor = 1.0
        if cairo_get_line_join(cr) == CAIRO_LINE_JOIN_MITER { factor = max(factor, cairo_get_miter_limit(cr)) }
        if cairo_get_line_cap(cr) == CAIRO_LINE_CAP_SQUARE { factor = max(factor, 2.0.squareRoot()) }
        let reach = min(cairo_get_line_width(cr) / 2 * factor, 1e300)
        return path.insetBy(-reach)
    }

    static func clipExtents(_ cr: OpaquePointer) -> UserRect {
        var r = UserRect.empty
        cairo_clip_extents(cr, &r.x1, &r.y1, &r.x2, &r.y2)
        return r
    }

    /// The clip's extents in device space. Not the user-space extents transformed: under a skewed
    /// or huge transform their bounding box grows without bound (a shadow mask asked for
    /// 65874×4.6e18 pixels).
    static func deviceClipExtents(_ cr: OpaquePointer) -> UserRect {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        let r = clipExtents(cr)
        cairo_set_matrix(cr, &matrix)
        return r
    }
}
