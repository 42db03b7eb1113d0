// CircularProgressBar — seed 003 ("Creating iOS custom views in UIKit", scalablepath; the seed is a
// machine translation into Chinese, keywords included) on Easel.
//
// The tutorial's classes as it writes them (Docs/seeds/CircularProgressBar.tutorial.swift, translated
// back to Swift): a 300×300 view loaded from a layout document (Resources/CircularProgressBar.layout.json,
// the tutorial's xib, with the class as File's Owner and the title and subtitle labels as outlets),
// with two BorderLayers on top: a grey track (134, 133, 148) all the way round and a green progress
// arc (168, 207, 45) from 12 o'clock clockwise. BorderLayer draws its arc with ctx.addArc from
// startAngle 3/2π; progress becomes an angle through the tutorial's sanitizeValue (clamping to
// 0…100) and radianForValue. `title`, `subtitle` and `progress` are inspectable as in the tutorial,
// with their didSet observers; `progress` has no declared range, so the host accepts any value and
// the clamping is the tutorial's own (`--set progress=150` draws the full ring).
//
// Changed: `import EaselKit`; `@IBOutlet` becomes `@Outlet` (on Linux @IBOutlet compiles only on
// Objective-C classes); `@NSManaged` goes (it needs the Objective-C runtime; Easel draws every
// layer on every render, so needsDisplay(forKey:) is kept for the port's sake only); the progress
// layer starts at the value of `progress` (0) instead of the full circle, so the picture always
// matches the inspector. Added: @Designable, doc comments, the BorderLayer's line width as an
// inspectable (the tutorial's 2 points by default), the designable's size, group and kind, and two
// lines that start `title` and `subtitle` at the document's texts, so that the inspector shows what
// the view shows and setting a value back restores the picture (Interface Builder makes a new view
// for every change, so the tutorial can leave them empty and the labels as loaded).
//
// Tutorial lines changed: 5 of 116 against the code with its Swift 2 spellings modernised (4.3%;
// 7 of 116, 6.0%, against the original); 61 lines added (doc comments, @Inspector, variants, the
// entry point, …). Measured with Scripts/seed-share (see Docs/seeds/README.md).
import EaselKit

class BorderLayer: CALayer {
    var lineColor: CGColor = UIColor.blue.cgColor
    var lineWidth: CGFloat = 2.0
    var startAngle: CGFloat = 0.0
    var endAngle: CGFloat = 0.0
    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        ctx.beginPath()
        ctx.setStrokeColor(lineColor)
        ctx.setLineWidth(lineWidth)
        ctx.addArc(
            center: center,
            radius: bounds.height / 2 - lineWidth,
            startAngle: startAngle,
            endAngle: endAngle,
            clockwise: false
        )
        ctx.drawPath(using: .stroke)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "endAngle" {
            return true
        }
        return super.needsDisplay(forKey: key)
    }
}

/// A progress ring with a title and subtitle (the UIKit custom-view tutorial)
@Designable
@IBDesignable
open class CircularProgressBar: UIView {
    var view: UIView!
    var darkBorderLayer: BorderLayer!
    var progressBorderLayer: BorderLayer!

    @Outlet weak var titleLabel: UILabel!
    @Outlet weak var subtitleLabel: UILabel!
    /// The big line in the middle; by default the layout document's
    @IBInspectable var title: String = "" {
        didSet {
            titleLabel.text = title
        }
    }
    /// The line under the title; by default the layout document's
    @IBInspectable var subtitle: String = "" {
        didSet {
            subtitleLabel.text = subtitle
        }
    }

    /// How much of the ring is green, from 12 o'clock clockwise: 0…100 (other values are clamped)
    @Inspector(step: 1)
    @IBInspectable var progress: CGFloat = 0.0 {
        didSet {
            progressBorderLayer.endAngle = CircularProgressBar.radianForValue(progress)
        }
    }

    /// Width of the track and progress lines (the tutorial's BorderLayer: 2)
    @Inspector(range: 1...30, step: 0.5)
    @IBInspectable var lineWidth: CGFloat = 2.0 {
        didSet {
            darkBorderLayer.lineWidth = lineWidth
            progressBorderLayer.lineWidth = lineWidth
        }
    }

    open override class var defaultSize: CGSize { CGSize(width: 300, height: 300) }
    open override class var designableGroup: String? { "Progress" }
    open override class var designableKind: DesignableKind { .progress }

