// SwiftExtensions — a test fixture plugin: variants, actions and the instance host from Swift, with
// EaselKit's one-line declarations (designableVariants, designableActions) and EaselDesigner. The
// test suite builds it with swiftc against the built EaselKit (see Tests/Fixtures/SwiftAllTypes/README.md).
//
// Class Meter: level (Int 0…10, default 3), double (Int 0…20: kept at level × 2 by the view itself,
// by level's didSet, so a set of level reports double through property_changed), phase (Double: the animation's
// progress), tint (Color). Variants: low, high (高), red. Actions: bump(), setLevel(Int 0…10),
// paint(Color), fail() (reports a failure), animate() (phase 0 → 1 over 0.5 s of the host's clock,
// one requestRedraw per frame, from draw).
import EaselKit

@IBDesignable @Designable
final class Meter: UIView {
    /// A dependent value: the view keeps `double` in step (its own set, reported to the host by EaselKit).
    @IBInspectable @Inspector(range: 0...10, step: 1) var level: Int = 3 {
        didSet { if double != level * 2 { double = level * 2 } }
    }
    /// level × 2, kept by the view
    @IBInspectable @Inspector(range: 0...20, step: 1) var double: Int = 6
    @IBInspectable @Inspector(range: 0...1) var phase: Double = 0
    @IBInspectable var tint: UIColor = .blue
    @IBInspectable var title: String = "plain"

    private var animationStart: TimeInterval?

    override class var defaultSize: CGSize { CGSize(width: 40, height: 20) }

    override class var designableVariants: [DesignableVariant] {
        [.init("low", summary: "Level 1", ["level": "1"]),
         .init("high", displayName: "High Level", ["title": "高", "level": "9"]),
         .init("red", ["tint": "#FF0000"])]
    }

    override class var designableActions: [DesignableAction] {
        [.action("bump", summary: "One level up") { (meter: Meter) in meter.level = min(10, meter.level + 1) },
         .action("setLevel", argument: 5, range: 0...10, step: 1) { (meter: Meter, value: Int) in meter.level = value },
         .action("paint", argument: UIColor.red) { (meter: Meter, color: UIColor) in meter.tint = color },
         .action("fail") { (_: Meter) in EaselPlugin.reportFailure("the paint bucket is empty") },
         .action("animate", summary: "Phase 0 → 1 in 0.5 s") { (meter: Meter) in
             meter.animationStart = meter.designer?.animationTime ?? 0
             meter.phase = 0
             meter.designer?.requestRedraw()
         }]
    }

    override func draw(_ rect: CGRect) {
        if let start = animationStart, let now = designer?.animationTime {
            let t = min(1, (now - start) / 0.5)
            phase = t
            if t < 1 { designer?.requestRedraw() } else { animationStart = nil }
        }
        tint.setFill()
        UIBezierPath(rect: bounds).fill()
        UIColor.white.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: bounds.width * CGFloat(phase), height: bounds.height / 2)).fill()
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.tests.swift-extensions", name: "Swift Extensions", version: "1.1.0",
                       classes: [Meter.self])
}
