/// A CoreAnimation-style layer: geometry (bounds, position, anchorPoint, transform), appearance
/// (background, corner radius, border, shadow, opacity, masking) and sublayers. Every `UIView` is backed
/// by one (`view.layer`); subview layers are its sublayers, and layers you add yourself render
/// between the view's own drawing and its border, in order.
///
///     let ring = CAShapeLayer()
///     ring.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 10, dy: 10)).cgPath
///     ring.strokeColor = UIColor.systemBlue.cgColor
///     ring.fillColor = UIColor.clear.cgColor
///     layer.addSublayer(ring)
///
/// Rendering happens whenever the host draws; `draw(in:)` is called each time (no cached contents),
/// so `setNeedsDisplay()` is only a hint. Animations are not run: the model values are drawn.
open class CALayer {
    public required init() {}

    // MARK: Geometry

    /// The layer's own coordinate space; its size is the layer's size.
    open var bounds: CGRect = .zero {
        didSet {
            guard bounds != oldValue else { return }
            if bounds.size != oldValue.size { setNeedsLayout() }
            owningView?.layerBoundsDidChange(from: oldValue)
        }
    }

    /// Where the anchor point lies in the superlayer.
    open var position: CGPoint = .zero

    /// The point of the bounds (0…1 in each axis) placed at `position`; transforms turn around it.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)

    open var zPosition: CGFloat = 0

    private var transform2D = CGAffineTransform.identity

    public func affineTransform() -> CGAffineTransform { transform2D }
    public func setAffineTransform(_ transform: CGAffineTransform) { transform2D = transform }

    /// The layer's rectangle in its superlayer (the bounding box, if transformed).
    open var frame: CGRect {
        get {
            let origin = CGPoint(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height)
            let rect = CGRect(origin: origin, size: bounds.size)
            guard !transform2D.isIdentity else { return rect }
            let toAnchor = CGAffineTransform(translationX: -position.x, y: -position.y)
                .concatenating(transform2D).concatenating(CGAffineTransform(translationX: position.x, y: position.y))
            return rect.applying(toAnchor)
        }
        set {
            let rect = newValue.standardized
            if transform2D.isIdentity { bounds.size = rect.size }
            position = CGPoint(x: rect.minX + anchorPoint.x * bounds.width, y: rect.minY + anchorPoint.y * bounds.height)
        }
    }

    // MARK: Appearance

    open var backgroundColor: CGColor?
    /// Rounds the background and border; clips contents and sublayers too when `masksToBounds`.
    open var cornerRadius: CGFloat = 0
    /// Clips contents and sublayers to the (rounded) bounds; a shadow is then clipped away as well.
    open var masksToBounds = false
    /// A border drawn inside the bounds, above contents and sublayers.
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = CGColor.black
    /// CoreAnimation's single-precision opacity, 0…1: what drawing uses. It is `exactOpacity` rounded,
    /// so setting either changes both.
    open var opacity: Float {
        get { Float(exactOpacity) }
        set { exactOpacity = CGFloat(newValue) }
    }
    /// The opacity exactly as `UIView.alpha` (a CGFloat, as in UIKit) was given it: the host reads back
    /// the value it set, not that value rounded to a Float.
    var exactOpacity: CGFloat = 1
    open var isHidden = false
    open var shadowColor: CGColor? = CGColor.black
    /// 0 (the default) turns the shadow off.
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    /// CoreAnimation's default offset is (0, -3): up, in UIKit coordinates.
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// An image (UIImage) drawn scaled to fill the bounds, under `draw(in:)`'s drawing.
    open var contents: Any?
    open var name: String?
    open var needsDisplayOnBoundsChange = false
    open var contentsScale: CGFloat = 1
    open var isOpaque = false

    // MARK: Tree

    public private(set) var sublayers: [CALayer]?
    public private(set) weak var superlayer: CALayer?
    /// Draws and lays out for the layer when it does not itself (UIKit views use their own layer).
    open weak var delegate: CALayerDelegate?
    /// The view this layer backs, if any.
    weak var owningView: UIView?

