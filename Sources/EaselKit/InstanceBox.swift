/// What an instance pointer (`void *self`) handed to the host designates: the Swift view, retained
/// from create until destroy, and its properties in the class table's order — bound once, when the
/// instance is created, so every get and set is an array index away.
final class InstanceBox {
    let view: UIView
    unowned let exportedClass: ExportedClass
    let properties: [InspectableAccess]
    /// The instance's host (easel_instance_host), valid until destroy returns.
    let designer: EaselDesigner
    /// The touch sequence in progress, if any (``PointerDispatch``).
    var pointer = PointerDispatch()
    /// The C strings the getters returned last, one slot per property, freed on the next get of the
    /// same property or at destroy.
    private var strings: [UnsafeMutablePointer<CChar>?]

    init(view: UIView, exportedClass: ExportedClass, properties: [InspectableAccess], designer: EaselDesigner) {
        self.view = view
        self.exportedClass = exportedClass
        self.properties = properties
        self.designer = designer
        self.strings = Array(repeating: nil, count: properties.count)
        for property in properties { _ = property.noteValue() }
    }

    deinit {
        for string in strings { free(string) }
        view.designerLink = nil // the instance host ends with destroy
    }

    /// The box behind an instance pointer (not retained).
    static func from(_ pointer: UnsafeMutableRawPointer) -> InstanceBox {
        Unmanaged<InstanceBox>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Hands the box to the host: retained until ``release(_:)``.
    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func release(_ pointer: UnsafeMutableRawPointer) {
        Unmanaged<InstanceBox>.fromOpaque(pointer).release()
    }

    /// Runs the component's own code for a call from the host (awakeFromNib, prepareForInterfaceBuilder,
    /// layout, draw, an action) and tells the host which inspectables it changed (property_changed):
    /// the host reads those back, as it does after its own sets. `@IBInspectable`s are plain Swift
    /// properties, so the values are compared before and after.
    /// Each property's last value is remembered, so one pass after the call finds what changed.
    /// `except`: the property the host is setting, which it knows about.
    func runComponentCode<R>(except: Int? = nil, _ body: (UIView) -> R) -> R {
        let result = EaselDesigner.inCallback { withTraits { body(view) } }
        reportChangedProperties(except: except)
        return result
    }

    /// Runs the component's handling of input (touches): as component code, except that what it
    /// marks for layout or display asks the host for it (``UIView/setNeedsDisplay()``), since the
    /// host lays out and draws after an event only when asked or when a property changed.
    func runInputCode<R>(_ body: (UIView) -> R) -> R {
        let result = withTraits { body(view) }
        reportChangedProperties(except: nil)
        return result
    }

    /// Runs `body` with the instance's traits as ``UITraitCollection/current``.
    func withTraits<R>(_ body: () -> R) -> R {
        (designer.traits ?? .default).performAsCurrent(body)
    }

    private func reportChangedProperties(except: Int?) {
        for (index, property) in properties.enumerated() where property.noteValue() && index != except {
            designer.propertyChanged(property.propertyName)
        }
    }

    func get(_ index: Int, into result: UnsafeMutableRawPointer) {
        EaselDesigner.inCallback { withTraits { properties[index].abiGet(into: result, string: &strings[index]) } }
    }

    /// Sets a value from the host through the property's setter (didSet runs), then marks the view
    /// for layout and display.
    func set(_ index: Int, from argument: UnsafeRawPointer) {
        // The setter is the component's code too: its didSet may change other properties.
        runComponentCode(except: index) { _ in store(index, from: argument) }
    }

    private func store(_ index: Int, from argument: UnsafeRawPointer) {
        let property = properties[index]
        guard property.abiSet(from: argument) else {
            EaselPlugin.log(.warning, "\(exportedClass.name).\(property.propertyName): ignored a value that is "
                                  + "not one of its cases")
            return
        }
        view.inspectablePropertyDidChange(property.propertyName)
    }
}
