/// A layer that fills and strokes a path, with `strokeStart`/`strokeEnd` drawing only part of the
/// stroke (fractions of the path's length) — the Rainbow and progress-ring technique.
///
///     let arc = CAShapeLayer()
///     arc.path = UIBezierPath(ovalIn: CGRect(x: 20, y: 20, width: 80, height: 80)).cgPath
///     arc.lineWidth = 20
///     arc.strokeStart = 0
///     arc.strokeEnd = 0.5            // the lower half: ovals start at the right, clockwise
///     arc.strokeColor = UIColor.red.cgColor
///     arc.fillColor = UIColor.clear.cgColor
///     layer.addSublayer(arc)
///
/// The path is in the layer's coordinates; a layer without a frame draws in its superlayer's space.
open class CAShapeLayer: CALayer {
    open var path: CGPath?
    /// Defaults to opaque black, as in CoreAnimation; nil: no fill.
    open var fillColor: CGColor? = CGColor.black
    open var fillRule: CAShapeLayerFillRule = .nonZero
    /// Defaults to nil: no stroke.
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var lineDashPhase: CGFloat = 0
    open var lineDashPattern: [NSNumber]?
    /// Where the stroke begins, 0…1 of the path's length.
    open var strokeStart: CGFloat = 0
    /// Where the stroke ends, 0…1 of the path's length.
    open var strokeEnd: CGFloat = 1

    public required init() { super.init() }

    override func paintBounds() -> CGRect? {
        guard type(of: self) == CAShapeLayer.self, contents == nil, delegate == nil else { return nil }
        guard let path, !path.isEmpty else { return bounds }
        // Miter joins can reach further than half the line width; allow for the miter limit.
        let reach = strokeColor == nil ? 0 : lineWidth / 2 * max(1, lineJoin == .miter ? miterLimit : 1)
        return path.boundingBox.insetBy(dx: -reach, dy: -reach).union(bounds)
    }

    private var paintsFill: Bool {
        guard let path, !path.isEmpty, let fillColor else { return false }
        return fillColor.alpha > 0
    }

    private var paintsStroke: Bool {
        guard let path, !path.isEmpty, let strokeColor else { return false }
        return strokeColor.alpha > 0 && lineWidth > 0 && strokeEnd > strokeStart && strokeEnd > 0 && strokeStart < 1
    }

    /// Fill and a whole, solid stroke of the same path: one fill-and-stroke operation.
    private var fillsAndStrokesAtOnce: Bool {
        paintsFill && paintsStroke && strokeStart <= 0 && strokeEnd >= 1 && (lineDashPattern?.isEmpty ?? true)
    }

    override func ownPaintCount() -> Int? {
        guard owningView == nil, delegate == nil, contents == nil, type(of: self) == CAShapeLayer.self else { return nil }
        let shape = fillsAndStrokesAtOnce ? 1 : (paintsFill ? 1 : 0) + (paintsStroke ? 1 : 0)
        return backgroundAndBorderPaintCount + shape
    }

    /// The last trimmed stroke, kept while path and fractions stay the same (redrawing without
    /// changes costs no arc-length measuring).
    private var trimmed: (path: CGPath, start: CGFloat, end: CGFloat, elements: [PathElement])?

    /// Fills and strokes the path, `strokeStart`…`strokeEnd` of the stroke only. Emits the fewest
    /// canvas calls for the picture: ellipses and rectangles made by the initialisers are drawn
    /// natively, a trimmed circle is one arc, a whole fill-and-stroke one fill-and-stroke operation,
    /// and line caps, joins and miter limits at their defaults are not set again. The graphics state
    /// it changes (colours, line style) is restored by the layer's rendering, not here.
    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        guard let path, !path.isEmpty else { return }
        if fillsAndStrokesAtOnce, let fillColor, let strokeColor {
            ctx.setFillColor(fillColor)
            ctx.setStrokeColor(strokeColor)
            applyLineStyle(to: ctx)
            ctx.beginPath()
            ctx.addPath(path)
            ctx.drawPath(using: fillRule == .evenOdd ? .eoFillStroke : .fillStroke)
            return
        }
        if paintsFill, let fillColor {
            ctx.setFillColor(fillColor)
            ctx.beginPath()
            ctx.addPath(path)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        guard paintsStroke, let strokeColor else { return }
        ctx.setStrokeColor(strokeColor)
        applyLineStyle(to: ctx)
        ctx.beginPath()
        addStroke(of: path, to: ctx)
        ctx.strokePath()
    }

    /// Line width, and cap, join, miter limit and dash unless they are the defaults already in force.
    private func applyLineStyle(to ctx: CGContext) {
        ctx.setLineWidth(lineWidth)
        let dashes = lineDashPattern?.map { CGFloat($0.doubleValue) } ?? []
        if ctx.lineStyleIsDefault && lineCap == .butt && lineJoin == .miter && miterLimit == 10 && dashes.isEmpty {
            return
        }
        ctx.setLineCap(lineCap.cgLineCap)
        ctx.setLineJoin(lineJoin.cgLineJoin)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineDash(phase: lineDashPhase, lengths: dashes)
    }

    /// The `strokeStart`…`strokeEnd` part of the path as the current path.
    private func addStroke(of path: CGPath, to ctx: CGContext) {
        if strokeStart <= 0 && strokeEnd >= 1 {
            ctx.addPath(path)
            return
        }
        let start = max(0, strokeStart), end = min(1, strokeEnd)
        if (lineDashPattern?.isEmpty ?? true), case .ellipse(let rect, let increasing) = path.primitive,
           rect.width == rect.height, rect.width > 0 {
            // A circle's length is proportional to its angle: the trimmed stroke is an arc.
            let turn = 2 * CGFloat.pi * (increasing ? 1 : -1)
            ctx.addScreenArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: rect.width / 2,
                             startAngle: turn * start, endAngle: turn * end, clockwise: increasing)
            return
        }
        if let cached = trimmed, cached.path === path, !(path is CGMutablePath), cached.start == start, cached.end == end {
            ctx.addPath(CGPath(elements: cached.elements))
            return
        }
        let elements = PathTrimming.trim(path.elements, from: start, to: end)
        trimmed = (path, start, end, elements)
        ctx.addPath(CGPath(elements: elements))
    }
}

/// CAShapeLayer's fill rule.
public struct CAShapeLayerFillRule: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// CAShapeLayer's line cap.
public struct CAShapeLayerLineCap: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")

    var cgLineCap: CGLineCap { self == .round ? .round : self == .square ? .square : .butt }
}

/// CAShapeLayer's line join.
public struct CAShapeLayerLineJoin: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")

    var cgLineJoin: CGLineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}
