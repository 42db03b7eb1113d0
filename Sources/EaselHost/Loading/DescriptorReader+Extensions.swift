import CEasel

// MARK: - Extensions: the per-class tables this host knows (variants, actions)

extension DescriptorReader {
    /// Asks the class for every extension this host knows and reads the ones it has (easel.h,
    /// EXTENSIONS); ids the host does not know are never asked for, so they are ignored.
    mutating func readExtensions(of info: inout ClassInfo, at address: UnsafeRawPointer,
                                 getExtension: DescriptorFields.GetExtension, declared: Set<String>,
                                 invokers: inout [String: ActionInvoker]) {
        for id in ExtensionID.classExtensions {
            guard let table = id.withCString({ getExtension(address, $0) }) else { continue }
            classTables[id, default: []].insert(table)
            info.extensions.append(id)
            do {
                switch id {
                case ExtensionID.variants: info.variants = readVariants(table, of: info, declared: declared)
                case ExtensionID.actions: (info.actions, invokers) = try readActions(table, of: info)
                default: break
                }
            } catch let e as PluginTable.Problem {
                problem(info.name, nil, "\(id): " + e.message)
            } catch {}
        }
    }

    /// The per-class extension ids the plugin also answers plugin-wide (get_extension(NULL, id)) with a
    /// table that none of its classes returned: what an author put there (variants for "the whole
    /// plugin") is never read, as these extensions are per class. A plugin that ignores `cls` and
    /// answers every query with its one class's table is not one of them. Call after ``readClasses``.
    func misplacedPluginWideExtensions(_ p: DescriptorFields.Plugin) -> [String] {
        guard let getExtension = p.getExtension else { return [] }
        return ExtensionID.classExtensions.filter { id in
            guard let table = id.withCString({ getExtension(nil, $0) }) else { return false }
            return !(classTables[id]?.contains(table) ?? false)
        }
    }

    private mutating func readVariants(_ table: UnsafeRawPointer, of info: ClassInfo, declared: Set<String>) -> [VariantInfo] {
        let what = ExtensionID.variants
        do {
            let header = PluginTable.load(table, size: try PluginTable.structSize(at: table, minimum: 16, cName: "easel_variants"),
                                          as: easel_variants.self)
            guard let base = header.variants else {
                if header.variant_count > 0 { problem(info.name, nil, "\(what): variant_count is \(header.variant_count) but variants is NULL") }
                return []
            }
            var result: [VariantInfo] = []
            var names = Set<String>()
            for (i, element) in try PluginTable.elements(UnsafeRawPointer(base), count: Int(header.variant_count),
                                                          as: easel_variant.self, minimum: 40, cName: "easel_variant").enumerated() {
                let v = element.value
                guard let name = text(v.name, "\(what): the name of variant #\(i)", required: true, className: info.name) else { continue }
                let label = "\(what): variant \(name.quoted)"
                if !CText.isIdentifier(name) { problem(info.name, nil, "\(label): the name is not an identifier") }
                if !names.insert(name).inserted { problem(info.name, nil, "\(label): the name is declared twice") }
                let displayName = text(v.display_name, "\(label): the display name", required: false, className: info.name)
                let summary = text(v.summary, "\(label): the summary", required: false, className: info.name)
                if v.attribute_count > 0 && v.attributes == nil {
                    problem(info.name, nil, "\(label): attribute_count is \(v.attribute_count) but attributes is NULL")
                    continue
                }
                var attributes: [VariantInfo.Attribute] = []
                if Int(v.attribute_count) > PluginTable.maximumCount {
                    problem(info.name, nil, "\(label): attribute_count is \(v.attribute_count), more than the \(PluginTable.maximumCount) a table may hold (is it set?)")
                    continue
                }
                for j in 0..<Int(v.attribute_count) {
                    let a = v.attributes![j]
                    guard let key = text(a.key, "\(label): the key of attribute #\(j)", required: true, className: info.name),
                          let value = text(a.value, "\(label): the value of \(key)", required: true, className: info.name, allowEmpty: true)
                    else { continue }
                    guard let property = info.property(named: key) else {
                        if !declared.contains(key) {
                            problem(info.name, key, "\(label): no such property (expected one of: \(info.properties.map(\.name).joined(separator: ", ")))")
                        }
                        continue
                    }
                    if property.isReadOnly { problem(info.name, key, "\(label): the property is read-only") }
                    do { _ = try property.parse(value) } catch let e as HostError {
                        problem(info.name, key, "\(label): \(e.message)")
                    } catch {}
                    attributes.append(VariantInfo.Attribute(key: key, value: value))
                }
                result.append(VariantInfo(name: name, displayName: displayName, summary: summary, attributes: attributes))
            }
            return result
        } catch let e as PluginTable.Problem {
            problem(info.name, nil, "\(what): " + e.message)
            return []
        } catch { return [] }
    }

    private mutating func readActions(_ table: UnsafeRawPointer, of info: ClassInfo) throws
        -> ([ActionInfo], [String: ActionInvoker]) {
        let what = ExtensionID.actions
        let header = PluginTable.load(table, size: try PluginTable.structSize(at: table, minimum: 16, cName: "easel_actions"),
                                      as: easel_actions.self)
        guard let base = header.actions else {
            if header.action_count > 0 { problem(info.name, nil, "\(what): action_count is \(header.action_count) but actions is NULL") }
            return ([], [:])
        }
        var result: [ActionInfo] = []
        var invokers: [String: ActionInvoker] = [:]
        for (i, element) in try PluginTable.elements(UnsafeRawPointer(base), count: Int(header.action_count),
                                                      as: easel_action.self, minimum: 96, cName: "easel_action").enumerated() {
            let a = element.value
            let before = problems.count
            guard let name = text(a.name, "\(what): the name of action #\(i)", required: true, className: info.name) else { continue }
            let label = "\(what): action \(name.quoted)"
            if !CText.isIdentifier(name) { problem(info.name, nil, "\(label): the name is not an identifier") }
            if invokers[name] != nil || result.contains(where: { $0.name == name }) {
                problem(info.name, nil, "\(label): the name is declared twice")
            }
            let displayName = text(a.display_name, "\(label): the display name", required: false, className: info.name)
            let summary = text(a.summary, "\(label): the summary", required: false, className: info.name)
            if a.invoke == nil { problem(info.name, nil, "\(label): invoke is NULL (expected the action's function)") }
            var argument: PropertyInfo?
            if a.argument_type != EASEL_TYPE_NONE {
                argument = readValueDescription(
                    name: name, type: a.argument_type, defaultValue: a.default_argument, displayName: nil, summary: nil,
                    group: nil, range: a.range?.pointee,
                    enumCases: DescriptorFields.enumCases(a.enum_cases.map(UnsafeRawPointer.init), count: a.enum_case_count),
                    className: info.name, property: "action \(name)", what: "the default argument")
            } else if a.range != nil || a.enum_case_count != 0 {
                problem(info.name, nil, "\(label): takes no argument (EASEL_TYPE_NONE) but has a range or enum cases")
            }
            guard problems.count == before, let invoke = a.invoke else { continue }
            result.append(ActionInfo(name: name, displayName: displayName, summary: summary, argument: argument))
            invokers[name] = ActionInvoker(argumentType: argument?.type, invoke: invoke)
        }
        return (result, invokers)
    }
}
