/// An `@Inspectable` wrapper as the SDK sees it: its storage can be reached, and it learns its name.
protocol InspectableStorage: InspectableAccess {
    var name: String? { get set }
}

extension Inspectable: InspectableStorage {}

/// Finding a view's inspectables and reacting to their changes.
extension UIView {
    /// The `@Inspectable` wrappers of this instance: the class's own first, then its superclasses',
    /// each in declaration order. Found with Mirror once per instance; names are assigned here.
    func inspectableStorages() -> [InspectableStorage] {
        if let cached = inspectableStorageCache { return cached }
        var found: [InspectableStorage] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            if let type = current.subjectType as? AnyClass, toolkitClasses.contains(ObjectIdentifier(type)) { break }
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_"),
                      let storage = child.value as? InspectableStorage else { continue }
                storage.name = String(label.dropFirst())
                found.append(storage)
            }
            mirror = current.superclassMirror
        }
        inspectableStorageCache = found
        return found
    }

    /// The class's property table: ``_inspectableProperties`` with a name listed once (the first
    /// wins: a subclass's property shadows its superclass's and the toolkit's).
    static var inspectablePropertyTable: [InspectableProperty] {
        var seen: Set<String> = []
        return _inspectableProperties.filter { seen.insert($0.name).inserted }
    }

    /// Everything the host can get and set on this instance, in class-table order: the `@Inspectable`
    /// wrappers, then the class's table (`@IBInspectable` members, then the toolkit's), names that a
    /// wrapper already has left out.
    func inspectableAccessList(table: [InspectableProperty]? = nil) -> [InspectableAccess] {
        let own = inspectableStorages()
        let names = Set(own.map(\.propertyName))
        let table = (table ?? type(of: self).inspectablePropertyTable).filter { !names.contains($0.name) }
        return own + table.map { $0.bind(self) }
    }

    /// An `@Inspectable` property was set by the author's code: the host is told too
    /// (property_changed), so that it reads the new value back.
    func inspectableStorageDidChange(_ storage: InspectableStorage) {
        if storage.name == nil { _ = inspectableStorages() }
        inspectablePropertyDidChange(storage.name ?? "")
        if let name = storage.name { designerLink?.propertyChanged(name) } // the root only: its properties are the class's
    }

    /// Any inspectable was set: lay out and redraw, then tell the view.
    func inspectablePropertyDidChange(_ name: String) {
        setNeedsLayout()
        setNeedsDisplay()
        inspectableDidChange(name)
    }
}

/// The toolkit's own classes, where the search for wrappers stops (they declare none).
private let toolkitClasses: Set<ObjectIdentifier> = [
    ObjectIdentifier(UIView.self), ObjectIdentifier(UIControl.self), ObjectIdentifier(UIButton.self),
    ObjectIdentifier(UILabel.self), ObjectIdentifier(UIImageView.self), ObjectIdentifier(UITextField.self),
]
