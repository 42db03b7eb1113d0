internal import CEasel

/// The properties a layout document may set on a view, and how each reads its JSON value.
///
/// Lookup order for a key: the view's own `@IBInspectable` properties (a `@Designable` class),
/// then the toolkit's properties of its class and superclasses (the table below), then the toolkit's
/// built-in inspectables. A document sets a property as code would (as Interface Builder applies
/// user-defined runtime attributes): inspector ranges are not applied; the view sanitises values,
/// as the seeds' `sanitizeValue` does.
enum LayoutProperties {
    typealias Apply = @Sendable (UIView, Any, String, LayoutReader) throws -> Void

    /// One settable property of a toolkit class.
    struct Setter: Sendable {
        let name: String
        let apply: Apply
    }

    private static func setter<V: UIView>(_ name: String, _ type: V.Type, _ apply: @escaping @Sendable (V, Any, String, LayoutReader) throws -> Void) -> Setter {
        Setter(name: name) { view, value, path, reader in try apply(view as! V, value, path, reader) }
    }

    static let viewSetters: [Setter] = [
        setter("backgroundColor", UIView.self) { v, x, p, r in v.backgroundColor = x is NSNull ? nil : try LayoutValues.color(x, at: p, reader: r) },
        setter("alpha", UIView.self) { v, x, p, r in v.alpha = try LayoutValues.number(x, at: p, reader: r) },
        setter("isHidden", UIView.self) { v, x, p, r in v.isHidden = try LayoutValues.bool(x, at: p, reader: r) },
        setter("clipsToBounds", UIView.self) { v, x, p, r in v.clipsToBounds = try LayoutValues.bool(x, at: p, reader: r) },
        setter("tag", UIView.self) { v, x, p, r in v.tag = try LayoutValues.integer(x, at: p, reader: r) },
        setter("contentMode", UIView.self) { v, x, p, r in v.contentMode = try LayoutValues.enumCase(x, UIView.ContentMode.self, at: p, reader: r) },
        setter("tintColor", UIView.self) { v, x, p, r in v.tintColor = try LayoutValues.color(x, at: p, reader: r) },
        setter("cornerRadius", UIView.self) { v, x, p, r in v.layer.cornerRadius = try LayoutValues.number(x, at: p, reader: r) },
        setter("borderWidth", UIView.self) { v, x, p, r in v.layer.borderWidth = try LayoutValues.number(x, at: p, reader: r) },
        setter("borderColor", UIView.self) { v, x, p, r in v.layer.borderColor = try LayoutValues.color(x, at: p, reader: r).cgColor },
    ]

    static let labelSetters: [Setter] = [
        setter("text", UILabel.self) { v, x, p, r in v.text = try LayoutValues.string(x, at: p, reader: r) },
        setter("textColor", UILabel.self) { v, x, p, r in v.textColor = try LayoutValues.color(x, at: p, reader: r) },
        setter("font", UILabel.self) { v, x, p, r in v.font = try LayoutValues.font(x, at: p, base: v.font, reader: r) },
        setter("textAlignment", UILabel.self) { v, x, p, r in v.textAlignment = try LayoutValues.enumCase(x, NSTextAlignment.self, at: p, reader: r) },
        setter("numberOfLines", UILabel.self) { v, x, p, r in v.numberOfLines = try LayoutValues.integer(x, at: p, reader: r) },
        setter("lineBreakMode", UILabel.self) { v, x, p, r in v.lineBreakMode = try LayoutValues.enumCase(x, NSLineBreakMode.self, at: p, reader: r) },
    ]

