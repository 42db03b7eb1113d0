/// A layout document (EaselKit's xib): a tree of views in JSON, read from a plugin's resources and
/// instantiated by ``UINib``. The format is described in `Docs/layout-documents.md`:
///
///     {
///       "size": "375x88",
///       "properties": { "backgroundColor": "#FFFFFF" },
///       "views": [
///         { "class": "UILabel", "outlet": "titleLabel", "frame": "16,8,120,21",
///           "autoresizing": ["flexibleRightMargin"],
///           "properties": { "text": "Title", "font": { "size": 17, "weight": "semibold" } } }
///       ],
///       "owner": { "properties": { "title": "Tax" } }
///     }
///
/// Parsing checks the structure (keys, frames, sizes, autoresizing, outlet names); property values
/// are checked when they are applied, against the view's class.
struct LayoutDocument {
    /// The file, for messages.
    let file: String
    /// The root view: its frame is `{0, 0, size}`.
    let root: LayoutNode
    /// Properties set on the owner once its outlets are connected (Interface Builder's user-defined
    /// runtime attributes on File's Owner), in key order.
    let ownerProperties: [(key: String, value: Any)]

    /// Parses a document's bytes; errors carry `file` and the line and column (JSON syntax) or the
    /// field path (structure).
    static func parse(_ data: Data, file: String) throws -> LayoutDocument {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            throw LayoutDocumentError(file: file, location: JSONLocation.describe(detail, in: data),
                                      message: "invalid JSON: \(JSONLocation.clean(detail))")
        }
        let reader = LayoutReader(file: file)
        guard let object = json as? [String: Any] else {
            throw reader.error("(document)", "expected an object ({ \"size\": …, \"views\": […] }), found \(describeJSON(json))")
        }
        let root = try reader.node(object, path: "", isRoot: true)
        var outlets: [String: String] = [:]
        try reader.checkOutlets(root, &outlets)
        var ownerProperties: [(key: String, value: Any)] = []
        if let owner = object["owner"] {
            guard let ownerObject = owner as? [String: Any] else {
                throw reader.error("owner", "expected an object ({ \"properties\": { … } }), found \(describeJSON(owner))")
            }
            for key in ownerObject.keys.sorted() where key != "properties" {
                throw reader.error("owner.\(key)", "unknown key (expected: properties)")
            }
            if let value = ownerObject["properties"] {
                guard let properties = value as? [String: Any] else {
                    throw reader.error("owner.properties", "expected an object of property name → value, found \(describeJSON(value))")
                }
                ownerProperties = properties.keys.sorted().map { ($0, properties[$0]!) }
            }
        }
        return LayoutDocument(file: file, root: root, ownerProperties: ownerProperties)
    }
}

/// One view of a document.
struct LayoutNode {
    /// Where it is in the document: "views[2].views[0]"; "" for the root.
    let path: String
    let className: String
    let frame: CGRect
    let autoresizing: UIView.AutoresizingMask
    /// Property name, JSON value, in the order the keys are sorted.
    let properties: [(key: String, value: Any)]
    let outlet: String?
    let subviews: [LayoutNode]

    /// "views[2].frame", or "frame" at the root.
    func field(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
}

/// A malformed or unloadable layout document: the file, where in it, and what was expected.
public struct LayoutDocumentError: Error, CustomStringConvertible {
    /// The document's path (or name, when it was not found).
    public let file: String
    /// A field path (`views[2].frame`), a line and column (`line 4, column 13`), or empty.
    public let location: String
    public let message: String

    public var description: String {
        location.isEmpty ? "layout document \(file): \(message)" : "layout document \(file): \(location): \(message)"
    }
}

/// Reads the structure of a document, with the path of every field for messages.
struct LayoutReader {
    let file: String

