internal import CEasel

/// Exports a plugin's designable classes through the Easel ABI, and talks to the host.
///
/// Every Swift plugin has exactly one entry point, and it is one call:
///
///     import EaselKit
///
///     @_cdecl("easel_plugin_entry")
///     public func easelPluginEntry() -> UnsafeRawPointer? {
///         EaselPlugin.export(id: "org.easel.examples.rounded-corner-button", name: "Rounded Corner Button",
///                            version: "1.0.0", classes: [RoundedCornerButton.self])
///     }
///
/// The descriptor is built once (later calls return the same pointer). When the host initialises the
/// plugin, EaselKit creates one prototype of each class with `init(frame:)` at its
/// ``UIView/defaultSize``, reads its property table (what `@Designable` wrote for its
/// `@IBInspectable` members, then the toolkit's), with the prototype's values as the defaults, and
/// publishes the class table: the class name is the Swift class's unqualified name; summary, group,
/// display name and kind come from ``UIView/designableSummary`` (the class's doc comment),
/// ``UIView/designableGroup``, ``UIView/designableDisplayName`` and ``UIView/designableKind``. Every
/// exported class must be `@Designable` itself (a subclass without it is refused, naming it). A class that cannot be exported (a default outside its range, a name
/// that is no identifier, …) makes the plugin refuse to load, with one error line saying why.
public enum EaselPlugin {
    /// Message severities for ``log(_:_:)``.
    public enum LogLevel: Sendable {
        case debug, info, warning, error

        var cValue: easel_log_level {
            switch self {
            case .debug: return EASEL_LOG_DEBUG
            case .info: return EASEL_LOG_INFO
            case .warning: return EASEL_LOG_WARNING
            case .error: return EASEL_LOG_ERROR
            }
        }
    }

    /// Builds (once) and returns the plugin descriptor for the entry point.
    /// - Parameters:
    ///   - id: reverse-DNS, unique: "org.example.gauges".
    ///   - name: human name.
    ///   - version: the plugin's own version.
    ///   - summary: one line.
    ///   - classes: the designable classes, in the order the host lists them.
    public static func export(id: String, name: String, version: String, summary: String? = nil,
                              classes: [UIView.Type]) -> UnsafeRawPointer? {
        PluginState.shared.export(id: id, name: name, version: version, summary: summary, classes: classes)
    }

    /// Logs through the host (from any thread); before the host initialised the plugin or after it
    /// let it go, to standard error.
    public static func log(_ level: LogLevel, _ message: String) {
        PluginState.shared.log(level, message)
    }

    /// The plugin's resource directory (`<dir>/<Name>.resources` beside the library), the Swift
    /// counterpart of `Bundle(for:)`. Image names are resolved there first by the host; use this for
    /// other files. nil before the host initialised the plugin. See also ``EaselBundle``.
    public static var resourceDirectory: URL? {
        PluginState.shared.resourceDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The path of a resource in ``resourceDirectory`` if that file exists, like
    /// `Bundle.path(forResource:ofType:)`.
    public static func path(forResource name: String, ofType type: String? = nil) -> String? {
        EaselBundle.plugin.path(forResource: name, ofType: type)
    }

    /// Makes the callback in progress fail with `reason`: `init(frame:)` (the host's create) then
    /// returns NULL, a draw returns false, and the host reports `reason` with the plugin file, class
    /// and phase. For failures found where Swift cannot return one — an initialiser, `layoutSubviews()`
    /// — as when a layout document cannot be loaded:
    ///
    ///     required init(frame: CGRect) {
    ///         super.init(frame: frame)
    ///         guard let data = EaselBundle(for: Self.self).contents(ofResource: "table.csv") else {
    ///             EaselPlugin.reportFailure("table.csv is missing from \(EaselBundle(for: Self.self).resourcePath ?? "?")")
    ///             return
    ///         }
    ///         …
    ///     }
    ///
    /// A failure reported in `layoutSubviews()` fails the next draw. The first report wins until the
    /// SDK consumes it.
    public static func reportFailure(_ reason: String) {
        PluginState.shared.reportFailure(reason)
    }
}

/// The plugin's state: one per image (EaselKit is linked statically into each plugin). Every field is
/// read and written under `lock`, whichever thread the host calls from.
final class PluginState: @unchecked Sendable {
    static let shared = PluginState()

    private let lock = NSLock()
    private var descriptor: UnsafeMutablePointer<easel_plugin>?
    private var classes: [UIView.Type] = []
    private var exported: [ExportedClass] = []
    private var host: UnsafePointer<easel_host>?
    private(set) var resourceDirectory: String?
    /// The plugin file as the host found it, and the plugin's human name.
    private(set) var pluginPath: String?
    private(set) var pluginName = "plugin"
    /// A failure reported during the callback in progress (see ``EaselPlugin/reportFailure(_:)``).
    private var pendingFailure: String?