    /// The tutorial's bar empty, half full and full.
    open override class var designableVariants: [DesignableVariant] {
        [.init("empty", summary: "0%", ["progress": "0", "title": "0%", "subtitle": "Not started"]),
         .init("half", summary: "50%", ["progress": "50", "title": "50%", "subtitle": "Halfway"]),
         .init("full", summary: "100%", ["progress": "100", "title": "100%", "subtitle": "Done"])]
    }

    /// A designer's button: animate the ring to a value (the tutorial's progress, animated).
    open override class var designableActions: [DesignableAction] {
        [.action("animateTo", argument: CGFloat(75), range: 0...100, step: 1,
                 summary: "Animate the progress to this value over \(CircularProgressBar.animationDuration) s") {
            (bar: CircularProgressBar, target: CGFloat) in bar.animate(to: target)
        }]
    }

    /// How long animateTo takes.
    static let animationDuration: TimeInterval = 0.6
    /// The animation in progress: from, to, and when it started on the host's animation clock.
    private var animation: (from: CGFloat, to: CGFloat, start: TimeInterval)?

    /// Starts animating `progress` to `target` (0…100); each frame is drawn at the host's request.
    func animate(to target: CGFloat) {
        animation = (progress, CircularProgressBar.sanitizeValue(target), designer?.animationTime ?? 0)
        designer?.requestRedraw()
    }

    /// Advances the animation (before the layers draw): `progress` moves along a smoothstep curve
    /// (EaselKit reports the change to the host: property_changed), and the next frame is asked for
    /// until the animation ends.
    open override func draw(_ rect: CGRect) {
        guard let a = animation else { return }
        let now = designer?.animationTime ?? a.start + CircularProgressBar.animationDuration
        let t = min(1, max(0, (now - a.start) / CircularProgressBar.animationDuration))
        progress = a.from + (a.to - a.from) * CGFloat(t * t * (3 - 2 * t))
        if t < 1 { designer?.requestRedraw() } else { animation = nil }
    }

    required public init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        loadViewFromNib()
        commonInit()
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        loadViewFromNib()
        commonInit()
    }

    func loadViewFromNib() {
        let bundle = Bundle(for: type(of: self))
        let nib = UINib(nibName: String(describing: type(of: self)), bundle: bundle)
        let view = nib.instantiate(withOwner: self, options: nil).first as! UIView
        view.frame = bounds
        view.autoresizingMask = [
            UIView.AutoresizingMask.flexibleWidth,
            UIView.AutoresizingMask.flexibleHeight
        ]
        addSubview(view)
        self.view = view
        title = titleLabel.text ?? ""
        subtitle = subtitleLabel.text ?? ""
    }

    override open func layoutSubviews() {
        super.layoutSubviews()
        darkBorderLayer.frame = self.bounds
        progressBorderLayer.frame = self.bounds
        progressBorderLayer.setNeedsDisplay()
        darkBorderLayer.setNeedsDisplay()
    }

    open func commonInit() {
        darkBorderLayer = BorderLayer()
        darkBorderLayer.lineColor = UIColor(
            red: 134/255,
            green: 133/255,
            blue: 148/255,
            alpha: 1
        ).cgColor
        darkBorderLayer.startAngle = CircularProgressBar.startAngle
        darkBorderLayer.endAngle = CircularProgressBar.endAngle
        self.layer.addSublayer(darkBorderLayer)
        progressBorderLayer = BorderLayer()
        progressBorderLayer.lineColor = UIColor(
            red: 168/255,
            green: 207/255,
            blue: 45/255,
            alpha: 1
        ).cgColor
        progressBorderLayer.startAngle = CircularProgressBar.startAngle
        progressBorderLayer.endAngle = CircularProgressBar.radianForValue(progress)
        self.layer.addSublayer(progressBorderLayer)
    }

    static let startAngle = 3/2 * CGFloat.pi
    static let endAngle = 7/2 * CGFloat.pi

    internal class func radianForValue(_ value: CGFloat) -> CGFloat {
        let realValue = CircularProgressBar.sanitizeValue(value)
        return (realValue * 4/2 * CGFloat.pi / 100) + CircularProgressBar.startAngle
    }

    internal class func sanitizeValue(_ value: CGFloat) -> CGFloat {
        var realValue = value
        if value < 0 {
            realValue = 0
        } else if value > 100 {
            realValue = 100
        }
        return realValue
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.circular-progress-bar", name: "Circular Progress Bar", version: "1.0.0",
                       summary: "Seed 003: a xib-loaded view with CALayer-drawn progress arcs", classes: [CircularProgressBar.self])
}
