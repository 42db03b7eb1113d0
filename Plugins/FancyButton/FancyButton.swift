// FancyButton — seed 001 ("iOS tutorial 8: IBInspectable and IBDesignable", after AppCoda's
// Intermediate iOS Programming with Swift, chapter 36) ported to Easel.
//
// The seed's UIButton subclass: corner radius, border width and colour, title and image paddings
// (each one edge of titleEdgeInsets or imageEdgeInsets), an image aligned to the right edge, and a
// horizontal gradient background. The button shows a title and an icon (Resources/icon.svg, loaded
// with UIImage(named: "icon") from the plugin's resources), as the tutorial's storyboard does.
//
// Port notes:
//   - The seed's didSet reactions run in inspectableDidChange(_:), which EaselKit calls after every set
//     (host or code): a Swift didSet on an @Inspectable runs only for the class's own sets.
//   - layoutSubviews() is the seed's, except that the seed inserts a new CAGradientLayer on every
//     layout; here one gradient layer is kept, updated and inserted at index 0 (or removed when the
//     gradient is turned off), since Easel lays out the same instance again after every change.
//   - enableImageRightAligned uses the seed's formula, imageEdgeInsets.left = width − image width −
//     imageRightPadding. It puts the image at the right edge when the content is left-aligned, as in
//     the tutorial's storyboard: set the inherited "Horizontal Alignment" (contentHorizontalAlignment)
//     to left. With UIKit's default centred content the inset moves the image by half of it.
import EaselKit

final class FancyButton: UIButton {
    @Inspectable(range: 0...100, step: 1, summary: "Radius of the corners; a radius of half the height makes a capsule")
    var cornerRadius: CGFloat = 0.0
    @Inspectable(range: 0...20, step: 0.5, summary: "Width of the border, drawn inside the bounds", group: "Border")
    var borderWidth: CGFloat = 0.0
    @Inspectable(summary: "Colour of the border", group: "Border")
    var borderColor: UIColor = .black

    @Inspectable(range: -300...300, step: 1, summary: "titleEdgeInsets.left", group: "Title Padding")
    var titleLeftPadding: CGFloat = 0.0
    @Inspectable(range: -300...300, step: 1, summary: "titleEdgeInsets.right", group: "Title Padding")
    var titleRightPadding: CGFloat = 0.0
    @Inspectable(range: -300...300, step: 1, summary: "titleEdgeInsets.top", group: "Title Padding")
    var titleTopPadding: CGFloat = 0.0
    @Inspectable(range: -300...300, step: 1, summary: "titleEdgeInsets.bottom", group: "Title Padding")
    var titleBottomPadding: CGFloat = 0.0

    @Inspectable(range: -300...300, step: 1, summary: "imageEdgeInsets.left", group: "Image Padding")
    var imageLeftPadding: CGFloat = 0.0
    @Inspectable(range: -300...300, step: 1, summary: "imageEdgeInsets.right; the gap to the right edge when right-aligned", group: "Image Padding")
    var imageRightPadding: CGFloat = 0.0
    @Inspectable(range: -300...300, step: 1, summary: "imageEdgeInsets.top", group: "Image Padding")
    var imageTopPadding: CGFloat = 0.0
    @Inspectable(range: -300...300, step: 1, summary: "imageEdgeInsets.bottom", group: "Image Padding")
    var imageBottomPadding: CGFloat = 0.0

    @Inspectable(summary: "Move the image to the right edge (imageEdgeInsets.left = width − image width − right padding)",
                 group: "Image Padding")
    var enableImageRightAligned: Bool = false

    @Inspectable(summary: "Paint a horizontal gradient from Gradient Color 1 (left) to Gradient Color 2 (right)", group: "Gradient")
    var enableGradientBackground: Bool = false
    @Inspectable(summary: "The gradient's left colour", group: "Gradient")
    var gradientColor1: UIColor = UIColor.black
    @Inspectable(summary: "The gradient's right colour", group: "Gradient")
    var gradientColor2: UIColor = UIColor.white

    /// The seed's gradient layer, kept across layouts.
    private var gradientLayer: CAGradientLayer?

    /// The tutorial's button as its storyboard sets it up: a title and the icon on a blue background.
    required init(frame: CGRect) {
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
    override class var designableSummary: String? {
        "A button with corner radius, border, title and image paddings, right-aligned image and gradient"
    }
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

    /// The seed's didSet observers.
    override func inspectableDidChange(_ name: String) {
        switch name {
        case "cornerRadius":
            layer.cornerRadius = cornerRadius
            layer.masksToBounds = cornerRadius > 0
        case "borderWidth":
            layer.borderWidth = borderWidth
        case "borderColor":
            layer.borderColor = borderColor.cgColor
        case "titleLeftPadding":
            titleEdgeInsets.left = titleLeftPadding
        case "titleRightPadding":
            titleEdgeInsets.right = titleRightPadding
        case "titleTopPadding":
            titleEdgeInsets.top = titleTopPadding
        case "titleBottomPadding":
            titleEdgeInsets.bottom = titleBottomPadding
        case "imageLeftPadding":
            imageEdgeInsets.left = imageLeftPadding
        case "imageRightPadding":
            imageEdgeInsets.right = imageRightPadding
        case "imageTopPadding":
            imageEdgeInsets.top = imageTopPadding
        case "imageBottomPadding":
            imageEdgeInsets.bottom = imageBottomPadding
        default:
            break
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()

        if enableImageRightAligned, let imageView = imageView {
            imageEdgeInsets.left = self.bounds.width - imageView.bounds.width - imageRightPadding
        } else {
            // Interface Builder recreates the view for every change, so turning the alignment off
            // shows the padding again; Easel keeps the instance, so put the padding back.
            imageEdgeInsets.left = imageLeftPadding
        }

        if enableGradientBackground {
            let gradientLayer = self.gradientLayer ?? CAGradientLayer()
            gradientLayer.frame = self.bounds
            gradientLayer.colors = [gradientColor1.cgColor, gradientColor2.cgColor]
            gradientLayer.startPoint = CGPoint(x: 0.0, y: 0.5)
            gradientLayer.endPoint = CGPoint(x: 1.0, y: 0.5)
            if gradientLayer.superlayer !== layer { self.layer.insertSublayer(gradientLayer, at: 0) }
            self.gradientLayer = gradientLayer
        } else {
            gradientLayer?.removeFromSuperlayer()
        }
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.examples.fancy-button", name: "Fancy Button", version: "1.0.0",
                       summary: "Seed 001: the tutorial's FancyButton", classes: [FancyButton.self])
}