    func export(id: String, name: String, version: String, summary: String?,
                classes: [UIView.Type]) -> UnsafeRawPointer? {
        lock.lock()
        defer { lock.unlock() }
        if let descriptor { return UnsafeRawPointer(descriptor) }
        self.classes = classes
        pluginName = name
        let plugin = UnsafeMutablePointer<easel_plugin>.allocate(capacity: 1)
        plugin.initialize(to: easel_plugin(
            abi: easel_abi_version(major: EASEL_ABI_MAJOR, minor: EASEL_ABI_MINOR),
            struct_size: UInt32(MemoryLayout<easel_plugin>.size),
            class_count: 0,
            id: CStrings.persistent(id),
            name: CStrings.persistent(name),
            version: CStrings.persistent(version),
            summary: CStrings.persistent(summary),
            init: PluginState.initialize,
            deinit: PluginState.deinitialize,
            classes: nil,
            get_extension: PluginState.getExtension))
        descriptor = plugin
        return UnsafeRawPointer(plugin)
    }

    /// easel_plugin.init: keeps the host, exports the classes.
    private static let initialize: @convention(c) (UnsafePointer<easel_host>) -> Bool = { host in
        shared.start(host: host)
    }

    /// easel_plugin.get_extension: a class's extensions (variants, actions); none for the plugin.
    private static let getExtension: @convention(c) (UnsafePointer<easel_class>?, UnsafePointer<CChar>)
        -> UnsafeRawPointer? = { cls, id in
            guard let context = cls?.pointee.context else { return nil }
            return ExportedClass.from(context).extensionTable(String(cString: id))
        }

    /// easel_plugin.deinit: forgets the host (the classes stay: Swift images are never unloaded).
    private static let deinitialize: @convention(c) () -> Void = {
        shared.stop()
    }

    private func start(host: UnsafePointer<easel_host>) -> Bool {
        lock.lock()
        self.host = host
        resourceDirectory = String(cString: host.pointee.resource_dir)
        pluginPath = String(cString: host.pointee.plugin_path)
        guard let descriptor else {
            lock.unlock()
            return false
        }
        if descriptor.pointee.classes != nil || classes.isEmpty {
            lock.unlock()
            return true
        }
        let classes = self.classes
        lock.unlock()

        // Prototypes run author code (init(frame:)), which may log: build outside the lock.
        let names = classes.map { String(describing: $0) }
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            log(.error, "class \(duplicate) is exported twice")
            return false
        }
        let slots = UnsafeMutablePointer<easel_class>.allocate(capacity: classes.count)
        var built: [ExportedClass] = []
        for (index, viewClass) in classes.enumerated() {
            let exportedClass = ExportedClass(viewClass: viewClass)
            do {
                try exportedClass.build(into: slots + index)
            } catch {
                log(.error, "cannot export the classes: \(error)")
                return false
            }
            built.append(exportedClass)
        }
        lock.lock()
        exported = built
        descriptor.pointee.classes = UnsafePointer(slots)
        descriptor.pointee.class_count = UInt32(classes.count)
        lock.unlock()
        return true
    }

    private func stop() {
        lock.lock()
        host = nil
        lock.unlock()
    }

    /// The exported classes, for layout documents that name them.
    var exportedViewClasses: [UIView.Type] {
        lock.lock()
        defer { lock.unlock() }
        return classes
    }

    func reportFailure(_ reason: String) {
        lock.lock()
        if pendingFailure == nil { pendingFailure = reason }
        lock.unlock()
    }

    /// The failure reported since the last call, if any (consumed).
    func takeFailure() -> String? {
        lock.lock()
        defer { lock.unlock() }
        let failure = pendingFailure
        pendingFailure = nil
        return failure
    }

    /// The host's text measurement (easel_host.measure_text); nil without a host.
    func measureText(_ text: String, maxWidth: CGFloat, style: TextStyle) -> CGSize? {
        lock.lock()
        let host = self.host
        lock.unlock()
        guard let host else { return nil }
        return style.withCStyle { cStyle in
            text.withCString { CGSize(host.pointee.measure_text(host, $0, Double(maxWidth), cStyle)) }
        }
    }

    /// The host's image size (easel_host.image_size); nil without a host.
    func imageSize(_ name: String) -> CGSize? {
        lock.lock()
        let host = self.host
        lock.unlock()
        guard let host else { return nil }
        return name.withCString { CGSize(host.pointee.image_size(host, $0)) }
    }

    func log(_ level: EaselPlugin.LogLevel, _ message: String) {
        lock.lock()
        let host = self.host
        lock.unlock()
        if let host {
            host.pointee.log(host, level.cValue, message)
        } else {
            FileHandle.standardError.write(Data("easel plugin: \(message)\n".utf8))
        }
    }
}
