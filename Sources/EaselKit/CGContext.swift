internal import CEasel

/// A drawing context with CoreGraphics' method names, drawing into the host's canvas. EaselKit hands
/// one to `draw(_:)` (via ``UIGraphicsGetCurrentContext()``) and to `CALayer.draw(in:)`; it is valid
/// only during that call. Coordinates are UIKit's: origin top-left, y down, in points.
///
///     override func draw(_ rect: CGRect) {
///         let context = UIGraphicsGetCurrentContext()!
///         context.saveGState()
///         context.setStrokeColor(UIColor.blue.cgColor)
///         context.setLineWidth(2)
///         context.addArc(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.height / 2 - 2,
///                        startAngle: 0, endAngle: 2 * .pi, clockwise: false)
///         context.drawPath(using: .stroke)
///         context.restoreGState()
///     }
///
/// Differences from CoreGraphics: `addArc(…clockwise:)` behaves as in UIKit's flipped contexts
/// (`clockwise: true` runs counter-clockwise on screen, as on iOS); images are drawn upright (see
/// ``draw(_:in:contentMode:)``); there are no blend modes or CGImage.
public final class CGContext {
    let canvas: UnsafeMutablePointer<easel_canvas>
    /// The current point of the path, tracked for arcs by tangents; nil when the path is empty.
    private var pathPoint: CGPoint?
    private var subpathStart: CGPoint?
    /// Whether a dash pattern is set (primitives are drawn natively only for solid lines, whose
    /// look does not depend on where the path starts), and its saved values.
    private var dashed = false
    /// Whether line cap, join, miter limit and dash are known to be CoreGraphics' defaults (butt,
    /// miter, 10, solid), so that the toolkit need not set them again.
    private(set) var lineStyleIsDefault = false
    private var saved: [(dashed: Bool, lineStyleIsDefault: Bool)] = []

    init(canvas: UnsafeMutablePointer<easel_canvas>) {
        self.canvas = canvas
    }

    private var c: easel_canvas { canvas.pointee }

    // MARK: Graphics state

    public func saveGState() {
        c.save(canvas)
        saved.append((dashed, lineStyleIsDefault))
    }

    public func restoreGState() {
        c.restore(canvas)
        if let state = saved.popLast() { (dashed, lineStyleIsDefault) = state }
    }

    /// Sets CoreGraphics' default line cap, join, miter limit and dash, and remembers that they are
    /// in force (the toolkit's layer rendering does this once per frame).
    func establishDefaultLineStyle() {
        setLineCap(.butt)
        setLineJoin(.miter)
        setMiterLimit(10)
        setLineDash(phase: 0, lengths: [])
        lineStyleIsDefault = true
    }

    // MARK: Transform

