/// One element of a path, in user-space coordinates. Arcs and ellipses are stored as cubic Bézier
/// curves (at most a quarter turn each) so that paths can be transformed and trimmed
/// (CAShapeLayer.strokeStart/strokeEnd) uniformly.
enum PathElement: Equatable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, to: CGPoint)
    case cubic(CGPoint, CGPoint, to: CGPoint)
    case close

    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let c, let p): return .quad(c.applying(t), to: p.applying(t))
        case .cubic(let c1, let c2, let p): return .cubic(c1.applying(t), c2.applying(t), to: p.applying(t))
        case .close: return .close
        }
    }

    /// The points of the element (control points included).
    var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quad(let c, let p): return [c, p]
        case .cubic(let c1, let c2, let p): return [c1, c2, p]
        case .close: return []
        }
    }
}

/// Geometry shared by CGPath, UIBezierPath and CGContext.
enum PathGeometry {
    /// Cubic curves for an arc around `center` from `start` to `end` (radians, 0 = +x, growing towards
    /// +y). `increasing`: the angle grows (clockwise on screen, UIKit's `clockwise: true`). The sweep
    /// follows CoreGraphics: a full turn at most, the shorter way round never forced.
    static func arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat,
                    increasing: Bool) -> (start: CGPoint, curves: [PathElement]) {
        let twoPi = 2 * Double.pi
        var sweep = Double(end - start)
        if increasing {
            if sweep >= twoPi { sweep = twoPi } else { sweep = sweep.truncatingRemainder(dividingBy: twoPi); if sweep < 0 { sweep += twoPi } }
        } else {
            if sweep <= -twoPi { sweep = -twoPi } else { sweep = sweep.truncatingRemainder(dividingBy: twoPi); if sweep > 0 { sweep -= twoPi } }
        }
        let r = Double(radius), cx = Double(center.x), cy = Double(center.y)
        func point(_ angle: Double) -> CGPoint { CGPoint(x: cx + r * cos(angle), y: cy + r * sin(angle)) }
        let startPoint = point(Double(start))
        guard sweep != 0, r > 0 else { return (startPoint, []) }
        let count = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up) - 1e-9))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4)
        var curves: [PathElement] = []
        var angle = Double(start)
        for _ in 0..<count {
            let next = angle + step
            let c1 = CGPoint(x: cx + r * (cos(angle) - k * sin(angle)), y: cy + r * (sin(angle) + k * cos(angle)))
            let c2 = CGPoint(x: cx + r * (cos(next) + k * sin(next)), y: cy + r * (sin(next) - k * cos(next)))
            curves.append(.cubic(c1, c2, to: point(next)))
            angle = next
        }
        return (startPoint, curves)
    }

    /// A closed ellipse inscribed in `rect`, starting at its rightmost point.
    static func ellipse(in rect: CGRect, increasing: Bool) -> [PathElement] {
        let rect = rect.standardized
        let k: CGFloat = 0.5522847498
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = (increasing ? 1 : -1) * rect.height / 2
        return [
            .move(CGPoint(x: cx + rx, y: cy)),
            .cubic(CGPoint(x: cx + rx, y: cy + k * ry), CGPoint(x: cx + k * rx, y: cy + ry), to: CGPoint(x: cx, y: cy + ry)),
            .cubic(CGPoint(x: cx - k * rx, y: cy + ry), CGPoint(x: cx - rx, y: cy + k * ry), to: CGPoint(x: cx - rx, y: cy)),
            .cubic(CGPoint(x: cx - rx, y: cy - k * ry), CGPoint(x: cx - k * rx, y: cy - ry), to: CGPoint(x: cx, y: cy - ry)),
            .cubic(CGPoint(x: cx + k * rx, y: cy - ry), CGPoint(x: cx + rx, y: cy - k * ry), to: CGPoint(x: cx + rx, y: cy)),
            .close,
        ]
    }

    /// A closed rectangle, clockwise on screen from its top-left corner.
    static func rect(_ rect: CGRect) -> [PathElement] {
        let r = rect.standardized
        return [.move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)),
                .line(CGPoint(x: r.maxX, y: r.maxY)), .line(CGPoint(x: r.minX, y: r.maxY)), .close]
    }

    /// A closed rounded rectangle, clockwise on screen, with per-corner radii
    /// (top-left, top-right, bottom-right, bottom-left), each clamped to half the shorter side.
    static func roundedRect(_ rect: CGRect, radii: (CGSize, CGSize, CGSize, CGSize)) -> [PathElement] {
        let r = rect.standardized
        func clamp(_ s: CGSize) -> CGSize {
            CGSize(width: max(0, min(s.width, r.width / 2)), height: max(0, min(s.height, r.height / 2)))
        }
        let (tl, tr, br, bl) = (clamp(radii.0), clamp(radii.1), clamp(radii.2), clamp(radii.3))
        let k: CGFloat = 0.5522847498
        var e: [PathElement] = [.move(CGPoint(x: r.minX + tl.width, y: r.minY)), .line(CGPoint(x: r.maxX - tr.width, y: r.minY))]
        if tr.width > 0, tr.height > 0 {
            e.append(.cubic(CGPoint(x: r.maxX - tr.width * (1 - k), y: r.minY), CGPoint(x: r.maxX, y: r.minY + tr.height * (1 - k)),
                            to: CGPoint(x: r.maxX, y: r.minY + tr.height)))
        }
        e.append(.line(CGPoint(x: r.maxX, y: r.maxY - br.height)))
        if br.width > 0, br.height > 0 {
            e.append(.cubic(CGPoint(x: r.maxX, y: r.maxY - br.height * (1 - k)), CGPoint(x: r.maxX - br.width * (1 - k), y: r.maxY),
                            to: CGPoint(x: r.maxX - br.width, y: r.maxY)))
        }
        e.append(.line(CGPoint(x: r.minX + bl.width, y: r.maxY)))
        if bl.width > 0, bl.height > 0 {
            e.append(.cubic(CGPoint(x: r.minX + bl.width * (1 - k), y: r.maxY), CGPoint(x: r.minX, y: r.maxY - bl.height * (1 - k)),
                            to: CGPoint(x: r.minX, y: r.maxY - bl.height)))
        }
        e.append(.line(CGPoint(x: r.minX, y: r.minY + tl.height)))
        if tl.width > 0, tl.height > 0 {
            e.append(.cubic(CGPoint(x: r.minX, y: r.minY + tl.height * (1 - k)), CGPoint(x: r.minX + tl.width * (1 - k), y: r.minY),
                            to: CGPoint(x: r.minX + tl.width, y: r.minY)))
        }
        e.append(.close)
        return e
    }
}
