// CircularProgressBar — seed 003 ("Creating iOS custom views in UIKit", scalablepath) ported to Easel.
//
// A 300×300 view loaded from a layout document (Resources/CircularProgressBar.layout.json, the
// tutorial's xib, with the class as File's Owner and the title and subtitle labels as outlets), with
// two BorderLayers on top: a grey track (134, 133, 148) all the way round and a green progress arc
// (168, 207, 45) from 12 o'clock clockwise. BorderLayer draws its arc with ctx.addArc from startAngle
// 3/2π, and progress 0…100 becomes an angle through the seed's sanitizeValue (clamping to 0…100)
// and radianForValue. `title`, `subtitle` and `progress` are inspectable as in the tutorial; so is the
// BorderLayer's line width (the seed's 2 points by default).
//
// Port notes: the seed's didSet observers run in inspectableDidChange(_:) (EaselKit calls it for
// every set; a Swift didSet runs only for the class's own sets). The seed's commonInit gives the
// progress layer the full circle until `progress` is first set; here it starts at the value of
// `progress` (0), so the picture always matches the inspector. @NSManaged and needsDisplay(forKey:)
// are kept for the port's sake: Easel draws every layer on every render.
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
        ctx.addArc(center: center, radius: bounds.height / 2 - lineWidth, startAngle: startAngle, endAngle: endAngle,
                   clockwise: false)
        ctx.drawPath(using: .stroke)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == "endAngle" {
            return true
        }
        return super.needsDisplay(forKey: key)
    }
}

final class CircularProgressBar: UIView {
    @Outlet var titleLabel: UILabel!
    @Outlet var subtitleLabel: UILabel!

    @Inspectable(summary: "The big line in the middle; the layout document's until set (an empty value clears it)")
    var title: String = ""
    @Inspectable(summary: "The line under the title; the layout document's until set (an empty value clears it)")
    var subtitle: String = ""
    @Inspectable(range: 0...100, step: 1, summary: "How much of the ring is green, 0…100, from 12 o'clock clockwise")
    var progress: CGFloat = 0.0
    @Inspectable(range: 1...30, step: 0.5, summary: "Width of the track and progress lines (the seed's BorderLayer: 2)")
    var lineWidth: CGFloat = 2.0

    var view: UIView!
    /// The document's texts, shown while `title` or `subtitle` is empty.
    private var documentTitle: String?
    private var documentSubtitle: String?
    let darkBorderLayer = BorderLayer()
    let progressBorderLayer = BorderLayer()

    static let startAngle = 3 / 2 * CGFloat.pi
    static let endAngle = 7 / 2 * CGFloat.pi

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        loadViewFromNib()
        commonInit()
    }

    required init(frame: CGRect) {
        super.init(frame: frame)
        loadViewFromNib()
        commonInit()
    }

    override class var defaultSize: CGSize { CGSize(width: 300, height: 300) }
    override class var designableSummary: String? { "A progress ring with a title and subtitle (the UIKit custom-view tutorial)" }
    override class var designableGroup: String? { "Progress" }
    override class var designableKind: DesignableKind { .progress }

    /// The tutorial's bar empty, half full and full.
    override class var designableVariants: [DesignableVariant] {
        [.init("empty", summary: "0%", ["progress": "0", "title": "0%", "subtitle": "Not started"]),
         .init("half", summary: "50%", ["progress": "50", "title": "50%", "subtitle": "Halfway"]),
         .init("full", summary: "100%", ["progress": "100", "title": "100%", "subtitle": "Done"])]
    }

    /// A designer's button: animate the ring to a value (the tutorial's progress, animated).
    override class var designableActions: [DesignableAction] {
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

    /// Advances the animation (before the layers draw): `progress` moves along a smoothstep curve;
    /// setting it reports it to the host (property_changed), and the next frame is asked for until
    /// the animation ends.
    override func draw(_ rect: CGRect) {
        guard let a = animation else { return }
        let now = designer?.animationTime ?? a.start + CircularProgressBar.animationDuration
        let t = min(1, max(0, (now - a.start) / CircularProgressBar.animationDuration))
        progress = a.from + (a.to - a.from) * CGFloat(t * t * (3 - 2 * t))
        if t < 1 { designer?.requestRedraw() } else { animation = nil }
    }

    func loadViewFromNib() {
        let bundle = EaselBundle(for: type(of: self))
        let nib = UINib(nibName: String(describing: type(of: self)), bundle: bundle)
        // A document that cannot be loaded has been reported: creation fails with its message.
        guard let view = nib.instantiate(withOwner: self, options: nil).first as? UIView else { return }
        view.frame = bounds
        view.autoresizingMask = [UIView.AutoresizingMask.flexibleWidth, UIView.AutoresizingMask.flexibleHeight]
        addSubview(view)
        self.view = view
        documentTitle = titleLabel?.text
        documentSubtitle = subtitleLabel?.text
    }

    func commonInit() {
        darkBorderLayer.lineColor = UIColor(red: 134 / 255, green: 133 / 255, blue: 148 / 255, alpha: 1).cgColor
        darkBorderLayer.startAngle = CircularProgressBar.startAngle
        darkBorderLayer.endAngle = CircularProgressBar.endAngle
        self.layer.addSublayer(darkBorderLayer)
        progressBorderLayer.lineColor = UIColor(red: 168 / 255, green: 207 / 255, blue: 45 / 255, alpha: 1).cgColor
        progressBorderLayer.startAngle = CircularProgressBar.startAngle
        progressBorderLayer.endAngle = CircularProgressBar.radianForValue(progress)
        self.layer.addSublayer(progressBorderLayer)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        darkBorderLayer.frame = self.bounds
        progressBorderLayer.frame = self.bounds
        progressBorderLayer.setNeedsDisplay()
        darkBorderLayer.setNeedsDisplay()
    }

    /// The seed's didSet observers (and the line width, on both layers).
    /// (The outlets are nil only while the document loads or if it could not be loaded.)
    override func inspectableDidChange(_ name: String) {
        switch name {
        case "title": titleLabel?.text = title.isEmpty ? documentTitle : title
        case "subtitle": subtitleLabel?.text = subtitle.isEmpty ? documentSubtitle : subtitle
        case "progress": progressBorderLayer.endAngle = CircularProgressBar.radianForValue(progress)
        case "lineWidth":
            darkBorderLayer.lineWidth = lineWidth
            progressBorderLayer.lineWidth = lineWidth
        default: break
        }
    }

    internal class func radianForValue(_ value: CGFloat) -> CGFloat {
        let realValue = CircularProgressBar.sanitizeValue(value)
        return (realValue * 4 / 2 * CGFloat.pi / 100) + CircularProgressBar.startAngle
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
