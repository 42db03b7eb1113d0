/// An outlet of a layout document's owner as the loader sees it: an ``OutletProperty`` (what
/// `@Designable` writes for each `@Outlet`) bound to the owner.
protocol OutletConnection: AnyObject {
    /// The view type the outlet accepts, for messages.
    var expectedTypeName: String { get }
    /// Connects `view` if it is of the outlet's type; false (nothing changed) otherwise.
    func connect(_ view: UIView) -> Bool
    /// Connects an empty view of the outlet's type (the document could not be loaded) and returns it,
    /// for the owner to keep (the outlet may be weak).
    func connectPlaceholder() -> UIView?
}

/// The outlets of a layout document's owner, by name: the `@Outlet`s of a designable view's class
/// and its superclasses (the table ``Designable()`` writes). Other owners have none.
func outletConnections(of owner: AnyObject) -> [String: OutletConnection] {
    var found: [String: OutletConnection] = [:]
    if let view = owner as? UIView {
        for outlet in type(of: view)._outlets where found[outlet.name] == nil {
            found[outlet.name] = BoundOutlet(owner: view, outlet: outlet)
        }
    }
    return found
}

/// An `@Outlet` of a designable's table, bound to its owner.
final class BoundOutlet: OutletConnection {
    let owner: UIView
    let outlet: OutletProperty

    init(owner: UIView, outlet: OutletProperty) {
        self.owner = owner
        self.outlet = outlet
    }

    var expectedTypeName: String { outlet.expectedTypeName }

    func connect(_ view: UIView) -> Bool { outlet.connect(owner, view) }

    func connectPlaceholder() -> UIView? { outlet.connectPlaceholder(owner) }
}
