// FancyButton — seed 001 ("iOS tutorial 8: IBInspectable and IBDesignable", after AppCoda's
// Intermediate iOS Programming with Swift, chapter 36) on Easel.
//
// The tutorial's UIButton subclass as it writes it (Docs/seeds/FancyButton.tutorial.swift): corner
// radius, border width and colour, title and image paddings (each one edge of titleEdgeInsets or
// imageEdgeInsets), an image aligned to the right edge and a horizontal gradient background, with
// their didSet observers, which run when the host sets the properties. The button shows a title and an
// icon (Resources/icon.svg, UIImage(named: "icon")), as the tutorial's storyboard does.
//
// Added: @Designable, doc comments and @Inspector (summaries, ranges, groups), the storyboard's
// title, icon and colour, and two fixes the tutorial does not need because Interface Builder makes a
// new view for every change, where Easel keeps the view and runs layoutSubviews() again:
//   - layoutSubviews() removes the gradient layer it added last time before it adds a new one (the
//     tutorial's would pile up, the oldest colours on top), and no gradient stays when it is off;
//   - turning enableImageRightAligned off puts imageLeftPadding back.
// enableImageRightAligned uses the tutorial's formula, imageEdgeInsets.left = width − image width −
// imageRightPadding, which puts the image at the right edge of left-aligned content, as in the
// tutorial's storyboard: set the inherited "Horizontal Alignment" to left.
//
// Tutorial lines changed: 0 of 77 against the code with its Swift 2 spellings modernised (0.0%;
// 0 of 77, 0.0%, against the original); 74 lines added (doc comments, @Inspector, variants, the
// entry point, …). Measured with Scripts/seed-share (see Docs/seeds/README.md).
import EaselKit

/// A button with corner radius, border, title and image paddings, right-aligned image and gradient
@Designable
@IBDesignable
class FancyButton: UIButton {

    /// Radius of the corners; a radius of half the height makes a capsule
    @Inspector(range: 0...100, step: 1)
    @IBInspectable var cornerRadius: CGFloat = 0.0 {
        didSet {
            layer.cornerRadius = cornerRadius
            layer.masksToBounds = cornerRadius > 0
        }
    }
    /// Width of the border, drawn inside the bounds
    @Inspector(range: 0...20, step: 0.5, group: "Border")
    @IBInspectable var borderWidth: CGFloat = 0.0 {
        didSet {
            layer.borderWidth = borderWidth
        }
    }
    /// Colour of the border
    @Inspector(group: "Border")
    @IBInspectable var borderColor: UIColor = .black {
        didSet {
            layer.borderColor = borderColor.cgColor
        }
    }

    /// titleEdgeInsets.left
    @Inspector(range: -300...300, step: 1, group: "Title Padding")
    @IBInspectable var titleLeftPadding: CGFloat = 0.0 {
        didSet {
            titleEdgeInsets.left = titleLeftPadding
        }
    }
    /// titleEdgeInsets.right
    @Inspector(range: -300...300, step: 1, group: "Title Padding")
    @IBInspectable var titleRightPadding: CGFloat = 0.0 {
        didSet {
            titleEdgeInsets.right = titleRightPadding
        }
    }
    /// titleEdgeInsets.top
    @Inspector(range: -300...300, step: 1, group: "Title Padding")
    @IBInspectable var titleTopPadding: CGFloat = 0.0 {
        didSet {
            titleEdgeInsets.top = titleTopPadding
        }
    }
    /// titleEdgeInsets.bottom
    @Inspector(range: -300...300, step: 1, group: "Title Padding")
    @IBInspectable var titleBottomPadding: CGFloat = 0.0 {
        didSet {
            titleEdgeInsets.bottom = titleBottomPadding
        }
    }

    /// imageEdgeInsets.left
    @Inspector(range: -300...300, step: 1, group: "Image Padding")
    @IBInspectable var imageLeftPadding: CGFloat = 0.0 {
        didSet {
            imageEdgeInsets.left = imageLeftPadding
        }
    }
    /// imageEdgeInsets.right; the gap to the right edge when right-aligned
    @Inspector(range: -300...300, step: 1, group: "Image Padding")
    @IBInspectable var imageRightPadding: CGFloat = 0.0 {
        didSet {
            imageEdgeInsets.right = imageRightPadding
        }
    }
    /// imageEdgeInsets.top
    @Inspector(range: -300...300, step: 1, group: "Image Padding")
    @IBInspectable var imageTopPadding: CGFloat = 0.0 {
        didSet {
            imageEdgeInsets.top = imageTopPadding
        }
    }

