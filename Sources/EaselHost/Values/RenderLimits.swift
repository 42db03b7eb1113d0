/// The pictures the renderer makes: the largest, the scales it accepts, and the rule that checks a
/// size against them. EaselRender enforces exactly these; the command line, scenes and the designer's
/// requests check them before anything is drawn.
package enum RenderLimits {
    /// The largest side: 16384 pixels for PNG, 16384 points for SVG and PDF.
    package static let maximumSide = 16384
    /// The largest PNG: 100 megapixels (400 MB of pixels while drawing).
    package static let maximumPixels = 100_000_000
    /// The scales (pixels per point) a render accepts, from the command line or a scene: outside
    /// them Cairo's matrix is not invertible or the surface absurd, which would be blamed on the plugin.
    package static let scales: ClosedRange<Double> = 0.1...16

    /// ``scales`` for messages: "0.1 to 16".
    package static var scalesText: String {
        func text(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
        return "\(text(scales.lowerBound)) to \(text(scales.upperBound))"
    }

    /// What checking a size found.
    package enum SizeCheck: Equatable {
        /// The picture's pixel (PNG) or point (SVG, PDF) size.
        case fits(width: Int, height: Int)
        /// Not a size at all (not finite, not positive).
        case invalid(reason: String)
        /// Larger than the renderer makes.
        case tooLarge(width: Int, height: Int, reason: String)
    }

    /// One line saying why a size does not fit (nil when it does), as the renderer's errors say it.
    package static func problem(_ check: SizeCheck, width: Double, height: Double, scale: Double) -> String? {
        switch check {
        case .fits: return nil
        case .invalid(let reason):
            return "invalid render size \(number(width))×\(number(height)) pt at scale \(number(scale)): \(reason)"
        case .tooLarge(let w, let h, let reason):
            return "render size \(w)×\(h) is too large: \(reason)"
        }
    }

    /// A number as the size messages show it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value.isFinite && value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Checks a picture of `width`×`height` points at `scale` in `format` (scale counts for PNG only).
    package static func check(width: Double, height: Double, scale: Double, format: OutputFormat) -> SizeCheck {
        guard width.isFinite, height.isFinite, scale.isFinite else {
            return .invalid(reason: "width, height and scale must be finite numbers")
        }
        guard width > 0, height > 0 else { return .invalid(reason: "width and height must be greater than 0") }
        guard scale > 0 else { return .invalid(reason: "scale must be greater than 0") }
        var factor = 1.0, unit = "points"
        if case .png = format { factor = scale; unit = "pixels" }
        let w = (width * factor - 1e-9).rounded(.up), h = (height * factor - 1e-9).rounded(.up)
        guard w <= Double(maximumSide), h <= Double(maximumSide) else {
            return .tooLarge(width: Int(min(w, 1e15)), height: Int(min(h, 1e15)), reason: "at most \(maximumSide) \(unit) per side")
        }
        guard w * h <= Double(maximumPixels) else {
            return .tooLarge(width: Int(w), height: Int(h), reason: "at most \(maximumPixels / 1_000_000) megapixels")
        }
        return .fits(width: max(Int(w), 1), height: max(Int(h), 1))
    }
}
