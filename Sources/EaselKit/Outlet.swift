/// A connection from a layout document's view to a property of its owner: EaselKit's `@IBOutlet`.
///
///     final class TaxRateRow: UIView {
///         @Outlet var titleLabel: UILabel!
///         @Outlet var selfTaxRateInput: UITextField!
///
///         required init(frame: CGRect) {
///             super.init(frame: frame)
///             guard let view = loadLayoutDocument() else { return }   // TaxRateRow.layout.json
///             …                                                       // outlets are connected here
///         }
///     }
///
/// The document names the outlet on the view (`"outlet": "titleLabel"`). Loading with an owner
/// (``UINib/instantiate(withOwner:options:)``, ``UIView/loadLayoutDocument(_:)``) finds the owner's
/// `@Outlet` properties with `Mirror` and connects each to its view, checking the type: a document
/// whose `titleLabel` is a `UITextField` fails to load, saying so; so does an outlet the document
/// names but the owner lacks, and an outlet of the owner the document leaves unconnected. Declare
/// outlets as implicitly unwrapped (`UILabel!`), as `@IBOutlet`s are, or as optionals (`UILabel?`).
/// The wrapper holds the view strongly; it lives in the owner's view tree anyway.
@propertyWrapper
public final class Outlet<View: UIView> {
    private var view: View?

    public init() {}

    public init(wrappedValue: View?) {
        view = wrappedValue
    }

    public var wrappedValue: View! {
        get { view }
        set { view = newValue }
    }
}

/// An `@Outlet` as the loader sees it (found by `Mirror` on the owner).
protocol OutletConnection: AnyObject {
    /// The view type the outlet accepts, for messages.
    var expectedTypeName: String { get }
    /// Connects `view` if it is of the outlet's type; false (nothing changed) otherwise.
    func connect(_ view: UIView) -> Bool
    /// Connects an empty view of the outlet's type (the document could not be loaded).
    func connectPlaceholder()
}

extension Outlet: OutletConnection {
    var expectedTypeName: String { String(describing: View.self) }

    func connect(_ view: UIView) -> Bool {
        guard let typed = view as? View else { return false }
        self.view = typed
        return true
    }

    func connectPlaceholder() {
        view = View._makeDesignable(frame: .zero) as? View
    }
}

/// The outlets of an object, by name: the `@IBOutlet`s of a designable view's table, then the
/// `@Outlet` properties (the property name without the wrapper's `_`), its own and its superclasses'.
func outletConnections(of owner: AnyObject) -> [String: OutletConnection] {
    var found: [String: OutletConnection] = [:]
    if let view = owner as? UIView {
        for outlet in type(of: view)._outlets where found[outlet.name] == nil {
            found[outlet.name] = BoundOutlet(owner: view, outlet: outlet)
        }
    }
    var mirror: Mirror? = Mirror(reflecting: owner)
    while let current = mirror {
        for child in current.children {
            guard let label = child.label, label.hasPrefix("_"), let outlet = child.value as? OutletConnection else { continue }
            let name = String(label.dropFirst())
            if found[name] == nil { found[name] = outlet }
        }
        mirror = current.superclassMirror
    }
    return found
}

/// An `@IBOutlet` of a designable's table, bound to its owner.
final class BoundOutlet: OutletConnection {
    let owner: UIView
    let outlet: OutletProperty

    init(owner: UIView, outlet: OutletProperty) {
        self.owner = owner
        self.outlet = outlet
    }

    var expectedTypeName: String { outlet.expectedTypeName }

    func connect(_ view: UIView) -> Bool { outlet.connect(owner, view) }

    func connectPlaceholder() { outlet.connectPlaceholder(owner) }
}
