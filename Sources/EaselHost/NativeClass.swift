import CEasel
import Glibc

/// A designable class from a plugin loaded in this process, called through its C descriptor and,
/// for properties, through libffi.
final class NativeClass: DesignableClass, @unchecked Sendable {
    let info: ClassInfo
    let descriptor: UnsafePointer<easel_class>
    let log: PluginLog
    /// Property name → (description, typed accessor).
    let properties: [String: (info: PropertyInfo, accessor: PropertyAccessor)]

    init(_ valid: DescriptorReader.ValidClass, log: PluginLog) {
        self.info = valid.info
        self.descriptor = valid.descriptor
        self.log = log
        var table: [String: (PropertyInfo, PropertyAccessor)] = [:]
        for (p, a) in zip(valid.info.properties, valid.accessors) { table[p.name] = (p, a) }
        self.properties = table
    }

    func error(_ message: String, phase: HostError.Phase, property: String? = nil) -> HostError {
        HostError(.pluginFailure, log.explain(message), file: info.plugin.path, className: info.name,
                  property: property, phase: phase)
    }

    func makeInstance(frame: Rect) throws -> DesignableInstance {
        _ = log.takeLastError()
        guard let create = descriptor.pointee.create,
              let pointer = create(descriptor, frame.c) else {
            throw error("create returned NULL (expected a new instance)", phase: .create)
        }
        return NativeInstance(cls: self, pointer: pointer)
    }

    func makeInstance(archive: Archive) throws -> DesignableInstance {
        guard let createFromArchive = descriptor.pointee.create_from_archive else {
            return try makeInstance(frame: archive.frame)
        }
        _ = log.takeLastError()
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
            var c = easel_archive(frame: archive.frame.c, attribute_count: UInt32(buffer.count),
                                  attributes: buffer.baseAddress, source: source.map { UnsafePointer($0) })
            return createFromArchive(descriptor, &c)
        }
        guard let pointer else {
            throw error("create_from_archive returned NULL (expected a new instance)", phase: .create)
        }
        return NativeInstance(cls: self, pointer: pointer)
    }
}

/// An instance of a ``NativeClass``: the plugin's `self`, destroyed with this object.
final class NativeInstance: DesignableInstance {
    let cls: NativeClass
    let pointer: UnsafeMutableRawPointer
    var info: ClassInfo { cls.info }

    init(cls: NativeClass, pointer: UnsafeMutableRawPointer) {
        self.cls = cls
        self.pointer = pointer
    }

    deinit { cls.descriptor.pointee.destroy?(pointer) }

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
        accessor.set(pointer, value)
    }

    func get(_ property: String) throws -> PropertyValue {
        try lookup(property).accessor.get(pointer)
    }

    func prepareForDesigner() throws {
        cls.descriptor.pointee.prepare_for_designer?(pointer)
    }

    func awakeFromArchive() throws {
        cls.descriptor.pointee.awake_from_archive?(pointer)
    }

    func layout(size: Size) throws {
        cls.descriptor.pointee.layout?(pointer, size.c)
    }

    func draw(into canvas: UnsafeMutablePointer<easel_canvas>, rect: Rect) throws {
        _ = cls.log.takeLastError()
        guard let draw = cls.descriptor.pointee.draw, draw(pointer, canvas, rect.c) else {
            throw cls.error("draw returned false", phase: .draw)
        }
    }

    func intrinsicSize() throws -> Size {
        guard let f = cls.descriptor.pointee.intrinsic_size else {
            return Size(width: EASEL_NO_INTRINSIC_METRIC, height: EASEL_NO_INTRINSIC_METRIC)
        }
        return Size(f(pointer))
    }
}
