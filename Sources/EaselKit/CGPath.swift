/// An immutable path, as CoreGraphics has it; build one with ``CGMutablePath`` or ``UIBezierPath``.
///
///     let path = CGMutablePath()
///     path.addArc(center: c, radius: 40, startAngle: 0, endAngle: .pi, clockwise: false)
///     shapeLayer.path = path
///
/// Arcs follow CoreGraphics: `clockwise` is meant in CoreGraphics' y-up space, so in UIKit's flipped
/// coordinates a `clockwise: true` arc runs counter-clockwise on screen — exactly as on iOS.
/// (``UIBezierPath`` means `clockwise` on screen.)
open class CGPath: Equatable {
    /// The path's elements. Changing them forgets the ``primitive``.
    var elements: [PathElement] { didSet { primitive = nil } }
    /// What the path is, while it is exactly one shape the canvas draws natively (an ellipse or a
    /// rectangle made by the initialisers and never changed since): drawing then takes one canvas
    /// call instead of one per element, and trimming a circle is an arc.
    var primitive: PathPrimitive?

    init(elements: [PathElement], primitive: PathPrimitive? = nil) {
        self.elements = elements
        self.primitive = primitive
    }

    public convenience init(rect: CGRect, transform: CGAffineTransform = .identity) {
        self.init(elements: PathGeometry.rect(rect).map { $0.applying(transform) },
                  primitive: transform.isIdentity ? .rect(rect.standardized) : nil)
    }

    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform = .identity) {
        self.init(elements: PathGeometry.ellipse(in: rect, increasing: false).map { $0.applying(transform) },
                  primitive: transform.isIdentity ? .ellipse(rect.standardized, increasing: false) : nil)
    }

    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: CGAffineTransform = .identity) {
        let corner = CGSize(width: cornerWidth, height: cornerHeight)
        self.init(elements: PathGeometry.roundedRect(rect, radii: (corner, corner, corner, corner)).map { $0.applying(transform) })
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The last point of the path (the start of the last subpath after a close).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): start = p; current = p
            case .close: current = start
            default: current = element.points.last ?? current
            }
        }
        return current
    }

    /// The smallest rectangle containing every point, control points included.
    public var boundingBox: CGRect {
        let points = elements.flatMap(\.points)
        guard let first = points.first else { return .null }
        var box = CGRect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(CGRect(origin: p, size: .zero)) }
        return box
    }

    /// The bounding box of the painted outline (curves sampled, control points excluded).
    public var boundingBoxOfPath: CGRect {
        let points = PathTrimming.segments(of: elements).flatMap { $0.samplePoints(16) }
        guard let first = points.first else { return boundingBox }
        var box = CGRect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(CGRect(origin: p, size: .zero)) }
        return box
    }

    public func copy() -> CGPath? { CGPath(elements: elements, primitive: primitive) }

    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: transform.map { t in elements.map { $0.applying(t.pointee) } } ?? elements)
    }

    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
}

/// A path under construction (CGMutablePath).
public final class CGMutablePath: CGPath {
    public init() { super.init(elements: []) }

    override init(elements: [PathElement], primitive: PathPrimitive? = nil) {
        super.init(elements: elements, primitive: primitive)
    }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.move(point.applying(transform)))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        ensureCurrentPoint(point.applying(transform))
        elements.append(.line(point.applying(transform)))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        ensureCurrentPoint(control.applying(transform))
        elements.append(.quad(control.applying(transform), to: end.applying(transform)))
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        ensureCurrentPoint(control1.applying(transform))
        elements.append(.cubic(control1.applying(transform), control2.applying(transform), to: end.applying(transform)))
    }

    /// An arc; `clockwise` in CoreGraphics' sense (counter-clockwise on screen in UIKit coordinates).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        appendArc(center: center, radius: radius, start: startAngle, end: endAngle, increasing: !clockwise,
                  transform: transform)
    }

    /// An arc of `delta` radians from `startAngle`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        appendArc(center: center, radius: radius, start: startAngle, end: startAngle + delta, increasing: delta >= 0,
                  transform: transform)
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        elements += PathGeometry.rect(rect).map { $0.applying(transform) }
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        elements += PathGeometry.ellipse(in: rect, increasing: false).map { $0.applying(transform) }
    }

    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let corner = CGSize(width: cornerWidth, height: cornerHeight)
        elements += PathGeometry.roundedRect(rect, radii: (corner, corner, corner, corner)).map { $0.applying(transform) }
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements += path.elements.map { $0.applying(transform) }
    }

    public func closeSubpath() {
        if !elements.isEmpty { elements.append(.close) }
    }

    func appendArc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, increasing: Bool,
                   transform: CGAffineTransform) {
        let arc = PathGeometry.arc(center: center, radius: radius, start: start, end: end, increasing: increasing)
        if hasCurrentPoint {
            elements.append(.line(arc.start.applying(transform)))
        } else {
            elements.append(.move(arc.start.applying(transform)))
        }
        elements += arc.curves.map { $0.applying(transform) }
    }

    /// Whether a subpath is open to continue (CoreGraphics: a line after a close starts from the
    /// closed subpath's start).
    var hasCurrentPoint: Bool { !elements.isEmpty }

    private func ensureCurrentPoint(_ fallback: CGPoint) {
        if elements.isEmpty { elements.append(.move(fallback)) }
    }
}

/// A shape a path can be exactly, which the canvas draws in one call.
enum PathPrimitive: Equatable {
    /// An ellipse inscribed in the rectangle, starting at its rightmost point; `increasing`: growing
    /// angles (clockwise on screen), as UIBezierPath(ovalIn:) makes it; else CGPath(ellipseIn:)'s way.
    case ellipse(CGRect, increasing: Bool)
    /// A rectangle, clockwise on screen from its top-left corner.
    case rect(CGRect)
}
