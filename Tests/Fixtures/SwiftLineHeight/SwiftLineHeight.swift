// SwiftLineHeight — a test fixture plugin: UIKit-style code that sizes a label to its font's
// lineHeight. The test suite builds it with swiftc against the built EaselKit (see
// Tests/Fixtures/SwiftAllTypes/README.md).
//
// Class LineHeightLabel: a UILabel showing "gjpqy" in bold 22-point system font, its frame
// font.lineHeight tall. Read-only inspectables: lineHeight (the font's), textHeight (the height the
// host measures for the label's text, its intrinsicContentSize).
import EaselKit

@IBDesignable @Designable
final class LineHeightLabel: UIView {
    private let label = UILabel()

    /// UIFont.lineHeight of the label's font
    @IBInspectable var lineHeight: CGFloat { label.font.lineHeight }
    /// The height of the label's text as the host lays it out
    @IBInspectable var textHeight: CGFloat { label.intrinsicContentSize.height }

    override class var defaultSize: CGSize { CGSize(width: 120, height: 40) }

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.text = "gjpqy"
        label.font = .boldSystemFont(ofSize: 22)
        addSubview(label)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 0, y: 0, width: bounds.width, height: label.font.lineHeight)
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.tests.line-height", name: "Line Height", version: "1.0.0",
                       classes: [LineHeightLabel.self])
}
