internal import CEasel

/// The base class of every designable: a rectangle backed by a ``CALayer``, with subviews, UIKit's
/// layout and drawing hooks, and the Interface Builder lifecycle.
///
///     @IBDesignable @Designable
///     final class Rainbow: UIView {
///         @IBInspectable var firstColor = UIColor(red: 37/255, green: 252/255, blue: 244/255, alpha: 1)
///
///         override class var defaultSize: CGSize { CGSize(width: 600, height: 434) }
///
///         override func draw(_ rect: CGRect) {
///             firstColor.setStroke()
///             let ring = UIBezierPath(ovalIn: bounds.insetBy(dx: 20, dy: 20))
///             ring.lineWidth = 20
///             ring.stroke()
///         }
///     }
///
/// Lifecycle as the host runs it (Interface Builder's order):
/// - designer: `init(frame:)` → properties set → ``prepareForInterfaceBuilder()`` → layout → draw
/// - archive: `init(frame:)` → ``decode(archive:)`` → archived properties set → ``awakeFromNib()`` →
///   layout → draw
///
/// Initialisers are UIKit's: `init(frame:)` is the designated one (write `override init(frame:)`),
/// and `init?(coder:)` is `required`, so a subclass that overrides `init(frame:)` also writes
/// `required init?(coder:)`, as in UIKit. The host creates a designable through
/// ``_makeDesignable(frame:)``, which `@Designable` writes with the class's own name.
/// Layout: the host sets the size, then `layoutSubviews()` runs on the view and, where needed, down
/// its subviews. Drawing renders the layer tree: background, ``draw(_:)``, sublayers and subviews,
/// border.
open class UIView: UIResponder, CALayerDelegate {
    // MARK: Initialisers

    /// The instance host of the designable instance this view is the root of (see ``designer``).
    var designerLink: EaselDesigner?

    /// The designated initialiser; the SDK calls it with the default size, or the host's frame.
    public init(frame: CGRect) {
        layer = Self.layerClass.init()
        super.init()
        layer.owningView = self
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.frame = frame
    }

    /// UIKit's archive initialiser, `required` as in UIKit (NSCoding), so that ported
    /// `required init?(coder:)` overrides compile.
    /// Easel never calls it: archives go through `init(frame:)` and ``decode(archive:)``.
    public required init?(coder: NSCoder) {
        layer = Self.layerClass.init()
        super.init()
        layer.owningView = self
    }

    public override convenience init() { self.init(frame: .zero) }

    // MARK: Layer

    /// The layer backing the view: its background, corners, border, shadow and sublayers.
    public let layer: CALayer

    /// The class of the backing layer (override to back a view with e.g. a `CAGradientLayer`).
    open class var layerClass: CALayer.Type { CALayer.self }

    // MARK: Geometry

    /// The view's rectangle in its superview.
    open var frame: CGRect {
        get { layer.frame }
        set { layer.frame = newValue }
    }

