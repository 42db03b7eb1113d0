import CEasel

/// Reads and validates what a plugin's descriptors declare (easel.h, "WHAT THE HOST VALIDATES"),
/// turning them into plain ``ClassInfo`` data plus the accessors the host calls.
///
/// Every problem is collected; the first one is thrown with its class and property, and the message
/// says how many more there are, so an author fixes a broken table in one round.
struct DescriptorReader {
    let file: String
    private var problems: [HostError] = []
    /// Every problem found so far (the validator reports them all).
    var allProblems: [HostError] { problems }

    init(file: String) { self.file = file }

    /// A validated class: its description and what the host needs to call it.
    struct ValidClass {
        let info: ClassInfo
        let descriptor: UnsafePointer<easel_class>
        let accessors: [PropertyAccessor]
    }

    /// Reads the plugin's identity. Throws if a required string is missing or not UTF-8.
    mutating func readPlugin(_ p: easel_plugin) throws -> PluginInfo {
        let id = text(p.id, "the plugin id", required: true)
        let name = text(p.name, "the plugin name", required: true)
        let version = text(p.version, "the plugin version", required: true)
        let summary = text(p.summary, "the plugin summary", required: false)
        try throwFirst()
        return PluginInfo(path: file, id: id!, name: name!, version: version!, summary: summary,
                          abi: "\(p.abi.major).\(p.abi.minor)")
    }

    /// Reads and validates every class of the plugin.
    mutating func readClasses(_ p: easel_plugin, plugin: PluginInfo) throws -> [ValidClass] {
        var result: [ValidClass] = []
        if p.class_count > 0 && p.classes == nil {
            problem(nil, nil, "class_count is \(p.class_count) but classes is NULL")
        }
        var seen = Set<String>()
        if let classes = p.classes {
            for i in 0..<Int(p.class_count) {
                if let valid = readClass(classes + i, index: i, plugin: plugin) {
                    if !seen.insert(valid.info.name).inserted {
                        problem(valid.info.name, nil, "the class name is registered twice in this plugin")
                    }
                    result.append(valid)
                }
            }
        }
        try throwFirst()
        return result
    }

    private mutating func readClass(_ pointer: UnsafePointer<easel_class>, index: Int,
                                    plugin: PluginInfo) -> ValidClass? {
        let c = pointer.pointee
        let before = problems.count
        guard let name = text(c.name, "the name of class #\(index)", required: true) else { return nil }
        if !CText.isIdentifier(name) {
            problem(name, nil, "the class name is not an identifier (expected letters, digits and _, not starting with a digit)")
        }
        let displayName = text(c.display_name, "the display name", required: false, className: name)
        let summary = text(c.summary, "the summary", required: false, className: name)
        let group = text(c.group, "the group", required: false, className: name)
        let kind = BaseKind(rawValue: c.base_kind)
        if kind == nil {
            problem(name, nil, "unknown base kind \(c.base_kind) (expected an EASEL_KIND_* value, 0…\(BaseKind.allCases.count - 1))")
        }
        let size = Size(c.default_size)
        if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
            problem(name, nil, "default size \(size.width)x\(size.height) is invalid (expected finite sizes >= 0)")
        }
        if c.create == nil { problem(name, nil, "create is NULL (expected a function: init(frame:))") }
        if c.draw == nil { problem(name, nil, "draw is NULL (expected a function: draw(_ rect:))") }
        if c.destroy == nil { problem(name, nil, "destroy is NULL (expected a function that frees the instance)") }

