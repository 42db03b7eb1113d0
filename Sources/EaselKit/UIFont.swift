internal import CEasel

/// A font: family (nil: the host's UI font, sans-serif with CJK coverage), size in points, weight and
/// slant. Text is laid out by the host.
///
///     label.font = .boldSystemFont(ofSize: 18)
///     let title = UIFont(name: "DejaVu Serif", size: 14)
public final class UIFont: Equatable, @unchecked Sendable {
    /// UIKit's weight scale (-1…1); `.regular` is 0, `.bold` 0.4.
    public struct Weight: RawRepresentable, Equatable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// The CSS/OpenType weight (100…900) the host uses.
        var cssWeight: UInt32 {
            let table: [(CGFloat, UInt32)] = [(-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500),
                                             (0.3, 600), (0.4, 700), (0.56, 800), (0.62, 900)]
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    /// nil: the system (host UI) font.
    public let familyName: String?
    public let pointSize: CGFloat
    public let weight: Weight
    public let isItalic: Bool
    /// The text style a preferred font was made for (``preferredFont(forTextStyle:)``), so a label that
    /// adjusts to the text size can make it again.
    var textStyle: TextStyle?

    init(familyName: String?, pointSize: CGFloat, weight: Weight, italic: Bool) {
        self.familyName = familyName
        self.pointSize = pointSize > 0 ? pointSize : 17
        self.weight = weight
        self.isItalic = italic
    }

    /// A font by family name. Never fails: the host falls back to a similar font if the family is missing.
    public convenience init?(name: String, size: CGFloat) {
        self.init(familyName: name, pointSize: size, weight: .regular, italic: false)
    }

    public var fontName: String { familyName ?? ".SFUI" }
    /// The height of one line of text in this font as the host lays it out (the ascent, descent and
    /// line gap of the font it picks), so a box `lineHeight` tall holds a line, descenders included.
    /// Measured by the host, as the host draws: by the canvas during `draw(_:)`, by the host outside
    /// drawing (layout, `intrinsicContentSize`); only a host without text metrics leaves
    /// ``estimatedLineHeight``.
    public var lineHeight: CGFloat { TextMeasurer.lineHeight(of: self) }

    /// A line height when the host cannot measure: 1.5 × size, rounded up, generous rather than short
    /// (the host lays a 22-point bold system-font line out 32 points tall, 1.45 × size).
    var estimatedLineHeight: CGFloat { (pointSize * 1.5).rounded(.up) }

    public func withSize(_ size: CGFloat) -> UIFont {
        UIFont(familyName: familyName, pointSize: size, weight: weight, italic: isItalic)
    }

    public static func systemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(familyName: nil, pointSize: size, weight: .regular, italic: false)
    }

    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(familyName: nil, pointSize: size, weight: weight, italic: false)
    }

    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(familyName: nil, pointSize: size, weight: .bold, italic: false)
    }

    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(familyName: nil, pointSize: size, weight: .regular, italic: true)
    }

    public static var systemFontSize: CGFloat { 14 }
    public static var labelFontSize: CGFloat { 17 }
    public static var buttonFontSize: CGFloat { 18 }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.familyName == rhs.familyName && lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight
            && lhs.isItalic == rhs.isItalic
    }
}
