import CEasel
import CEaselLegacy

/// Reads and validates what a plugin's descriptors declare (easel.h, "WHAT THE HOST VALIDATES"),
/// turning them into plain ``ClassInfo`` data plus the functions and accessors the host calls.
///
/// Tables are read by the header's growth rule (``PluginTable``): a 1.1 plugin's structs by their
/// `struct_size`, a 1.0 plugin's through the frozen 1.0 layout (``DescriptorFields``). Every problem
/// is collected; the first one is thrown with its class and property, and the message says how many
/// more there are, so an author fixes a broken table in one round.
struct DescriptorReader {
    let file: String
    private var problems: [HostError] = []
    /// What each class answered for each per-class extension id (``misplacedPluginWideExtensions(_:)``).
    private var classTables: [String: Set<UnsafeRawPointer>] = [:]
    /// Every problem found so far (the validator reports them all).
    var allProblems: [HostError] { problems }

    init(file: String) { self.file = file }

    /// A validated class: its description and what the host needs to call it.
    struct ValidClass {
        let info: ClassInfo
        let functions: ClassFunctions
        let accessors: [PropertyAccessor]
        /// Action name → how to call it.
        let actions: [String: ActionInvoker]
        /// easel.input/1 and the plugin's half of easel.traits/1.
        let extensions: ClassExtensions
    }

    /// Reads the plugin's identity. Throws if a required string is missing or not UTF-8.
    mutating func readPlugin(_ p: DescriptorFields.Plugin) throws -> PluginInfo {
        let id = text(p.id, "the plugin id", required: true)
        let name = text(p.name, "the plugin name", required: true)
        let version = text(p.version, "the plugin version", required: true)
        let summary = text(p.summary, "the plugin summary", required: false)
        try throwFirst()
        return PluginInfo(path: file, id: id!, name: name!, version: version!, summary: summary,
                          abi: "\(p.abi.major).\(p.abi.minor)")
    }

    /// Reads and validates every class of the plugin, and the extensions this host knows.
    mutating func readClasses(_ p: DescriptorFields.Plugin, plugin: PluginInfo) throws -> [ValidClass] {
        var result: [ValidClass] = []
        let classes: [DescriptorFields.Class]
        do { classes = try p.classes() } catch let e as PluginTable.Problem {
            problem(nil, nil, e.message)
            classes = []
        }
        var seen = Set<String>()
        for (index, c) in classes.enumerated() {
            if let valid = readClass(c, index: index, plugin: plugin, getExtension: p.getExtension) {
                if !seen.insert(valid.info.name).inserted {
                    problem(valid.info.name, nil, "the class name is registered twice in this plugin")
                }
                result.append(valid)
            }
        }
        try throwFirst()
        return result
    }

    private mutating func readClass(_ c: DescriptorFields.Class, index: Int, plugin: PluginInfo,
                                    getExtension: DescriptorFields.GetExtension?) -> ValidClass? {
        let before = problems.count
        guard let name = text(c.name, "the name of class #\(index)", required: true) else { return nil }
        if !CText.isIdentifier(name) {
            problem(name, nil, "the class name is not an identifier (expected letters, digits and _, not starting with a digit)")
        }
        let displayName = text(c.displayName, "the display name", required: false, className: name)
        let summary = text(c.summary, "the summary", required: false, className: name)
        let group = text(c.group, "the group", required: false, className: name)
        let kind = BaseKind(rawValue: c.baseKind)
        if kind == nil {
            problem(name, nil, "unknown base kind \(c.baseKind) (expected an EASEL_KIND_* value, 0…\(BaseKind.allCases.count - 1))")
        }
        let size = Size(c.defaultSize)
        if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
            problem(name, nil, "default size \(size.width)x\(size.height) is invalid (expected finite sizes >= 0)")
        }
        if !c.hasCreate { problem(name, nil, "create is NULL (expected a function: init(frame:))") }
        if !c.hasDraw { problem(name, nil, "draw is NULL (expected a function: draw(_ rect:))") }
        if !c.hasDestroy { problem(name, nil, "destroy is NULL (expected a function that frees the instance)") }

