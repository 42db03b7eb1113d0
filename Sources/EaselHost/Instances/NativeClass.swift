import CEasel
import Glibc

/// A designable class from a plugin loaded in this process, called through its C descriptor's
/// functions and, for properties and actions, through libffi.
final class NativeClass: DesignableClass, @unchecked Sendable {
    let info: ClassInfo
    let functions: ClassFunctions
    /// easel.input/1 and the plugin's half of easel.traits/1.
    let extensions: ClassExtensions
    let log: PluginLog
    /// The plugin's easel_host, which every instance host points to.
    let host: UnsafePointer<easel_host>
    /// Property name → (description, typed accessor).
    let properties: [String: (info: PropertyInfo, accessor: PropertyAccessor)]
    /// What property_changed may name.
    let propertyNames: Set<String>
    /// Action name → (description, invoker).
    let actions: [String: (info: ActionInfo, invoker: ActionInvoker)]
    /// Called for every instance this class creates (a worker hooks its request notifications here).
    var onInstance: ((NativeInstance) -> Void)?

    /// Answers the instances' measurements (easel_instance_host.measure_text, image_size).
    let renderer: Renderer?
    /// Whether calls into the plugin point fd 1 at stderr (``HostEnvironment/divertsPluginOutput``).
    let divertsOutput: Bool
    var diagnostics: Diagnostics { log.diagnostics }

    init(_ valid: DescriptorReader.ValidClass, log: PluginLog, host: UnsafePointer<easel_host>, renderer: Renderer?,
         divertsOutput: Bool) {
        self.renderer = renderer
        self.divertsOutput = divertsOutput
        self.info = valid.info
        self.functions = valid.functions
        self.extensions = valid.extensions
        self.log = log
        self.host = host
        var table: [String: (PropertyInfo, PropertyAccessor)] = [:]
        for (p, a) in zip(valid.info.properties, valid.accessors) { table[p.name] = (p, a) }
        self.properties = table
        propertyNames = Set(table.keys)
        var actions: [String: (ActionInfo, ActionInvoker)] = [:]
        for a in valid.info.actions { if let invoker = valid.actions[a.name] { actions[a.name] = (a, invoker) } }
        self.actions = actions
    }

    func error(_ message: String, phase: HostError.Phase, property: String? = nil) -> HostError {
        HostError(.pluginFailure, log.explain(message), file: info.plugin.path, className: info.name,
                  property: property, phase: phase)
    }

    private func makeInstanceHost(traits: Traits) -> InstanceHost {
        InstanceHost(className: info.name, propertyNames: propertyNames, pluginHost: host, log: log, renderer: renderer, traits: traits)
    }

    func makeInstance(frame: Rect, traits: Traits) throws -> DesignableInstance {
        _ = log.takeLastError()
        let instanceHost = makeInstanceHost(traits: traits)
        MemoryFill.paintStack()
        guard let pointer = PluginStandardOutput.around(diverting: divertsOutput, { functions.create(frame.c, instanceHost.pointer) }) else {
            throw error("create returned NULL (expected a new instance)", phase: .create)
        }
        return made(NativeInstance(cls: self, pointer: pointer, host: instanceHost))
    }

    func makeInstance(archive: Archive, traits: Traits) throws -> DesignableInstance {
        guard let createFromArchive = functions.createFromArchive else {
            return try makeInstance(frame: archive.frame, traits: traits)
        }
        _ = log.takeLastError()
        let instanceHost = makeInstanceHost(traits: traits)
        // The archive's strings are borrowed for the duration of the call.
        let keys = archive.attributes.map { strdup($0.key)! }
        let values = archive.attributes.map { strdup($0.value)! }
        let source = archive.source.map { strdup($0)! }
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
            source.map { free($0) }
        }
        let attributes = zip(keys, values).map { easel_attribute(key: $0, value: $1) }
        let pointer: UnsafeMutableRawPointer? = attributes.withUnsafeBufferPointer { buffer in
            var c = easel_archive(frame: archive.frame.c, attribute_count: UInt32(buffer.count), reserved0: 0,
                                  attributes: buffer.baseAddress, source: source.map { UnsafePointer($0) })
            return PluginStandardOutput.around(diverting: divertsOutput) { createFromArchive(&c, instanceHost.pointer) }
        }
        guard let pointer else {
            throw error("create_from_archive returned NULL (expected a new instance)", phase: .create)
        }
        return made(NativeInstance(cls: self, pointer: pointer, host: instanceHost))
    }

    private func made(_ instance: NativeInstance) -> NativeInstance {
        onInstance?(instance)
        return instance
    }
}

