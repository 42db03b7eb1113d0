import EaselHost
import EaselRender

/// One instance on a design surface, driven in Interface Builder's order:
///
///     designer: create(frame) → setters → prepareForDesigner → layout → draw
///     archive:  create(archive) → archived attributes through the setters → awakeFromArchive → layout → draw
///
/// It can be changed and drawn again without being recreated: ``set(_:to:)`` marks it for layout, and
/// ``resize(to:)`` too; ``draw(on:)`` lays it out first when needed.
///
/// ```swift
/// let button = try DesignerInstance(cls, frame: Rect(size: cls.info.defaultSize),
///                                   values: [("cornerRadius", .cgFloat(12))])
/// try button.draw(on: target.canvas)
/// try button.set("cornerRadius", to: .cgFloat(20))
/// try button.draw(on: otherTarget.canvas)
/// ```
public final class DesignerInstance {
    public let cls: DesignableClass
    public let instance: DesignableInstance
    public private(set) var frame: Rect
    private var needsLayout = true
    /// Resolves image names against the plugin's resources (easel.h, draw_image).
    private lazy var resolver = ResourceImageResolver(resourceDirectory: PluginLoader.resourceDirectory(for: info.plugin.path))

    public var info: ClassInfo { cls.info }

    /// Creates the instance, applies `values` in order, then calls prepare-for-designer.
    public init(_ cls: DesignableClass, frame: Rect, values: [(name: String, value: PropertyValue)] = []) throws {
        self.cls = cls
        self.frame = frame
        instance = try cls.makeInstance(frame: frame)
        for (name, value) in values { try instance.set(name, to: value) }
        try instance.prepareForDesigner()
    }

    /// Creates the instance from an archive (a layout document or scene entry), applies its attributes
    /// through the setters as user-defined runtime attributes, then calls awake-from-archive, and
    /// prepare-for-designer when `prepareForDesigner` (the host renders as a designer, as Interface
    /// Builder renders designables in a storyboard).
    public init(_ cls: DesignableClass, archive: Archive, prepareForDesigner: Bool = false) throws {
        self.cls = cls
        self.frame = archive.frame
        // Parse every attribute before any plugin code runs: a typo fails cleanly.
        let values = try cls.info.parse(archive.attributes.map { ($0.key, $0.value) }, file: archive.source)
        instance = try cls.makeInstance(archive: archive)
        // Runtime attributes in the class's property order, whatever order the document had.
        let order = Dictionary(uniqueKeysWithValues: cls.info.properties.enumerated().map { ($1.name, $0) })
        for (name, value) in values.sorted(by: { order[$0.0]! < order[$1.0]! }) { try instance.set(name, to: value) }
        try instance.awakeFromArchive()
        if prepareForDesigner { try instance.prepareForDesigner() }
    }

    /// Sets a property through its setter; the next draw lays the instance out first.
    public func set(_ property: String, to value: PropertyValue) throws {
        try instance.set(property, to: value)
        needsLayout = true
    }

    /// Moves or resizes the instance; a new size is laid out before the next draw.
    public func move(to frame: Rect) {
        if frame.size != self.frame.size { needsLayout = true }
        self.frame = frame
    }

    /// Resizes the instance, keeping its origin.
    public func resize(to size: Size) {
        move(to: Rect(x: frame.x, y: frame.y, width: size.width, height: size.height))
    }

    /// Lays the instance out if needed and draws it at its frame on `canvas`, in its own graphics
    /// state, with images resolved against its plugin's resources. A missing image or a failed draw
    /// throws a ``HostError`` naming the plugin file and the class.
    public func draw(on canvas: CairoCanvas) throws {
        if needsLayout {
            try instance.layout(size: frame.size)
            needsLayout = false
        }
        // One resolver per instance: setting it on the canvas (which forgets the names it resolved)
        // happens only when another instance drew in between.
        if canvas.resolver !== resolver { canvas.resolver = resolver }
        let before = canvas.diagnostics.count
        let bounds = Rect(size: frame.size)
        try canvas.isolated(translatedBy: frame.x, frame.y) {
            try instance.draw(into: canvas.pointer, rect: bounds)
        }
        for problem in canvas.diagnostics[before...] {
            if case .image(let name, let reason, let tried) = problem {
                let paths = tried.isEmpty ? "" : "; tried: " + tried.joined(separator: ", ")
                throw HostError(.notFound, "image '\(name)': \(reason)\(paths)", file: info.plugin.path,
                                className: info.name, phase: .draw)
            }
            // Everything else drew (or was ignored): a warning, once per process.
            Diagnostics.warnOnce("\(info.plugin.path): class \(info.name): draw: \(problem)")
        }
        do { try canvas.check() } catch let error as RenderError {
            throw HostError(error, file: info.plugin.path, className: info.name)
        }
    }

    /// The size to render at when the user gives none: the class's default size, where an axis of
    /// zero takes the instance's intrinsic size on that axis (if it has one).
    public static func naturalSize(of cls: DesignableClass, instance: DesignableInstance) throws -> Size {
        var size = cls.info.defaultSize
        if size.width <= 0 || size.height <= 0 {
            let intrinsic = try instance.intrinsicSize()
            if size.width <= 0 && intrinsic.width > 0 { size.width = intrinsic.width }
            if size.height <= 0 && intrinsic.height > 0 { size.height = intrinsic.height }
        }
        return size
    }
}
