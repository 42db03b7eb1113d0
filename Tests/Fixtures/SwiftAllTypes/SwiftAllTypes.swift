// SwiftAllTypes — a test fixture plugin: one @Inspectable property of each of the twelve ABI types,
// so that a host can prove the round trip of every typed accessor built by EaselKit's libffi
// trampolines. Not a SwiftPM target: the test suite builds it with swiftc against the built EaselKit
// (see README.md beside this file).
import EaselKit

/// An enum property (EASEL_TYPE_ENUM): cases plain = 0, outlined = 1, filled = 2.
enum BadgeStyle: Int, InspectableEnum {
    case plain, outlined, filled
}

/// Every inspectable type, with a draw(_:) that uses them so drawing can be checked too.
final class AllTypesView: UIView {
    @Inspectable(range: -10...10, step: 1, summary: "An Int in -10…10") var count: Int = 3
    @Inspectable(range: 0...50) var radius: CGFloat = 4.5
    @Inspectable var ratio: Double = 0.25
    @Inspectable(group: "Text", displayName: "Caption Text") var caption: String = "Hello"
    @Inspectable var enabled: Bool = true
    @Inspectable var anchor = CGPoint(x: 1, y: 2)
    @Inspectable var extent = CGSize(width: 30, height: 40)
    @Inspectable var box = CGRect(x: 1, y: 2, width: 3, height: 4)
    @Inspectable var tint = UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
    @Inspectable var icon: UIImage? = nil
    @Inspectable var style: BadgeStyle = .outlined
    @Inspectable var padding = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)

    /// The last property reported by inspectableDidChange (drawn as text, so a host can see it).
    private(set) var lastChange = "none"
    /// How many times layoutSubviews ran.
    private(set) var layoutCount = 0

    override class var defaultSize: CGSize { CGSize(width: 200, height: 100) }
    override class var designableSummary: String? { "One inspectable of every type" }

    override func inspectableDidChange(_ name: String) {
        lastChange = name
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layoutCount += 1
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(tint.cgColor)
        context.fill(box)
        if enabled {
            let path = UIBezierPath(roundedRect: bounds.inset(by: padding), cornerRadius: radius)
            tint.setStroke()
            path.lineWidth = CGFloat(count)
            path.stroke()
        }
        "\(caption) \(style) \(lastChange)".draw(in: bounds, withAttributes: [.foregroundColor: tint])
        icon?.draw(in: CGRect(origin: anchor, size: extent))
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.tests.swift-all-types", name: "Swift All Types", version: "0.1.0",
                       classes: [AllTypesView.self])
}
