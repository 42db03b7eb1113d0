/// Insets for each edge of a rectangle, in UIKit's order (top, left, bottom, right). Inspectable as
/// `EASEL_TYPE_INSETS`.
///
///     @IBInspectable var padding = UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12)
///     let content = bounds.inset(by: padding)
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle shrunk by `insets` (negative insets grow it), as UIKit's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let rect = standardized
        return CGRect(x: rect.minX + insets.left, y: rect.minY + insets.top,
                      width: max(0, rect.width - insets.left - insets.right),
                      height: max(0, rect.height - insets.top - insets.bottom))
    }
}
