/// What a plugin file is: its identity as its entry point declared it.
package struct PluginInfo: Equatable, Codable, Sendable {
    /// The file the plugin was found at.
    package var path: String
    package var id: String
    package var name: String
    package var version: String
    package var summary: String?
    /// The ABI version the plugin was built against, "major.minor".
    package var abi: String
    package init(path: String, id: String, name: String, version: String, summary: String?, abi: String) {
        self.path = path; self.id = id; self.name = name; self.version = version
        self.summary = summary; self.abi = abi
    }
}

/// The kind of view a class is (easel.h `EASEL_KIND_*`).
package enum BaseKind: UInt32, Codable, Sendable, CaseIterable {
    case view = 0, control, button, label, textField, imageView, slider, `switch`, progress

    package var name: String {
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
package struct ClassInfo: Equatable, Codable, Sendable {
    package var name: String
    package var displayName: String
    package var summary: String?
    /// Library section; the plugin's name when the class gives none.
    package var group: String
    package var kind: BaseKind
    package var defaultSize: Size
    package var properties: [PropertyInfo]
    package var plugin: PluginInfo
    /// Named attribute sets (extension `easel.variants/1`), in the plugin's order.
    package var variants: [VariantInfo]
    /// Methods a designer can trigger (extension `easel.actions/1`), in the plugin's order.
    package var actions: [ActionInfo]
    /// The ids of the extensions this host found for the class (it ignores ids it does not know).
    package var extensions: [String]

    /// Whether the class takes pointer input (easel.input/1): the host sends it events only then.
    package var takesInput: Bool { extensions.contains(ExtensionID.input) }

    package init(name: String, displayName: String? = nil, summary: String?, group: String, kind: BaseKind,
                defaultSize: Size, properties: [PropertyInfo], plugin: PluginInfo,
                variants: [VariantInfo] = [], actions: [ActionInfo] = [], extensions: [String] = []) {
        self.name = name
        self.displayName = displayName ?? DisplayName.derive(from: name)
        self.summary = summary
        self.group = group
        self.kind = kind
        self.defaultSize = defaultSize
        self.properties = properties
        self.plugin = plugin
        self.variants = variants
        self.actions = actions
        self.extensions = extensions
    }

    /// The variant with this name, or an error naming the class and the variants it has.
    package func requireVariant(_ name: String, file: String? = nil) throws -> VariantInfo {
        if let v = variants.first(where: { $0.name == name }) { return v }
        let known = variants.map(\.name).joined(separator: ", ")
        throw HostError(.badData, "no variant named \(name.quoted) (\(known.isEmpty ? "the class declares no variants" : "expected one of: " + known))",
                        file: file ?? plugin.path, className: self.name)
    }

    /// The action with this name, or an error naming the class and the actions it has.
    package func requireAction(_ name: String, file: String? = nil) throws -> ActionInfo {
        if let a = actions.first(where: { $0.name == name }) { return a }
        let known = actions.map(\.signature).joined(separator: ", ")
        throw HostError(.badData, "no action named \(name.quoted) (\(known.isEmpty ? "the class declares no actions" : "expected one of: " + known))",
                        file: file ?? plugin.path, className: self.name)
    }

    /// The property with this name, if the class has one.
    package func property(named name: String) -> PropertyInfo? {
        properties.first { $0.name == name }
    }

    /// The property with this name, or an error naming the file, the class and the properties it has.
    /// `file` is where the name came from when not the plugin (a scene, a document).
    package func requireProperty(_ name: String, file: String? = nil) throws -> PropertyInfo {
        if let p = property(named: name) { return p }
        let names = properties.map(\.name)
        let close = Suggestions.close(to: name, among: names)
        let known = names.joined(separator: ", ")
        throw HostError(.badData, "no such property" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?")
                        + " (expected one of: \(known.isEmpty ? "none" : known))",
                        file: file ?? plugin.path, className: self.name, property: name)
    }

    /// The values an instance gets before the user's own: `variant`'s attributes (nil: none) in the
    /// class's property order (as archived attributes are applied), then `assignments` in their order.
    /// Everything is parsed here, before any plugin code runs.
    package func values(variant: String?, then assignments: [(name: String, value: String)],
                       file: String? = nil) throws -> [(name: String, value: PropertyValue)] {
        var result: [(name: String, value: PropertyValue)] = []
        if let variant {
            let v = try requireVariant(variant, file: file)
            result = inPropertyOrder(try parse(v.assignments))
        }
        return result + (try parse(assignments, file: file))
    }

    /// `values` in the class's property order, as archived attributes, scenes, variants and the
    /// designer apply them (a setter may depend on an earlier property): the one place that order is
    /// made. The sort is stable; names the class does not declare come last, in the order given (the
    /// setter refuses them, naming the property).
    package func inPropertyOrder<Value>(_ values: [(name: String, value: Value)]) -> [(name: String, value: Value)] {
        var order: [String: Int] = [:]
        for (index, property) in properties.enumerated() where order[property.name] == nil { order[property.name] = index }
        return values.enumerated().sorted { a, b in
            (order[a.element.name] ?? Int.max, a.offset) < (order[b.element.name] ?? Int.max, b.offset)
        }.map(\.element)
    }

    /// Parses `NAME[=VALUE]` action invocations against the class's actions, in order.
    package func parseActions(_ invocations: [(name: String, argument: String?)],
                             file: String? = nil) throws -> [(name: String, argument: PropertyValue?)] {
        try invocations.map { name, text in
            (name, try requireAction(name, file: file).parse(text, file: file ?? plugin.path, className: self.name))
        }
    }

    /// Parses `name=text` assignments against the class's properties, in order; the first problem is
    /// thrown naming the file, class and property.
    package func parse(_ assignments: [(name: String, value: String)], file: String? = nil) throws -> [(name: String, value: PropertyValue)] {
        try assignments.map { name, text in
            let property = try requireProperty(name, file: file)
            do { return (name, try property.parse(text)) } catch let e as HostError {
                throw e.with(file: file ?? plugin.path, className: self.name, property: name)
            }
        }
    }
}
