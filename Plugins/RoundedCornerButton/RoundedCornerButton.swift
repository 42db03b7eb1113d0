// RoundedCornerButton — seed 001 ("iOS tutorial 8: IBInspectable and IBDesignable") ported to Easel.
//
// The seed's class is a UIButton subclass with one inspectable, cornerRadius, whose didSet sets
// layer.cornerRadius and layer.masksToBounds. With EaselKit the property is @Inspectable and the
// reaction moves to layoutSubviews(), which the host runs after every property change (a didSet on
// an @Inspectable property only runs for the class's own sets; see Inspectable's documentation).
import EaselKit

final class RoundedCornerButton: UIButton {
    @Inspectable(range: 0...100, step: 1, summary: "Radius of the button's corners, in points; 0 is square")
    var cornerRadius: CGFloat = 0.0

    /// A button as Interface Builder shows a fresh one: a title, on a visible background.
    required init(frame: CGRect) {
        super.init(frame: frame)
        setTitle("Button", for: .normal)
        setTitleColor(.white, for: .normal)
        setTitleColor(UIColor(white: 1, alpha: 0.5), for: .highlighted) // a pressed system button dims its title
        backgroundColor = .systemBlue
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class var designableSummary: String? { "A button whose corners can be rounded" }
    override class var designableGroup: String? { "Buttons" }

    /// What the tutorial shows: the square button it starts from, its 10-point corners, and a capsule.
    override class var designableVariants: [DesignableVariant] {
        [.init("square", summary: "The button the tutorial starts from", ["cornerRadius": "0"]),
         .init("rounded", summary: "The tutorial's layer.cornerRadius = 10", ["cornerRadius": "10"]),
         .init("pill", summary: "Half the height: a capsule", ["cornerRadius": "22"])]
    }

    /// A designer's button: the pressed state.
    override class var designableActions: [DesignableAction] {
        [.action("highlight", summary: "Show the button pressed") { (button: RoundedCornerButton) in
            button.isHighlighted = true
        }]
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = cornerRadius
        layer.masksToBounds = cornerRadius > 0
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.rounded-corner-button", name: "Rounded Corner Button",
                       version: "1.0.0", summary: "Seed 001: a UIButton with an inspectable corner radius",
                       classes: [RoundedCornerButton.self])
}
