/// Cutting a path to a fraction of its length, for `CAShapeLayer.strokeStart`/`strokeEnd`: the
/// fractions are of the whole path's length (all subpaths, closing lines included), as CoreAnimation
/// measures them.
enum PathTrimming {
    /// One drawable piece of a path.
    struct Segment {
        enum Kind { case line, quad, cubic }
        var kind: Kind
        /// Start point, control points, end point.
        var points: [CGPoint]
        /// Whether this segment begins a subpath (needs a move-to before it).
        var startsSubpath: Bool
        /// Whether this is the line a close-subpath draws.
        var isClose: Bool
        var length: CGFloat = 0
        /// Cumulative lengths at the sample parameters 0, 1/n, …, 1.
        var table: [CGFloat] = []

        static let samples = 24

        func point(at t: CGFloat) -> CGPoint {
            let p = points, u = 1 - t
            switch kind {
            case .line:
                return CGPoint(x: p[0].x + (p[1].x - p[0].x) * t, y: p[0].y + (p[1].y - p[0].y) * t)
            case .quad:
                return CGPoint(x: u * u * p[0].x + 2 * u * t * p[1].x + t * t * p[2].x,
                               y: u * u * p[0].y + 2 * u * t * p[1].y + t * t * p[2].y)
            case .cubic:
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                               y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
            }
        }

        func samplePoints(_ n: Int) -> [CGPoint] {
            kind == .line ? points : (0...n).map { point(at: CGFloat($0) / CGFloat(n)) }
        }

        mutating func measure() {
            let n = kind == .line ? 1 : Segment.samples
            var total: CGFloat = 0
            var previous = points[0]
            table = [0]
            for i in 1...n {
                let p = point(at: CGFloat(i) / CGFloat(n))
                total += hypot(p.x - previous.x, p.y - previous.y)
                table.append(total)
                previous = p
            }
            length = total
        }

        /// The curve parameter at which `distance` along the segment is reached.
        func parameter(atDistance distance: CGFloat) -> CGFloat {
            guard length > 0 else { return 0 }
            if distance <= 0 { return 0 }
            if distance >= length { return 1 }
            let n = table.count - 1
            var i = 1
            while i < n && table[i] < distance { i += 1 }
            let span = table[i] - table[i - 1]
            let fraction = span > 0 ? (distance - table[i - 1]) / span : 0
            return (CGFloat(i - 1) + fraction) / CGFloat(n)
        }

        /// The part of the segment between parameters t0 and t1, as a path element (its start point is
        /// `point(at: t0)`).
        func element(from t0: CGFloat, to t1: CGFloat) -> PathElement {
            switch kind {
            case .line:
                return .line(point(at: t1))
            case .quad:
                let q = Segment.split(Segment.split(points, at: t1).left, at: t1 > 0 ? t0 / t1 : 0).right
                return .quad(q[1], to: q[2])
            case .cubic:
                let c = Segment.split(Segment.split(points, at: t1).left, at: t1 > 0 ? t0 / t1 : 0).right
                return .cubic(c[1], c[2], to: c[3])
            }
        }

        /// de Casteljau subdivision of a Bézier curve given by its control polygon.
        static func split(_ points: [CGPoint], at t: CGFloat) -> (left: [CGPoint], right: [CGPoint]) {
            var left = [points[0]], right = [points[points.count - 1]]
            var level = points
            while level.count > 1 {
                level = zip(level, level.dropFirst()).map { a, b in
                    CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                left.append(level[0])
                right.insert(level[level.count - 1], at: 0)
            }
            return (left, right)
        }
    }

    static func segments(of elements: [PathElement]) -> [Segment] {
        var segments: [Segment] = []
        var start = CGPoint.zero, current = CGPoint.zero
        var newSubpath = true
        for element in elements {
            switch element {
            case .move(let p):
                start = p; current = p; newSubpath = true
                continue
            case .line(let p):
                segments.append(Segment(kind: .line, points: [current, p], startsSubpath: newSubpath, isClose: false))
                current = p
            case .quad(let c, let p):
                segments.append(Segment(kind: .quad, points: [current, c, p], startsSubpath: newSubpath, isClose: false))
                current = p
            case .cubic(let c1, let c2, let p):
                segments.append(Segment(kind: .cubic, points: [current, c1, c2, p], startsSubpath: newSubpath, isClose: false))
                current = p
            case .close:
                segments.append(Segment(kind: .line, points: [current, start], startsSubpath: newSubpath, isClose: true))
                current = start
                newSubpath = true
                continue
            }
            newSubpath = false
        }
        for index in segments.indices { segments[index].measure() }
        return segments
    }

    /// The elements drawing the part of the path from `start` to `end` (fractions of its length).
    static func trim(_ elements: [PathElement], from start: CGFloat, to end: CGFloat) -> [PathElement] {
        let from = max(0, min(1, start)), to = max(0, min(1, end))
        if from <= 0 && to >= 1 { return elements }
        guard from < to else { return [] }
        let segments = segments(of: elements)
        let total = segments.reduce(0) { $0 + $1.length }
        guard total > 0 else { return [] }
        let a = from * total, b = to * total
        var result: [PathElement] = []
        var offset: CGFloat = 0
        var contiguous = false          // the previous segment was emitted up to its end
        var runFromSubpathStart = false // the current run began at its subpath's start
        for segment in segments {
            defer { offset += segment.length }
            let segmentEnd = offset + segment.length
            guard segment.length > 0, segmentEnd > a, offset < b else {
                contiguous = false
                continue
            }
            let t0 = segment.parameter(atDistance: a - offset)
            let t1 = segment.parameter(atDistance: b - offset)
            if !contiguous || segment.startsSubpath {
                result.append(.move(segment.point(at: t0)))
                runFromSubpathStart = segment.startsSubpath && t0 == 0
            }
            if segment.isClose && t0 == 0 && t1 == 1 && runFromSubpathStart {
                result.append(.close)
            } else {
                result.append(segment.element(from: t0, to: t1))
            }
            contiguous = t1 >= 1
        }
        return result
    }
}
