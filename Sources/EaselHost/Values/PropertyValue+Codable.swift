/// Stored as a one-key object naming the type: `{"cgFloat": 12}`, `{"color": {"red": 1, …}}`,
/// `{"image": null}`. Used by the registry cache.
extension PropertyValue: Codable {
    private enum Key: String, CodingKey {
        case int, cgFloat, double, string, bool, point, size, rect, color, image, enumeration, insets
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        guard let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "no value"))
        }
        switch key {
        case .int: self = .int(try c.decode(Int64.self, forKey: key))
        case .cgFloat: self = .cgFloat(try c.decode(Double.self, forKey: key))
        case .double: self = .double(try c.decode(Double.self, forKey: key))
        case .string: self = .string(try c.decode(String.self, forKey: key))
        case .bool: self = .bool(try c.decode(Bool.self, forKey: key))
        case .point: self = .point(try c.decode(Point.self, forKey: key))
        case .size: self = .size(try c.decode(Size.self, forKey: key))
        case .rect: self = .rect(try c.decode(Rect.self, forKey: key))
        case .color: self = .color(try c.decode(Color.self, forKey: key))
        case .image: self = .image(try c.decodeIfPresent(String.self, forKey: key))
        case .enumeration: self = .enumeration(try c.decode(Int64.self, forKey: key))
        case .insets: self = .insets(try c.decode(Insets.self, forKey: key))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .int(let v): try c.encode(v, forKey: .int)
        case .cgFloat(let v): try c.encode(v, forKey: .cgFloat)
        case .double(let v): try c.encode(v, forKey: .double)
        case .string(let v): try c.encode(v, forKey: .string)
        case .bool(let v): try c.encode(v, forKey: .bool)
        case .point(let v): try c.encode(v, forKey: .point)
        case .size(let v): try c.encode(v, forKey: .size)
        case .rect(let v): try c.encode(v, forKey: .rect)
        case .color(let v): try c.encode(v, forKey: .color)
        case .image(let v): try c.encode(v, forKey: .image)
        case .enumeration(let v): try c.encode(v, forKey: .enumeration)
        case .insets(let v): try c.encode(v, forKey: .insets)
        }
    }
}
