/// A one-line text field as a designer shows it (nothing is edited in a designer): its border style,
/// its text or else its placeholder, and its left and right overlay views.
///
///     let rate = UITextField(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
///     rate.borderStyle = .roundedRect
///     rate.placeholder = "0.0"
///     rate.textAlignment = .right
///     let percent = UILabel()
///     percent.text = "%"
///     percent.bounds = CGRect(x: 0, y: 0, width: 20, height: 30)
///     rate.rightView = percent
///     rate.rightViewMode = .always
///
/// Geometry follows UIKit's overridable rectangles: ``leftViewRect(forBounds:)`` and
/// ``rightViewRect(forBounds:)`` keep each overlay view's own size, vertically centred at the left or
/// right edge; ``textRect(forBounds:)`` is what remains, inset by the border style's padding. The
/// overlay views are subviews while their mode shows them (`.always` and `.unlessEditing`: a designer
/// never edits). Border styles: `.none` draws nothing, `.line` a thin dark frame, `.bezel` a grey
/// frame with a darker top edge, `.roundedRect` a white field with a light grey hairline and corners
/// of 5 points.
open class UITextField: UIControl {
    /// UITextField.BorderStyle.
    public enum BorderStyle: Int, InspectableEnum, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view shows (UITextField.ViewMode).
    public enum ViewMode: Int, InspectableEnum, Sendable {
        case never, whileEditing, unlessEditing, always

        /// A designer never edits.
        var showsInDesigner: Bool { self == .always || self == .unlessEditing }
    }