    static let textFieldSetters: [Setter] = [
        setter("text", UITextField.self) { v, x, p, r in v.text = try LayoutValues.string(x, at: p, reader: r) },
        setter("placeholder", UITextField.self) { v, x, p, r in v.placeholder = try LayoutValues.string(x, at: p, reader: r) },
        setter("textColor", UITextField.self) { v, x, p, r in v.textColor = try LayoutValues.color(x, at: p, reader: r) },
        setter("font", UITextField.self) { v, x, p, r in v.font = try LayoutValues.font(x, at: p, base: v.font ?? .systemFont(ofSize: 17), reader: r) },
        setter("textAlignment", UITextField.self) { v, x, p, r in v.textAlignment = try LayoutValues.enumCase(x, NSTextAlignment.self, at: p, reader: r) },
        setter("borderStyle", UITextField.self) { v, x, p, r in v.borderStyle = try LayoutValues.enumCase(x, UITextField.BorderStyle.self, at: p, reader: r) },
        setter("leftViewMode", UITextField.self) { v, x, p, r in v.leftViewMode = try LayoutValues.enumCase(x, UITextField.ViewMode.self, at: p, reader: r) },
        setter("rightViewMode", UITextField.self) { v, x, p, r in v.rightViewMode = try LayoutValues.enumCase(x, UITextField.ViewMode.self, at: p, reader: r) },
    ]

    static let imageViewSetters: [Setter] = [
        setter("image", UIImageView.self) { v, x, p, r in v.image = try LayoutValues.image(x, at: p, reader: r) },
    ]

    static let controlSetters: [Setter] = [
        setter("isEnabled", UIControl.self) { v, x, p, r in v.isEnabled = try LayoutValues.bool(x, at: p, reader: r) },
        setter("isSelected", UIControl.self) { v, x, p, r in v.isSelected = try LayoutValues.bool(x, at: p, reader: r) },
        setter("contentHorizontalAlignment", UIControl.self) { v, x, p, r in
            v.contentHorizontalAlignment = try LayoutValues.enumCase(x, UIControl.ContentHorizontalAlignment.self, at: p, reader: r)
        },
        setter("contentVerticalAlignment", UIControl.self) { v, x, p, r in
            v.contentVerticalAlignment = try LayoutValues.enumCase(x, UIControl.ContentVerticalAlignment.self, at: p, reader: r)
        },
    ]

    static let buttonSetters: [Setter] = [
        setter("title", UIButton.self) { v, x, p, r in v.setTitle(try LayoutValues.string(x, at: p, reader: r), for: .normal) },
        setter("titleColor", UIButton.self) { v, x, p, r in v.setTitleColor(try LayoutValues.color(x, at: p, reader: r), for: .normal) },
        setter("image", UIButton.self) { v, x, p, r in v.setImage(try LayoutValues.image(x, at: p, reader: r), for: .normal) },
        setter("backgroundImage", UIButton.self) { v, x, p, r in v.setBackgroundImage(try LayoutValues.image(x, at: p, reader: r), for: .normal) },
        setter("font", UIButton.self) { v, x, p, r in
            v.titleLabel?.font = try LayoutValues.font(x, at: p, base: v.titleLabel?.font ?? .systemFont(ofSize: 15), reader: r)
        },
        setter("contentEdgeInsets", UIButton.self) { v, x, p, r in v.contentEdgeInsets = try LayoutValues.insets(x, at: p, reader: r) },
        setter("titleEdgeInsets", UIButton.self) { v, x, p, r in v.titleEdgeInsets = try LayoutValues.insets(x, at: p, reader: r) },
        setter("imageEdgeInsets", UIButton.self) { v, x, p, r in v.imageEdgeInsets = try LayoutValues.insets(x, at: p, reader: r) },
    ]

    /// The toolkit setters that apply to `view`, most specific class first.
    static func toolkitSetters(for view: UIView) -> [Setter] {
        var setters: [Setter] = []
        if view is UIButton { setters += buttonSetters }
        if view is UITextField { setters += textFieldSetters }
        if view is UIControl { setters += controlSetters }
        if view is UILabel { setters += labelSetters }
        if view is UIImageView { setters += imageViewSetters }
        return setters + viewSetters
    }

