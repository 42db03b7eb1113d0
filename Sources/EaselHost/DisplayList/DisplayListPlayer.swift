import CEasel
import Glibc

/// Replays a display list recorded by `DisplayListRecorder` onto any `easel_canvas`.
///
/// ```swift
/// let bytes = try worker.readDisplayList()                   // from another process: untrusted
/// try DisplayListPlayer.replay(bytes, onto: target.canvas.pointer)
/// ```
///
/// The bytes are treated as hostile. The whole list is checked before anything is drawn, so a
/// list that throws has drawn nothing. It throws `HostError` (kind `.pluginFailure`, phase
/// `.draw`) saying what is wrong and where when:
/// - it is larger than `maximumByteCount`, too short for the header, has another magic or another
///   format version;
/// - a record has an unknown opcode or is truncated, a count promises more bytes than remain
///   (nothing is allocated beyond the list's own size), a string lacks its terminator, contains
///   a NUL or is not valid UTF-8, a flag is neither 0 nor 1;
/// - graphics states nest deeper than `maximumStateDepth` or transparency layers deeper than
///   `maximumLayerDepth` (each layer is an offscreen surface on the host's canvas);
/// - the end marker is missing (truncated list) or bytes follow it.
///
/// Numbers are passed on exactly as recorded, NaN and infinities included: the target canvas
/// decides what to do with them.
///
/// The list cannot disturb the target's state outside itself: a restore or
/// end_transparency_layer with nothing of the list's own to pop is not passed on, and layers and
/// states the list left open are closed after its last record (end_transparency_layer, then
/// restore, as many as needed), so the target ends in the state it started in.
package enum DisplayListPlayer {
    /// The largest list accepted: 64 MiB.
    package static let maximumByteCount = 64 << 20
    /// The deepest nesting of saved graphics states (transparency layers' own saves included).
    package static let maximumStateDepth = 1024
    /// The deepest nesting of transparency layers.
    package static let maximumLayerDepth = 32

    /// What a replay may spend: time (the plugin call's budget) and growth of this process's
    /// resident memory (the workers' memory limit). Checked every ``checkInterval`` records.
    package struct Budget: Sendable {
        package var seconds: Double
        package var memoryBytes: UInt64
        package init(seconds: Double, memoryBytes: UInt64) {
            self.seconds = seconds
            self.memoryBytes = memoryBytes
        }
    }

    /// How many records are drawn between two budget checks.
    static let checkInterval = 64

    /// Calls `canvas`'s members in the order, and with the arguments, the list recorded.
    ///
    /// - Throws: `HostError(.pluginFailure, …, phase: .draw)` when the list is malformed (see the
    ///   type's documentation; nothing has been drawn then), or when drawing it exceeds `budget`
    ///   (what was drawn so far stays on the canvas: the caller discards the picture).
    package static func replay(_ bytes: [UInt8], onto canvas: UnsafeMutablePointer<easel_canvas>, budget: Budget? = nil) throws {
        try bytes.withUnsafeBytes { raw in
            try play(raw, onto: nil)
            try play(raw, onto: canvas, budget: budget)
        }
    }

    /// An error about a display list.
    static func failure(_ message: String) -> HostError {
        HostError(.pluginFailure, "display list: \(message)", phase: .draw)
    }

    /// Checks the header and returns the offset of the first record.
    static func checkHeader(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        typealias F = DisplayListFormat
        guard bytes.count <= maximumByteCount else {
            throw failure("\(bytes.count) bytes is more than the limit of \(maximumByteCount) bytes (64 MiB)")
        }
        guard bytes.count >= F.headerSize else {
            throw failure("\(bytes.count) bytes is too short for the \(F.headerSize)-byte header")
        }
        guard Array(bytes[0..<4]) == F.magic else {
            let found = bytes[0..<4].map { DisplayListReader.hex($0) }.joined(separator: " ")
            throw failure("not a display list: the first bytes are \(found), expected \"EZDL\"")
        }
        let version = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        guard version == F.version else {
            throw failure("format version \(version) is not supported (this host reads version \(F.version))")
        }
        return F.headerSize
    }

    /// One pass over the list: with `canvas` nil it only checks; otherwise it draws.
    static func play(_ bytes: UnsafeRawBufferPointer, onto canvas: UnsafeMutablePointer<easel_canvas>?,
                     budget: Budget? = nil) throws {
        var reader = DisplayListReader(bytes, offset: try checkHeader(bytes))
        var states = DisplayListStateStack(())
        let start = Clock.now()
        let startMemory = budget == nil ? 0 : ProcessMemory.residentBytes(getpid()) ?? 0
        var records = 0
        while let op = try reader.nextOpcode() {
            try play(op, from: &reader, states: &states, onto: canvas)
            records += 1
            if let budget, records % checkInterval == 0 {
                if Double(Clock.now() - start) / 1e9 > budget.seconds {
                    throw failure("replaying the drawing exceeded the time budget of \(PropertyInfo.formatNumber(budget.seconds)) s after \(records) canvas calls (drawing too complex to finish)")
                }
                if let now = ProcessMemory.residentBytes(getpid()), now > startMemory, now - startMemory > budget.memoryBytes {
                    throw failure("replaying the drawing exceeded the memory limit of \(budget.memoryBytes >> 20) MB after \(records) canvas calls")
                }
            }
        }
        guard reader.remaining == 0 else {
            throw failure("\(reader.remaining) bytes follow the end marker at byte \(reader.offset - 1)")
        }
        guard let c = canvas else { return }
        while states.layerDepth > 0 {
            states.endLayer()
            c.pointee.end_transparency_layer(c)
        }
        while states.restore() { c.pointee.restore(c) }
    }

    /// Decodes one record's arguments and, with a canvas, makes the call.
    // A dispatch over every opcode: long by nature, one case per easel_canvas member.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func play(_ op: DisplayListOpcode, from r: inout DisplayListReader, states: inout DisplayListStateStack<Void>,
                     onto canvas: UnsafeMutablePointer<easel_canvas>?) throws {
        switch op {
        case .save:
            guard states.depth < maximumStateDepth else {
                throw r.failure("graphics states nest deeper than \(maximumStateDepth)")
            }
            states.save()
            if let c = canvas { c.pointee.save(c) }
        case .restore:
            if states.restore(), let c = canvas { c.pointee.restore(c) }
        case .translate:
            let tx = try r.double("tx"), ty = try r.double("ty")
            if let c = canvas { c.pointee.translate(c, tx, ty) }
        case .scale:
            let sx = try r.double("sx"), sy = try r.double("sy")
            if let c = canvas { c.pointee.scale(c, sx, sy) }
        case .rotate:
            let radians = try r.double("the angle")
            if let c = canvas { c.pointee.rotate(c, radians) }
        case .concatTransform:
            let t = try r.transform("the transform")
            if let c = canvas { c.pointee.concat_transform(c, t) }
        case .beginPath:
            if let c = canvas { c.pointee.begin_path(c) }
        case .moveTo:
            let x = try r.double("x"), y = try r.double("y")
            if let c = canvas { c.pointee.move_to(c, x, y) }
        case .lineTo:
            let x = try r.double("x"), y = try r.double("y")
            if let c = canvas { c.pointee.line_to(c, x, y) }
        case .curveTo:
            let c1x = try r.double("cp1x"), c1y = try r.double("cp1y")
            let c2x = try r.double("cp2x"), c2y = try r.double("cp2y")
            let x = try r.double("x"), y = try r.double("y")
            if let c = canvas { c.pointee.curve_to(c, c1x, c1y, c2x, c2y, x, y) }
        case .quadCurveTo:
            let cx = try r.double("cpx"), cy = try r.double("cpy")
            let x = try r.double("x"), y = try r.double("y")
            if let c = canvas { c.pointee.quad_curve_to(c, cx, cy, x, y) }
        case .arc:
            let cx = try r.double("cx"), cy = try r.double("cy"), radius = try r.double("the radius")
            let start = try r.double("the start angle"), end = try r.double("the end angle")
            let clockwise = try r.bool("the clockwise flag")
            if let c = canvas { c.pointee.arc(c, cx, cy, radius, start, end, clockwise) }
        case .closePath:
            if let c = canvas { c.pointee.close_path(c) }
        case .addRect:
            let rect = try r.rect("the rect")
            if let c = canvas { c.pointee.add_rect(c, rect) }
        case .addRoundedRect:
            let rect = try r.rect("the rect"), radius = try r.double("the corner radius")
            if let c = canvas { c.pointee.add_rounded_rect(c, rect, radius) }
        case .addEllipse:
            let rect = try r.rect("the rect")
            if let c = canvas { c.pointee.add_ellipse(c, rect) }
        case .setFillColor:
            let color = try r.color("the colour")
            if let c = canvas { c.pointee.set_fill_color(c, color) }
        case .setStrokeColor:
            let color = try r.color("the colour")
            if let c = canvas { c.pointee.set_stroke_color(c, color) }
        case .setLineWidth:
            let width = try r.double("the width")
            if let c = canvas { c.pointee.set_line_width(c, width) }
        case .setLineCap:
            let cap = try r.uint32("the cap")
            if let c = canvas { c.pointee.set_line_cap(c, cap) }
        case .setLineJoin:
            let join = try r.uint32("the join")
            if let c = canvas { c.pointee.set_line_join(c, join) }
        case .setMiterLimit:
            let limit = try r.double("the limit")
            if let c = canvas { c.pointee.set_miter_limit(c, limit) }
        case .setLineDash:
            let phase = try r.double("the phase")
            let lengths = try r.doubles("dash lengths")
            if let c = canvas {
                if lengths.isEmpty {
                    c.pointee.set_line_dash(c, phase, nil, 0)
                } else {
                    lengths.withUnsafeBufferPointer {
                        c.pointee.set_line_dash(c, phase, $0.baseAddress, UInt32($0.count))
                    }
                }
            }
        case .setAlpha:
            let alpha = try r.double("the alpha")
            if let c = canvas { c.pointee.set_alpha(c, alpha) }
        case .setShadow:
            let offset = try r.size("the offset"), blur = try r.double("the blur"), color = try r.color("the colour")
            if let c = canvas { c.pointee.set_shadow(c, offset, blur, color) }
        case .drawPath:
            let mode = try r.uint32("the mode")
            if let c = canvas { c.pointee.draw_path(c, mode) }
        case .fillRect:
            let rect = try r.rect("the rect")
            if let c = canvas { c.pointee.fill_rect(c, rect) }
        case .strokeRect:
            let rect = try r.rect("the rect")
            if let c = canvas { c.pointee.stroke_rect(c, rect) }
        case .clip:
            let rule = try r.uint32("the fill rule")
            if let c = canvas { c.pointee.clip(c, rule) }
        case .clipToRect:
            let rect = try r.rect("the rect")
            if let c = canvas { c.pointee.clip_to_rect(c, rect) }
        case .drawLinearGradient:
            let stops = try r.stops()
            let start = try r.point("the start"), end = try r.point("the end")
            let options = try r.uint32("the options")
            if let c = canvas {
                withStops(stops) { c.pointee.draw_linear_gradient(c, $0, $1, start, end, options) }
            }
        case .drawRadialGradient:
            let stops = try r.stops()
            let c0 = try r.point("the start centre"), r0 = try r.double("the start radius")
            let c1 = try r.point("the end centre"), r1 = try r.double("the end radius")
            let options = try r.uint32("the options")
            if let c = canvas {
                withStops(stops) { c.pointee.draw_radial_gradient(c, $0, $1, c0, r0, c1, r1, options) }
            }
        case .beginTransparencyLayer:
            guard states.layerDepth < maximumLayerDepth else {
                throw r.failure("transparency layers nest deeper than \(maximumLayerDepth)")
            }
            guard states.depth < maximumStateDepth else {
                throw r.failure("graphics states nest deeper than \(maximumStateDepth)")
            }
            states.beginLayer()
            if let c = canvas { c.pointee.begin_transparency_layer(c) }
        case .endTransparencyLayer:
            if states.endLayer(), let c = canvas { c.pointee.end_transparency_layer(c) }
        case .drawText:
            let text = try r.string("the text")
            let rect = try r.rect("the rect")
            var style = try r.style()
            if let c = canvas { c.pointee.draw_text(c, text, rect, &style) }
        case .drawImage:
            let name = try r.string("the image name")
            let rect = try r.rect("the rect")
            let mode = try r.uint32("the content mode")
            if let c = canvas { _ = c.pointee.draw_image(c, name, rect, mode) }
        }
    }

    /// Calls `body` with the stops' address and count. For no stops, the address of a single
    /// zeroed stop with a count of 0 (the member's `stops` is non-NULL in the ABI).
    private static func withStops(_ stops: [easel_gradient_stop],
                                  _ body: (UnsafePointer<easel_gradient_stop>, UInt32) -> Void) {
        if stops.isEmpty {
            var placeholder = easel_gradient_stop()
            body(&placeholder, 0)
        } else {
            stops.withUnsafeBufferPointer { body($0.baseAddress!, UInt32($0.count)) }
        }
    }
}
