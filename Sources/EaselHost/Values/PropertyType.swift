import CEasel

/// The type of an inspectable property, one per `EASEL_TYPE_*` code of easel.h.
///
/// The ten types Interface Builder knows, plus enums with named cases and edge insets.
package enum PropertyType: UInt32, CaseIterable, Codable, Sendable {
    case int = 1
    case cgFloat = 2
    case double = 3
    case string = 4
    case bool = 5
    case point = 6
    case size = 7
    case rect = 8
    case color = 9
    case image = 10
    case enumeration = 11
    case insets = 12

    /// The name shown by `host inspect` and written in JSON ("Int", "CGFloat", …).
    package var name: String {
        switch self {
        case .int: return "Int"
        case .cgFloat: return "CGFloat"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .point: return "Point"
        case .size: return "Size"
        case .rect: return "Rect"
        case .color: return "Color"
        case .image: return "Image"
        case .enumeration: return "Enum"
        case .insets: return "Insets"
        }
    }

    /// The value syntax accepted by `--set`, for error messages and help.
    package var syntax: String {
        switch self {
        case .int: return "an integer, e.g. 42"
        case .cgFloat, .double: return "a number, e.g. 12.5"
        case .string: return "any text"
        case .bool: return "true or false (also yes/no, on/off, 1/0)"
        case .point: return "x,y, e.g. 10,20"
        case .size: return "WxH, e.g. 120x44"
        case .rect: return "x,y,w,h, e.g. 0,0,120,44"
        case .color: return "#RRGGBB or #RRGGBBAA, a CSS name or rgb()/hsl(), e.g. #FF8800 or red"
        case .image: return "a resource path, e.g. icon.png (empty for none)"
        case .enumeration: return "one of the case names"
        case .insets: return "top,left,bottom,right, e.g. 4,8,4,8"
        }
    }

    /// Whether a numeric range may be attached.
    package var isNumeric: Bool { self == .int || self == .cgFloat || self == .double }

    /// The type's name by its code, for messages about codes the host does not know.
    static func describe(code: UInt32) -> String {
        PropertyType(rawValue: code)?.name ?? "unknown type code \(code)"
    }
}
