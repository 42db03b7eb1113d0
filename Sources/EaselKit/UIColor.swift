/// A colour, as UIKit names it: sRGB components in 0…1 plus alpha. Inspectable as
/// `EASEL_TYPE_COLOR` (`UIColor` and `UIColor?`, where nil is clear).
///
///     @IBInspectable var firstColor = UIColor(red: 37/255, green: 252/255, blue: 244/255, alpha: 1)
///     layer.borderColor = firstColor.cgColor
///     firstColor.setStroke()                  // in draw(_:)
///
/// A dynamic colour (the system colours, `UIColor { traits in … }`) has a value per appearance and
/// resolves against ``UITraitCollection/current`` wherever it is used: in `draw(_:)`, as a view's
/// `backgroundColor` or `tintColor`, or read back by the host.
public final class UIColor: Equatable, Hashable, CustomStringConvertible, @unchecked Sendable {
    private let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    /// What a dynamic colour is in given traits (nil: a fixed colour).
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = (red, green, blue, alpha)
        provider = nil
    }

    /// A colour whose value depends on the traits it is shown with (UIColor(dynamicProvider:)).
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        components = (0, 0, 0, 0)
        provider = dynamicProvider
    }

    /// Whether the colour depends on traits.
    var isDynamic: Bool { provider != nil }

    /// The fixed colour this one is in `traitCollection`.
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// The components in the current traits.
    private var resolved: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        provider == nil ? components : resolvedColor(with: .current).components
    }
    var redComponent: CGFloat { resolved.red }
    var greenComponent: CGFloat { resolved.green }
    var blueComponent: CGFloat { resolved.blue }
    var alphaComponent: CGFloat { resolved.alpha }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// HSB colour; hue in 0…1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = saturation, v = brightness
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }

    /// The colour as a CGColor, resolved in the current traits (a dynamic colour's CGColor is fixed,
    /// as in UIKit).
    public var cgColor: CGColor {
        let c = resolved
        return CGColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        guard let provider else { return UIColor(red: components.red, green: components.green, blue: components.blue, alpha: alpha) }
        return UIColor { provider($0).withAlphaComponent(alpha) }
    }

    /// UIKit's out-parameter accessor; always succeeds.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = resolved
        red?.pointee = c.red
        green?.pointee = c.green
        blue?.pointee = c.blue
        alpha?.pointee = c.alpha
        return true
    }

    /// Sets the current context's fill and stroke colour.
    public func set() {
        setFill()
        setStroke()
    }

    /// Sets the current context's fill colour (`UIGraphicsGetCurrentContext()`).
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Sets the current context's stroke colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    public var description: String {
        "UIColor(red: \(redComponent), green: \(greenComponent), blue: \(blueComponent), alpha: \(alphaComponent))"
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        lhs.redComponent == rhs.redComponent && lhs.greenComponent == rhs.greenComponent
            && lhs.blueComponent == rhs.blueComponent && lhs.alphaComponent == rhs.alphaComponent
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(redComponent)
        hasher.combine(greenComponent)
        hasher.combine(blueComponent)
        hasher.combine(alphaComponent)
    }

    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // iOS system colours (light appearance).
    /// A dynamic colour: `light` in the light appearance, `dark` in the dark one (RGB 0…255).
    private static func system(_ light: (CGFloat, CGFloat, CGFloat, CGFloat), _ dark: (CGFloat, CGFloat, CGFloat, CGFloat)) -> UIColor {
        let lightColor = rgb(light.0, light.1, light.2, light.3), darkColor = rgb(dark.0, dark.1, dark.2, dark.3)
        return UIColor { $0.userInterfaceStyle == .dark ? darkColor : lightColor }
    }

    // The system colours, with iOS's values for the light and the dark appearance.
    public static var systemBlue: UIColor { system((0, 122, 255, 1), (10, 132, 255, 1)) }
    public static var systemGreen: UIColor { system((52, 199, 89, 1), (48, 209, 88, 1)) }
    public static var systemRed: UIColor { system((255, 59, 48, 1), (255, 69, 58, 1)) }
    public static var systemOrange: UIColor { system((255, 149, 0, 1), (255, 159, 10, 1)) }
    public static var systemYellow: UIColor { system((255, 204, 0, 1), (255, 214, 10, 1)) }
    public static var systemPink: UIColor { system((255, 45, 85, 1), (255, 55, 95, 1)) }
    public static var systemPurple: UIColor { system((175, 82, 222, 1), (191, 90, 242, 1)) }
    public static var systemTeal: UIColor { system((90, 200, 250, 1), (100, 210, 255, 1)) }
    public static var systemIndigo: UIColor { system((88, 86, 214, 1), (94, 92, 230, 1)) }
    public static var systemGray: UIColor { system((142, 142, 147, 1), (142, 142, 147, 1)) }
    public static var systemGray2: UIColor { system((174, 174, 178, 1), (99, 99, 102, 1)) }
    public static var systemGray3: UIColor { system((199, 199, 204, 1), (72, 72, 74, 1)) }
    public static var systemGray4: UIColor { system((209, 209, 214, 1), (58, 58, 60, 1)) }
    public static var systemGray5: UIColor { system((229, 229, 234, 1), (44, 44, 46, 1)) }
    public static var systemGray6: UIColor { system((242, 242, 247, 1), (28, 28, 30, 1)) }
    public static var label: UIColor { system((0, 0, 0, 1), (255, 255, 255, 1)) }
    public static var secondaryLabel: UIColor { system((60, 60, 67, 0.6), (235, 235, 245, 0.6)) }
    public static var tertiaryLabel: UIColor { system((60, 60, 67, 0.3), (235, 235, 245, 0.3)) }
    public static var quaternaryLabel: UIColor { system((60, 60, 67, 0.18), (235, 235, 245, 0.16)) }
    public static var placeholderText: UIColor { system((60, 60, 67, 0.3), (235, 235, 245, 0.3)) }
    public static var separator: UIColor { system((60, 60, 67, 0.29), (84, 84, 88, 0.6)) }
    public static var opaqueSeparator: UIColor { system((198, 198, 200, 1), (56, 56, 58, 1)) }
    public static var link: UIColor { system((0, 122, 255, 1), (9, 132, 255, 1)) }
    public static var systemBackground: UIColor { system((255, 255, 255, 1), (0, 0, 0, 1)) }
    public static var secondarySystemBackground: UIColor { system((242, 242, 247, 1), (28, 28, 30, 1)) }
    public static var tertiarySystemBackground: UIColor { system((255, 255, 255, 1), (44, 44, 46, 1)) }
    public static var systemGroupedBackground: UIColor { system((242, 242, 247, 1), (0, 0, 0, 1)) }
    public static var secondarySystemGroupedBackground: UIColor { system((255, 255, 255, 1), (28, 28, 30, 1)) }
    public static var tertiarySystemGroupedBackground: UIColor { system((242, 242, 247, 1), (44, 44, 46, 1)) }
    public static var systemFill: UIColor { system((120, 120, 128, 0.2), (120, 120, 128, 0.36)) }
    public static var secondarySystemFill: UIColor { system((120, 120, 128, 0.16), (120, 120, 128, 0.32)) }
    public static var tertiarySystemFill: UIColor { system((118, 118, 128, 0.12), (118, 118, 128, 0.24)) }
    public static var quaternarySystemFill: UIColor { system((116, 116, 128, 0.08), (118, 118, 128, 0.18)) }
    public static var tintColor: UIColor { systemBlue }

    /// The dynamic colours by their UIColor names, for layout documents ("systemBackground", "label").
    static let systemColors: [(String, @Sendable () -> UIColor)] = [
        ("systemBlue", { .systemBlue }), ("systemGreen", { .systemGreen }), ("systemRed", { .systemRed }),
        ("systemOrange", { .systemOrange }), ("systemYellow", { .systemYellow }), ("systemPink", { .systemPink }),
        ("systemPurple", { .systemPurple }), ("systemTeal", { .systemTeal }), ("systemIndigo", { .systemIndigo }),
        ("systemGray", { .systemGray }), ("systemGray2", { .systemGray2 }), ("systemGray3", { .systemGray3 }),
        ("systemGray4", { .systemGray4 }), ("systemGray5", { .systemGray5 }), ("systemGray6", { .systemGray6 }),
        ("label", { .label }), ("secondaryLabel", { .secondaryLabel }), ("tertiaryLabel", { .tertiaryLabel }),
        ("quaternaryLabel", { .quaternaryLabel }), ("placeholderText", { .placeholderText }), ("separator", { .separator }),
        ("opaqueSeparator", { .opaqueSeparator }), ("link", { .link }), ("systemBackground", { .systemBackground }),
        ("secondarySystemBackground", { .secondarySystemBackground }), ("tertiarySystemBackground", { .tertiarySystemBackground }),
        ("systemGroupedBackground", { .systemGroupedBackground }),
        ("secondarySystemGroupedBackground", { .secondarySystemGroupedBackground }),
        ("tertiarySystemGroupedBackground", { .tertiarySystemGroupedBackground }), ("systemFill", { .systemFill }),
        ("secondarySystemFill", { .secondarySystemFill }), ("tertiarySystemFill", { .tertiarySystemFill }),
        ("quaternarySystemFill", { .quaternarySystemFill }), ("tintColor", { .tintColor }),
    ]
    static var systemColorNames: [String] { systemColors.map(\.0) }

    /// The system colour named `name`, if there is one.
    static func named(_ name: String) -> UIColor? { systemColors.first { $0.0 == name }?.1() }
}
