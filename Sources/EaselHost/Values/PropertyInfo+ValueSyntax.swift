/// The textual value syntax of `--set name=value`, scenes and archives, one per property type.
///
/// | type | syntax |
/// |---|---|
/// | Int | `42` |
/// | CGFloat, Double | `12.5`, `-3`, `1e-3` |
/// | String | any text |
/// | Bool | `true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0` |
/// | Point | `x,y` |
/// | Size | `WxH` (or `W,H`) |
/// | Rect | `x,y,w,h` |
/// | Color | `#RRGGBB` or `#RRGGBBAA` (also `#RGB`, a CSS name such as `red`, `rgb()`, `hsl()`: ``CSSColor``) |
/// | Image | a resource path; empty for none |
/// | Enum | a case name |
/// | Insets | `top,left,bottom,right` |
extension PropertyInfo {
    /// Parses `text` as a value of this property and checks it against the range and the enum cases.
    /// Throws a ``HostError`` of kind `.badData` naming the property and what was expected.
    package func parse(_ text: String) throws -> PropertyValue {
        func bad(_ why: String) -> HostError {
            HostError(.badData, "\(why) (expected \(expectation))", property: name)
        }
        // Text reaches a component as a C string, which ends at a NUL: "AB\u0000CD" in a scene or
        // a request was drawn as "AB" (the command line cannot even say it).
        if text.contains("\0") {
            throw HostError(.badData, "\(text.quoted) contains a NUL character (U+0000), where a component would see the text end (expected \(type == .string || type == .image ? "text without NUL characters" : expectation))", property: name)
        }
        let trimmed = text.trimmingCharacters(in: " \t")
        let value: PropertyValue
        switch type {
        case .int:
            guard let v = Int64(trimmed) else { throw bad("\(text.quoted) is not an integer") }
            value = .int(v)
        case .cgFloat, .double:
            guard let v = Self.number(trimmed) else { throw bad("\(text.quoted) is not a number") }
            value = type == .cgFloat ? .cgFloat(v) : .double(v)
        case .string:
            value = .string(text)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": value = .bool(true)
            case "false", "no", "off", "0": value = .bool(false)
            default: throw bad("\(text.quoted) is not a boolean")
            }
        case .point:
            guard let v = Self.numbers(trimmed, count: 2, separators: [","]) else {
                throw bad("\(text.quoted) is not a point")
            }
            value = .point(Point(x: v[0], y: v[1]))
        case .size:
            guard let v = Self.numbers(trimmed, count: 2, separators: ["x", "X", ","]) else {
                throw bad("\(text.quoted) is not a size")
            }
            value = .size(Size(width: v[0], height: v[1]))
        case .rect:
            guard let v = Self.numbers(trimmed, count: 4, separators: [","]) else {
                throw bad("\(text.quoted) is not a rectangle")
            }
            value = .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color:
            guard let c = Self.color(trimmed) else { throw bad("\(text.quoted) is not a colour") }
            value = .color(c)
        case .image:
            value = .image(trimmed.isEmpty ? nil : trimmed)
        case .enumeration:
            guard let c = enumCases.first(where: { $0.name == trimmed }) else {
                throw bad("\(text.quoted) is not a case of this enum")
            }
            value = .enumeration(c.value)
        case .insets:
            guard let v = Self.numbers(trimmed, count: 4, separators: [","]) else {
                throw bad("\(text.quoted) is not a set of insets")
            }
            value = .insets(Insets(top: v[0], left: v[1], bottom: v[2], right: v[3]))
        }
        try check(value)
        return value
    }

    /// Checks a value of any origin against this property: its type, range and enum cases.
    package func check(_ value: PropertyValue) throws {
        guard value.type == type else {
            throw HostError(.badData, "got a value of type \(value.type.name) (expected \(expectation))",
                            property: name)
        }
        if let range, let number = value.numericValue, !range.contains(number) {
            throw HostError(.badData, "\(Self.formatNumber(number)) is outside the range \(rangeText(range))"
                            + " (expected \(expectation))", property: name)
        }
        if case .enumeration(let raw) = value, enumCase(value: raw) == nil {
            throw HostError(.badData, "\(raw) is not the value of any case (expected \(expectation))",
                            property: name)
        }
    }

    /// What a valid value looks like, for messages: "a number in 0…100", "one of: ring, bar".
    package var expectation: String {
        switch type {
        case .enumeration:
            return "one of: " + enumCases.map(\.name).joined(separator: ", ")
        case .int where range != nil:
            return "an integer in \(rangeText(range!))"
        case .cgFloat where range != nil, .double where range != nil:
            return "a number in \(rangeText(range!))"
        default:
            return type.syntax
        }
    }

    /// Parses a size, rectangle or colour written in the value syntax outside any class (command-line
    /// options, scene fields); `what` names it in messages ("--size", "instances[2].frame").
    package static func parseSize(_ text: String, _ what: String) throws -> Size {
        guard case .size(let s) = try PropertyInfo(name: what, type: .size, defaultValue: .size(.zero)).parse(text) else {
            throw HostError(.internalError, "a size parsed as something else", property: what)
        }
        return s
    }

    package static func parseRect(_ text: String, _ what: String) throws -> Rect {
        guard case .rect(let r) = try PropertyInfo(name: what, type: .rect, defaultValue: .rect(Rect(size: .zero))).parse(text) else {
            throw HostError(.internalError, "a rectangle parsed as something else", property: what)
        }
        return r
    }

    package static func parseColor(_ text: String, _ what: String) throws -> Color {
        let black = Color(red: 0, green: 0, blue: 0)
        guard case .color(let c) = try PropertyInfo(name: what, type: .color, defaultValue: .color(black)).parse(text) else {
            throw HostError(.internalError, "a colour parsed as something else", property: what)
        }
        return c
    }

    /// The value in the syntax ``parse(_:)`` reads back.
    package func format(_ value: PropertyValue) -> String {
        let n = Self.formatNumber
        switch value {
        case .int(let v): return String(v)
        case .cgFloat(let v), .double(let v): return n(v)
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return "\(n(p.x)),\(n(p.y))"
        case .size(let s): return "\(n(s.width))x\(n(s.height))"
        case .rect(let r): return "\(n(r.x)),\(n(r.y)),\(n(r.width)),\(n(r.height))"
        case .color(let c): return Self.hex(c)
        case .image(let path): return path ?? ""
        case .enumeration(let raw): return enumCase(value: raw)?.name ?? String(raw)
        case .insets(let i): return "\(n(i.top)),\(n(i.left)),\(n(i.bottom)),\(n(i.right))"
        }
    }

    func rangeText(_ range: NumericRange) -> String {
        "\(Self.formatNumber(range.min))…\(Self.formatNumber(range.max))"
    }

    // MARK: - Lexical helpers

    /// A finite number, or nil.
    static func number(_ text: String) -> Double? {
        guard let v = Double(text.trimmingCharacters(in: " \t")), v.isFinite else { return nil }
        return v
    }

    /// Exactly `count` finite numbers separated by one of `separators`, or nil.
    static func numbers(_ text: String, count: Int, separators: Set<Character>) -> [Double]? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { separators.contains($0) })
        guard parts.count == count else { return nil }
        let values = parts.compactMap { number(String($0)) }
        return values.count == count ? values : nil
    }

    /// `#RRGGBB` or `#RRGGBBAA` (and the other ways CSS writes a colour: ``CSSColor``), or nil.
    static func color(_ text: String) -> Color? { CSSColor.parse(text) }

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise.
    package static func hex(_ c: Color) -> String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        let rgb = "#" + byte(c.red) + byte(c.green) + byte(c.blue)
        return byte(c.alpha) == "FF" ? rgb : rgb + byte(c.alpha)
    }

    /// "12", "12.5", "0.001": integral values without a fraction, others in Swift's shortest form.
    package static func formatNumber(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
