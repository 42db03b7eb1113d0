// SwiftClamping — the clamping rule in Swift (ClampingRuleTests): a `didSet` that assigns its own
// property is reported to the host by EaselKit, as C reports it with property_changed.
import EaselKit

/// A count that never goes below zero, with no declared range: validate warns and says how to declare one.
/// (Its class-level settings are @Designable's arguments; the summary argument wins over this comment.)
@IBDesignable @Designable(group: "Counters", displayName: "Clamped Counter (Swift)", summary: "Never below zero")
final class ClampedCounter: UIView {
    /// Never below zero
    @IBInspectable var count: Int = 0 {
        didSet { if count < 0 { count = 0 } }
    }

    override class var defaultSize: CGSize { CGSize(width: 40, height: 20) }

    override func draw(_ rect: CGRect) {
        UIColor.systemBlue.setFill()
        UIBezierPath(rect: bounds).fill()
    }
}

/// A value that goes up to its own maximum: a dependent range, kept by both setters.
@IBDesignable @Designable
final class RangedMeter: UIView {
    /// The largest value
    @IBInspectable @Inspector(range: 1...1000, step: 1)
    var limit: Int = 100 {
        didSet { if value > limit { value = limit } }
    }

    /// Up to the maximum
    @IBInspectable @Inspector(range: 0...1000, step: 1, maximum: "limit")
    var value: Int = 30 {
        didSet { if value > limit { value = limit } }
    }

    override class var defaultSize: CGSize { CGSize(width: 40, height: 20) }

    override func draw(_ rect: CGRect) {
        UIColor.systemGreen.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: bounds.width * CGFloat(value) / CGFloat(max(limit, 1)),
                                  height: bounds.height)).fill()
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.tests.swift-clamping", name: "Swift Clamping", version: "1.0.0",
                       classes: [ClampedCounter.self, RangedMeter.self])
}
