/// An image, by resource reference: a name resolved by the host against the plugin's resource
/// directory (`<Plugin>.resources/`, the `Bundle(for:)` of a designable) and then as a path. PNG, JPEG
/// and SVG are read by the host. Inspectable as `EASEL_TYPE_IMAGE` (`UIImage?`, nil: no image).
///
///     @Inspectable var icon: UIImage? = UIImage(named: "star.png")
///     icon?.draw(in: bounds)          // in draw(_:)
public final class UIImage: Equatable, CustomStringConvertible, @unchecked Sendable {
    /// The resource name or path, as given.
    public let name: String

    /// An image resource by name; nil for an empty name. Whether it exists is known when it is drawn.
    public init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
    }

    /// UIKit's bundle-relative form; the bundle is ignored (resources are the plugin's).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: AnyObject? = nil) {
        self.init(named: name)
    }

    /// An image file by path.
    public convenience init?(contentsOfFile path: String) {
        self.init(named: path)
    }

    /// The image's size in points: the host's answer during drawing, otherwise read from the file's
    /// header (PNG, JPEG, SVG) in the resource directory; `.zero` if unknown.
    public var size: CGSize {
        if let context = UIGraphicsGetCurrentContext() { return context.imageSize(name) }
        return ImageHeader.size(of: name)
    }

    /// Draws the image scaled to fill `rect` into the current context.
    public func draw(in rect: CGRect) {
        UIGraphicsGetCurrentContext()?.draw(self, in: rect, contentMode: .scaleToFill)
    }

    /// Draws the image at its natural size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.draw(self, in: CGRect(origin: point, size: context.imageSize(name)), contentMode: .scaleToFill)
    }

    public var description: String { "UIImage(named: \"\(name)\")" }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs.name == rhs.name }
}
