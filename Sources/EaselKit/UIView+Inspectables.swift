/// A view's inspectables, from its class's table (``UIView/_inspectableProperties``).
extension UIView {
    /// The class's property table: ``_inspectableProperties`` with a name listed once (the first
    /// wins: a subclass's property shadows its superclass's and the toolkit's).
    static var inspectablePropertyTable: [InspectableProperty] {
        var seen: Set<String> = []
        return _inspectableProperties.filter { seen.insert($0.name).inserted }
    }

    /// Everything the host can get and set on this instance, in class-table order: the class's
    /// `@IBInspectable` members, then the toolkit's.
    func inspectableAccessList(table: [InspectableProperty]? = nil) -> [InspectableAccess] {
        (table ?? type(of: self).inspectablePropertyTable).map { $0.bind(self) }
    }

    /// The host set an inspectable (its setter, didSet included, has run): lay out and redraw, as
    /// Interface Builder does after every change in the inspector.
    func inspectablePropertyDidChange(_ name: String) {
        setNeedsLayout()
        setNeedsDisplay()
    }
}
