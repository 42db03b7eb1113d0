internal import CEasel

extension UIView {
    /// How content is placed in the bounds (UIView.ContentMode).
    public enum ContentMode: Int, CaseIterable, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight

        var cValue: easel_content_mode {
            switch self {
            case .scaleToFill, .redraw: return EASEL_CONTENT_SCALE_TO_FILL
            case .scaleAspectFit: return EASEL_CONTENT_SCALE_ASPECT_FIT
            case .scaleAspectFill: return EASEL_CONTENT_SCALE_ASPECT_FILL
            default: return EASEL_CONTENT_CENTER
            }
        }
    }

    /// Which margins and dimensions follow the superview's size (UIView.AutoresizingMask).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// How a view's content is laid out in right-to-left (UISemanticContentAttribute).
    public enum SemanticContentAttribute: Int, Sendable {
        case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft
    }
}
