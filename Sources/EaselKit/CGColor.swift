/// A colour as CoreGraphics passes it: sRGB components in 0…1 and alpha (not premultiplied).
/// Layers take `CGColor`s, as in CoreAnimation: `layer.borderColor = UIColor.red.cgColor`.
public final class CGColor: Equatable, @unchecked Sendable {
    let red: CGFloat, green: CGFloat, blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Red, green, blue and alpha.
    public var components: [CGFloat]? { [red, green, blue, alpha] }
    public var numberOfComponents: Int { 4 }

    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }
}

/// A colour space; EaselKit draws in sRGB only, so this exists for source compatibility:
/// `CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: …, locations: …)`.
public final class CGColorSpace: @unchecked Sendable {
    public static let sRGB = "sRGB"
    init() {}
    public convenience init?(name: String) { self.init() }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }
