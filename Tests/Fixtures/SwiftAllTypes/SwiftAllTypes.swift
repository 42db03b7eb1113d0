// SwiftAllTypes — a test fixture plugin: one @IBInspectable property of each of the twelve ABI types,
// written as an Xcode author writes them (@IBDesignable, @IBInspectable, didSet), so that a host can
// prove the round trip of every typed accessor EaselKit builds with libffi trampolines, and that every
// host set runs the property's setter. Not a SwiftPM target: the test suite builds it with swiftc
// against the built EaselKit and the macro library (see README.md beside this file).
import EaselKit

/// An enum property (EASEL_TYPE_ENUM): cases plain = 0, outlined = 1, filled = 2.
enum BadgeStyle: Int, InspectableEnum {
    case plain, outlined, filled
}

/// One inspectable of every type
@IBDesignable @Designable
final class AllTypesView: UIView {
    /// An Int in -10…10
    @IBInspectable @Inspector(range: -10...10, step: 1) var count: Int = 3 { didSet { changed("count") } }
    @IBInspectable @Inspector(range: 0...50) var radius: CGFloat = 4.5 { didSet { changed("radius") } }
    /** A ratio, from a
     *  block comment */
    @IBInspectable var ratio: Double = 0.25 { didSet { changed("ratio") } }
    @IBInspectable @Inspector(group: "Text", displayName: "Caption Text")
    var caption: String = "Hello" { didSet { changed("caption") } }
    @IBInspectable var enabled: Bool = true { didSet { changed("enabled") } }
    @IBInspectable var anchor = CGPoint(x: 1, y: 2) { didSet { changed("anchor") } }
    @IBInspectable var extent = CGSize(width: 30, height: 40) { didSet { changed("extent") } }
    @IBInspectable var box = CGRect(x: 1, y: 2, width: 3, height: 4) { didSet { changed("box") } }
    @IBInspectable var tint = UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1) { didSet { changed("tint") } }
    @IBInspectable var icon: UIImage? = nil { didSet { changed("icon") } }
    @IBInspectable var style: BadgeStyle = .outlined { didSet { changed("style") } }
    @IBInspectable var padding = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4) { didSet { changed("padding") } }

    /// The properties whose didSet ran, in order, comma-separated (read-only: shown, never set)
    @IBInspectable var didSetCalls: String { calls.joined(separator: ",") }

    private var calls: [String] = []
    /// The last property whose didSet ran (drawn as text, so a host can see it).
    private var lastChange = "none"
    /// How many times layoutSubviews ran.
    private(set) var layoutCount = 0

    override class var defaultSize: CGSize { CGSize(width: 200, height: 100) }

    private func changed(_ name: String) {
        calls.append(name)
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
