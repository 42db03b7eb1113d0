internal import CEasel

/// One designable class as the plugin exports it: its `easel_class` descriptor (heap, stable for the
/// process lifetime), its property table read from a prototype instance, and instance creation.
final class ExportedClass {
    let viewClass: UIView.Type
    let name: String
    private(set) var propertyNames: [String] = []
    /// The class's extension tables by id (variants, actions), built with the descriptor.
    private var extensions: [String: UnsafeRawPointer] = [:]
    /// The class's property table (read once; bound to every new instance).
    private var table: [InspectableProperty] = []

    init(viewClass: UIView.Type) {
        self.viewClass = viewClass
        self.name = String(describing: viewClass)
    }

    /// The exported class an `easel_class.context` designates.
    static func from(_ context: UnsafeRawPointer) -> ExportedClass {
        Unmanaged<ExportedClass>.fromOpaque(context).takeUnretainedValue()
    }

    func propertyName(_ index: Int) -> String {
        index < propertyNames.count ? propertyNames[index] : "#\(index)"
    }

    // MARK: - The descriptor

    /// Creates the prototype (`init(frame:)` at the default size), reads its inspectables and fills in
    /// `slot`. Throws a message naming the class and property when something cannot be exported.
    func build(into slot: UnsafeMutablePointer<easel_class>) throws {
        guard Identifier.isValid(name) else {
            throw ExportError("class name \"\(name)\" is not an identifier ([A-Za-z_][A-Za-z0-9_]*)")
        }
        let defaultSize = viewClass.defaultSize
        guard defaultSize.width.isFinite, defaultSize.height.isFinite, defaultSize.width >= 0, defaultSize.height >= 0
        else { throw ExportError("\(name): defaultSize \(defaultSize) is not finite and >= 0") }

        _ = PluginState.shared.takeFailure()
        let prototype = viewClass._makeDesignable(frame: CGRect(origin: .zero, size: defaultSize))
        if let failure = PluginState.shared.takeFailure() {
            // The class table only needs the prototype's inspectables; creating instances will fail
            // (with this message, as an error) until the cause is fixed.
            EaselPlugin.log(.warning, "\(name): creating the prototype failed: \(failure)")
        }
        try checkMadeClass(of: prototype)
        table = viewClass.inspectablePropertyTable
        let descriptions = prototype.inspectableAccessList(table: table).map { $0.describe() }
        propertyNames = descriptions.map(\.name)

        let properties = UnsafeMutablePointer<easel_property>.allocate(capacity: max(descriptions.count, 1))
        for (index, description) in descriptions.enumerated() {
            try validate(description)
            guard let accessors = PropertyTrampolines.make(for: self, index: index, kind: description.kind,
                                                           readOnly: description.isReadOnly)
            else { throw ExportError("\(name).\(description.name): libffi could not create its accessors") }
            (properties + index).initialize(to: cProperty(description, get: accessors.get, set: accessors.set))
        }

        extensions[EASEL_EXTENSION_VARIANTS] = DesignableVariant.table(viewClass.designableVariants)
        extensions[EASEL_EXTENSION_ACTIONS] = try ActionTrampolines.table(for: self, viewClass.designableActions)
        // Every EaselKit view takes input and hears of trait changes, as every UIView does.
        extensions[EASEL_EXTENSION_INPUT] = InputCallbacks.table
        extensions[EASEL_EXTENSION_TRAITS] = InputCallbacks.traitsTable

        slot.initialize(to: easel_class(
            struct_size: UInt32(MemoryLayout<easel_class>.size),
            base_kind: viewClass.designableKind.cValue,
            name: CStrings.persistent(name),
            display_name: CStrings.persistent(viewClass.designableDisplayName),
            summary: CStrings.persistent(viewClass.designableSummary),
            group: CStrings.persistent(viewClass.designableGroup),
            default_size: defaultSize.easel,
            property_count: UInt32(descriptions.count),
            reserved0: 0,
            properties: descriptions.isEmpty ? nil : UnsafePointer(properties),
            context: UnsafeRawPointer(Unmanaged.passRetained(self).toOpaque()),
            create: ClassCallbacks.create,
            create_from_archive: ClassCallbacks.createFromArchive,
            awake_from_archive: ClassCallbacks.awakeFromArchive,
            prepare_for_designer: ClassCallbacks.prepareForDesigner,
            layout: ClassCallbacks.layout,
            draw: ClassCallbacks.draw,
            intrinsic_size: ClassCallbacks.intrinsicSize,
            destroy: ClassCallbacks.destroy))
    }

    /// `_makeDesignable` makes the class its `@Designable` names: a subclass without `@Designable` of
    /// a designable class would be created as its superclass.
    private func checkMadeClass(of prototype: UIView) throws {
        guard type(of: prototype) != viewClass else { return }
        throw ExportError("\(name) is not @Designable (it would be created as a \(type(of: prototype))): "
                          + "write @Designable before 'class \(name)'")
    }

