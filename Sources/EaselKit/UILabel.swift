/// A view that draws one or more lines of text, vertically centred as UIKit's label does.
///
///     let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 21))
///     label.text = "税率"
///     label.font = .boldSystemFont(ofSize: 17)
///     label.textAlignment = .center
///     addSubview(label)
open class UILabel: UIView {
    // Setting a value equal to the current one changes nothing (no layout of the superview).
    open var text: String? { didSet { if text != oldValue { contentDidChange() } } }
    open var font: UIFont! = .systemFont(ofSize: 17) { didSet { if font != oldValue { contentDidChange() } } }
    /// Whether a font made by ``UIFont/preferredFont(forTextStyle:)`` follows a change of the text
    /// size in the traits (Dynamic Type).
    open var adjustsFontForContentSizeCategory = false

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if adjustsFontForContentSizeCategory, let style = font?.textStyle,
           traitCollection.preferredContentSizeCategory != previousTraitCollection?.preferredContentSizeCategory {
            font = .preferredFont(forTextStyle: style, compatibleWith: traitCollection)
        }
    }
    open var textColor: UIColor! = .label { didSet { setNeedsDisplay() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    /// 0: as many lines as needed.
    open var numberOfLines = 1 { didSet { if numberOfLines != oldValue { contentDidChange() } } }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { if lineBreakMode != oldValue { contentDidChange() } } }
    /// Drawn in a lighter colour when false.
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    /// The width multi-line labels wrap at for their intrinsic size (0: unlimited).
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// Kept for source compatibility; text is not shrunk.
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override class func _makeDesignable(frame: CGRect) -> UIView { UILabel(frame: frame) }

    open override class var defaultSize: CGSize { CGSize(width: 120, height: 21) }
    open override class var designableKind: DesignableKind { .label }

    open override class var _inspectableProperties: [InspectableProperty] {
        [
            .toolkit(UILabel.self, String.self, "text", group: "Label", get: { $0.text ?? "" }, set: { $0.text = $1 }),
            .toolkit(UILabel.self, UIColor.self, "textColor", group: "Label", displayName: "Color",
                     get: { $0.textColor }, set: { $0.textColor = $1 }),
            .toolkit(UILabel.self, NSTextAlignment.self, "textAlignment", group: "Label", displayName: "Alignment",
                     get: { $0.textAlignment }, set: { $0.textAlignment = $1 }),
        ] + super._inspectableProperties
    }

    var textStyle: TextStyle {
        TextStyle(font: font ?? .systemFont(ofSize: 17),
                  color: isEnabled ? (textColor ?? .label) : (textColor ?? .label).withAlphaComponent(0.35),
                  alignment: textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection), verticalAlignment: .center, lineBreakMode: lineBreakMode,
                  numberOfLines: numberOfLines)
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// Draws the text, vertically centred in `rect`; override to adjust the rectangle.
    open func drawText(in rect: CGRect) {
        guard let text, !text.isEmpty else { return }
        UIGraphicsGetCurrentContext()?.drawText(text, in: rect, style: textStyle)
    }

    /// The rectangle the text takes inside `bounds` (estimated outside drawing).
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        var style = textStyle
        style.numberOfLines = numberOfLines
        let size = TextMeasurer.size(of: text ?? "", style: style, maxWidth: bounds.width)
        return CGRect(origin: bounds.origin, size: CGSize(width: min(size.width, bounds.width), height: size.height))
    }

    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return CGSize(width: 0, height: 0) }
        let maxWidth = numberOfLines == 1 ? 0 : preferredMaxLayoutWidth
        let size = TextMeasurer.size(of: text, style: textStyle, maxWidth: maxWidth)
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let maxWidth = numberOfLines == 1 ? 0 : size.width
        return TextMeasurer.size(of: text, style: textStyle, maxWidth: maxWidth)
    }

    private func contentDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }
}
