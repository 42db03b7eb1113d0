/// An image, by resource reference: a name resolved against the plugin's resource directory
/// (`<Plugin>.resources/`, see ``EaselBundle``) and then as a path. As in UIKit the extension may be
/// left out: `UIImage(named: "icon")` finds `icon`, `icon.png`, `icon.svg`, `icon.jpg` or
/// `icon.jpeg`, in that order. PNG, JPEG and SVG are read by the host. Inspectable as
/// `EASEL_TYPE_IMAGE` (`UIImage?`, nil: no image).
///
///     @IBInspectable var icon: UIImage? = UIImage(named: "star")
///     icon?.draw(in: bounds)          // in draw(_:)
///
/// Unlike UIKit, a name that matches no file still makes an image (so a typo cannot crash a
/// force-unwrapping initialiser): drawing it fails, and the host reports the plugin, the class, the
/// name and every path it tried.
public final class UIImage: Equatable, CustomStringConvertible, @unchecked Sendable {
    /// The resource name or path, as given.
    public let name: String
    private var resolved: String?

    /// An image resource by name; nil for an empty name. Whether it exists is known when it is drawn.
    public init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
    }

    /// UIKit's bundle-relative form; resources are always the plugin's (see ``EaselBundle``).
    public convenience init?(named name: String, in bundle: EaselBundle?, compatibleWith traitCollection: AnyObject? = nil) {
        self.init(named: name)
    }

    /// The name handed to the host: `name`, or `name` plus the extension of the file that exists.
    var resourceName: String {
        if let resolved { return resolved }
        let found = EaselBundle.plugin.imageResourceName(name)
        if found != name || EaselBundle.plugin.resourcePath != nil { resolved = found }
        return found
    }

    /// An image file by path.
    public convenience init?(contentsOfFile path: String) {
        self.init(named: path)
    }

    /// The image's size in points: the host's answer during drawing, otherwise read from the file's
    /// header (PNG, JPEG, SVG) in the resource directory; `.zero` if unknown.
    public var size: CGSize {
        if let context = UIGraphicsGetCurrentContext() { return context.imageSize(resourceName) }
        if let size = PluginState.shared.imageSize(resourceName), size != .zero { return size }
        return ImageHeader.size(of: resourceName)
    }

    /// Draws the image scaled to fill `rect` into the current context.
    public func draw(in rect: CGRect) {
        UIGraphicsGetCurrentContext()?.draw(self, in: rect, contentMode: .scaleToFill)
    }

    /// Draws the image at its natural size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.draw(self, in: CGRect(origin: point, size: context.imageSize(resourceName)), contentMode: .scaleToFill)
    }

    public var description: String { "UIImage(named: \"\(name)\")" }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs.name == rhs.name }
}
