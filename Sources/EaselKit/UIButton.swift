/// A button: per-state titles, title colours and images, laid out by content alignment and edge
/// insets as UIKit does, with a `titleLabel` and an `imageView` as subviews.
///
///     @IBDesignable @Designable
///     class RoundedCornerButton: UIButton {
///         @IBInspectable var cornerRadius: CGFloat = 0 {
///             didSet { layer.cornerRadius = cornerRadius }
///         }
///
///         override init(frame: CGRect) {
///             super.init(frame: frame)
///             setTitle("Button", for: .normal)
///             backgroundColor = .systemBlue
///         }
///         required init?(coder: NSCoder) { super.init(coder: coder) }
///     }
///
/// Its inspector shows the inherited "Button" group (title, text colour, image) above "Control" and
/// "View". Titles and images are measured through the host (`easel_host.measure_text` and
/// `image_size`) during layout, exactly as they will be drawn, so `titleLabel` and `imageView` have
/// their final frames when `layoutSubviews()` returns — as the seed's right-aligned image needs.
///
/// Content layout follows UIKit's (pre-configuration) rules: the image and the title sit side by
/// side, image first, and the pair is placed in the bounds inset by `contentEdgeInsets` as
/// `contentHorizontalAlignment` and `contentVerticalAlignment` say (centred by default). Each of
/// `imageEdgeInsets` and `titleEdgeInsets` then shifts its own element only: by `left` (or `-right`)
/// when aligned left (right), by `(left - right) / 2` when centred, and likewise vertically; the
/// title's insets also narrow the width it may take.
open class UIButton: UIControl {
    /// UIButton.ButtonType: `.custom` (white title) or `.system` (tint-coloured title); the others
    /// behave as `.system`.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    public private(set) var buttonType: ButtonType = .custom
    public private(set) var titleLabel: UILabel?
    public private(set) var imageView: UIImageView?
    private let backgroundImageView: UIImageView

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    /// The frames the last content layout gave the title and image views.
    private var laidOutFrames: (title: CGRect, image: CGRect)?

    /// Whether the last content layout had to estimate the title (a host without text metrics).
    private var layoutUsedEstimates = false

