// Rainbow — seeds 000 and 004 ("Creating Your Own Custom Controls Using IBDesignable in Xcode") on
// Easel.
//
// The tutorial's class as it writes it (Docs/seeds/Rainbow.tutorial.swift, from 004), with its Swift 2
// spellings modernised: three rings on a 600×434 view with background #38334C. Each ring is three
// CAShapeLayers made by addOval: the bottom half of an oval (strokeEnd 0.5), a small filled circle —
// the "cap" — with a soft black shadow where the halves meet on the left, and the top half
// (strokeStart 0.5) drawn over the cap. The colours are inspectable, and, as the tutorial suggests
// ("you can further expose arcRadius as an IBInspectable property"), so are the three oval sizes and
// the cap size (the tutorial's names are kept, though the values are the ovals' widths).
//
// Added: @Designable, doc comments and @Inspector, the storyboard's background (a dynamic colour, darker
// in the dark appearance), and one line at the top of draw(_:) that removes the layers the previous
// draw added: the tutorial adds its layers in drawRect, which UIKit runs once per view, while Easel
// draws the same view again after every change.
//
// Tutorial lines changed: 4 of 46 against the code with its Swift 2 spellings modernised (8.7%;
// 20 of 46, 43.5%, against the original); 46 lines added (doc comments, @Inspector, variants, the
// dark background, the entry point, …). Measured with Scripts/seed-share (see Docs/seeds/README.md).
import EaselKit

/// Three rings with shadowed caps (the IBDesignable tutorial's Rainbow)
@Designable
@IBDesignable
class Rainbow: UIView {
    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }
    
    override init(frame: CGRect) {
        super.init(frame: frame)
        // The tutorial's storyboard: the view's background is #38334C; in dark appearance, #1C1926.
        backgroundColor = UIColor { traits in
            traits.userInterfaceStyle == .dark ? UIColor(red: 0x1C / 255.0, green: 0x19 / 255.0, blue: 0x26 / 255.0, alpha: 1)
                : UIColor(red: 0x38 / 255.0, green: 0x33 / 255.0, blue: 0x4C / 255.0, alpha: 1)
        }
    }

    /// Colour of the inner ring
    @Inspector(group: "Colors")
    @IBInspectable var firstColor: UIColor = UIColor(red: (37.0/255.0), green: (252.0/255), blue: (244.0/255.0), alpha: 1.0)
    /// Colour of the middle ring
    @Inspector(group: "Colors")
    @IBInspectable var secondColor: UIColor = UIColor(red: (171.0/255.0), green: (250.0/255), blue: (81.0/255.0), alpha: 1.0)
    /// Colour of the outer ring
    @Inspector(group: "Colors")
    @IBInspectable var thirdColor: UIColor = UIColor(red: (238.0/255.0), green: (32.0/255), blue: (53.0/255.0), alpha: 1.0)

    /// Width of the inner ring's oval, in points (the tutorial's arcRadius)
    @Inspector(range: 0...400, step: 1, group: "Rings")
    @IBInspectable var firstArcRadius: CGFloat = 80
    /// Width of the middle ring's oval, in points
    @Inspector(range: 0...400, step: 1, group: "Rings")
    @IBInspectable var secondArcRadius: CGFloat = 150
    /// Width of the outer ring's oval, in points
    @Inspector(range: 0...400, step: 1, group: "Rings")
    @IBInspectable var thirdArcRadius: CGFloat = 215
    /// Width of the shadowed cap where each ring's halves meet
    @Inspector(range: 0...60, step: 1, group: "Rings")
    @IBInspectable var capRadius: CGFloat = 20

    override class var defaultSize: CGSize { CGSize(width: 600, height: 434) }
    override class var designableGroup: String? { "Graphics" }

    /// The tutorial's last step changes the rings' colours in the inspector: two such choices, and
    /// smaller caps.
    override class var designableVariants: [DesignableVariant] {
        [.init("warm", summary: "Yellow, orange and red rings",
               ["firstColor": "#F1C40F", "secondColor": "#E67E22", "thirdColor": "#C0392B"]),
         .init("cool", summary: "Cyan, blue and purple rings",
               ["firstColor": "#1ABC9C", "secondColor": "#3498DB", "thirdColor": "#9B59B6"]),
         .init("smallCaps", displayName: "Small Caps", summary: "Caps half as wide", ["capRadius": "10"])]
    }

    func addOval(_ lineWidth: CGFloat, path: CGPath, strokeStart: CGFloat, strokeEnd: CGFloat, strokeColor: UIColor, fillColor: UIColor, shadowRadius: CGFloat, shadowOpacity: Float, shadowOffsset: CGSize) {
        
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

    override func draw(_ rect: CGRect) {
        layer.sublayers?.forEach { $0.removeFromSuperlayer() }
        // Add ARCs
        self.addCirle(firstArcRadius, capRadius: capRadius, color: self.firstColor)
        self.addCirle(secondArcRadius, capRadius: capRadius, color: self.secondColor)
        self.addCirle(thirdArcRadius, capRadius: capRadius, color: self.thirdColor)
    }

    func addCirle(_ arcRadius: CGFloat, capRadius: CGFloat, color: UIColor) {
        let X = self.bounds.midX
        let Y = self.bounds.midY
        
        // Bottom Oval
        let pathBottom = UIBezierPath(ovalIn: CGRect(x: (X - (arcRadius/2)), y: (Y - (arcRadius/2)), width: arcRadius, height: arcRadius)).cgPath
        self.addOval(20.0, path: pathBottom, strokeStart: 0, strokeEnd: 0.5, strokeColor: color, fillColor: UIColor.clear, shadowRadius: 0, shadowOpacity: 0, shadowOffsset: CGSize.zero)
        
        // Middle Cap
        let pathMiddle = UIBezierPath(ovalIn: CGRect(x: (X - (capRadius/2)) - (arcRadius/2), y: (Y - (capRadius/2)), width: capRadius, height: capRadius)).cgPath
        self.addOval(0.0, path: pathMiddle, strokeStart: 0, strokeEnd: 1.0, strokeColor: color, fillColor: color, shadowRadius: 5.0, shadowOpacity: 0.5, shadowOffsset: CGSize.zero)

        // Top Oval
        let pathTop = UIBezierPath(ovalIn: CGRect(x: (X - (arcRadius/2)), y: (Y - (arcRadius/2)), width: arcRadius, height: arcRadius)).cgPath
        self.addOval(20.0, path: pathTop, strokeStart: 0.5, strokeEnd: 1.0, strokeColor: color, fillColor: UIColor.clear, shadowRadius: 0, shadowOpacity: 0, shadowOffsset: CGSize.zero)
        
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.rainbow", name: "Rainbow", version: "1.0.0",
                       summary: "Seeds 000/004: the IBDesignable tutorial's Rainbow", classes: [Rainbow.self])
}
