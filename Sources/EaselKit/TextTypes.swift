internal import CEasel

/// Horizontal text alignment (UIKit's NSTextAlignment). `.natural` is left-aligned.
public enum NSTextAlignment: Int, InspectableEnum, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4

    /// The alignment in `direction`: natural text starts at the right in right-to-left.
    func resolved(for direction: UIUserInterfaceLayoutDirection) -> NSTextAlignment {
        self == .natural ? (direction == .rightToLeft ? .right : .left) : self
    }

    var cValue: easel_text_alignment {
        switch self {
        case .left, .natural: return EASEL_TEXT_ALIGN_LEFT
        case .center: return EASEL_TEXT_ALIGN_CENTER
        case .right: return EASEL_TEXT_ALIGN_RIGHT
        case .justified: return EASEL_TEXT_ALIGN_JUSTIFIED
        }
    }
}

/// How text that does not fit is broken or cut (UIKit's NSLineBreakMode). Head and middle truncation
/// are drawn as tail truncation.
public enum NSLineBreakMode: Int, CaseIterable, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    var cValue: easel_line_break {
        switch self {
        case .byWordWrapping: return EASEL_LINE_BREAK_WORD_WRAP
        case .byCharWrapping: return EASEL_LINE_BREAK_CHAR_WRAP
        case .byClipping: return EASEL_LINE_BREAK_CLIP
        case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle: return EASEL_LINE_BREAK_TRUNCATE_TAIL
        }
    }
}

/// Paragraph attributes for string drawing (`.paragraphStyle`).
open class NSParagraphStyle {
    var storedAlignment: NSTextAlignment = .natural
    var storedLineBreakMode: NSLineBreakMode = .byWordWrapping

    public init() {}

    public var alignment: NSTextAlignment { storedAlignment }
    public var lineBreakMode: NSLineBreakMode { storedLineBreakMode }

    public static var `default`: NSParagraphStyle { NSParagraphStyle() }
}

/// Mutable paragraph attributes: `let style = NSMutableParagraphStyle(); style.alignment = .center`.
open class NSMutableParagraphStyle: NSParagraphStyle {
    public override var alignment: NSTextAlignment {
        get { storedAlignment }
        set { storedAlignment = newValue }
    }

    public override var lineBreakMode: NSLineBreakMode {
        get { storedLineBreakMode }
        set { storedLineBreakMode = newValue }
    }
}

extension NSAttributedString.Key {
    /// A ``UIFont``.
    public static let font = NSAttributedString.Key("NSFont")
    /// A ``UIColor``.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// An ``NSParagraphStyle``.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}