    open func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
    }

    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
        // The layer lays out its sublayers again; a view is not laid out again for it (views add
        // layers in layoutSubviews(), which must not mark itself; UIView.addSubview marks the view).
        needsLayoutFlag = true
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        layer.removeFromSuperlayer()
        guard let sibling, let index = sublayers?.firstIndex(where: { $0 === sibling }) else {
            insertSublayer(layer, at: 0)
            return
        }
        insertSublayer(layer, at: UInt32(index))
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, sublayers?.contains(where: { $0 === sibling }) == true else {
            addSublayer(layer)
            return
        }
        layer.removeFromSuperlayer()
        let index = sublayers!.firstIndex { $0 === sibling }!
        insertSublayer(layer, at: UInt32(index + 1))
    }

    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = sublayers?.firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    open func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
    }

    // MARK: Display and layout

    private(set) var needsLayoutFlag = true
    private(set) var needsDisplayFlag = true

    open func setNeedsDisplay() {
        needsDisplayFlag = true
    }

    open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    open func needsDisplay() -> Bool { needsDisplayFlag }

    open func setNeedsLayout() {
        needsLayoutFlag = true
        if let view = owningView, !view.needsLayoutFlag { view.setNeedsLayout() }
    }

    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out this layer and its sublayers now if they need it.
    open func layoutIfNeeded() {
        if let view = owningView {
            view.layoutIfNeeded()
        } else {
            layoutPass()
        }
    }

    /// Positions sublayers; the default asks the delegate. Views lay out in `layoutSubviews()`.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// Draws the layer's content in its own coordinates (after its background, before its sublayers).
    /// The default asks the delegate.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// The area the layer's own painting (background, border, contents) can cover, in its own
    /// coordinates; nil if unknown. Used to keep transparency groups for shadows small.
    func paintBounds() -> CGRect? {
        owningView == nil && type(of: self) == CALayer.self && contents == nil && delegate == nil ? bounds : nil
    }

    /// How many painting operations rendering the layer itself (background, contents, border; not
    /// its sublayers) emits, when that is known; nil when code draws the contents (a view's
    /// `draw(_:)`, a delegate, a subclass's `draw(in:)`). A layer that paints once can take its
    /// shadow and opacity directly instead of through a transparency group: same picture, less work.
    func ownPaintCount() -> Int? {
        guard owningView == nil, delegate == nil, contents == nil, type(of: self) == CALayer.self else { return nil }
        return backgroundAndBorderPaintCount
    }

    /// Whether a change of the property `key` redraws the layer. Kept so ported overrides compile
    /// (the seeds' BorderLayer returns true for "endAngle"): Easel draws every layer on every render.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// CoreAnimation's display step: here drawing always happens at render time.
    open func display() {
        needsDisplayFlag = false
    }

    /// Layout for layers that back no view (a view's layer is laid out by its view).
    func layoutPass() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        layoutNonViewSublayers()
    }

    func layoutNonViewSublayers() {
        for sublayer in sublayers ?? [] where sublayer.owningView == nil {
            sublayer.layoutPass()
        }
    }

    func clearNeedsLayout() { needsLayoutFlag = false }
    func markNeedsDisplay() { needsDisplayFlag = true }
    func clearNeedsDisplay() { needsDisplayFlag = false }

    // MARK: Conversion

    /// Converts a point from this layer's coordinates to `layer`'s (nil: the root of the tree).
    /// Transforms are ignored.
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let inRoot = toRoot(point)
        guard let layer else { return inRoot }
        let origin = layer.toRoot(.zero)
        return CGPoint(x: inRoot.x - origin.x, y: inRoot.y - origin.y)
    }

    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: layer), size: rect.size)
    }

    /// A point in this layer's coordinates, in the coordinates of the root of its tree.
    private func toRoot(_ point: CGPoint) -> CGPoint {
        var p = point
        var layer = self
        while let parent = layer.superlayer {
            let frame = layer.frame
            p = CGPoint(x: p.x - layer.bounds.minX + frame.minX, y: p.y - layer.bounds.minY + frame.minY)
            layer = parent
        }
        return p
    }
}

/// Draws and lays out for a layer that does not do it itself.
public protocol CALayerDelegate: AnyObject {
    func draw(_ layer: CALayer, in ctx: CGContext)
    func layoutSublayers(of layer: CALayer)
}

extension CALayerDelegate {
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
}
