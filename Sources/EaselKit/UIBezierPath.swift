/// A path with its stroke attributes, as UIKit has it. `clockwise` means clockwise on screen.
///
///     override func draw(_ rect: CGRect) {
///         let ring = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: 40,
///                                 startAngle: -.pi / 2, endAngle: .pi, clockwise: true)
///         ring.lineWidth = 8
///         ring.lineCapStyle = .round
///         UIColor.systemBlue.setStroke()
///         ring.stroke()
///     }
open class UIBezierPath {
    let path: CGMutablePath

    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    public init() { path = CGMutablePath() }

    public convenience init(rect: CGRect) {
        self.init()
        path.elements = PathGeometry.rect(rect)
        path.primitive = .rect(rect.standardized)
    }

    /// An oval inscribed in `rect`, clockwise from its rightmost point.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.elements = PathGeometry.ellipse(in: rect, increasing: true)
        path.primitive = .ellipse(rect.standardized, increasing: true)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let corner = CGSize(width: cornerRadius, height: cornerRadius)
        path.elements = PathGeometry.roundedRect(rect, radii: (corner, corner, corner, corner))
    }

    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        func radius(_ corner: UIRectCorner) -> CGSize { corners.contains(corner) ? cornerRadii : .zero }
        path.elements = PathGeometry.roundedRect(rect, radii: (radius(.topLeft), radius(.topRight),
                                                                radius(.bottomRight), radius(.bottomLeft)))
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        path.elements = cgPath.elements
        path.primitive = cgPath.primitive
    }

    /// The path (a copy; later changes to the UIBezierPath do not affect it).
    open var cgPath: CGPath {
        get { CGPath(elements: path.elements, primitive: path.primitive) }
        set {
            path.elements = newValue.elements
            path.primitive = newValue.primitive
        }
    }

    open var isEmpty: Bool { path.isEmpty }
    open var bounds: CGRect { path.boundingBox }
    open var currentPoint: CGPoint { path.currentPoint }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    /// An arc; `clockwise` on screen.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        path.appendArc(center: center, radius: radius, start: startAngle, end: endAngle, increasing: clockwise,
                       transform: .identity)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path.elements.removeAll() }
    open func append(_ bezierPath: UIBezierPath) { path.elements += bezierPath.path.elements }
    open func apply(_ transform: CGAffineTransform) { path.elements = path.elements.map { $0.applying(transform) } }

    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        dashPhase = phase
    }

    /// Fills the path with the current context's fill colour.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path with the current context's stroke colour and this path's line attributes.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        if !dashPattern.isEmpty { context.setLineDash(phase: dashPhase, lengths: dashPattern) }
        context.beginPath()
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

/// Corners of a rectangle, for ``UIBezierPath/init(roundedRect:byRoundingCorners:cornerRadii:)``.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