        var properties: [PropertyInfo] = []
        var accessors: [PropertyAccessor] = []
        // Every declared name, valid or not: a name declared twice is a problem of its own, even
        // when one of the two has other problems.
        var declared = Set<String>()
        do {
            for (i, p) in try c.properties().enumerated() {
                if let declaredName = try? CText.read(p.name), !declared.insert(declaredName).inserted {
                    problem(name, declaredName, "the property name is declared twice in this class")
                }
                if let (info, accessor) = readProperty(p, index: i, className: name) {
                    properties.append(info)
                    accessors.append(accessor)
                }
            }
        } catch let e as PluginTable.Problem {
            problem(name, nil, "properties: " + e.message)
        } catch {}

        var info = ClassInfo(name: name, displayName: displayName, summary: summary, group: group ?? plugin.name,
                             kind: kind ?? .view, defaultSize: size, properties: properties, plugin: plugin)
        var actions: [String: ActionInvoker] = [:]
        // Read even when the class has problems already, so that every problem is reported at once
        // (a variant's attribute naming a declared property that is itself invalid is not one more).
        var extensions = ClassExtensions()
        if kind != nil, let getExtension {
            readExtensions(of: &info, at: c.address, getExtension: getExtension, declared: declared, invokers: &actions)
            do { extensions = try ClassExtensions.read(at: c.address, getExtension: getExtension) } catch let e as PluginTable.Problem {
                problem(name, nil, e.message)
            } catch {}
        }
        guard problems.count == before, kind != nil, let functions = c.functions() else { return nil }
        return ValidClass(info: info, functions: functions, accessors: accessors, actions: actions, extensions: extensions)
    }

    private mutating func readProperty(_ p: DescriptorFields.Property, index: Int,
                                       className: String) -> (PropertyInfo, PropertyAccessor)? {
        let before = problems.count
        guard let name = text(p.name, "the name of property #\(index)", required: true, className: className) else {
            return nil
        }
        if !CText.isIdentifier(name) {
            problem(className, name, "the property name is not an identifier (expected letters, digits and _, not starting with a digit)")
        }
        let readOnly = p.flags & EASEL_PROPERTY_READ_ONLY != 0
        let hidden = p.flags & EASEL_PROPERTY_HIDDEN != 0
        let known = EASEL_PROPERTY_READ_ONLY | EASEL_PROPERTY_HIDDEN
        if p.flags & ~known != 0 {
            problem(className, name, "unknown flags 0x\(String(p.flags & ~known, radix: 16)) (expected EASEL_PROPERTY_* flags)")
        }
        if p.get == nil { problem(className, name, "get is NULL (expected the typed getter)") }
        if p.set == nil && !readOnly {
            problem(className, name, "set is NULL but the property is not EASEL_PROPERTY_READ_ONLY")
        }
        guard let info = readValueDescription(name: name, type: p.type, defaultValue: p.defaultValue,
                                              displayName: p.displayName, summary: p.summary, group: p.group,
                                              range: p.range, enumCases: p.enumCases, className: className,
                                              property: name, what: "the default value") else { return nil }
        var described = info
        described.isReadOnly = readOnly
        described.isHidden = hidden
        guard problems.count == before, let getter = p.get else { return nil }
        return (described, PropertyAccessor(type: described.type, getter: getter, setter: readOnly ? nil : p.set))
    }

    /// A value's description shared by properties and action arguments: type code, default, range,
    /// enum cases and the strings; problems are recorded for `className`/`property`.
    private mutating func readValueDescription(name: String, type code: UInt32, defaultValue: easel_value,
                                               displayName: UnsafePointer<CChar>?, summary: UnsafePointer<CChar>?,
                                               group: UnsafePointer<CChar>?, range r: easel_range?,
                                               enumCases: Result<[DescriptorFields.EnumCase], PluginTable.Problem>,
                                               className: String, property: String, what: String) -> PropertyInfo? {
        let before = problems.count
        let displayName = text(displayName, "the display name", required: false, className: className, property: property)
        let summary = text(summary, "the summary", required: false, className: className, property: property)
        let group = text(group, "the group", required: false, className: className, property: property)
        guard let type = PropertyType(rawValue: code) else {
            problem(className, property, "unknown type code \(code) (expected an EASEL_TYPE_* code, 1…\(PropertyType.allCases.count))")
            return nil
        }
        var range: NumericRange?
        if let r {
            if !type.isNumeric {
                problem(className, property, "has a range but is a \(type.name) (ranges are for Int, CGFloat and Double)")
            } else if !(r.min.isFinite && r.max.isFinite && r.step.isFinite) || r.min > r.max || r.step < 0 {
                problem(className, property, "invalid range min \(r.min), max \(r.max), step \(r.step) (expected min <= max and step >= 0)")
            } else {
                range = NumericRange(min: r.min, max: r.max, step: r.step)
            }
        }
        var cases: [EnumCase] = []
        switch enumCases {
        case .failure(let e): problem(className, property, "enum cases: " + e.message)
        case .success(let list):
            if type == .enumeration {
                if list.isEmpty {
                    problem(className, property, "is an enum without cases (expected enum_case_count >= 1 and enum_cases)")
                }
                var names = Set<String>(), values = Set<Int64>()
                for (i, e) in list.enumerated() {
                    guard let caseName = text(e.name, "the name of enum case #\(i)", required: true,
                                              className: className, property: property) else { continue }
                    if !CText.isIdentifier(caseName) {
                        problem(className, property, "enum case \(caseName.quoted) is not an identifier")
                    }
                    if !names.insert(caseName).inserted || !values.insert(e.value).inserted {
                        problem(className, property, "enum case \(caseName.quoted) repeats a name or value")
                    }
                    let caseDisplay = text(e.displayName, "the display name of case \(caseName)", required: false,
                                           className: className, property: property)
                    cases.append(EnumCase(name: caseName, value: e.value, displayName: caseDisplay))
                }
            } else if !list.isEmpty {
                problem(className, property, "has enum cases but is a \(type.name)")
            }
        }
        let value: PropertyValue
        switch readDefault(defaultValue, type: type) {
        case .success(let v): value = v
        case .failure(let why):
            problem(className, property, why.description.replacing("the default value", with: what))
            return nil
        }
        let info = PropertyInfo(name: name, displayName: displayName, type: type, defaultValue: value,
                                summary: summary, group: group, range: range, enumCases: cases)
        if problems.count == before {
            do { try info.check(value) } catch let error as HostError {
                problem(className, property, "\(what) is invalid: \(error.message)")
            } catch {}
        }
        return problems.count == before ? info : nil
    }

    // MARK: - Extensions

    /// Asks the class for every extension this host knows and reads the ones it has (easel.h,
    /// EXTENSIONS); ids the host does not know are never asked for, so they are ignored.
    private mutating func readExtensions(of info: inout ClassInfo, at address: UnsafeRawPointer,
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

    // MARK: - Values

    private func readDefault(_ v: easel_value, type: PropertyType) -> Result<PropertyValue, Failure> {
        switch type {
        case .int: return .success(.int(v.i))
        case .enumeration: return .success(.enumeration(v.i))
        case .cgFloat, .double:
            guard v.d.isFinite else { return .failure(Failure("the default value is not a finite number")) }
            return .success(type == .cgFloat ? .cgFloat(v.d) : .double(v.d))
        case .bool: return .success(.bool(v.b))
        case .string, .image:
            do {
                let s = try CText.read(v.s)
                return .success(type == .string ? .string(s ?? "") : .image(s.flatMap { $0.isEmpty ? nil : $0 }))
            } catch {
                return .failure(Failure("the default value is not valid UTF-8: \(error.escaped.quoted)"))
            }
        case .point: return .success(.point(Point(v.point)))
        case .size: return .success(.size(Size(v.size)))
        case .rect: return .success(.rect(Rect(v.rect)))
        case .color: return .success(.color(Color(v.color)))
        case .insets: return .success(.insets(Insets(v.insets)))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    // MARK: - Problem collection

    private mutating func text(_ pointer: UnsafePointer<CChar>?, _ what: String, required: Bool,
                               className: String? = nil, property: String? = nil, allowEmpty: Bool = false) -> String? {
        do {
            guard let s = try CText.read(pointer) else {
                if required { problem(className, property, "\(what) is NULL (expected a UTF-8 string)") }
                return nil
            }
            if required && !allowEmpty && s.isEmpty { problem(className, property, "\(what) is empty") }
            return s
        } catch {
            problem(className, property, "\(what) is not valid UTF-8: \(error.escaped.quoted)")
            return nil
        }
    }

    private mutating func problem(_ className: String?, _ property: String?, _ message: String) {
        problems.append(HostError(.pluginFailure, message, file: file, className: className, property: property,
                                  phase: .validate))
    }

    private func throwFirst() throws {
        guard var first = problems.first else { return }
        if problems.count > 1 {
            first.message += " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s"))"
        }
        throw first
    }
}
