/// A plugin's resources: the `Bundle(for:)` of a designable that just works. In a plugin, `Bundle`
/// *is* this type (EaselKit's ``Bundle`` shadows Foundation's), so UIKit code such as
/// `UINib(nibName: …, bundle: Bundle(for: type(of: self)))` runs as written. (Foundation's
/// `Bundle(for:)` cannot tell on Linux which plugin a class comes from, answers the main bundle, and
/// leaks on every call; reach it as `Foundation.Bundle` if you need it.)
///
/// A plugin ships images and layout documents in a folder beside its library, named after it:
/// `components/libFancyButton.so` → `components/FancyButton.resources/` (in the repository,
/// `Plugins/FancyButton/Resources/`, copied there by `Scripts/setup`). Every name is resolved
/// relative to that folder.
///
///     let bundle = EaselBundle(for: Self.self)            // Bundle(for: type(of: self))
///     if let path = bundle.path(forResource: "rates", ofType: "json") { … }
///     let icon = UIImage(named: "icon", in: bundle)       // icon, icon.png, icon.svg, icon.jpg
///
/// EaselKit is linked into each plugin, so every class of a plugin shares that plugin's folder; the
/// class argument exists so that code written for `Bundle(for:)` ports unchanged. Paths are nil
/// before the host initialised the plugin (no folder is known then) and for files that do not exist.
public final class EaselBundle: CustomStringConvertible, @unchecked Sendable {
    /// The bundle of the plugin this code is linked into.
    public static let plugin = EaselBundle()

    private init() {}

    /// The bundle of the plugin that defines `type`.
    public convenience init(for type: AnyClass) { self.init() }

    /// The plugin's bundle (a plugin has no app bundle of its own).
    public static var main: EaselBundle { plugin }

    /// The bundle of the plugin that defines `type` (same as ``init(for:)``).
    public static func of(_ type: AnyClass) -> EaselBundle { plugin }

    /// The resource folder, absolute (it may not exist); nil before the host initialised the plugin.
    public var resourcePath: String? { PluginState.shared.resourceDirectory }

    public var resourceURL: URL? { resourcePath.map { URL(fileURLWithPath: $0, isDirectory: true) } }

    /// The plugin library as the host found it; nil before the host initialised the plugin.
    public var pluginPath: String? { PluginState.shared.pluginPath }

    /// The path of `name` (with `.type` appended if given) in the resource folder, if that file exists.
    public func path(forResource name: String, ofType type: String? = nil) -> String? {
        guard let path = candidatePath(forResource: name, ofType: type) else { return nil }
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    public func url(forResource name: String, withExtension ext: String? = nil) -> URL? {
        path(forResource: name, ofType: ext).map { URL(fileURLWithPath: $0) }
    }

    /// The contents of a resource file, if it exists and can be read.
    public func contents(ofResource name: String, ofType type: String? = nil) -> Data? {
        path(forResource: name, ofType: type).flatMap { FileManager.default.contents(atPath: $0) }
    }

    /// Where `name` (with `.type`) would be, whether or not it exists: for error messages.
    public func candidatePath(forResource name: String, ofType type: String? = nil) -> String? {
        guard let directory = resourcePath else { return nil }
        let file = type.map { $0.isEmpty ? name : "\(name).\($0)" } ?? name
        return (directory as NSString).appendingPathComponent(file)
    }

    /// The image file names tried for `UIImage(named:)`: the name, then with each image extension.
    static let imageExtensions = ["png", "svg", "jpg", "jpeg"]

    /// The name the host should resolve for image `name`: the first of `name`, `name.png`,
    /// `name.svg`, `name.jpg`, `name.jpeg` that exists in the resource folder; `name` itself when none
    /// does (the host then reports the image missing at draw time, with every path it tried).
    func imageResourceName(_ name: String) -> String {
        guard !name.hasPrefix("/"), let directory = resourcePath else { return name }
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: (directory as NSString).appendingPathComponent(name)) { return name }
        for ext in Self.imageExtensions {
            let candidate = "\(name).\(ext)"
            if fileManager.fileExists(atPath: (directory as NSString).appendingPathComponent(candidate)) {
                return candidate
            }
        }
        return name
    }

    public var description: String { "EaselBundle(\(resourcePath ?? "no resource folder yet"))" }
}

/// UIKit's name for a plugin's resources: `Bundle(for: type(of: self))` is the ``EaselBundle`` of the
/// plugin the class comes from. It shadows Foundation's `Bundle` in code that imports EaselKit.
public typealias Bundle = EaselBundle