    /// The view's own coordinate space.
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }

    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }

    /// Applied around the center, as in UIKit.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    // MARK: Appearance

    /// The layer's background colour (`layer.backgroundColor`). A dynamic colour (``UIColor/systemBackground``)
    /// follows the view's traits: it is resolved again whenever the view is drawn.
    open var backgroundColor: UIColor? {
        get { dynamicBackgroundColor ?? layer.backgroundColor.map { UIColor(cgColor: $0) } }
        set {
            dynamicBackgroundColor = newValue?.isDynamic == true ? newValue : nil
            layer.backgroundColor = newValue?.cgColor
            setNeedsDisplay()
        }
    }
    /// The background colour when it is dynamic (resolved into the layer before each draw).
    var dynamicBackgroundColor: UIColor?

    /// The layer's opacity, 0…1, kept exactly as given (`layer.opacity` is it rounded to a Float).
    open var alpha: CGFloat {
        get { layer.exactOpacity }
        set { layer.exactOpacity = newValue }
    }

    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Clips subviews and drawing to the bounds (`layer.masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    private var ownTintColor: UIColor?

    /// Inherited from the superview when not set; system blue at the root.
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            ownTintColor = newValue
            tintColorDidChange()
        }
    }

    open func tintColorDidChange() { setNeedsDisplay() }

    /// How content (images) is placed in the bounds.
    open var contentMode: ContentMode = .scaleToFill {
        didSet { setNeedsDisplay() }
    }

    open var tag = 0
    open var isOpaque = true
    open var isUserInteractionEnabled = true
    open var clearsContextBeforeDrawing = true
    /// How the view follows its superview's size changes.
    open var autoresizingMask: AutoresizingMask = []
    open var autoresizesSubviews = true
    /// Kept for source compatibility; Easel lays out by frames and autoresizing.
    open var translatesAutoresizingMaskIntoConstraints = true

    // MARK: Hierarchy

    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        let previous = view.superview
        if previous !== self { view.willMove(toSuperview: self) }
        view.detachFromSuperview()
        let position = min(max(0, index), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        // The layer goes above the layer of the subview below it (or at the bottom of the view layers).
        if position > 0 {
            layer.insertSublayer(view.layer, above: subviews[position - 1].layer)
        } else if let next = subviews.dropFirst().first {
            layer.insertSublayer(view.layer, below: next.layer)
        } else {
            layer.addSublayer(view.layer)
        }
        view.setNeedsLayout()
        setNeedsLayout()
        if previous !== self {
            didAddSubview(view)
            view.didMoveToSuperview()
        }
    }

    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling } ?? subviews.count - 1) + 1)
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        detachFromSuperview()
        parent.setNeedsLayout()
        didMoveToSuperview()
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// The view itself or the first descendant with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}

    private func detachFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    // MARK: Layout

    var needsLayoutFlag = true

    /// Marks the view for `layoutSubviews()` before it is next drawn. The host lays out after every
    /// change it makes anyway; called from your own code outside the host's calls (a timer, another
    /// thread, content that arrived), it also asks the host for a layout
    /// (``EaselDesigner/requestLayout()``), as ``setNeedsDisplay()`` asks for a redraw.
    open func setNeedsLayout() {
        needsLayoutFlag = true
        layer.setNeedsLayout()
        if !EaselDesigner.isInCallback { designer?.requestLayout() }
    }

    /// Runs `layoutSubviews()` now if needed, then down the subviews.
    open func layoutIfNeeded() {
        layoutPass(force: false)
    }

    /// Position subviews here (and react to property changes: the host always lays out after
    /// setting properties). Call `super.layoutSubviews()`.
    open func layoutSubviews() {}

    /// The natural size, ``UIView/noIntrinsicMetric`` on an axis without one.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    open func invalidateIntrinsicContentSize() { superview?.setNeedsLayout() }

    /// The size that best fits `size`; the default is the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    open func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }

    /// UIViewNoIntrinsicMetric.
    public static let noIntrinsicMetric: CGFloat = -1

    // MARK: Events and traits

    /// The superview: touches a view does not handle go up to it.
    open override var next: UIResponder? { superview }

    /// The farthest descendant (or this view) that contains `point` (in this view's coordinates) and
    /// takes events: hidden, transparent (alpha below 0.01) and non-interactive views are skipped,
    /// and subviews are asked front to back. The host sends a pointer down to the view this returns.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside the view: its bounds by default.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The traits the view is shown with (appearance, layout direction, text size, scale), from the
    /// host (easel.traits/1); UIKit's defaults outside a host.
    open var traitCollection: UITraitCollection { designer?.traits ?? UITraitCollection.current }

    /// Whether the view follows the layout direction (`.unspecified`, the default) or keeps one.
    open var semanticContentAttribute: SemanticContentAttribute = .unspecified { didSet { setNeedsLayout(); setNeedsDisplay() } }

    /// The direction the view lays out and aligns natural text in: its traits', unless
    /// ``semanticContentAttribute`` forces one (playback and spatial content never mirror).
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        case .unspecified: return traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        }
    }

    /// The view's traits changed (the host switched to dark, to right-to-left, …): called on every
    /// view of the instance, root first, then laid out and drawn again. Call `super`.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Drawing

    /// Marks the view for redrawing. The host redraws after every change it makes anyway; called
    /// from your own code outside the host's calls (a timer, another thread, an image that arrived),
    /// it also asks the host for a redraw (``EaselDesigner/requestRedraw()``).
    open func setNeedsDisplay() {
        layer.markNeedsDisplay()
        if !EaselDesigner.isInCallback { designer?.requestRedraw() }
    }

    open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    /// Draw the view's content with the current context (``UIGraphicsGetCurrentContext()``), in
    /// the view's coordinates, after its background and before its subviews.
    open func draw(_ rect: CGRect) {}

    // MARK: Designable lifecycle

    /// Called once in the designer, after the designer's properties were set and before the first
    /// layout: fill in placeholder content a designer should see.
    open func prepareForInterfaceBuilder() {}

    /// Called after an archive's attributes were set (Easel's counterpart of loading from a nib).
    open func awakeFromNib() {}

    /// Easel's `init(coder:)`: called right after `init(frame:)` when the instance comes from a layout
    /// document. Throw to refuse the archive: the host reports the error with the document's name.
    open func decode(archive: EaselArchive) throws {}

    // MARK: Designable class metadata

    /// Named states the designer, the gallery and snapshot tests show (extension `easel.variants/1`).
    open class var designableVariants: [DesignableVariant] { [] }
    /// Methods a designer can trigger, like IBActions (extension `easel.actions/1`).
    open class var designableActions: [DesignableAction] { [] }

    /// The size the host uses when the user gives none (and the prototype's size).
    open class var defaultSize: CGSize { CGSize(width: 240, height: 128) }
    /// One line for the host's library.
    open class var designableSummary: String? { nil }
    /// The host's library section ("Buttons"); nil: the plugin's name.
    open class var designableGroup: String? { nil }
    /// nil: derived from the class name ("RoundedCornerButton" → "Rounded Corner Button").
    open class var designableDisplayName: String? { nil }
    /// What the class is, for the host's icon and defaults.
    open class var designableKind: DesignableKind { .view }

    // MARK: Designable tables (what @Designable writes)

    /// The class's inspectable properties, in inspector order: what ``Designable()`` generates from
    /// the `@IBInspectable` members (the class's own, then its superclass's), ending with the
    /// toolkit's own ("View": background, alpha, clip to bounds; each toolkit class prepends its own).
    open class var _inspectableProperties: [InspectableProperty] {
        [
            .toolkit(UIView.self, UIColor?.self, "backgroundColor", group: "View", displayName: "Background",
                     get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 }),
            .toolkit(UIView.self, CGFloat.self, "alpha", group: "View", range: 0...1,
                     get: { $0.alpha }, set: { $0.alpha = $1 }),
            .toolkit(UIView.self, Bool.self, "clipsToBounds", group: "View", displayName: "Clip to Bounds",
                     get: { $0.clipsToBounds }, set: { $0.clipsToBounds = $1 }),
        ]
    }

    /// The class's `@IBOutlet`s, which layout documents connect by name (generated by ``Designable()``).
    open class var _outlets: [OutletProperty] { [] }

    /// A new instance of exactly this class, made with its `init(frame:)`: how the host creates
    /// designables (generated by ``Designable()``, which names the class).
    open class func _makeDesignable(frame: CGRect) -> UIView { UIView(frame: frame) }

    /// The top-level objects of the layout documents this view owns (UINib), kept alive as a nib's
    /// owner keeps them in UIKit (and the placeholders of a document that could not be loaded).
    var nibObjects: [UIView] = []


    // MARK: Internal hooks for toolkit subclasses

    /// Called right before the view's content is rendered, with the context: toolkit views whose
    /// layout depends on text or image metrics redo it exactly here.
    func willRender(in ctx: CGContext) {}
}
