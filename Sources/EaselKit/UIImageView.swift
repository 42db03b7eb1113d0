/// A view that shows an image, placed by its `contentMode`.
///
///     let icon = UIImageView(image: UIImage(named: "star.png"))
///     icon.contentMode = .scaleAspectFit
///     addSubview(icon)
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet {
            guard image != oldValue else { return }
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override class func _makeDesignable(frame: CGRect) -> UIView { UIImageView(frame: frame) }

    /// An image view the size of the image (when it can be read outside drawing).
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    open override class var defaultSize: CGSize { CGSize(width: 120, height: 120) }
    open override class var designableKind: DesignableKind { .imageView }

    open override class var _inspectableProperties: [InspectableProperty] {
        [.toolkit(UIImageView.self, UIImage?.self, "image", group: "Image View", get: { $0.image }, set: { $0.image = $1 })]
            + super._inspectableProperties
    }

    open override func draw(_ rect: CGRect) {
        guard let image, let context = UIGraphicsGetCurrentContext() else { return }
        context.draw(image, in: bounds, contentMode: contentMode)
    }

    open override var intrinsicContentSize: CGSize {
        guard let size = image?.size, size != .zero else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        return size
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }
}