        var properties: [PropertyInfo] = []
        var accessors: [PropertyAccessor] = []
        if c.property_count > 0 && c.properties == nil {
            problem(name, nil, "property_count is \(c.property_count) but properties is NULL")
        } else if let list = c.properties {
            var seen = Set<String>()
            for i in 0..<Int(c.property_count) {
                if let (info, accessor) = readProperty(list[i], index: i, className: name) {
                    if !seen.insert(info.name).inserted {
                        problem(name, info.name, "the property name is declared twice in this class")
                    }
                    properties.append(info)
                    accessors.append(accessor)
                }
            }
        }
        guard problems.count == before, let kind else { return nil }
        let info = ClassInfo(name: name, displayName: displayName, summary: summary, group: group ?? plugin.name,
                             kind: kind, defaultSize: size, properties: properties, plugin: plugin)
        return ValidClass(info: info, descriptor: pointer, accessors: accessors)
    }

    private mutating func readProperty(_ p: easel_property, index: Int,
                                       className: String) -> (PropertyInfo, PropertyAccessor)? {
        let before = problems.count
        guard let name = text(p.name, "the name of property #\(index)", required: true, className: className) else {
            return nil
        }
        if !CText.isIdentifier(name) {
            problem(className, name, "the property name is not an identifier (expected letters, digits and _, not starting with a digit)")
        }
        let displayName = text(p.display_name, "the display name", required: false, className: className, property: name)
        let summary = text(p.summary, "the summary", required: false, className: className, property: name)
        let group = text(p.group, "the group", required: false, className: className, property: name)
        guard let type = PropertyType(rawValue: p.type) else {
            problem(className, name, "unknown type code \(p.type) (expected an EASEL_TYPE_* code, 1…\(PropertyType.allCases.count))")
            return nil
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

        var range: NumericRange?
        if let r = p.range?.pointee {
            if !type.isNumeric {
                problem(className, name, "has a range but is a \(type.name) (ranges are for Int, CGFloat and Double)")
            } else if !(r.min.isFinite && r.max.isFinite && r.step.isFinite) || r.min > r.max || r.step < 0 {
                problem(className, name, "invalid range min \(r.min), max \(r.max), step \(r.step) (expected min <= max and step >= 0)")
            } else {
                range = NumericRange(min: r.min, max: r.max, step: r.step)
            }
        }

        var cases: [EnumCase] = []
        if type == .enumeration {
            if p.enum_case_count == 0 || p.enum_cases == nil {
                problem(className, name, "is an enum without cases (expected enum_case_count >= 1 and enum_cases)")
            } else {
                var names = Set<String>(), values = Set<Int64>()
                for i in 0..<Int(p.enum_case_count) {
                    let e = p.enum_cases![i]
                    guard let caseName = text(e.name, "the name of enum case #\(i)", required: true,
                                              className: className, property: name) else { continue }
                    if !CText.isIdentifier(caseName) {
                        problem(className, name, "enum case '\(caseName)' is not an identifier")
                    }
                    if !names.insert(caseName).inserted || !values.insert(e.value).inserted {
                        problem(className, name, "enum case '\(caseName)' repeats a name or value")
                    }
                    let caseDisplay = text(e.display_name, "the display name of case \(caseName)", required: false,
                                           className: className, property: name)
                    cases.append(EnumCase(name: caseName, value: e.value, displayName: caseDisplay))
                }
            }
        } else if p.enum_case_count != 0 {
            problem(className, name, "has enum cases but is a \(type.name)")
        }

        let defaultValue: PropertyValue
        switch readDefault(p.default_value, type: type) {
        case .success(let v): defaultValue = v
        case .failure(let why):
            problem(className, name, why.description)
            return nil
        }
        let info = PropertyInfo(name: name, displayName: displayName, type: type, defaultValue: defaultValue,
                                summary: summary, group: group, range: range, enumCases: cases,
                                isReadOnly: readOnly, isHidden: hidden)
        if problems.count == before {
            do { try info.check(defaultValue) } catch let error as HostError {
                problem(className, name, "the default value is invalid: \(error.message)")
            } catch {}
        }
        guard problems.count == before, let getter = p.get else { return nil }
        return (info, PropertyAccessor(type: type, getter: getter, setter: readOnly ? nil : p.set))
    }

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
                return .failure(Failure("the default value is not valid UTF-8: '\(error.escaped)'"))
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
                               className: String? = nil, property: String? = nil) -> String? {
        do {
            guard let s = try CText.read(pointer) else {
                if required { problem(className, property, "\(what) is NULL (expected a UTF-8 string)") }
                return nil
            }
            if required && s.isEmpty { problem(className, property, "\(what) is empty") }
            return s
        } catch {
            problem(className, property, "\(what) is not valid UTF-8: '\(error.escaped)'")
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
