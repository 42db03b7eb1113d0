internal import CEasel

/// Colour stops for ``CGContext/drawLinearGradient(_:start:end:options:)`` and
/// ``CGContext/drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)``.
///
///     let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
///                               colors: [UIColor.red.cgColor, UIColor.blue.cgColor], locations: [0, 1])!
///     context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: bounds.height), options: [])
///
/// On iOS `colors` is a CFArray (`[…] as CFArray`); here it is a Swift array of CGColor.
public final class CGGradient: @unchecked Sendable {
    let stops: [easel_gradient_stop]

    /// Colours spread evenly when `locations` is nil.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard !colors.isEmpty else { return nil }
        if let locations, locations.count != colors.count { return nil }
        stops = colors.enumerated().map { index, color in
            let location = locations?[index] ?? (colors.count == 1 ? 0 : CGFloat(index) / CGFloat(colors.count - 1))
            return easel_gradient_stop(location: Double(location), color: color.easel)
        }.sorted { $0.location < $1.location }
    }

    /// Components as RGBA quadruples, `count` colours.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat],
                             locations: [CGFloat]?, count: Int) {
        guard components.count >= count * 4 else { return nil }
        let colors = (0..<count).map {
            CGColor(red: components[4 * $0], green: components[4 * $0 + 1], blue: components[4 * $0 + 2],
                    alpha: components[4 * $0 + 3])
        }
        self.init(colorsSpace: space, colors: colors, locations: locations.map { Array($0.prefix(count)) })
    }
}
