// Rainbow — seeds 000 and 004 ("Creating Your Own Custom Controls Using IBDesignable in Xcode")
// ported to Easel.
//
// The seed draws three rings on a 600×434 view with background #38334C. Each ring is three
// CAShapeLayers made by addOval: the bottom half of an oval (strokeEnd 0.5), a small filled circle —
// the "cap" — with a soft black shadow where the halves meet on the left, and the top half
// (strokeStart 0.5) drawn over the cap. The colours are inspectable, and, as the tutorial suggests
// ("you can further expose arcRadius as an IBInspectable property"), so are the three oval sizes, the
// cap size and the line width, with ranges.
//
// Two differences from the seed, both forced by Easel redrawing one instance after every change
// where Interface Builder recreates it:
//   - the seed adds its layers in drawRect(_:), which UIKit runs once per view; here the rings are
//     rebuilt in layoutSubviews() (run after every property change), after removing the previous ones;
//   - the seed's names arcRadius/capRadius are kept, though the values are the ovals' widths (the
//     seed passes them as the width of the oval's rectangle).
import EaselKit

final class Rainbow: UIView {
    @Inspectable(summary: "Colour of the inner ring", group: "Colors")
    var firstColor: UIColor = UIColor(red: (37.0/255.0), green: (252.0/255), blue: (244.0/255.0), alpha: 1.0)
    @Inspectable(summary: "Colour of the middle ring", group: "Colors")
    var secondColor: UIColor = UIColor(red: (171.0/255.0), green: (250.0/255), blue: (81.0/255.0), alpha: 1.0)
    @Inspectable(summary: "Colour of the outer ring", group: "Colors")
    var thirdColor: UIColor = UIColor(red: (238.0/255.0), green: (32.0/255), blue: (53.0/255.0), alpha: 1.0)

    @Inspectable(range: 0...400, step: 1, summary: "Width of the inner ring's oval, in points (the seed's arcRadius)", group: "Rings")
    var firstArcRadius: CGFloat = 80
    @Inspectable(range: 0...400, step: 1, summary: "Width of the middle ring's oval, in points", group: "Rings")
    var secondArcRadius: CGFloat = 150
    @Inspectable(range: 0...400, step: 1, summary: "Width of the outer ring's oval, in points", group: "Rings")
    var thirdArcRadius: CGFloat = 215
    @Inspectable(range: 0...60, step: 1, summary: "Width of the shadowed cap where each ring's halves meet", group: "Rings")
    var capRadius: CGFloat = 20
    @Inspectable(range: 0...60, step: 1, summary: "Width of the rings' stroke", group: "Rings")
    var lineWidth: CGFloat = 20

    required init(frame: CGRect) {
        super.init(frame: frame)
        // The seed's storyboard: the view's background is #38334C.
        backgroundColor = UIColor(red: 0x38 / 255.0, green: 0x33 / 255.0, blue: 0x4C / 255.0, alpha: 1)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override class var defaultSize: CGSize { CGSize(width: 600, height: 434) }
    override class var designableSummary: String? { "Three rings with shadowed caps (the IBDesignable tutorial's Rainbow)" }
    override class var designableGroup: String? { "Graphics" }

    /// The tutorial's last step changes the rings' colours in the inspector: two such choices, and
    /// thinner rings.
    override class var designableVariants: [DesignableVariant] {
        [.init("warm", summary: "Yellow, orange and red rings",
               ["firstColor": "#F1C40F", "secondColor": "#E67E22", "thirdColor": "#C0392B"]),
         .init("cool", summary: "Cyan, blue and purple rings",
               ["firstColor": "#1ABC9C", "secondColor": "#3498DB", "thirdColor": "#9B59B6"]),
         .init("thin", summary: "Rings and caps half as wide", ["lineWidth": "10", "capRadius": "10"])]
    }

    /// The rings: the seed's drawRect(_:), run here on every layout.
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.sublayers?.forEach { $0.removeFromSuperlayer() }
        // Add ARCs
        self.addCircle(arcRadius: firstArcRadius, capRadius: capRadius, color: self.firstColor)
        self.addCircle(arcRadius: secondArcRadius, capRadius: capRadius, color: self.secondColor)
        self.addCircle(arcRadius: thirdArcRadius, capRadius: capRadius, color: self.thirdColor)
    }

    func addOval(_ lineWidth: CGFloat, path: CGPath, strokeStart: CGFloat, strokeEnd: CGFloat, strokeColor: UIColor,
                 fillColor: UIColor, shadowRadius: CGFloat, shadowOpacity: Float, shadowOffsset: CGSize) {
        let arc = CAShapeLayer()
        arc.lineWidth = lineWidth
        arc.path = path
        arc.strokeStart = strokeStart
        arc.strokeEnd = strokeEnd
        arc.strokeColor = strokeColor.cgColor
        arc.fillColor = fillColor.cgColor
        arc.shadowColor = UIColor.black.cgColor
        arc.shadowRadius = shadowRadius
        arc.shadowOpacity = shadowOpacity
        arc.shadowOffset = shadowOffsset
        layer.addSublayer(arc)
    }

    func addCircle(arcRadius: CGFloat, capRadius: CGFloat, color: UIColor) {
        let X = self.bounds.midX
        let Y = self.bounds.midY

        // Bottom Oval
        let pathBottom = UIBezierPath(ovalIn: CGRect(x: (X - (arcRadius/2)), y: (Y - (arcRadius/2)), width: arcRadius, height: arcRadius)).cgPath
        self.addOval(lineWidth, path: pathBottom, strokeStart: 0, strokeEnd: 0.5, strokeColor: color, fillColor: UIColor.clear,
                     shadowRadius: 0, shadowOpacity: 0, shadowOffsset: CGSize.zero)

        // Middle Cap
        let pathMiddle = UIBezierPath(ovalIn: CGRect(x: (X - (capRadius/2)) - (arcRadius/2), y: (Y - (capRadius/2)), width: capRadius, height: capRadius)).cgPath
        self.addOval(0.0, path: pathMiddle, strokeStart: 0, strokeEnd: 1.0, strokeColor: color, fillColor: color,
                     shadowRadius: 5.0, shadowOpacity: 0.5, shadowOffsset: CGSize.zero)

        // Top Oval
        let pathTop = UIBezierPath(ovalIn: CGRect(x: (X - (arcRadius/2)), y: (Y - (arcRadius/2)), width: arcRadius, height: arcRadius)).cgPath
        self.addOval(lineWidth, path: pathTop, strokeStart: 0.5, strokeEnd: 1.0, strokeColor: color, fillColor: UIColor.clear,
                     shadowRadius: 0, shadowOpacity: 0, shadowOffsset: CGSize.zero)
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.rainbow", name: "Rainbow", version: "1.0.0",
                       summary: "Seeds 000/004: the IBDesignable tutorial's Rainbow", classes: [Rainbow.self])
}
