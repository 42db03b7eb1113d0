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

    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        guard let path, !path.isEmpty else { return }
        if let fillColor, fillColor.alpha > 0 {
            ctx.setFillColor(fillColor)
            ctx.beginPath()
            ctx.addPath(path)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        guard let strokeColor, strokeColor.alpha > 0, lineWidth > 0 else { return }
        let elements = PathTrimming.trim(path.elements, from: strokeStart, to: strokeEnd)
        guard !elements.isEmpty else { return }
        ctx.saveGState()
        ctx.setStrokeColor(strokeColor)
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCap.cgLineCap)
        ctx.setLineJoin(lineJoin.cgLineJoin)
        ctx.setMiterLimit(miterLimit)
        if let pattern = lineDashPattern, !pattern.isEmpty {
            ctx.setLineDash(phase: lineDashPhase, lengths: pattern.map { CGFloat($0.doubleValue) })
        }
        ctx.beginPath()
        ctx.addPath(CGPath(elements: elements))
        ctx.strokePath()
        ctx.restoreGState()
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