    // Setting an inset to its current value does not lay out again (layoutSubviews() code like the
    // seed's `imageEdgeInsets.left = …` then settles after one more pass).
    open var contentEdgeInsets: UIEdgeInsets = .zero { didSet { if contentEdgeInsets != oldValue { setNeedsLayout() } } }
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { if titleEdgeInsets != oldValue { setNeedsLayout() } } }
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { if imageEdgeInsets != oldValue { setNeedsLayout() } } }

    public override init(frame: CGRect) {
        backgroundImageView = UIImageView(frame: .zero)
        super.init(frame: frame)
        setUpContentViews()
    }

    public required init?(coder: NSCoder) {
        backgroundImageView = UIImageView(frame: .zero)
        super.init(coder: coder)
        setUpContentViews()
    }

    open override class func _makeDesignable(frame: CGRect) -> UIView { UIButton(frame: frame) }

    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    private func setUpContentViews() {
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle
        let image = UIImageView(frame: .zero)
        image.contentMode = .scaleAspectFit
        backgroundImageView.isHidden = true
        addSubview(backgroundImageView)
        addSubview(image)
        addSubview(label)
        titleLabel = label
        imageView = image
    }

    open override class var defaultSize: CGSize { CGSize(width: 160, height: 44) }
    open override class var designableKind: DesignableKind { .button }

    open override class var _inspectableProperties: [InspectableProperty] {
        [
            .toolkit(UIButton.self, String.self, "title", group: "Button",
                     get: { $0.title(for: .normal) ?? "" },
                     set: { $0.setTitle($1, for: .normal) }),
            .toolkit(UIButton.self, UIColor.self, "titleColor", group: "Button", displayName: "Text Color",
                     get: { $0.titleColor(for: .normal) ?? $0.defaultTitleColor },
                     set: { $0.setTitleColor($1, for: .normal) }),
            .toolkit(UIButton.self, UIImage?.self, "image", group: "Button",
                     get: { $0.image(for: .normal) }, set: { $0.setImage($1, for: .normal) }),
        ] + super._inspectableProperties
    }

    // MARK: Per-state content

    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        contentDidChange()
    }

    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }

    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
        contentDidChange()
    }

    open func titleColor(for state: UIControl.State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[0] }

    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        contentDidChange()
    }

    open func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] ?? images[0] }

    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state.rawValue] = image
        contentDidChange()
    }

    open func backgroundImage(for state: UIControl.State) -> UIImage? {
        backgroundImages[state.rawValue] ?? backgroundImages[0]
    }

    open var currentTitle: String? { title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? defaultTitleColor }
    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    private var defaultTitleColor: UIColor { buttonType == .custom ? .white : tintColor }

    private func contentDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutContent(using: nil)
    }

    /// Without host text metrics the title was estimated during layout: measure it exactly now,
    /// unless the subclass's layout moved the title or image view itself.
    override func willRender(in ctx: CGContext) {
        guard layoutUsedEstimates, let laid = laidOutFrames, titleLabel?.frame == laid.title,
              imageView?.frame == laid.image else { return }
        layoutContent(using: ctx)
    }

    open override var intrinsicContentSize: CGSize {
        let sizes = contentSizes(using: nil)
        return CGSize(width: sizes.title.width + sizes.image.width + contentEdgeInsets.left + contentEdgeInsets.right,
                      height: max(sizes.title.height, sizes.image.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The title's and image's natural sizes: from the canvas while drawing, from the host otherwise.
    private func contentSizes(using ctx: CGContext?) -> (title: CGSize, image: CGSize) {
        var titleSize = CGSize.zero
        layoutUsedEstimates = false
        if let title = currentTitle, !title.isEmpty, let label = titleLabel {
            var style = label.textStyle
            style.numberOfLines = 1
            if let ctx {
                titleSize = ctx.measureText(title, maxWidth: 0, style: style)
            } else if let measured = TextMeasurer.measuredByHost(title, style: style, maxWidth: 0) {
                titleSize = measured
            } else {
                titleSize = TextMeasurer.estimate(title, style: style, maxWidth: 0)
                layoutUsedEstimates = true
            }
        }
        var imageSize = CGSize.zero
        if let image = currentImage {
            imageSize = ctx?.imageSize(image.resourceName) ?? image.size
        }
        return (titleSize, imageSize)
    }

    /// Places the background image, image and title views inside the content rectangle.
    private func layoutContent(using ctx: CGContext?) {
        guard let titleLabel, let imageView else { return }
        titleLabel.text = currentTitle
        titleLabel.textColor = currentTitleColor
        imageView.image = currentImage
        imageView.isHidden = currentImage == nil
        backgroundImageView.image = currentBackgroundImage
        backgroundImageView.isHidden = currentBackgroundImage == nil
        backgroundImageView.frame = bounds

        let content = bounds.inset(by: contentEdgeInsets)
        var (titleSize, imageSize) = contentSizes(using: ctx)
        imageSize.width = min(imageSize.width, content.width)
        imageSize.height = min(imageSize.height, content.height)
        titleSize.width = min(titleSize.width, max(0, content.width - imageSize.width - titleEdgeInsets.left - titleEdgeInsets.right))
        titleSize.height = min(titleSize.height, content.height)
        if contentHorizontalAlignment == .fill { titleSize.width = max(0, content.width - imageSize.width) }

        let total = imageSize.width + titleSize.width
        let x: CGFloat
        switch contentHorizontalAlignment {
        case .left, .leading: x = content.minX
        case .right, .trailing: x = content.maxX - total
        case .center, .fill: x = content.midX - total / 2
        }
        func y(_ height: CGFloat) -> CGFloat {
            switch contentVerticalAlignment {
            case .top: return content.minY
            case .bottom: return content.maxY - height
            case .center, .fill: return content.midY - height / 2
            }
        }
        func offset(_ insets: UIEdgeInsets) -> CGPoint {
            let dx: CGFloat
            switch contentHorizontalAlignment {
            case .left, .leading: dx = insets.left
            case .right, .trailing: dx = -insets.right
            case .center, .fill: dx = (insets.left - insets.right) / 2
            }
            let dy: CGFloat
            switch contentVerticalAlignment {
            case .top: dy = insets.top
            case .bottom: dy = -insets.bottom
            case .center, .fill: dy = (insets.top - insets.bottom) / 2
            }
            return CGPoint(x: dx, y: dy)
        }
        let imageOffset = offset(imageEdgeInsets), titleOffset = offset(titleEdgeInsets)
        let imageFrame = CGRect(x: x + imageOffset.x, y: y(imageSize.height) + imageOffset.y,
                                width: imageSize.width, height: imageSize.height)
        let titleFrame = CGRect(x: x + imageSize.width + titleOffset.x, y: y(titleSize.height) + titleOffset.y,
                                width: titleSize.width, height: titleSize.height)
        imageView.frame = imageFrame
        titleLabel.frame = titleFrame
        laidOutFrames = (titleLabel.frame, imageView.frame)
    }
}
