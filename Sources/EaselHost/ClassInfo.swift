/// What a plugin file is: its identity as its entry point declared it.
public struct PluginInfo: Equatable, Codable, Sendable {
    /// The file the plugin was found at.
    public var path: String
    public var id: String
    public var name: String
    public var version: String
    public var summary: String?
    /// The ABI version the plugin was built against, "major.minor".
    public var abi: String
    public init(path: String, id: String, name: String, version: String, summary: String?, abi: String) {
        self.path = path; self.id = id; self.name = name; self.version = version
        self.summary = summary; self.abi = abi
    }
}

/// The kind of view a class is (easel.h `EASEL_KIND_*`).
public enum BaseKind: UInt32, Codable, Sendable, CaseIterable {
    case view = 0, control, button, label, textField, imageView, slider, `switch`, progress

    public var name: String {
        switch self {
        case .view: return "view"
        case .control: return "control"
        case .button: return "button"
        case .label: return "label"
        case .textField: return "text-field"
        case .imageView: return "image-view"
        case .slider: return "slider"
        case .switch: return "switch"
        case .progress: return "progress"
        }
    }
}

/// Everything the host knows about one designable class, as plain data: what `host list` and
/// `host inspect` show, what the registry cache stores.
public struct ClassInfo: Equatable, Codable, Sendable {
    public var name: String
    public var displayName: String
    public var summary: String?
    /// Library section; the plugin's name when the class gives none.
    public var group: String
    public var kind: BaseKind
    public var defaultSize: Size
    public var properties: [PropertyInfo]
    public var plugin: PluginInfo

    public init(name: String, displayName: String? = nil, summary: String?, group: String, kind: BaseKind,
                defaultSize: Size, properties: [PropertyInfo], plugin: PluginInfo) {
        self.name = name
        self.displayName = displayName ?? DisplayName.derive(from: name)
        self.summary = summary
        self.group = group
        self.kind = kind
        self.defaultSize = defaultSize
        self.properties = properties
        self.plugin = plugin
    }

    /// The property with this name, if the class has one.
    public func property(named name: String) -> PropertyInfo? {
        properties.first { $0.name == name }
    }
}
