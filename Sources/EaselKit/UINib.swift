/// A layout document in a plugin's resources, instantiated File's-Owner style as UIKit instantiates a
/// nib: the views are created, their properties set, the owner's outlets (the ``Outlet()``s of a
/// ``Designable()`` class) connected, and every view receives `awakeFromNib()`.
///
/// Seeds 002 and 003 run as written:
///
///     func loadViewFromNib() -> UIView {
///         let bundle = Bundle(for: type(of: self))
///         let nib = UINib(nibName: String(describing: type(of: self)), bundle: bundle)
///         let view = nib.instantiate(withOwner: self, options: nil)[0] as! UIView
///         return view
///     }
///
/// or in one call, which also adds the root view filling the owner (autoresizing width and height):
///
///     loadLayoutDocument()   // <ClassName>.layout.json
///
/// `nibName` names `<nibName>.layout.json` in the plugin's resource folder (a name ending in `.json`
/// is taken as the file name). The format is in `Docs/layout-documents.md`. As the nib's owner holds
/// its top-level objects in UIKit, the owner view keeps the root view alive, so the seeds'
/// `weak var view: UIView!` works.
///
/// Failures — a missing file, invalid JSON (reported with line and column), a field that does not
/// fit (reported with its path, e.g. `views[2].frame`, and what was expected), an unknown class or
/// property, an outlet of the wrong type — are reported through ``EaselPlugin/reportFailure(_:)``: the
/// host's create then returns NULL (or the next draw fails) with the message, the document's path,
/// the plugin file and the class. So that code written for UIKit, which force-unwraps the result and
/// the outlets, finishes its initialiser instead of crashing, `instantiate` then returns an empty
/// placeholder root view and connects every outlet of the owner to an empty view of its type.
public final class UINib {
    /// The document's name as given.
    public let name: String
    public let bundle: EaselBundle

    public init(nibName name: String, bundle: EaselBundle?) {
        self.name = name
        self.bundle = bundle ?? .plugin
    }

    /// Makes a class usable in documents without exporting it (exported classes always are).
    public static func register(_ viewClass: UIView.Type) {
        registered.lock.lock()
        defer { registered.lock.unlock() }
        registered.classes[String(describing: viewClass)] = viewClass
    }

    /// The document's file name: `<name>.layout.json`, or `name` itself if it ends in `.json`.
    public var fileName: String { name.hasSuffix(".json") ? name : "\(name).layout.json" }

    /// The top-level objects — the root view — with the owner's outlets connected. If the document
    /// cannot be loaded, the failure is reported and the result is a placeholder root view, with the
    /// owner's outlets connected to placeholders (see the type's documentation).
    public func instantiate(withOwner owner: AnyObject?, options: [AnyHashable: Any]? = nil) -> [Any] {
        do {
            return [try instantiateView(withOwner: owner)]
        } catch {
            EaselPlugin.reportFailure("\(error)")
            let placeholder = UIView(frame: .zero)
            var kept = [placeholder]
            if let owner {
                kept += outletConnections(of: owner).values.compactMap { $0.connectPlaceholder() }
            }
            (owner as? UIView)?.nibObjects += kept
            return [placeholder]
        }
    }

    /// The root view, with the owner's outlets connected; throws a ``LayoutDocumentError``.
    public func instantiateView(withOwner owner: AnyObject?) throws -> UIView {
        guard let path = bundle.candidatePath(forResource: fileName) else {
            throw LayoutDocumentError(file: fileName, location: "",
                                      message: "the plugin's resource folder is not known yet (the host has not initialised the plugin)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            let plugin = bundle.pluginPath.map { " (resources of plugin \($0))" } ?? ""
            throw LayoutDocumentError(file: fileName, location: "",
                                      message: exists ? "cannot read \(path)" : "not found: tried \(path)\(plugin)")
        }
        if UINib.loading.contains(path) {
            throw LayoutDocumentError(file: path, location: "",
                                      message: "is already being loaded: a view in it creates an instance of the class that loads it. "
                                          + "Make that class the document's owner (instantiate(withOwner: self)) instead of a view in it")
        }
        UINib.loading.append(path)
        defer { UINib.loading.removeLast() }
        let document = try LayoutDocument.parse(data, file: path)
        let builder = LayoutBuilder(reader: LayoutReader(file: path))
        let root = try builder.build(document.root)
        if let owner { try builder.connectOutlets(to: owner) }
        if !document.ownerProperties.isEmpty {
            guard let ownerView = owner as? UIView else {
                throw LayoutDocumentError(file: path, location: "owner.properties",
                                          message: "properties can only be set on an owner that is a view (the owner is \(owner.map { String(describing: type(of: $0)) } ?? "nil"))")
            }
            let node = LayoutNode(path: "owner", className: String(describing: type(of: ownerView)), frame: ownerView.frame,
                                  autoresizing: [], properties: [], outlet: nil, subviews: [])
            for (key, value) in document.ownerProperties {
                try LayoutProperties.apply(key, value, to: ownerView, node: node, path: "owner.properties.\(key)",
                                           reader: builder.reader)
            }
        }
        // Right-to-left: the document's views mirrored, as Interface Builder's leading and trailing
        // constraints are (a layout direction never changes under a loaded view: see easel.traits/1).
        if UITraitCollection.current.layoutDirection == .rightToLeft { LayoutMirroring.mirror(builder.created, root: root) }
        for view in builder.created { view.awakeFromNib() }
        (owner as? UIView)?.nibObjects.append(root)
        return root
    }

    /// The documents being loaded on this (serialized) plugin thread, to catch self-inclusion.
    nonisolated(unsafe) private static var loading: [String] = []

    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var classes: [String: UIView.Type] = [:]
    }
    private static let registered = Registry()