/// An instance of a ``NativeClass``: the plugin's `self`, destroyed with this object, and its
/// instance host, released only after destroy returned.
final class NativeInstance: DesignableInstance {
    let cls: NativeClass
    let pointer: UnsafeMutableRawPointer
    let host: InstanceHost
    var info: ClassInfo { cls.info }

    init(cls: NativeClass, pointer: UnsafeMutableRawPointer, host: InstanceHost) {
        self.cls = cls
        self.pointer = pointer
        self.host = host
    }

    deinit {
        PluginStandardOutput.around(diverting: cls.divertsOutput) { cls.functions.destroy(pointer) }
        host.onRequest = nil
    }

    private func lookup(_ name: String) throws -> (info: PropertyInfo, accessor: PropertyAccessor) {
        if let entry = cls.properties[name] { return entry }
        _ = try cls.info.requireProperty(name) // throws: the table and the description have the same names
        preconditionFailure("property \(name) is described but has no accessor")
    }

    func set(_ property: String, to value: PropertyValue) throws {
        let (info, accessor) = try lookup(property)
        if info.isReadOnly {
            throw HostError(.badData, "the property is read-only", file: cls.info.plugin.path,
                            className: cls.info.name, property: property)
        }
        do { try info.check(value) } catch let e as HostError {
            throw e.with(file: cls.info.plugin.path, className: cls.info.name, property: property)
        }
        PluginStandardOutput.around(diverting: cls.divertsOutput) { accessor.set(pointer, value) }
    }

    func get(_ property: String) throws -> PropertyValue {
        let accessor = try lookup(property).accessor
        return PluginStandardOutput.around(diverting: cls.divertsOutput) { accessor.get(pointer) }
    }

    func prepareForDesigner() throws {
        PluginStandardOutput.around(diverting: cls.divertsOutput) { cls.functions.prepareForDesigner?(pointer) }
    }

    func awakeFromArchive() throws {
        PluginStandardOutput.around(diverting: cls.divertsOutput) { cls.functions.awakeFromArchive?(pointer) }
    }

    func layout(size: Size) throws {
        MemoryFill.paintStack()
        PluginStandardOutput.around(diverting: cls.divertsOutput) { cls.functions.layout?(pointer, size.c) }
    }

    func draw(into canvas: UnsafeMutablePointer<easel_canvas>, rect: Rect) throws {
        _ = cls.log.takeLastError()
        MemoryFill.paintStack()
        guard PluginStandardOutput.around(diverting: cls.divertsOutput, { cls.functions.draw(pointer, canvas, rect.c) }) else {
            throw cls.error("draw returned false", phase: .draw)
        }
    }

    func intrinsicSize() throws -> Size {
        guard let f = cls.functions.intrinsicSize else {
            return Size(width: EASEL_NO_INTRINSIC_METRIC, height: EASEL_NO_INTRINSIC_METRIC)
        }
        return Size(PluginStandardOutput.around(diverting: cls.divertsOutput) { f(pointer) })
    }

    func invoke(_ action: String, argument: PropertyValue?) throws {
        let description = try cls.info.requireAction(action)
        let value = try description.check(argument, file: cls.info.plugin.path, className: cls.info.name)
        guard let invoker = cls.actions[action]?.invoker else {
            preconditionFailure("action \(action) is described but has no invoker")
        }
        _ = cls.log.takeLastError()
        guard PluginStandardOutput.around(diverting: cls.divertsOutput, { invoker.call(pointer, value) }) else {
            throw cls.error("action \(action) returned false", phase: .action)
        }
    }

    func takeRequests() throws -> InstanceRequests { host.take() }

    var traits: Traits { host.traits }

    func setTraits(_ traits: Traits) throws {
        let previous = host.traits
        guard traits != previous else { return }
        host.traits = traits
        guard let changed = cls.extensions.traitsChanged else { return }
        var c = previous.c
        PluginStandardOutput.around(diverting: cls.divertsOutput) { changed(pointer, &c) }
    }

    func pointerEvent(_ event: PointerEvent) throws -> Bool {
        guard let handle = cls.extensions.pointerEvent else { return false }
        var c = event.c
        MemoryFill.paintStack()
        return PluginStandardOutput.around(diverting: cls.divertsOutput) { handle(pointer, &c) }
    }

    func hitTest(_ point: Point, size: Size) throws -> Bool {
        guard cls.extensions.pointerEvent != nil else { return false }
        guard let test = cls.extensions.hitTest else {
            return point.x >= 0 && point.y >= 0 && point.x < size.width && point.y < size.height
        }
        return PluginStandardOutput.around(diverting: cls.divertsOutput) { test(pointer, point.c) }
    }

    func clock(_ control: ClockControl) throws {
        switch control {
        case .advance(let seconds): host.clock.advance(by: seconds)
        case .realTime: host.clock.followRealTime()
        }
    }
}
