/// Makes a `UIView` subclass designable: the host lists it, creates it with `init(frame:)`, shows its
/// `@IBInspectable` properties in its inspector and sets them through their setters (`didSet` runs),
/// connects its ``Outlet()``s from layout documents, and takes its `///` doc comment as its summary.
///
///     /// A button whose corners can be rounded.
///     @IBDesignable @Designable
///     class RoundedCornerButton: UIButton {
///         /// Radius of the button's corners, in points
///         @IBInspectable @Inspector(range: 0...100, step: 1)
///         var cornerRadius: CGFloat = 0 {
///             didSet {
///                 layer.cornerRadius = cornerRadius
///                 layer.masksToBounds = cornerRadius > 0
///             }
///         }
///     }
///
/// `@IBDesignable` and `@IBInspectable` are Swift's own attributes and change nothing on Linux; write
/// them as in Xcode. `@Designable` is the macro that reads them. Properties are listed in declaration
/// order, the class's own first, then its superclasses', then the toolkit's ("View", "Button", …).
/// A property's summary is the first paragraph of its doc comment; range, step, group and display
/// name come from ``Inspector(range:step:minimum:maximum:group:displayName:hidden:)``.
///
/// The inspectable types are `Int`, `CGFloat`, `Double`, `String`, `Bool`, `CGPoint`, `CGSize`,
/// `CGRect`, `UIColor`, `UIColor?`, `UIImage?`, `UIEdgeInsets` and enums adopting ``InspectableEnum``;
/// any other type is a compile error saying what to write instead. A read-only (get-only) property
/// is shown but never set.
///
/// The class-level settings can be given as arguments — `@Designable(group: "Badges", displayName:
/// "Status Badge", summary: "…")` — or as overrides of ``UIView/designableGroup``,
/// ``UIView/designableDisplayName`` and ``UIView/designableSummary`` (for a value computed at run
/// time); not both. The class's `///` doc comment is its summary unless `summary:` is given.
///
/// The macro reads the class's own body: members declared in an extension are not seen.
///
/// Every class the plugin exports must be `@Designable` itself (a subclass inherits the tables but is
/// refused at load, naming it, until it is marked too).
///
/// The macro is compiled separately (libEaselMacros.so): build modules that use it with
/// `-load-plugin-library <path>/libEaselMacros.so` (the project's Package.swift and the package
/// `host new` writes pass it).
@attached(member, names: named(_inspectableProperties), named(_outlets), named(_makeDesignable), named(designableSummary),
          named(designableGroup), named(designableDisplayName))
public macro Designable(group: String? = nil, displayName: String? = nil, summary: String? = nil)
    = #externalMacro(module: "EaselMacros", type: "DesignableMacro")

/// How the host's inspector shows an `@IBInspectable` property of a ``Designable()`` class. Every
/// argument is optional:
///
///     /// Width of the border, drawn inside the bounds
///     @IBInspectable @Inspector(range: 0...20, step: 0.5, group: "Border", displayName: "Width")
///     var borderWidth: CGFloat = 0
///
/// - Parameters:
///   - range: the allowed values of an `Int`, `CGFloat` or `Double` property; the host rejects others
///     before your setter runs. Without a range any value is accepted, and clamping is yours.
///   - step: the inspector's increment (0: continuous).
///   - minimum, maximum: the name of another `@IBInspectable` `Int`, `CGFloat` or `Double` of the class
///     whose value bounds this one, a dependent range (easel.ranges/1):
///     `@Inspector(range: 0...1000, maximum: "limit") var value = 30` goes up to `limit`. Clamping is
///     yours: a `didSet` that assigns the property (here `value`, when `limit` drops below it) is
///     reported to the host, which shows the value kept; the host does not refuse a value past a
///     dependent bound, since documents and scenes set properties in order.
///   - group: the inspector section; by default the class's own.
///   - displayName: by default derived from the name ("cornerRadius" → "Corner Radius").
///   - hidden: settable by the host, but not listed by its inspector.
@attached(peer)
public macro Inspector(range: ClosedRange<Double>? = nil, step: Double? = nil, minimum: String? = nil,
                       maximum: String? = nil, group: String? = nil, displayName: String? = nil, hidden: Bool = false)
    = #externalMacro(module: "EaselMacros", type: "InspectorMacro")

/// Interface Builder's `@IBOutlet`, for layout documents: a view of the document whose `"outlet"` is
/// this property's name is connected to it when the document is loaded with the view as its owner
/// (``UINib``). On Linux `@IBOutlet` itself only compiles on Objective-C class types, so the seeds'
/// `@IBOutlet weak var titleLabel: UILabel!` becomes
///
///     @Outlet weak var titleLabel: UILabel!
///
/// in a ``Designable()`` class, which collects it. The type is an optional (or implicitly unwrapped)
/// view; the loader checks it against the document's view. `weak` is fine: the document's views are
/// held by the view tree, and the root view by its owner.
@attached(peer)
public macro Outlet() = #externalMacro(module: "EaselMacros", type: "OutletMacro")
