import CEasel
import Glibc

/// An `easel_canvas` that draws nothing and writes every call, with its exact arguments (numbers
/// as bit patterns, strings and arrays by content), into `calls`; queries go into `queries` and
/// are answered with the values configured here.
final class DisplayListSpyCanvas {
    let pointer: UnsafeMutablePointer<easel_canvas>
    /// Every drawing or state call, in order.
    var calls: [String] = []
    /// Every query (get_transform, measure_text, image_size), in order.
    var queries: [String] = []

    var transformAnswer = easel_affine_transform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
    var measureAnswer = easel_size(width: 123.5, height: 45.25)
    var imageSizeAnswer = easel_size(width: 0, height: 0)
    var drawImageAnswer = true

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: DisplayListSpyCanvas.vtable)
        pointer.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// The names of the members called, in order.
    var callNames: [String] { calls.map { String($0.prefix { $0 != "(" }) } }

    static func from(_ c: UnsafeMutablePointer<easel_canvas>) -> DisplayListSpyCanvas {
        Unmanaged.fromOpaque(c.pointee.host_data!).takeUnretainedValue()
    }

    static func log(_ c: UnsafeMutablePointer<easel_canvas>, _ name: String, _ args: String...) {
        from(c).calls.append("\(name)(\(args.joined(separator: ", ")))")
    }

    static func d(_ x: Double) -> String { "\(x)#\(String(x.bitPattern, radix: 16))" }
    static func u(_ x: UInt32) -> String { String(x) }
    static func b(_ x: Bool) -> String { x ? "true" : "false" }
    static func p(_ x: easel_point) -> String { "(\(d(x.x)) \(d(x.y)))" }
    static func s(_ x: easel_size) -> String { "(\(d(x.width)) \(d(x.height)))" }
    static func r(_ x: easel_rect) -> String { "[\(p(x.origin)) \(s(x.size))]" }
    static func k(_ x: easel_color) -> String { "rgba(\(d(x.red)) \(d(x.green)) \(d(x.blue)) \(d(x.alpha)))" }
    static func t(_ x: easel_affine_transform) -> String {
        "[\(d(x.a)) \(d(x.b)) \(d(x.c)) \(d(x.d)) \(d(x.tx)) \(d(x.ty))]"
    }
    static func str(_ x: UnsafePointer<CChar>?) -> String {
        guard let x else { return "NULL" }
        return "\"" + String(cString: x) + "\"#" + String(strlen(x))
    }
    static func style(_ x: UnsafePointer<easel_text_style>?) -> String {
        guard let st = x?.pointee else { return "NULL" }
        return "{\(str(st.font_family)) \(d(st.font_size)) \(st.font_weight) \(b(st.italic)) \(k(st.color)) "
            + "\(st.alignment) \(st.vertical_alignment) \(st.line_break) \(st.max_lines)}"
    }
    static func stops(_ x: UnsafePointer<easel_gradient_stop>?, _ n: UInt32) -> String {
        guard let x else { return "NULL/\(n)" }
        return "[" + (0..<Int(n)).map { "\(d(x[$0].location)):\(k(x[$0].color))" }.joined(separator: " ") + "]/\(n)"
    }

    nonisolated(unsafe) static let vtable = easel_canvas(
        host_data: nil,
        save: { log($0, "save") },
        restore: { log($0, "restore") },
        translate: { log($0, "translate", d($1), d($2)) },
        scale: { log($0, "scale", d($1), d($2)) },
        rotate: { log($0, "rotate", d($1)) },
        concat_transform: { log($0, "concat_transform", t($1)) },
        get_transform: { c in
            let spy = from(c)
            spy.queries.append("get_transform()")
            return spy.transformAnswer
        },
        begin_path: { log($0, "begin_path") },
        move_to: { log($0, "move_to", d($1), d($2)) },
        line_to: { log($0, "line_to", d($1), d($2)) },
        curve_to: { log($0, "curve_to", d($1), d($2), d($3), d($4), d($5), d($6)) },
        quad_curve_to: { log($0, "quad_curve_to", d($1), d($2), d($3), d($4)) },
        arc: { log($0, "arc", d($1), d($2), d($3), d($4), d($5), b($6)) },
        close_path: { log($0, "close_path") },
        add_rect: { log($0, "add_rect", r($1)) },
        add_rounded_rect: { log($0, "add_rounded_rect", r($1), d($2)) },
        add_ellipse: { log($0, "add_ellipse", r($1)) },
        set_fill_color: { log($0, "set_fill_color", k($1)) },
        set_stroke_color: { log($0, "set_stroke_color", k($1)) },
        set_line_width: { log($0, "set_line_width", d($1)) },
        set_line_cap: { log($0, "set_line_cap", u($1)) },
        set_line_join: { log($0, "set_line_join", u($1)) },
        set_miter_limit: { log($0, "set_miter_limit", d($1)) },
        set_line_dash: { c, phase, lengths, count in
            let values = lengths.map { l in (0..<Int(count)).map { d(l[$0]) }.joined(separator: " ") } ?? "NULL"
            log(c, "set_line_dash", d(phase), "[\(values)]/\(count)")
        },
        set_alpha: { log($0, "set_alpha", d($1)) },
        set_shadow: { log($0, "set_shadow", s($1), d($2), k($3)) },
        draw_path: { log($0, "draw_path", u($1)) },
        fill_rect: { log($0, "fill_rect", r($1)) },
        stroke_rect: { log($0, "stroke_rect", r($1)) },
        clip: { log($0, "clip", u($1)) },
        clip_to_rect: { log($0, "clip_to_rect", r($1)) },
        draw_linear_gradient: { c, st, n, p0, p1, options in
            log(c, "draw_linear_gradient", stops(st, n), p(p0), p(p1), u(options))
        },
        draw_radial_gradient: { c, st, n, c0, r0, c1, r1, options in
            log(c, "draw_radial_gradient", stops(st, n), p(c0), d(r0), p(c1), d(r1), u(options))
        },
        begin_transparency_layer: { log($0, "begin_transparency_layer") },
        end_transparency_layer: { log($0, "end_transparency_layer") },
        draw_text: { log($0, "draw_text", str($1), r($2), style($3)) },
        measure_text: { c, text, width, st in
            let spy = from(c)
            spy.queries.append("measure_text(\(str(text)), \(d(width)), \(style(st)))")
            return spy.measureAnswer
        },
        draw_image: { c, name, rect, mode in
            log(c, "draw_image", str(name), r(rect), u(mode))
            return from(c).drawImageAnswer
        },
        image_size: { c, name in
            let spy = from(c)
            spy.queries.append("image_size(\(str(name)))")
            return spy.imageSizeAnswer
        }
    )
}