    static let viewKeys = ["class", "frame", "autoresizing", "properties", "outlet", "views"]
    static let rootKeys = ["size", "class", "properties", "outlet", "views", "owner"]
    static let autoresizingNames: [(String, UIView.AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    func error(_ location: String, _ message: String) -> LayoutDocumentError {
        LayoutDocumentError(file: file, location: location, message: message)
    }

    func node(_ object: [String: Any], path: String, isRoot: Bool) throws -> LayoutNode {
        func field(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }
        let allowed = isRoot ? Self.rootKeys : Self.viewKeys
        for key in object.keys.sorted() where !allowed.contains(key) {
            let hint = isRoot && key == "frame" ? " (the root view has a \"size\", not a frame)"
                : !isRoot && key == "size" ? " (a subview has a \"frame\": \"x,y,width,height\")" : ""
            throw error(field(key), "unknown key\(hint) (expected one of: \(allowed.joined(separator: ", ")))")
        }

        let className: String
        if let value = object["class"] {
            guard let name = value as? String, !name.isEmpty else {
                throw error(field("class"), "expected a class name (UIView, UILabel, UITextField, UIImageView, UIButton or a class the plugin exports), found \(describeJSON(value))")
            }
            className = name
        } else if isRoot {
            className = "UIView"
        } else {
            throw error(path, "missing \"class\" (expected a class name such as \"UILabel\")")
        }

        let frame: CGRect
        if isRoot {
            guard let value = object["size"] else {
                throw error("size", "missing (expected the root view's size in points, e.g. \"375x88\")")
            }
            let size = try LayoutValues.size(value, at: "size", reader: self)
            guard size.width > 0, size.height > 0 else {
                throw error("size", "expected a positive width and height, found \(LayoutValues.format(size.width))x\(LayoutValues.format(size.height))")
            }
            frame = CGRect(origin: .zero, size: size)
        } else {
            guard let value = object["frame"] else {
                throw error(path, "missing \"frame\" (expected \"x,y,width,height\" in points in its superview)")
            }
            frame = try LayoutValues.rect(value, at: field("frame"), reader: self)
            guard frame.width >= 0, frame.height >= 0 else {
                throw error(field("frame"), "expected a width and height >= 0, found \(LayoutValues.format(frame.width))x\(LayoutValues.format(frame.height))")
            }
        }

        var mask: UIView.AutoresizingMask = []
        if let value = object["autoresizing"] {
            guard let names = value as? [Any] else {
                throw error(field("autoresizing"), "expected an array of names (\(Self.autoresizingNames.map(\.0).joined(separator: ", "))), found \(describeJSON(value))")
            }
            for (index, item) in names.enumerated() {
                guard let name = item as? String, let flag = Self.autoresizingNames.first(where: { $0.0 == name })?.1 else {
                    throw error(field("autoresizing[\(index)]"), "expected one of \(Self.autoresizingNames.map(\.0).joined(separator: ", ")), found \(describeJSON(item))")
                }
                mask.insert(flag)
            }
        }

        var properties: [(key: String, value: Any)] = []
        if let value = object["properties"] {
            guard let dictionary = value as? [String: Any] else {
                throw error(field("properties"), "expected an object of property name → value, found \(describeJSON(value))")
            }
            properties = dictionary.keys.sorted().map { ($0, dictionary[$0]!) }
        }

        var outlet: String?
        if let value = object["outlet"] {
            guard let name = value as? String, Identifier.isValid(name) else {
                throw error(field("outlet"), "expected the name of an @Outlet of the owner (an identifier), found \(describeJSON(value))")
            }
            outlet = name
        }

        var subviews: [LayoutNode] = []
        if let value = object["views"] {
            guard let list = value as? [Any] else {
                throw error(field("views"), "expected an array of views, found \(describeJSON(value))")
            }
            for (index, item) in list.enumerated() {
                let childPath = field("views[\(index)]")
                guard let child = item as? [String: Any] else {
                    throw error(childPath, "expected a view object ({ \"class\": …, \"frame\": … }), found \(describeJSON(item))")
                }
                subviews.append(try node(child, path: childPath, isRoot: false))
            }
        }
        return LayoutNode(path: path, className: className, frame: frame, autoresizing: mask, properties: properties,
                          outlet: outlet, subviews: subviews)
    }

    /// Outlet names are unique in a document.
    func checkOutlets(_ node: LayoutNode, _ seen: inout [String: String]) throws {
        if let outlet = node.outlet {
            if let first = seen[outlet] {
                throw error(node.field("outlet"), "outlet \"\(outlet)\" is already connected to \(first.isEmpty ? "the root view" : first)")
            }
            seen[outlet] = node.path
        }
        for child in node.subviews { try checkOutlets(child, &seen) }
    }
}

/// Positions in JSON text for JSONSerialization's messages.
enum JSONLocation {
    /// "line L, column C" for "… around character N." (N counts bytes from 0); the end of the text
    /// for "Unexpected end of file"; "" when the message names no place.
    static func describe(_ detail: String, in data: Data) -> String {
        let offset: Int
        // "around character N": not the first "character " ("Unescaped control character around character 9").
        if let range = detail.range(of: "around character "), let n = Int(detail[range.upperBound...].prefix { $0.isNumber }) {
            offset = n
        } else if detail.localizedCaseInsensitiveContains("end of file") {
            offset = data.count
        } else {
            return ""
        }
        let prefix = data.prefix(max(0, min(offset, data.count)))
        var line = 1
        var lineStart = prefix.startIndex
        for index in prefix.indices where prefix[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes, so a CJK string before the error counts once per character.
        let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }

    /// The message without its position.
    static func clean(_ detail: String) -> String {
        var text = detail
        if let range = text.range(of: " around character") { text = String(text[..<range.lowerBound]) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// "a number (12)", "a string \"abc\"", … for messages.
func describeJSON(_ value: Any?) -> String {
    switch value {
    case nil: return "nothing"
    case is NSNull: return "null"
    case let number as NSNumber:
        if LayoutValues.isBoolean(number) { return "a boolean (\(number.boolValue))" }
        return "a number (\(LayoutValues.format(CGFloat(number.doubleValue))))"
    case let string as String:
        let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
        return "a string \"\(shown)\""
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    default: return "\(type(of: value!))"
    }
}
