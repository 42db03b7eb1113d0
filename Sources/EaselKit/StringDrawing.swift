/// String drawing in the current context, with UIKit's names and the attributes `.font`,
/// `.foregroundColor` and `.paragraphStyle`.
///
///     override func draw(_ rect: CGRect) {
///         let style = NSMutableParagraphStyle()
///         style.alignment = .center
///         "42 %".draw(in: bounds, withAttributes: [.font: UIFont.boldSystemFont(ofSize: 24),
///                                                  .foregroundColor: UIColor.darkGray,
///                                                  .paragraphStyle: style])
///     }
extension String {
    /// Draws the string on one line starting at `point` (its top-left corner).
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        var style = TextStyle(attributes: attributes)
        style.lineBreakMode = .byClipping
        let size = context.measureText(self, maxWidth: 0, style: style)
        context.drawText(self, in: CGRect(origin: point, size: CGSize(width: size.width + 1, height: size.height + 1)),
                         style: style)
    }

    /// Draws the string wrapped inside `rect`, from its top.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        UIGraphicsGetCurrentContext()?.drawText(self, in: rect, style: TextStyle(attributes: attributes))
    }

    /// The size of the string on one line (estimated outside drawing).
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextMeasurer.size(of: self, style: TextStyle(attributes: attributes))
    }

    /// The rectangle the string takes when wrapped at `size.width`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: AnyObject? = nil) -> CGRect {
        let measured = TextMeasurer.size(of: self, style: TextStyle(attributes: attributes),
                                         maxWidth: options.contains(.usesLineFragmentOrigin) ? size.width : 0)
        return CGRect(origin: .zero, size: measured)
    }
}

extension NSString {
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }

    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }

    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }
}

/// Options for ``Swift/String/boundingRect(with:options:attributes:context:)``: wrapping happens only
/// with `.usesLineFragmentOrigin`, as in UIKit.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}
