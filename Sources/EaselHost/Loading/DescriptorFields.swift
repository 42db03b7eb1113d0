import CEasel
import CEaselLegacy

/// The fields of a plugin's descriptors, whichever layout the plugin was built with: ABI 1.1, whose
/// tables are read by their `struct_size` (``PluginTable``), or the 1.0 draft, read through its
/// frozen layout (CEaselLegacy). ``DescriptorReader`` validates what comes out of here.
enum DescriptorFields {
    /// easel_plugin.get_extension: (class address or nil for the plugin's own, id) → extension.
    typealias GetExtension = (UnsafeRawPointer?, UnsafePointer<CChar>) -> UnsafeRawPointer?

    /// The size of each 1.1 struct in 1.1: the smallest struct_size the host accepts.
    enum Minimum {
        static let plugin = 80, classDescriptor = 144, property = 112, enumCase = 32
    }

    struct Plugin {
        let abi: easel_abi_version
        let id, name, version, summary: UnsafePointer<CChar>?
        let initialize: (@convention(c) (UnsafePointer<easel_host>) -> Bool)?
        let deinitialize: (@convention(c) () -> Void)?
        let getExtension: GetExtension?
        /// Reads the class table; called after init, which may fill it in.
        let classes: () throws -> [Class]

        /// Reads the descriptor at `pointer` by the version it declares (the ABI check has passed).
        static func read(_ pointer: UnsafeRawPointer) throws -> Plugin {
            let abi = pointer.load(as: easel_abi_version.self)
            if abi.major == 1 && abi.minor == 0 { return try legacy(pointer) }
            func current() throws -> easel_plugin {
                let size = try PluginTable.structSize(at: pointer, offset: 8, minimum: Minimum.plugin, cName: "easel_plugin")
                return PluginTable.load(pointer, size: size, as: easel_plugin.self)
            }
            let p = try current()
            return Plugin(
                abi: abi, id: p.id, name: p.name, version: p.version, summary: p.summary,
                initialize: p.`init`, deinitialize: p.deinit,
                getExtension: p.get_extension.map { f in
                    { cls, id in f(cls?.assumingMemoryBound(to: easel_class.self), id) }
                },
                classes: {
                    let p = try current()
                    guard let base = p.classes else {
                        if p.class_count > 0 {
                            throw PluginTable.Problem(message: "class_count is \(p.class_count) but classes is NULL")
                        }
                        return []
                    }
                    return try PluginTable.elements(UnsafeRawPointer(base), count: Int(p.class_count), as: easel_class.self,
                                                    minimum: Minimum.classDescriptor, cName: "easel_class")
                        .map { Class($0.value, at: $0.address) }
                })
        }

        /// A 1.0 plugin: the same fields at their 1.0 places; no extensions. A descriptor that says
        /// 1.0 but is not laid out as 1.0's (a 1.1 one whose `.abi` was written `{1, 0}` by hand) is
        /// refused, never misread: 1.0's pointers must point at mapped memory.
        private static func legacy(_ pointer: UnsafeRawPointer) throws -> Plugin {
            let typed = pointer.assumingMemoryBound(to: easel_plugin_1_0.self)
            let p = typed.pointee
            try checkLegacyLayout(pointer, p)
            return Plugin(
                abi: p.abi, id: p.id, name: p.name, version: p.version, summary: p.summary,
                initialize: p.`init`, deinitialize: p.deinit, getExtension: nil,
                classes: {
                    let p = typed.pointee
                    guard let base = p.classes else {
                        if p.class_count > 0 {
                            throw PluginTable.Problem(message: "class_count is \(p.class_count) but classes is NULL")
                        }
                        return []
                    }
                    try PluginTable.checkCount(Int(p.class_count), "easel_class")
                    return (0..<Int(p.class_count)).map { Class(legacy: base[$0], at: UnsafeRawPointer(base + $0)) }
                })
        }
    }

    /// Refuses a descriptor declaring ABI 1.0 whose 1.0 pointer fields (id at offset 8, name,
    /// version, summary, classes) are not addresses of mapped memory. What a 1.1 descriptor has at
    /// offset 8 (struct_size, then class_count) is named, with the fix.
    private static func checkLegacyLayout(_ pointer: UnsafeRawPointer, _ p: easel_plugin_1_0) throws {
        let fields: [(String, UnsafeRawPointer?)] = [
            ("id", p.id.map(UnsafeRawPointer.init)), ("name", p.name.map(UnsafeRawPointer.init)),
            ("version", p.version.map(UnsafeRawPointer.init)), ("summary", p.summary.map(UnsafeRawPointer.init)),
            ("classes", p.classes.map(UnsafeRawPointer.init)),
        ]
        guard let (field, address) = fields.first(where: { $0.1.map { !MappedMemory.contains($0) } ?? false }),
              let address else { return }
        let fix = "set .abi = EASEL_ABI_VERSION (\(EASEL_ABI_MAJOR).\(EASEL_ABI_MINOR) in this easel.h), the version of the header it was compiled against"
        let size = Int(pointer.load(fromByteOffset: 8, as: UInt32.self))
        if field == "id" && size >= Minimum.plugin && size % 8 == 0 && size <= PluginTable.maximumStructSize {
            let count = pointer.load(fromByteOffset: 12, as: UInt32.self)
            throw PluginTable.Problem(message: "declares ABI 1.0, but is laid out as ABI 1.1 (struct_size \(size) and class_count \(count) at offset 8, where 1.0 has the id pointer): \(fix)")
        }
        let hex = "0x" + String(UInt(bitPattern: address), radix: 16)
        throw PluginTable.Problem(message: "declares ABI 1.0, but its \(field) (\(hex)) points at no mapped memory: it is not laid out as 1.0's; \(fix)")
    }

