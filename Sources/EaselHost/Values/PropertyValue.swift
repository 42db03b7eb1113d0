/// A value of an inspectable property, held by the host.
///
/// Enum values carry the case value the plugin's accessors use; the case names live in
/// ``PropertyInfo/enumCases``.
package enum PropertyValue: Equatable, Hashable, Sendable {
    case int(Int64)
    case cgFloat(Double)
    case double(Double)
    case string(String)
    case bool(Bool)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    /// A resource path; `nil` is no image.
    case image(String?)
    case enumeration(Int64)
    case insets(Insets)

    /// The property type this value belongs to.
    package var type: PropertyType {
        switch self {
        case .int: return .int
        case .cgFloat: return .cgFloat
        case .double: return .double
        case .string: return .string
        case .bool: return .bool
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        case .image: return .image
        case .enumeration: return .enumeration
        case .insets: return .insets
        }
    }

    /// The number, for the numeric types.
    package var numericValue: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .cgFloat(let v), .double(let v): return v
        default: return nil
        }
    }
}
