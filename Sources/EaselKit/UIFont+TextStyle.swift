/// Dynamic Type: the fonts of UIKit's text styles, at the user's preferred text size (the
/// `preferredContentSizeCategory` of the traits, easel.traits/1), with iOS's sizes.
///
///     titleLabel.font = .preferredFont(forTextStyle: .headline)
///     titleLabel.adjustsFontForContentSizeCategory = true   // follows a change of text size
extension UIFont {
    /// A text style (UIFont.TextStyle).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size at each category from extraSmall to accessibilityExtraExtraExtraLarge (iOS's table), and the weight.
        var metrics: (sizes: [CGFloat], weight: Weight) {
            switch self {
            case .largeTitle: return ([31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60], .regular)
            case .title1: return ([25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58], .regular)
            case .title2: return ([19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56], .regular)
            case .title3: return ([17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55], .regular)
            case .headline: return ([14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], .semibold)
            case .subheadline: return ([12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49], .regular)
            case .callout: return ([13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51], .regular)
            case .footnote: return ([12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44], .regular)
            case .caption1: return ([11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43], .regular)
            case .caption2: return ([11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40], .regular)
            default: return ([14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], .regular) // body
            }
        }
    }

    /// The font of `style` at the current traits' text size (``UITraitCollection/current``).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The font of `style` at `traitCollection`'s text size (nil: the current traits').
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = (traitCollection ?? .current).preferredContentSizeCategory
        let (sizes, weight) = style.metrics
        let font = UIFont(familyName: nil, pointSize: sizes[min(category.index, sizes.count - 1)], weight: weight, italic: false)
        font.textStyle = style
        return font
    }
}