    /// A class a document may name: the toolkit's, the plugin's exported ones, the registered ones.
    static func viewClass(named name: String) -> UIView.Type? {
        if let toolkit = toolkitClasses[name] { return toolkit }
        if let exported = PluginState.shared.exportedViewClasses.first(where: { String(describing: $0) == name }) {
            return exported
        }
        registered.lock.lock()
        defer { registered.lock.unlock() }
        return registered.classes[name]
    }

    static let toolkitClasses: [String: UIView.Type] = [
        "UIView": UIView.self, "UIControl": UIControl.self, "UILabel": UILabel.self, "UITextField": UITextField.self,
        "UIImageView": UIImageView.self, "UIButton": UIButton.self,
    ]

    /// For messages: every class a document of this plugin may name.
    static var knownClassNames: [String] {
        let toolkit = ["UIView", "UILabel", "UITextField", "UIImageView", "UIButton", "UIControl"]
        registered.lock.lock()
        let extra = registered.classes.keys.sorted()
        registered.lock.unlock()
        return toolkit + PluginState.shared.exportedViewClasses.map { String(describing: $0) } + extra
    }
}

/// Creates the views of one document and remembers its outlets.
final class LayoutBuilder {
    let reader: LayoutReader
    private(set) var created: [UIView] = []
    private var outlets: [(name: String, view: UIView, node: LayoutNode)] = []

    init(reader: LayoutReader) {
        self.reader = reader
    }

    func build(_ node: LayoutNode) throws -> UIView {
        guard let viewClass = UINib.viewClass(named: node.className) else {
            throw reader.error(node.field("class"), "no class \"\(node.className)\" (expected one of: \(UINib.knownClassNames.joined(separator: ", ")))")
        }
        let view = try instantiate(viewClass, node)
        created.append(view)
        view.autoresizingMask = node.autoresizing
        for (key, value) in node.properties {
            try LayoutProperties.apply(key, value, to: view, node: node, path: node.field("properties.\(key)"), reader: reader)
        }
        for child in node.subviews {
            view.addSubview(try build(child))
        }
        if let outlet = node.outlet { outlets.append((outlet, view, node)) }
        return view
    }

    /// `init(frame:)`; a failure the new view reports (e.g. its own document) fails this document.
    private func instantiate(_ viewClass: UIView.Type, _ node: LayoutNode) throws -> UIView {
        let outer = PluginState.shared.takeFailure()
        defer { if let outer { PluginState.shared.reportFailure(outer) } }
        let view = viewClass._makeDesignable(frame: node.frame)
        if let failure = PluginState.shared.takeFailure() {
            throw reader.error(node.path.isEmpty ? "class" : node.path, "creating \(node.className) failed: \(failure)")
        }
        return view
    }

    /// Connects every outlet the document names to the owner's `@Outlet` of that name, checking types,
    /// and checks that every `@Outlet` of the owner is connected.
    func connectOutlets(to owner: AnyObject) throws {
        let connections = outletConnections(of: owner)
        let ownerName = String(describing: type(of: owner))
        for (name, view, node) in outlets {
            guard let connection = connections[name] else {
                let known = connections.keys.sorted()
                throw reader.error(node.field("outlet"), "\(ownerName) has no @Outlet named \"\(name)\""
                                   + (known.isEmpty ? " (it declares none)" : " (its outlets: \(known.joined(separator: ", ")))"))
            }
            guard connection.connect(view) else {
                throw reader.error(node.field("outlet"), "\(ownerName).\(name) is a \(connection.expectedTypeName), "
                                   + "but \(node.path.isEmpty ? "the root view" : node.path) is a \(String(describing: type(of: view)))")
            }
        }
        let connected = Set(outlets.map(\.name))
        if let missing = connections.keys.sorted().first(where: { !connected.contains($0) }) {
            throw reader.error("", "\(ownerName).\(missing) is not connected: no view in the document has \"outlet\": \"\(missing)\"")
        }
    }
}

extension UIView {
    /// Loads the layout document `<name>.layout.json` (default: this class's name) with this view as
    /// its owner, connects the outlets, and adds the root view as a subview filling the bounds and
    /// following their size (`autoresizingMask = [.flexibleWidth, .flexibleHeight]`). Returns the
    /// root view. When the document cannot be loaded, the failure is reported (creation fails with
    /// the message) and the root view and the outlets are empty placeholders, so the initialiser can
    /// finish as written.
    ///
    ///     override init(frame: CGRect) {
    ///         super.init(frame: frame)
    ///         loadLayoutDocument()
    ///         titleLabel.text = title
    ///     }
    @discardableResult
    public func loadLayoutDocument(_ name: String? = nil) -> UIView {
        let nib = UINib(nibName: name ?? String(describing: type(of: self)), bundle: .plugin)
        let view = nib.instantiate(withOwner: self)[0] as! UIView
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(view)
        return view
    }
}