    /// imageEdgeInsets.bottom
    @Inspector(range: -300...300, step: 1, group: "Image Padding")
    @IBInspectable var imageBottomPadding: CGFloat = 0.0 {
        didSet {
            imageEdgeInsets.bottom = imageBottomPadding
        }
    }

    /// Move the image to the right edge (imageEdgeInsets.left = width − image width − right padding)
    @Inspector(group: "Image Padding")
    @IBInspectable var enableImageRightAligned: Bool = false

    /// Paint a horizontal gradient from Gradient Color 1 (left) to Gradient Color 2 (right)
    @Inspector(group: "Gradient")
    @IBInspectable var enableGradientBackground: Bool = false
    /// The gradient's left colour
    @Inspector(group: "Gradient")
    @IBInspectable var gradientColor1: UIColor = UIColor.black
    /// The gradient's right colour
    @Inspector(group: "Gradient")
    @IBInspectable var gradientColor2: UIColor = UIColor.white

    /// The gradient layer layoutSubviews() added last.
    private var gradientLayer: CAGradientLayer?

    /// The tutorial's button as its storyboard sets it up: a title and the icon on a blue background.
    override init(frame: CGRect) {
        super.init(frame: frame)
        setTitle("Fancy Button", for: .normal)
        setTitleColor(.white, for: .normal)
        setTitleColor(UIColor(white: 1, alpha: 0.5), for: .highlighted) // a pressed system button dims its title
        setImage(UIImage(named: "icon"), for: .normal)
        backgroundColor = UIColor(red: 41 / 255.0, green: 128 / 255.0, blue: 185 / 255.0, alpha: 1)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override class var defaultSize: CGSize { CGSize(width: 220, height: 50) }
    override class var designableGroup: String? { "Buttons" }

    /// The tutorial's steps, one picture each: corners, a border, paddings, the image on the right
    /// and the gradient background.
    override class var designableVariants: [DesignableVariant] {
        [.init("rounded", summary: "Corner radius 10", ["cornerRadius": "10"]),
         .init("bordered", summary: "Rounded, with a 2-point border", ["cornerRadius": "10", "borderWidth": "2", "borderColor": "#F1C40F"]),
         .init("padded", summary: "Title and image moved apart with paddings",
               ["cornerRadius": "10", "titleLeftPadding": "20", "imageLeftPadding": "-10"]),
         .init("imageRight", displayName: "Image Right", summary: "The image aligned to the right edge",
               ["cornerRadius": "25", "enableImageRightAligned": "true", "imageRightPadding": "10", "titleLeftPadding": "-80"]),
         .init("gradient", summary: "A horizontal gradient background",
               ["cornerRadius": "25", "enableGradientBackground": "true", "gradientColor1": "#8E44AD", "gradientColor2": "#E74C3C"])]
    }

    /// A designer's button: the pressed state.
    override class var designableActions: [DesignableAction] {
        [.action("highlight", summary: "Show the button pressed") { (button: FancyButton) in button.isHighlighted = true }]
    }

    override func layoutSubviews() {
        super.layoutSubviews()

        if enableImageRightAligned, let imageView = imageView {
            imageEdgeInsets.left = self.bounds.width - imageView.bounds.width - imageRightPadding
        } else {
            imageEdgeInsets.left = imageLeftPadding
        }

        self.gradientLayer?.removeFromSuperlayer()
        if enableGradientBackground {
            let gradientLayer = CAGradientLayer()
            gradientLayer.frame = self.bounds
            gradientLayer.colors = [gradientColor1.cgColor, gradientColor2.cgColor]
            gradientLayer.startPoint = CGPoint(x: 0.0, y: 0.5)
            gradientLayer.endPoint = CGPoint(x: 1.0, y: 0.5)
            self.layer.insertSublayer(gradientLayer, at: 0)
            self.gradientLayer = gradientLayer
        }
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.fancy-button", name: "Fancy Button", version: "1.0.0",
                       summary: "Seed 001: the tutorial's FancyButton", classes: [FancyButton.self])
}