    public func translateBy(x: CGFloat, y: CGFloat) { c.translate(canvas, Double(x), Double(y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { c.scale(canvas, Double(x), Double(y)) }
    /// Rotates the user space; positive angles turn clockwise on screen.
    public func rotate(by angle: CGFloat) { c.rotate(canvas, Double(angle)) }
    public func concatenate(_ transform: CGAffineTransform) { c.concat_transform(canvas, transform.easel) }
    /// The current transform from user space to device pixels.
    public var ctm: CGAffineTransform { CGAffineTransform(c.get_transform(canvas)) }
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { ctm }

    // MARK: Path construction

    public func beginPath() {
        c.begin_path(canvas)
        pathPoint = nil
        subpathStart = nil
    }

    public func move(to point: CGPoint) {
        c.move_to(canvas, Double(point.x), Double(point.y))
        pathPoint = point
        subpathStart = point
    }

    public func addLine(to point: CGPoint) {
        c.line_to(canvas, Double(point.x), Double(point.y))
        pathPoint = point
    }

    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        c.curve_to(canvas, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
                   Double(end.x), Double(end.y))
        pathPoint = end
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        c.quad_curve_to(canvas, Double(control.x), Double(control.y), Double(end.x), Double(end.y))
        pathPoint = end
    }

    /// An arc. As on iOS, `clockwise` is CoreGraphics' (y-up) sense: in these flipped UIKit
    /// coordinates `clockwise: true` runs counter-clockwise on screen. UIBezierPath means it on screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        c.arc(canvas, Double(center.x), Double(center.y), Double(radius), Double(startAngle), Double(endAngle), !clockwise)
        let end = CGPoint(x: center.x + radius * CGFloat(cos(Double(endAngle))),
                          y: center.y + radius * CGFloat(sin(Double(endAngle))))
        if pathPoint == nil { subpathStart = CGPoint(x: center.x + radius * CGFloat(cos(Double(startAngle))),
                                                     y: center.y + radius * CGFloat(sin(Double(startAngle)))) }
        pathPoint = end
    }

    /// An arc with `clockwise` meant on screen (UIBezierPath's sense), straight to the canvas.
    func addScreenArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// An arc tangent to the lines from the current point to `tangent1End` and from there to
    /// `tangent2End` (CGContextAddArcToPoint).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard let p0 = pathPoint else {
            move(to: tangent1End)
            return
        }
        let v1 = CGPoint(x: p0.x - tangent1End.x, y: p0.y - tangent1End.y)
        let v2 = CGPoint(x: tangent2End.x - tangent1End.x, y: tangent2End.y - tangent1End.y)
        let l1 = hypot(v1.x, v1.y), l2 = hypot(v2.x, v2.y)
        let cross = v1.x * v2.y - v1.y * v2.x
        guard l1 > 0, l2 > 0, radius > 0, abs(cross) > 1e-9 else {
            addLine(to: tangent1End)
            return
        }
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let angle = acos(max(-1, min(1, Double(u1.x * u2.x + u1.y * u2.y))))
        let distance = radius / CGFloat(tan(angle / 2))
        let start = CGPoint(x: tangent1End.x + u1.x * distance, y: tangent1End.y + u1.y * distance)
        let end = CGPoint(x: tangent1End.x + u2.x * distance, y: tangent1End.y + u2.y * distance)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let centerDistance = radius / CGFloat(sin(angle / 2))
        let center = CGPoint(x: tangent1End.x + bisector.x / bisectorLength * centerDistance,
                             y: tangent1End.y + bisector.y / bisectorLength * centerDistance)
        let a0 = CGFloat(atan2(Double(start.y - center.y), Double(start.x - center.x)))
        let a1 = CGFloat(atan2(Double(end.y - center.y), Double(end.x - center.x)))
        addLine(to: start)
        // Turning left or right decides the direction (on screen: cross < 0 means clockwise).
        c.arc(canvas, Double(center.x), Double(center.y), Double(radius), Double(a0), Double(a1), cross < 0)
        pathPoint = end
    }

    public func closePath() {
        c.close_path(canvas)
        pathPoint = subpathStart
    }

    public func addRect(_ rect: CGRect) {
        c.add_rect(canvas, rect.easel)
        pathPoint = rect.origin
        subpathStart = rect.origin
    }

    public func addRects(_ rects: [CGRect]) { for rect in rects { addRect(rect) } }

    public func addEllipse(in rect: CGRect) {
        c.add_ellipse(canvas, rect.easel)
        pathPoint = CGPoint(x: rect.maxX, y: rect.midY)
        subpathStart = pathPoint
    }

    /// A rounded rectangle (not in CoreGraphics; the canvas draws it natively).
    public func addRoundedRect(_ rect: CGRect, cornerRadius: CGFloat) {
        c.add_rounded_rect(canvas, rect.easel, Double(cornerRadius))
        pathPoint = rect.origin
        subpathStart = rect.origin
    }

    public func addPath(_ path: CGPath) {
        if !dashed, let primitive = path.primitive {
            switch primitive {
            case .ellipse(let rect, _): addEllipse(in: rect)
            case .rect(let rect): addRect(rect)
            }
            return
        }
        for element in path.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quad(let control, let p): addQuadCurve(to: p, control: control)
            case .cubic(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .close: closePath()
            }
        }
    }

    /// The current point of the path (tracked by this context), `.zero` when the path is empty.
    public var currentPointOfPath: CGPoint { pathPoint ?? .zero }
    public var isPathEmpty: Bool { pathPoint == nil }

    // MARK: Paint style

    public func setFillColor(_ color: CGColor) { c.set_fill_color(canvas, color.easel) }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setFillColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { setFillColor(CGColor(gray: gray, alpha: alpha)) }

    public func setStrokeColor(_ color: CGColor) { c.set_stroke_color(canvas, color.easel) }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        setStrokeColor(CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { setStrokeColor(CGColor(gray: gray, alpha: alpha)) }

    public func setLineWidth(_ width: CGFloat) { c.set_line_width(canvas, Double(width)) }
    public func setLineCap(_ cap: CGLineCap) {
        c.set_line_cap(canvas, cap.cValue)
        lineStyleIsDefault = false
    }

    public func setLineJoin(_ join: CGLineJoin) {
        c.set_line_join(canvas, join.cValue)
        lineStyleIsDefault = false
    }

    public func setMiterLimit(_ limit: CGFloat) {
        c.set_miter_limit(canvas, Double(limit))
        lineStyleIsDefault = false
    }

    /// Dash lengths starting `phase` into the pattern; an empty array restores solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        dashed = !lengths.isEmpty
        lineStyleIsDefault = false
        let doubles = lengths.map { Double($0) }
        doubles.withUnsafeBufferPointer { buffer in
            c.set_line_dash(canvas, Double(phase), buffer.isEmpty ? nil : buffer.baseAddress, UInt32(buffer.count))
        }
    }

    public func setAlpha(_ alpha: CGFloat) { c.set_alpha(canvas, Double(alpha)) }

    /// A shadow under everything painted afterwards; a nil colour turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        c.set_shadow(canvas, offset.easel, Double(blur), color?.easel ?? easelClearColor)
    }

    /// A shadow in CoreGraphics' default colour (black at one third opacity).
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3))
    }

    // MARK: Painting

    public func drawPath(using mode: CGPathDrawingMode) {
        c.draw_path(canvas, mode.cValue)
        pathPoint = nil
    }

    public func fillPath(using rule: CGPathFillRule = .winding) {
        drawPath(using: rule == .winding ? .fill : .eoFill)
    }

    public func strokePath() { drawPath(using: .stroke) }

    public func fill(_ rect: CGRect) { c.fill_rect(canvas, rect.easel) }
    public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
    public func stroke(_ rect: CGRect) { c.stroke_rect(canvas, rect.easel) }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes the segments between pairs of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            move(to: points[index])
            addLine(to: points[index + 1])
            index += 2
        }
        strokePath()
    }

    /// Intersects the clip with the current path (consumed).
    public func clip(using rule: CGPathFillRule = .winding) {
        c.clip(canvas, rule.cValue)
        pathPoint = nil
    }

    public func clip(to rect: CGRect) { c.clip_to_rect(canvas, rect.easel) }

    public func clip(to rects: [CGRect]) {
        beginPath()
        addRects(rects)
        clip()
    }

    // MARK: Gradients

    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        gradient.stops.withUnsafeBufferPointer { stops in
            c.draw_linear_gradient(canvas, stops.baseAddress!, UInt32(stops.count), start.easel, end.easel, options.rawValue)
        }
    }

    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        gradient.stops.withUnsafeBufferPointer { stops in
            c.draw_radial_gradient(canvas, stops.baseAddress!, UInt32(stops.count), startCenter.easel,
                                   Double(startRadius), endCenter.easel, Double(endRadius), options.rawValue)
        }
    }

    // MARK: Transparency layers

    /// Everything painted until ``endTransparencyLayer()`` is composited as one group with the alpha
    /// and shadow current now.
    public func beginTransparencyLayer(auxiliaryInfo: AnyObject? = nil) { c.begin_transparency_layer(canvas) }
    public func endTransparencyLayer() { c.end_transparency_layer(canvas) }

    // MARK: Images

    /// Draws an image into `rect`, placed as `contentMode` says (scale to fill, aspect fit or fill,
    /// centred; other modes are drawn centred). Unlike CoreGraphics' `draw(_:in:)` the image is upright
    /// in UIKit coordinates. Returns false if the host cannot find or read it.
    @discardableResult
    public func draw(_ image: UIImage, in rect: CGRect, contentMode: UIView.ContentMode = .scaleToFill) -> Bool {
        var target = rect
        var mode = contentMode
        switch contentMode {
        case .scaleToFill, .redraw, .scaleAspectFit, .scaleAspectFill, .center:
            break
        case .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            // Natural size, pinned to an edge or corner.
            let size = imageSize(image.resourceName)
            guard size != .zero else { return false }
            let r = rect.standardized
            let x: CGFloat = [.left, .topLeft, .bottomLeft].contains(contentMode) ? r.minX
                : [.right, .topRight, .bottomRight].contains(contentMode) ? r.maxX - size.width : r.midX - size.width / 2
            let y: CGFloat = [.top, .topLeft, .topRight].contains(contentMode) ? r.minY
                : [.bottom, .bottomLeft, .bottomRight].contains(contentMode) ? r.maxY - size.height : r.midY - size.height / 2
            target = CGRect(x: x, y: y, width: size.width, height: size.height)
            mode = .scaleToFill
        }
        return image.resourceName.withCString { c.draw_image(canvas, $0, target.easel, mode.cValue) }
    }

    /// An image's natural size in points, `.zero` if it cannot be read.
    func imageSize(_ name: String) -> CGSize {
        CGSize(name.withCString { c.image_size(canvas, $0) })
    }
}
