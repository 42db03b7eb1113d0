// RoundedCornerButton — seed 001 ("iOS tutorial 8: IBInspectable and IBDesignable") on Easel.
//
// The tutorial's class as it writes it (Docs/seeds/RoundedCornerButton.tutorial.swift): its
// @IBInspectable cornerRadius and didSet run when the host sets the property. Added: @Designable (the
// macro that reads the class), doc comments (the summaries), @Inspector (the range), the title and
// colour the tutorial's storyboard gives the button, and the plugin's entry point.
//
// Tutorial lines changed: 0 of 8 against the code with its Swift 2 spellings modernised (0.0%;
// 0 of 8, 0.0%, against the original); 35 lines added (doc comments, @Inspector, variants, the
// entry point, …). Measured with Scripts/seed-share (see Docs/seeds/README.md).
import EaselKit

/// A button whose corners can be rounded
@Designable
@IBDesignable class RoundedCornerButton: UIButton {
    /// Radius of the button's corners, in points; 0 is square
    @Inspector(range: 0...100, step: 1)
    @IBInspectable var cornerRadius: CGFloat = 0.0 {
        didSet {
            layer.cornerRadius = cornerRadius
            layer.masksToBounds = cornerRadius > 0
        }
    }

    /// A button as Interface Builder shows a fresh one: a title, on a visible background.
    override init(frame: CGRect) {
        super.init(frame: frame)
        setTitle("Button", for: .normal)
        setTitleColor(.white, for: .normal)
        setTitleColor(UIColor(white: 1, alpha: 0.5), for: .highlighted) // a pressed system button dims its title
        backgroundColor = .systemBlue
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

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
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.rounded-corner-button", name: "Rounded Corner Button",
                       version: "1.0.0", summary: "Seed 001: a UIButton with an inspectable corner radius",
                       classes: [RoundedCornerButton.self])
}
