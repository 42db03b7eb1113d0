import EaselHost
import EaselRender

/// One instance on a design surface, driven in Interface Builder's order:
///
///     designer: create(frame) → setters → prepareForDesigner → actions → layout → draw
///     archive:  create(archive) → archived attributes through the setters → awakeFromArchive → layout → draw
///
/// It can be changed and drawn again without being recreated: ``set(_:to:)`` and ``invoke(_:argument:)``
/// mark it for layout, and ``resize(to:)`` too; ``draw(on:)`` lays it out first when needed.
///
/// It also hears what the instance asks through its instance host (easel.h): a layout request is
/// honoured by the next draw; ``wantsRedraw`` says that it asked to be drawn again (the next frame of
/// an animation); ``takeChangedValues()`` reads back the properties it said it changed itself.
///
/// ```swift
/// let button = try DesignerInstance(cls, frame: Rect(size: cls.info.defaultSize),
///                                   values: [("cornerRadius", .cgFloat(12))])
/// try button.draw(on: target.canvas)
/// try button.set("cornerRadius", to: .cgFloat(20))
/// try button.draw(on: otherTarget.canvas)
/// ```
package final class DesignerInstance {
    package let cls: DesignableClass
    package let instance: DesignableInstance
    package private(set) var frame: Rect
    private var needsLayout = true
    /// What the instance asked for and the host has not honoured yet.
    private var pending = InstanceRequests()
    /// Resolves image names against the plugin's resources (easel.h, draw_image).
    private lazy var resolver = ResourceImageResolver(resourceDirectory: PluginLoader.resourceDirectory(for: info.plugin.path))

    package var info: ClassInfo { cls.info }

    /// Creates the instance for `traits`, applies `values` in order, then calls prepare-for-designer
    /// unless `prepareForDesigner` is false (an application's view, not a designer's).
    package init(_ cls: DesignableClass, frame: Rect, values: [(name: String, value: PropertyValue)] = [],
                 traits: Traits = .default, prepareForDesigner: Bool = true) throws {
        self.cls = cls
        self.frame = frame
        instance = try cls.makeInstance(frame: frame, traits: traits)
        for (name, value) in values { try instance.set(name, to: value) }
        if prepareForDesigner { try instance.prepareForDesigner() }
    }

    /// Creates the instance from an archive (a layout document or scene entry), applies its attributes
    /// through the setters as user-defined runtime attributes, then calls awake-from-archive, and
    /// prepare-for-designer when `prepareForDesigner` (the host renders as a designer, as Interface
    /// Builder renders designables in a storyboard).
    package init(_ cls: DesignableClass, archive: Archive, prepareForDesigner: Bool = false, traits: Traits = .default) throws {
        self.cls = cls
        self.frame = archive.frame
        // Parse every attribute before any plugin code runs: a typo fails cleanly.
        let values = try cls.info.parse(archive.attributes.map { ($0.key, $0.value) }, file: archive.source)
        instance = try cls.makeInstance(archive: archive, traits: traits)
        // Runtime attributes in the class's property order, whatever order the document had.
        for (name, value) in cls.info.inPropertyOrder(values) { try instance.set(name, to: value) }
        try instance.awakeFromArchive()
        if prepareForDesigner { try instance.prepareForDesigner() }
    }

    /// Sets a property through its setter; the next draw lays the instance out first.
    package func set(_ property: String, to value: PropertyValue) throws {
        try instance.set(property, to: value)
        needsLayout = true
    }

    /// Calls an action (easel.actions/1) with an argument already parsed; the next draw lays the
    /// instance out first. What the action changed and asked for is heard as any request is.
    package func invoke(_ action: String, argument: PropertyValue?) throws {
        try instance.invoke(action, argument: argument)
        needsLayout = true
    }

    /// Whether the instance asked to be drawn again since its last draw began (request_redraw).
    package var wantsRedraw: Bool {
        get throws {
            try poll()
            return pending.redraw || pending.layout
        }
    }

    /// Whether the instance asked to be laid out again (request_layout) since it was last laid out:
    /// its intrinsic size may have changed.
    package var wantsLayout: Bool {
        get throws {
            try poll()
            return pending.layout
        }
    }

    /// The properties the instance said it changed itself (property_changed), read back through their
    /// getters, in the order reported; consumed. (Names that are no property of the class never get
    /// here: the instance host drops them with a warning.)
    package func takeChangedValues() throws -> [(name: String, value: PropertyValue)] {
        try poll()
        let names = pending.changedProperties
        pending.changedProperties = []
        return try names.map { ($0, try instance.get($0)) }
    }

    /// The traits the instance is shown with.
    package var traits: Traits { instance.traits }

    /// Gives the instance new traits of the same layout direction (it hears of the change, and is
    /// laid out and drawn again). A new direction needs a new instance: callers make one.
    package func setTraits(_ traits: Traits) throws {
        guard traits.direction == instance.traits.direction else {
            throw HostError(.internalError, "a new layout direction needs a new instance", file: info.plugin.path, className: info.name)
        }
        try instance.setTraits(traits)
        needsLayout = true
    }

    /// Sends a pointer event (easel.input/1); returns whether the instance handled it. What it
    /// changed, sent and asked for is heard as any request is (``takeChangedValues()``,
    /// ``takeSentActions()``, ``wantsRedraw``).
    package func pointer(_ event: PointerEvent) throws -> Bool {
        let handled = try instance.pointerEvent(event)
        try poll()
        return handled
    }

    /// The control events the instance sent since the last call (easel.input/1's send_action), in order; consumed.
    package func takeSentActions() throws -> [String] {
        try poll()
        defer { pending.sentActions = [] }
        return pending.sentActions
    }

    /// Lays the instance out now if it needs it (before pointer events, which hit-test its layout).
    package func layoutIfNeeded() throws {
        try poll()
        if needsLayout || pending.layout {
            try instance.layout(size: frame.size)
            needsLayout = false
            pending.layout = false
        }
    }

    /// Moves the instance's animation clock (easel.clock/1) forward: one-shot renders advance it by
    /// 1/60 s per frame the instance asks for.
    package func advanceClock(by seconds: Double) throws {
        try instance.clock(.advance(seconds))
    }

    /// Lets the instance's animation clock follow real time (live views).
    package func followRealTime() throws {
        try instance.clock(.realTime)
    }

    private func poll() throws {
        pending.merge(try instance.takeRequests())
    }

    /// Moves or resizes the instance; a new size is laid out before the next draw.
    package func move(to frame: Rect) {
        if frame.size != self.frame.size { needsLayout = true }
        self.frame = frame
    }

    /// Resizes the instance, keeping its origin.
    package func resize(to size: Size) {
        move(to: Rect(x: frame.x, y: frame.y, width: size.width, height: size.height))
    }

    /// Lays the instance out if needed and draws it at its frame on `canvas`, in its own graphics
    /// state, with images resolved against its plugin's resources. A missing image or a failed draw
    /// throws a ``HostError`` naming the plugin file and the class.
    package func draw(on canvas: CairoCanvas) throws {
        try poll()
        if needsLayout || pending.layout {
            try instance.layout(size: frame.size)
            needsLayout = false
        }
        // What was asked before this draw (during sets, actions or layout) is satisfied by it;
        // requests made while it draws are the next frame's.
        try poll()
        pending.layout = false
        pending.redraw = false
        // One resolver per instance: setting it on the canvas (which forgets the names it resolved)
        // happens only when another instance drew in between.
        if canvas.resolver !== resolver { canvas.resolver = resolver }
        let before = canvas.diagnostics.count
        let bounds = Rect(size: frame.size)
        try canvas.isolated(translatedBy: frame.x, frame.y) {
            try instance.draw(into: canvas.pointer, rect: bounds)
        }
        try report(missingImages: canvas.diagnostics[before...].compactMap(Self.missingImageMessage),
                   warnings: canvas.diagnostics[before...].filter { Self.missingImageMessage($0) == nil }.map { "\($0)" })
        try HostError.rendering(info, phase: .draw) { try canvas.check() }
    }

    /// Like ``draw(on:)``, for an instance that fills `canvas` (a one-shot render of one class): an
    /// instance in a worker draws the whole picture there and it is composited here, so this
    /// process lays out no text and decodes no image for it (no fontconfig start in the host).
    /// Any other instance or canvas, or `inWorker` false, is drawn by ``draw(on:)``.
    package func draw(filling canvas: CairoCanvas, scale: Double, inWorker: Bool = true) throws {
        guard inWorker, let remote = instance as? RasterizingInstance, frame.x == 0, frame.y == 0, canvas.isRaster else {
            return try draw(on: canvas)
        }
        try layoutIfNeeded()
        let raster = try remote.rasterize(size: frame.size, scale: scale)
        try report(missingImages: raster.missingImages, warnings: raster.warnings)
        let (width, height) = canvas.pixelSize
        guard raster.width == width, raster.height == height else {
            throw HostError(.internalError, "the worker drew \(raster.width)×\(raster.height) pixels for a \(width)×\(height) picture",
                            file: info.plugin.path, className: info.name, phase: .draw)
        }
        try HostError.rendering(info, phase: .draw) {
            try canvas.paintPremultiplied(raster.pixels, width: width, height: height)
            try canvas.check()
        }
    }

    /// A missing image is an error naming the file and class; anything else the canvas noticed is a
    /// warning, once per process.
    private func report(missingImages: [String], warnings: [String]) throws {
        if let missing = missingImages.first {
            throw HostError(.notFound, missing, file: info.plugin.path, className: info.name, phase: .draw)
        }
        for warning in warnings { cls.diagnostics.warnOnce("\(info.plugin.path): class \(info.name): draw: \(warning)") }
    }

    /// "image 'name': reason; tried: …" for a missing image, nil for any other problem.
    static func missingImageMessage(_ problem: RenderError) -> String? {
        guard case .image(let name, let reason, let tried) = problem else { return nil }
        let paths = tried.isEmpty ? "" : "; tried: " + tried.joined(separator: ", ")
        return "image \(name.quoted): \(reason)\(paths)"
    }

    /// The size to render at when the user gives none: the class's default size, where an axis of
    /// zero takes the instance's intrinsic size on that axis (if it has one).
    package static func naturalSize(of cls: DesignableClass, instance: DesignableInstance) throws -> Size {
        var size = cls.info.defaultSize
        if size.width <= 0 || size.height <= 0 {
            let intrinsic = try instance.intrinsicSize()
            if size.width <= 0 && intrinsic.width > 0 { size.width = intrinsic.width }
            if size.height <= 0 && intrinsic.height > 0 { size.height = intrinsic.height }
        }
        return size
    }
}
