/// The binary form of the host's plain-data descriptions (``ClassInfo`` and what it holds, and
/// ``HostError``), for the registry cache and the worker protocol.
extension BinaryWriter {
    /// The version of this encoding of descriptions; part of the registry cache's identity, so a
    /// cache written by a host that encoded descriptions differently is rebuilt, never misread.
    static let descriptionFormat = 3

    mutating func pluginInfo(_ p: PluginInfo) {
        string(p.path); string(p.id); string(p.name); string(p.version); string(p.summary); string(p.abi)
    }

    mutating func classInfo(_ c: ClassInfo) {
        string(c.name); string(c.displayName); string(c.summary); string(c.group)
        u32(c.kind.rawValue)
        size(c.defaultSize)
        array(c.properties) { $0.propertyInfo($1) }
        pluginInfo(c.plugin)
        array(c.variants) { w, v in
            w.string(v.name); w.string(v.displayName); w.string(v.summary)
            w.array(v.attributes) { $0.string($1.key); $0.string($1.value) }
        }
        array(c.actions) { w, a in
            w.string(a.name); w.string(a.displayName); w.string(a.summary)
            w.optional(a.argument) { $0.propertyInfo($1) }
        }
        array(c.extensions) { $0.string($1) }
    }

    mutating func propertyInfo(_ p: PropertyInfo) {
        string(p.name); string(p.displayName); u32(p.type.rawValue)
        propertyValue(p.defaultValue)
        string(p.summary); string(p.group)
        optional(p.range) { w, r in w.f64(r.min); w.f64(r.max); w.f64(r.step) }
        array(p.enumCases) { w, e in w.string(e.name); w.i64(e.value); w.string(e.displayName) }
        bool(p.isReadOnly); bool(p.isHidden)
        optional(p.dependentRange) { w, d in w.string(d.minimum); w.string(d.maximum) }
    }

    mutating func size(_ s: Size) { f64(s.width); f64(s.height) }
    mutating func rect(_ r: Rect) { f64(r.x); f64(r.y); f64(r.width); f64(r.height) }

    mutating func propertyValue(_ v: PropertyValue) {
        u32(v.type.rawValue)
        switch v {
        case .int(let i), .enumeration(let i): i64(i)
        case .cgFloat(let d), .double(let d): f64(d)
        case .string(let s): string(s)
        case .bool(let b): bool(b)
        case .point(let p): f64(p.x); f64(p.y)
        case .size(let s): size(s)
        case .rect(let r): rect(r)
        case .color(let c): f64(c.red); f64(c.green); f64(c.blue); f64(c.alpha)
        case .image(let path): string(path)
        case .insets(let i): f64(i.top); f64(i.left); f64(i.bottom); f64(i.right)
        }
    }

    mutating func hostError(_ e: HostError) {
        string(e.kind.rawValue); string(e.message); string(e.file); string(e.className); string(e.property)
        string(e.phase?.rawValue)
    }
}

extension BinaryReader {
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    mutating func pluginInfo() throws -> PluginInfo {
        PluginInfo(path: try string(), id: try string(), name: try string(), version: try string(),
                   summary: try optionalString(), abi: try string())
    }

    mutating func classInfo() throws -> ClassInfo {
        let name = try string(), displayName = try string(), summary = try optionalString(), group = try string()
        let kindCode = try u32()
        guard let kind = BaseKind(rawValue: kindCode) else { throw Invalid(description: "unknown base kind \(kindCode)") }
        let defaultSize = try size()
        let properties = try array { try $0.propertyInfo() }
        let plugin = try pluginInfo()
        let variants = try array { r in
            VariantInfo(name: try r.string(), displayName: try r.string(), summary: try r.optionalString(),
                        attributes: try r.array { VariantInfo.Attribute(key: try $0.string(), value: try $0.string()) })
        }
        let actions = try array { r in
            ActionInfo(name: try r.string(), displayName: try r.string(), summary: try r.optionalString(),
                       argument: try r.optional { try $0.propertyInfo() })
        }
        return ClassInfo(name: name, displayName: displayName, summary: summary, group: group, kind: kind,
                         defaultSize: defaultSize, properties: properties, plugin: plugin,
                         variants: variants, actions: actions, extensions: try array { try $0.string() })
    }

    mutating func propertyInfo() throws -> PropertyInfo {
        let name = try string(), displayName = try string()
        let typeCode = try u32()
        guard let type = PropertyType(rawValue: typeCode) else { throw Invalid(description: "unknown type code \(typeCode)") }
        let defaultValue = try propertyValue()
        let summary = try optionalString(), group = try optionalString()
        let range = try optional { r in NumericRange(min: try r.f64(), max: try r.f64(), step: try r.f64()) }
        let cases = try array { r in EnumCase(name: try r.string(), value: try r.i64(), displayName: try r.string()) }
        return PropertyInfo(name: name, displayName: displayName, type: type, defaultValue: defaultValue,
                            summary: summary, group: group, range: range, enumCases: cases,
                            isReadOnly: try bool(), isHidden: try bool(),
                            dependentRange: try optional { DependentRange(minimum: try $0.optionalString(), maximum: try $0.optionalString()) })
    }

    mutating func size() throws -> Size { Size(width: try f64(), height: try f64()) }
    mutating func rect() throws -> Rect { Rect(x: try f64(), y: try f64(), width: try f64(), height: try f64()) }

    mutating func propertyValue() throws -> PropertyValue {
        let code = try u32()
        guard let type = PropertyType(rawValue: code) else { throw Invalid(description: "unknown type code \(code)") }
        switch type {
        case .int: return .int(try i64())
        case .enumeration: return .enumeration(try i64())
        case .cgFloat: return .cgFloat(try f64())
        case .double: return .double(try f64())
        case .string: return .string(try string())
        case .bool: return .bool(try bool())
        case .point: return .point(Point(x: try f64(), y: try f64()))
        case .size: return .size(try size())
        case .rect: return .rect(try rect())
        case .color: return .color(Color(red: try f64(), green: try f64(), blue: try f64(), alpha: try f64()))
        case .image: return .image(try optionalString())
        case .insets: return .insets(Insets(top: try f64(), left: try f64(), bottom: try f64(), right: try f64()))
        }
    }

    mutating func hostError() throws -> HostError {
        let kindName = try string()
        guard let kind = HostError.Kind(rawValue: kindName) else { throw Invalid(description: "unknown error kind \(kindName)") }
        let message = try string(), file = try optionalString(), className = try optionalString()
        let property = try optionalString()
        let phase = try optionalString().flatMap(HostError.Phase.init(rawValue:))
        return HostError(kind, message, file: file, className: className, property: property, phase: phase)
    }
}
