/// One `@Outlet` of a designable class, as ``Designable()`` writes it —
/// `OutletProperty("titleLabel", \TaxRateRow.titleLabel)` — for layout documents to connect by name.
/// You do not write these: the macro does.
public struct OutletProperty {
    let name: String
    /// The view type the outlet accepts, for messages.
    let expectedTypeName: String
    /// Connects `view` to the outlet of `owner` if it has the outlet's type; false (nothing changed)
    /// otherwise.
    let connect: (_ owner: UIView, _ view: UIView) -> Bool
    /// Connects an empty view of the outlet's type to the outlet of `owner`, and returns it.
    let connectPlaceholder: (_ owner: UIView) -> UIView?

    /// An outlet declared `@Outlet weak var titleLabel: UILabel!` (or `UILabel?`).
    public init<Owner: UIView, View: UIView>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Owner, View?>) {
        self.name = name
        self.expectedTypeName = String(describing: View.self)
        self.connect = { owner, view in
            guard let owner = owner as? Owner, let typed = view as? View else { return false }
            owner[keyPath: keyPath] = typed
            return true
        }
        self.connectPlaceholder = { owner in
            guard let owner = owner as? Owner, let placeholder = View._makeDesignable(frame: .zero) as? View else { return nil }
            owner[keyPath: keyPath] = placeholder
            return placeholder
        }
    }

    /// Chosen for an outlet whose type is not an optional view, to say so at compile time.
    @available(*, unavailable, message: "an @Outlet is an optional view: write @Outlet weak var name: UILabel!")
    public init<Owner, Value>(_ name: String, _ keyPath: KeyPath<Owner, Value>) {
        fatalError("unavailable")
    }
}
