/// A layer filled with a gradient over its bounds.
///
///     let gradient = CAGradientLayer()
///     gradient.frame = bounds
///     gradient.colors = [UIColor.black.cgColor, UIColor.white.cgColor]
///     gradient.startPoint = CGPoint(x: 0, y: 0.5)
///     gradient.endPoint = CGPoint(x: 1, y: 0.5)
///     layer.insertSublayer(gradient, at: 0)
///
/// `colors` holds CGColor (UIColor is accepted too); `startPoint`/`endPoint` are in unit coordinates
/// of the bounds. Like CoreAnimation, the gradient follows `cornerRadius` only with `masksToBounds`.
open class CAGradientLayer: CALayer {
    open var colors: [Any]?
    /// Stop locations 0…1, one per colour; nil spreads them evenly.
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint = CGPoint(x: 0.5, y: 1)
    open var type: CAGradientLayerType = .axial

    public required init() { super.init() }

    override func ownPaintCount() -> Int? {
        guard owningView == nil, delegate == nil, contents == nil, Swift.type(of: self) == CAGradientLayer.self else { return nil }
        let paints = (colors?.isEmpty == false) && bounds.width > 0 && bounds.height > 0
        return backgroundAndBorderPaintCount + (paints ? 1 : 0)
    }

    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        let cgColors: [CGColor] = (colors ?? []).compactMap { ($0 as? CGColor) ?? ($0 as? UIColor)?.cgColor }
        guard !cgColors.isEmpty, bounds.width > 0, bounds.height > 0 else { return }
        let stops = locations.flatMap { $0.count == cgColors.count ? $0.map { CGFloat($0.doubleValue) } : nil }
        guard let gradient = CGGradient(colorsSpace: nil, colors: cgColors, locations: stops) else { return }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        ctx.saveGState()
        ctx.clip(to: bounds)
        let options: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        if type == .radial {
            let center = point(startPoint), edge = point(endPoint)
            let radius = max(abs(edge.x - center.x), abs(edge.y - center.y))
            ctx.drawRadialGradient(gradient, startCenter: center, startRadius: 0, endCenter: center,
                                   endRadius: radius, options: options)
        } else {
            ctx.drawLinearGradient(gradient, start: point(startPoint), end: point(endPoint), options: options)
        }
        ctx.restoreGState()
    }
}

/// The kind of gradient a CAGradientLayer draws.
public struct CAGradientLayerType: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
}
