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
    private(set) var problems: [HostError] = []
    /// What each class answered for each per-class extension id (``misplacedPluginWideExtensions(_:)``).
    var classTables: [String: Set<UnsafeRawPointer>] = [:]
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

    // MARK: - Problem collection

    /// The string at `pointer`, or nil (with a problem when it is `required`, or not UTF-8); an
    /// empty required string is a problem unless `allowEmpty`. `what` names it in the message.
    mutating func text(_ pointer: UnsafePointer<CChar>?, _ what: String, required: Bool,
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

    /// Records a validation problem of `className`'s `property` (either nil: the plugin's, the class's).
    mutating func problem(_ className: String?, _ property: String?, _ message: String) {
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
