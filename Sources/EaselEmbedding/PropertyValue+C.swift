import CEasel
import EaselHost

/// Property values to and from easel.h's `easel_value`, for the runtime's typed calls
/// (easel_view_set_value, easel_view_get_value).
extension PropertyValue {
    /// The value `value` holds as `type` (its STRING or IMAGE string copied); nil for a type code
    /// that is no property type, or a string that is not UTF-8.
    init?(_ value: easel_value, type code: easel_type) {
        guard let type = PropertyType(rawValue: code) else { return nil }
        switch type {
        case .int: self = .int(value.i)
        case .enumeration: self = .enumeration(value.i)
        case .cgFloat: self = .cgFloat(value.d)
        case .double: self = .double(value.d)
        case .bool: self = .bool(value.b)
        case .string, .image:
            var text: String?
            if let s = value.s {
                guard let decoded = String(validatingCString: s) else { return nil }
                text = decoded
            }
            self = type == .string ? .string(text ?? "") : .image(text.flatMap { $0.isEmpty ? nil : $0 })
        case .point: self = .point(Point(value.point))
        case .size: self = .size(Size(value.size))
        case .rect: self = .rect(Rect(value.rect))
        case .color: self = .color(Color(value.color))
        case .insets: self = .insets(Insets(value.insets))
        }
    }

    /// The value as easel.h's union; a STRING or IMAGE points at `string` (which the caller keeps
    /// alive while the union is read).
    func c(string: UnsafePointer<CChar>?) -> easel_value {
        var v = easel_value()
        switch self {
        case .int(let i), .enumeration(let i): v.i = i
        case .cgFloat(let d), .double(let d): v.d = d
        case .bool(let b): v.b = b
        case .string, .image: v.s = string
        case .point(let p): v.point = p.c
        case .size(let s): v.size = s.c
        case .rect(let r): v.rect = r.c
        case .color(let c): v.color = c.c
        case .insets(let i): v.insets = i.c
        }
        return v
    }

    /// The text of a STRING or IMAGE value (nil for no image and for the other types).
    var text: String? {
        switch self {
        case .string(let s): return s
        case .image(let s): return s
        default: return nil
        }
    }
}