    private func validate(_ property: PropertyDescription) throws {
        let qualified = "\(name).\(property.name)"
        guard Identifier.isValid(property.name) else {
            throw ExportError("\(qualified): the property name is not an identifier ([A-Za-z_][A-Za-z0-9_]*)")
        }
        if let range = property.options.range {
            guard let value = property.defaultNumber else {
                throw ExportError("\(qualified): a range is allowed on Int, CGFloat and Double only")
            }
            guard range.min <= range.max, property.options.step >= 0 else {
                throw ExportError("\(qualified): range \(range.min)...\(range.max) step \(property.options.step) "
                                  + "needs min <= max and step >= 0")
            }
            guard value >= range.min, value <= range.max else {
                throw ExportError("\(qualified): the default value \(value) is outside its range "
                                  + "\(range.min)...\(range.max)")
            }
        }
        if property.type == EASEL_TYPE_ENUM {
            guard !property.enumCases.isEmpty else { throw ExportError("\(qualified): the enum has no cases") }
            for enumCase in property.enumCases where !Identifier.isValid(enumCase.name) {
                throw ExportError("\(qualified): enum case \"\(enumCase.name)\" is not an identifier")
            }
        }
    }

    private func cProperty(_ property: PropertyDescription, get: easel_fn, set: easel_fn?) -> easel_property {
        var range: UnsafePointer<easel_range>?
        if let bounds = property.options.range {
            let pointer = UnsafeMutablePointer<easel_range>.allocate(capacity: 1)
            pointer.initialize(to: easel_range(min: bounds.min, max: bounds.max, step: property.options.step))
            range = UnsafePointer(pointer)
        }
        var cases: UnsafePointer<easel_enum_case>?
        if !property.enumCases.isEmpty {
            let pointer = UnsafeMutablePointer<easel_enum_case>.allocate(capacity: property.enumCases.count)
            for (index, enumCase) in property.enumCases.enumerated() {
                (pointer + index).initialize(to: easel_enum_case(
                    struct_size: UInt32(MemoryLayout<easel_enum_case>.size), reserved0: 0,
                    name: CStrings.persistent(enumCase.name), value: enumCase.value, display_name: nil))
            }
            cases = UnsafePointer(pointer)
        }
        return easel_property(
            struct_size: UInt32(MemoryLayout<easel_property>.size),
            type: property.type,
            name: CStrings.persistent(property.name),
            default_value: property.defaultValue,
            display_name: CStrings.persistent(property.options.displayName),
            summary: CStrings.persistent(property.options.summary),
            group: CStrings.persistent(property.options.group),
            range: range,
            enum_case_count: UInt32(property.enumCases.count),
            flags: (property.options.hidden ? EASEL_PROPERTY_HIDDEN : 0) | (property.isReadOnly ? EASEL_PROPERTY_READ_ONLY : 0),
            enum_cases: cases,
            get: get,
            set: set)
    }

    /// easel_plugin.get_extension for this class: NULL for ids it does not have.
    func extensionTable(_ id: String) -> UnsafeRawPointer? { extensions[id] }

    // MARK: - Instances

    /// init(frame:): a new instance, boxed for the host with its instance host; nil on failure (logged).
    func makeInstance(frame: CGRect, host: UnsafePointer<easel_instance_host>) -> UnsafeMutableRawPointer? {
        let designer = EaselDesigner(host)
        _ = PluginState.shared.takeFailure()
        // init(frame:) sees the traits the instance is made for (easel.traits/1).
        let view = (designer.traits ?? .default).performAsCurrent { viewClass._makeDesignable(frame: frame) }
        if let failure = PluginState.shared.takeFailure() {
            designer.log(.error, failure)
            return nil
        }
        return box(view, designer)
    }

    /// init(frame: archive.frame), then decode(archive:); nil if decoding throws (logged).
    func makeInstance(archive: EaselArchive, host: UnsafePointer<easel_instance_host>) -> UnsafeMutableRawPointer? {
        let designer = EaselDesigner(host)
        _ = PluginState.shared.takeFailure()
        let view = (designer.traits ?? .default).performAsCurrent { viewClass._makeDesignable(frame: archive.frame) }
        if let failure = PluginState.shared.takeFailure() {
            designer.log(.error, failure)
            return nil
        }
        view.designerLink = designer
        do {
            try view.decode(archive: archive)
        } catch {
            designer.log(.error, "\(name).decode(archive:)\(archive.source.map { " (\($0))" } ?? "") failed: \(error)")
            return nil
        }
        return box(view, designer)
    }

    private func box(_ view: UIView, _ designer: EaselDesigner) -> UnsafeMutableRawPointer? {
        let properties = view.inspectableAccessList(table: table)
        guard properties.map(\.propertyName) == propertyNames else {
            designer.log(.error, "\(name): the new instance's inspectables \(properties.map(\.propertyName)) "
                                 + "differ from the class's \(propertyNames)")
            return nil
        }
        view.designerLink = designer
        return InstanceBox(view: view, exportedClass: self, properties: properties, designer: designer).retainedPointer()
    }
}

/// Why a class cannot be exported.
struct ExportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The ABI's identifier rule: [A-Za-z_][A-Za-z0-9_]*.
enum Identifier {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return false }
        func isLetter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || ($0 >= 48 && $0 <= 57) }
    }
}