    open var text: String? { didSet { if text != oldValue { contentDidChange() } } }
    open var placeholder: String? { didSet { if placeholder != oldValue { contentDidChange() } } }
    /// UIKit's default is 17 points (Interface Builder's 14).
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { if font != oldValue { contentDidChange() } } }
    open var textColor: UIColor? = .label { didSet { setNeedsDisplay() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    open var borderStyle: BorderStyle = .none { didSet { if borderStyle != oldValue { contentDidChange() } } }
    open var leftView: UIView? { didSet { overlayDidChange(from: oldValue, to: leftView) } }
    open var rightView: UIView? { didSet { overlayDidChange(from: oldValue, to: rightView) } }
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// Kept for source compatibility; a designer never edits.
    open var clearsOnBeginEditing = false
    open var isEditing: Bool { false }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentVerticalAlignment = .center
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override class func _makeDesignable(frame: CGRect) -> UIView { UITextField(frame: frame) }

    open override class var defaultSize: CGSize { CGSize(width: 200, height: 34) }
    open override class var designableKind: DesignableKind { .textField }

    open override class var _inspectableProperties: [InspectableProperty] {
        [
            .toolkit(UITextField.self, String.self, "text", group: "Text Field",
                     get: { $0.text ?? "" }, set: { $0.text = $1 }),
            .toolkit(UITextField.self, String.self, "placeholder", group: "Text Field",
                     get: { $0.placeholder ?? "" }, set: { $0.placeholder = $1 }),
            .toolkit(UITextField.self, UIColor.self, "textColor", group: "Text Field", displayName: "Color",
                     get: { $0.textColor ?? .label }, set: { $0.textColor = $1 }),
            .toolkit(UITextField.self, NSTextAlignment.self, "textAlignment", group: "Text Field", displayName: "Alignment",
                     get: { $0.textAlignment }, set: { $0.textAlignment = $1 }),
            .toolkit(UITextField.self, BorderStyle.self, "borderStyle", group: "Text Field", displayName: "Border Style",
                     get: { $0.borderStyle }, set: { $0.borderStyle = $1 }),
        ] + super._inspectableProperties
    }

    // MARK: Geometry

    /// The padding the border style keeps between the border and the text.
    var textPadding: CGFloat {
        switch borderStyle {
        case .none: return 0
        case .line, .bezel: return 3
        case .roundedRect: return 7
        }
    }

    private var showsLeftView: Bool { leftView != nil && leftViewMode.showsInDesigner }
    private var showsRightView: Bool { rightView != nil && rightViewMode.showsInDesigner }

    /// The border and background area (the bounds).
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The left view at the left edge, at its own size, vertically centred.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let view = leftView else { return .zero }
        let size = view.bounds.size
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The right view at the right edge, at its own size, vertically centred.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let view = rightView else { return .zero }
        let size = view.bounds.size
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Where the text goes: the bounds without the overlay views that show, inset by the padding.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds
        if showsLeftView {
            let left = leftViewRect(forBounds: bounds)
            let cut = max(0, left.maxX - rect.minX)
            rect.origin.x += cut
            rect.size.width = max(0, rect.width - cut)
        } else {
            rect.origin.x += textPadding
            rect.size.width = max(0, rect.width - textPadding)
        }
        if showsRightView {
            rect.size.width = max(0, rightViewRect(forBounds: bounds).minX - rect.minX)
        } else {
            rect.size.width = max(0, rect.width - textPadding)
        }
        return rect
    }

    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        place(leftView, shown: showsLeftView, in: leftViewRect(forBounds: bounds))
        place(rightView, shown: showsRightView, in: rightViewRect(forBounds: bounds))
    }

    private func place(_ overlay: UIView?, shown: Bool, in rect: CGRect) {
        guard let overlay else { return }
        if shown {
            if overlay.superview !== self { addSubview(overlay) }
            overlay.frame = rect
        } else if overlay.superview === self {
            overlay.removeFromSuperview()
        }
    }

    private func overlayDidChange(from old: UIView?, to new: UIView?) {
        if let old, old !== new, old.superview === self { old.removeFromSuperview() }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    // MARK: Sizes

    private var textStyle: TextStyle {
        let color = textColor ?? .label
        return TextStyle(font: font ?? .systemFont(ofSize: 17), color: isEnabled ? color : color.withAlphaComponent(0.35),
                         alignment: textAlignment.resolved(for: effectiveUserInterfaceLayoutDirection), verticalAlignment: .center, lineBreakMode: .byTruncatingTail,
                         numberOfLines: 1)
    }

    /// One line of the text (or the placeholder), plus the padding and the overlay views' widths.
    open override var intrinsicContentSize: CGSize {
        let shown = (text?.isEmpty == false ? text : placeholder) ?? ""
        let measured = TextMeasurer.size(of: shown.isEmpty ? " " : shown, style: textStyle)
        var width = shown.isEmpty ? 0 : measured.width
        width += showsLeftView ? leftView!.bounds.width : textPadding
        width += showsRightView ? rightView!.bounds.width : textPadding
        let vertical: CGFloat = borderStyle == .roundedRect ? 14 : borderStyle == .none ? 0 : 8
        let height = max(measured.height + vertical, showsLeftView ? leftView!.bounds.height : 0,
                         showsRightView ? rightView!.bounds.height : 0)
        return CGSize(width: width.rounded(.up), height: height.rounded(.up))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    private func contentDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        drawBorder(in: context)
        if let text, !text.isEmpty {
            drawText(in: textRect(forBounds: bounds))
        } else if let placeholder, !placeholder.isEmpty {
            drawPlaceholder(in: placeholderRect(forBounds: bounds))
        }
    }

    /// Draws the text, vertically centred, on one line truncated at the tail.
    open func drawText(in rect: CGRect) {
        guard let text, !text.isEmpty else { return }
        UIGraphicsGetCurrentContext()?.drawText(text, in: rect, style: textStyle)
    }

    /// Draws the placeholder in the placeholder colour.
    open func drawPlaceholder(in rect: CGRect) {
        guard let placeholder, !placeholder.isEmpty else { return }
        var style = textStyle
        style.color = .placeholderText
        UIGraphicsGetCurrentContext()?.drawText(placeholder, in: rect, style: style)
    }

    private func drawBorder(in context: CGContext) {
        let box = borderRect(forBounds: bounds)
        guard box.width > 1, box.height > 1 else { return }
        context.saveGState()
        defer { context.restoreGState() }
        switch borderStyle {
        case .none:
            break
        case .line:
            context.setStrokeColor(UIColor.black.cgColor)
            context.setLineWidth(1)
            context.stroke(box.insetBy(dx: 0.5, dy: 0.5))
        case .bezel:
            context.setStrokeColor(UIColor(white: 0.6, alpha: 1).cgColor)
            context.setLineWidth(1)
            context.stroke(box.insetBy(dx: 0.5, dy: 0.5))
            context.setFillColor(UIColor(white: 0.35, alpha: 1).cgColor)
            context.fill(CGRect(x: box.minX, y: box.minY, width: box.width, height: 1))
        case .roundedRect:
            let outline = box.insetBy(dx: 0.5, dy: 0.5)
            context.beginPath()
            context.addRoundedRect(outline, cornerRadius: 5)
            // White with a light grey hairline; in the dark appearance a dark grey field, as iOS draws it.
            let dark = UITraitCollection.current.userInterfaceStyle == .dark
            context.setFillColor(UIColor.tertiarySystemBackground.cgColor)
            context.setStrokeColor(UIColor(white: dark ? 0.25 : 0.8, alpha: 1).cgColor)
            context.setLineWidth(1)
            context.drawPath(using: .fillStroke)
        }
    }
}