    /// Applies one document property to `view`; `path` is the field ("views[2].properties.text").
    static func apply(_ key: String, _ value: Any, to view: UIView, node: LayoutNode, path: String, reader: LayoutReader) throws {
        let table = type(of: view).inspectablePropertyTable
        if let own = table.first(where: { !$0.isToolkit && $0.name == key }) {
            return try applyInspectable(own.bind(view), value, to: view, path: path, reader: reader)
        }
        let setters = toolkitSetters(for: view)
        if let setter = setters.first(where: { $0.name == key }) {
            return try setter.apply(view, value, path, reader)
        }
        let access = view.inspectableAccessList(table: table)
        if let builtin = access.first(where: { $0.propertyName == key }) {
            return try applyInspectable(builtin, value, to: view, path: path, reader: reader)
        }
        var known: [String] = []
        for name in access.map(\.propertyName) + setters.map(\.name) where !known.contains(name) { known.append(name) }
        throw reader.error(path, "\(node.className) has no property \"\(key)\" (known: \(known.sorted().joined(separator: ", ")))")
    }

    /// Sets an inspectable (a class's `@IBInspectable` or a toolkit built-in) from JSON, through the
    /// same C representation the host's setters use.
    static func applyInspectable(_ access: InspectableAccess, _ value: Any, to view: UIView, path: String,
                                 reader: LayoutReader) throws {
        let description = access.describe()
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { buffer.deallocate() }
        var string: UnsafeMutablePointer<CChar>?
        defer { free(string) }
        switch description.type {
        case EASEL_TYPE_INT:
            buffer.storeBytes(of: Int64(try LayoutValues.integer(value, at: path, reader: reader)), as: Int64.self)
        case EASEL_TYPE_CGFLOAT, EASEL_TYPE_DOUBLE:
            buffer.storeBytes(of: Double(try LayoutValues.number(value, at: path, reader: reader)), as: Double.self)
        case EASEL_TYPE_BOOL:
            buffer.storeBytes(of: UInt64(try LayoutValues.bool(value, at: path, reader: reader) ? 1 : 0), as: UInt64.self)
        case EASEL_TYPE_STRING:
            string = strdup(try LayoutValues.string(value, at: path, reader: reader))
            buffer.storeBytes(of: UnsafePointer<CChar>(string), as: UnsafePointer<CChar>?.self)
        case EASEL_TYPE_IMAGE:
            string = try LayoutValues.image(value, at: path, reader: reader).map { strdup($0.name) }
            buffer.storeBytes(of: UnsafePointer<CChar>(string), as: UnsafePointer<CChar>?.self)
        case EASEL_TYPE_POINT:
            buffer.storeBytes(of: try LayoutValues.point(value, at: path, reader: reader).easel, as: easel_point.self)
        case EASEL_TYPE_SIZE:
            buffer.storeBytes(of: try LayoutValues.size(value, at: path, reader: reader).easel, as: easel_size.self)
        case EASEL_TYPE_RECT:
            buffer.storeBytes(of: try LayoutValues.rect(value, at: path, reader: reader).easel, as: easel_rect.self)
        case EASEL_TYPE_COLOR:
            buffer.storeBytes(of: try LayoutValues.color(value, at: path, reader: reader).easel, as: easel_color.self)
        case EASEL_TYPE_INSETS:
            buffer.storeBytes(of: try LayoutValues.insets(value, at: path, reader: reader).easel, as: easel_insets.self)
        case EASEL_TYPE_ENUM:
            let names = description.enumCases.map(\.name)
            guard let name = value as? String, let found = description.enumCases.first(where: { $0.name == name }) else {
                throw reader.error(path, "expected one of \(names.joined(separator: ", ")), found \(describeJSON(value))")
            }
            buffer.storeBytes(of: found.value, as: Int64.self)
        default:
            throw reader.error(path, "the property's type (code \(description.type)) cannot be set from a document")
        }
        guard access.abiSet(from: UnsafeRawPointer(buffer)) != .refused else {
            throw reader.error(path, "the value \(describeJSON(value)) was refused")
        }
        view.inspectablePropertyDidChange(access.propertyName)
    }
}