    struct Class {
        let name, displayName, summary, group: UnsafePointer<CChar>?
        let baseKind: UInt32
        let defaultSize: easel_size
        /// The descriptor in the plugin (what create gets back as `cls`).
        let address: UnsafeRawPointer
        let hasCreate, hasDraw, hasDestroy: Bool
        let properties: () throws -> [Property]
        let functions: () -> ClassFunctions?

        init(_ c: easel_class, at address: UnsafeRawPointer) {
            name = c.name; displayName = c.display_name; summary = c.summary; group = c.group
            baseKind = c.base_kind
            defaultSize = c.default_size
            self.address = address
            hasCreate = c.create != nil; hasDraw = c.draw != nil; hasDestroy = c.destroy != nil
            properties = {
                guard let base = c.properties else {
                    if c.property_count > 0 {
                        throw PluginTable.Problem(message: "property_count is \(c.property_count) but properties is NULL")
                    }
                    return []
                }
                return try PluginTable.elements(UnsafeRawPointer(base), count: Int(c.property_count), as: easel_property.self,
                                                minimum: Minimum.property, cName: "easel_property").map { Property($0.value) }
            }
            functions = { ClassFunctions(c, at: address) }
        }

        init(legacy c: easel_class_1_0, at address: UnsafeRawPointer) {
            name = c.name; displayName = c.display_name; summary = c.summary; group = c.group
            baseKind = c.base_kind
            defaultSize = c.default_size
            self.address = address
            hasCreate = c.create != nil; hasDraw = c.draw != nil; hasDestroy = c.destroy != nil
            properties = {
                guard let base = c.properties else {
                    if c.property_count > 0 {
                        throw PluginTable.Problem(message: "property_count is \(c.property_count) but properties is NULL")
                    }
                    return []
                }
                try PluginTable.checkCount(Int(c.property_count), "easel_property")
                return (0..<Int(c.property_count)).map { Property(legacy: base[$0]) }
            }
            functions = { ClassFunctions(legacy: c, at: address) }
        }
    }

    struct Property {
        let name, displayName, summary, group: UnsafePointer<CChar>?
        let type: UInt32
        let defaultValue: easel_value
        let range: easel_range?
        let enumCases: Result<[EnumCase], PluginTable.Problem>
        let flags: UInt32
        let get, set: easel_fn?

        init(_ p: easel_property) {
            name = p.name; displayName = p.display_name; summary = p.summary; group = p.group
            type = p.type
            defaultValue = p.default_value
            range = p.range?.pointee
            enumCases = DescriptorFields.enumCases(p.enum_cases.map(UnsafeRawPointer.init), count: p.enum_case_count)
            flags = p.flags
            get = p.get; set = p.set
        }

        init(legacy p: easel_property_1_0) {
            name = p.name; displayName = p.display_name; summary = p.summary; group = p.group
            type = p.type
            defaultValue = p.default_value
            range = p.range?.pointee
            if p.enum_case_count > 0 && p.enum_cases == nil {
                enumCases = .failure(PluginTable.Problem(message: "enum_case_count is \(p.enum_case_count) but enum_cases is NULL"))
            } else if Int(p.enum_case_count) > PluginTable.maximumCount {
                enumCases = .failure(PluginTable.Problem(message: "enum_case_count is \(p.enum_case_count), more than the \(PluginTable.maximumCount) a table may hold"))
            } else {
                enumCases = .success((0..<Int(p.enum_case_count)).map {
                    let e = p.enum_cases![$0]
                    return EnumCase(name: e.name, value: e.value, displayName: e.display_name)
                })
            }
            flags = p.flags
            get = p.get; set = p.set
        }
    }

    struct EnumCase {
        let name: UnsafePointer<CChar>?
        let value: Int64
        let displayName: UnsafePointer<CChar>?
    }

    /// A 1.1 enum-case table (a property's or an action argument's).
    static func enumCases(_ base: UnsafeRawPointer?, count: UInt32) -> Result<[EnumCase], PluginTable.Problem> {
        guard let base else {
            return count > 0 ? .failure(PluginTable.Problem(message: "enum_case_count is \(count) but enum_cases is NULL"))
                             : .success([])
        }
        do {
            return .success(try PluginTable.elements(base, count: Int(count), as: easel_enum_case.self,
                                                     minimum: Minimum.enumCase, cName: "easel_enum_case")
                .map { EnumCase(name: $0.value.name, value: $0.value.value, displayName: $0.value.display_name) })
        } catch let e as PluginTable.Problem {
            return .failure(e)
        } catch {
            return .failure(PluginTable.Problem(message: "\(error)"))
        }
    }
}
