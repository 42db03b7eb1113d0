/// Values in layout documents: the host's `--set` syntax as strings ("16,8,120,21", "375x88",
/// "#FF0000"), or the JSON forms (numbers, booleans, arrays of numbers, objects with named fields).
/// Every reader names the field and what it expected when the value does not fit.
enum LayoutValues {
    /// JSON booleans arrive as NSNumbers of their own class.
    static func isBoolean(_ number: NSNumber) -> Bool { type(of: number) == type(of: NSNumber(value: true)) }

    /// 12 → "12", 0.5 → "0.5".
    static func format(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }

    static func number(_ value: Any, at path: String, reader: LayoutReader) throws -> CGFloat {
        guard let number = value as? NSNumber, !isBoolean(number), number.doubleValue.isFinite else {
            throw reader.error(path, "expected a number, found \(describeJSON(value))")
        }
        return CGFloat(number.doubleValue)
    }

    static func integer(_ value: Any, at path: String, reader: LayoutReader) throws -> Int {
        let number = try self.number(value, at: path, reader: reader)
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw reader.error(path, "expected a whole number, found \(describeJSON(value))")
        }
        return Int(number)
    }

    static func bool(_ value: Any, at path: String, reader: LayoutReader) throws -> Bool {
        guard let number = value as? NSNumber, isBoolean(number) else {
            throw reader.error(path, "expected true or false, found \(describeJSON(value))")
        }
        return number.boolValue
    }

    static func string(_ value: Any, at path: String, reader: LayoutReader) throws -> String {
        guard let string = value as? String else {
            throw reader.error(path, "expected a string, found \(describeJSON(value))")
        }
        return string
    }

    /// `count` numbers from "a,b,c" (or "WxH" when `allowX`), an array, or an object with `names`.
    private static func numbers(_ value: Any, count: Int, names: [String], allowX: Bool = false,
                                at path: String, expected: String, reader: LayoutReader) throws -> [CGFloat] {
        func fail() -> LayoutDocumentError { reader.error(path, "expected \(expected), found \(describeJSON(value))") }
        switch value {
        case let text as String:
            let separators: Set<Character> = allowX ? [",", "x", "X"] : [","]
            let parts = text.split(whereSeparator: { separators.contains($0) })
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
            guard parts.count == count, numbers.count == count else { throw fail() }
            return numbers.map { CGFloat($0) }
        case let array as [Any]:
            let numbers = array.compactMap { item -> CGFloat? in
                guard let n = item as? NSNumber, !isBoolean(n), n.doubleValue.isFinite else { return nil }
                return CGFloat(n.doubleValue)
            }
            guard array.count == count, numbers.count == count else { throw fail() }
            return numbers
        case let object as [String: Any]:
            guard Set(object.keys) == Set(names) else { throw fail() }
            return try names.map { try number(object[$0]!, at: "\(path).\($0)", reader: reader) }
        default:
            throw fail()
        }
    }

    static func rect(_ value: Any, at path: String, reader: LayoutReader) throws -> CGRect {
        let n = try numbers(value, count: 4, names: ["x", "y", "width", "height"], at: path,
                            expected: "x,y,width,height (a string such as \"16,8,120,21\", an array of four numbers, or {\"x\", \"y\", \"width\", \"height\"})",
                            reader: reader)
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    static func size(_ value: Any, at path: String, reader: LayoutReader) throws -> CGSize {
        let n = try numbers(value, count: 2, names: ["width", "height"], allowX: true, at: path,
                            expected: "a size (a string such as \"375x88\", an array of two numbers, or {\"width\", \"height\"})",
                            reader: reader)
        return CGSize(width: n[0], height: n[1])
    }

    static func point(_ value: Any, at path: String, reader: LayoutReader) throws -> CGPoint {
        let n = try numbers(value, count: 2, names: ["x", "y"], at: path,
                            expected: "a point (a string such as \"10,20\", an array of two numbers, or {\"x\", \"y\"})",
                            reader: reader)
        return CGPoint(x: n[0], y: n[1])
    }

    static func insets(_ value: Any, at path: String, reader: LayoutReader) throws -> UIEdgeInsets {
        let n = try numbers(value, count: 4, names: ["top", "left", "bottom", "right"], at: path,
                            expected: "insets top,left,bottom,right (a string such as \"4,8,4,8\", an array of four numbers, or {\"top\", \"left\", \"bottom\", \"right\"})",
                            reader: reader)
        return UIEdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// "#RRGGBB", "#RRGGBBAA", or a system colour by its UIColor name ("systemBackground", "label"), which
    /// follows the appearance as in a xib.
    /// Or one colour per appearance, as an asset catalog has them: {"light": "#333333", "dark": "#EBEBF5"}.
    static func color(_ value: Any, at path: String, reader: LayoutReader) throws -> UIColor {
        if let name = value as? String, let system = UIColor.named(name) { return system }
        if let appearances = value as? [String: Any] {
            guard Set(appearances.keys) == ["light", "dark"], let light = appearances["light"], let dark = appearances["dark"] else {
                throw reader.error(path, "expected a colour for each appearance, {\"light\": …, \"dark\": …}, found keys \(appearances.keys.sorted().joined(separator: ", "))")
            }
            let lightColor = try color(light, at: path + ".light", reader: reader), darkColor = try color(dark, at: path + ".dark", reader: reader)
            return UIColor { $0.userInterfaceStyle == .dark ? darkColor : lightColor }
        }
        guard let text = value as? String, text.hasPrefix("#"), text.count == 7 || text.count == 9,
              let bits = UInt64(text.dropFirst(), radix: 16) else {
            throw reader.error(path, "expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or a system colour name (\(UIColor.systemColorNames.prefix(4).joined(separator: ", ")), …), found \(describeJSON(value))")
        }
        let rgba = text.count == 7 ? bits << 8 | 0xFF : bits
        func channel(_ shift: UInt64) -> CGFloat { CGFloat((rgba >> shift) & 0xFF) / 255 }
        return UIColor(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    static let weightNames: [(String, UIFont.Weight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular), ("medium", .medium),
        ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]

    /// A number (the system font at that size) or `{"size": 17, "weight": "bold", "family": "…",
    /// "italic": true}` (every field optional; missing ones keep `base`'s).
    static func font(_ value: Any, at path: String, base: UIFont, reader: LayoutReader) throws -> UIFont {
        if let number = value as? NSNumber, !isBoolean(number) {
            let size = try self.number(value, at: path, reader: reader)
            guard size > 0 else { throw reader.error(path, "expected a font size > 0, found \(describeJSON(value))") }
            return base.withSize(size)
        }
        guard let object = value as? [String: Any] else {
            throw reader.error(path, "expected a font: a size in points, or {\"size\": 17, \"weight\": \"bold\", \"family\": \"…\", \"italic\": false}, found \(describeJSON(value))")
        }
        let keys = ["size", "weight", "family", "italic"]
        for key in object.keys.sorted() where !keys.contains(key) {
            throw reader.error("\(path).\(key)", "unknown font field (expected one of: \(keys.joined(separator: ", ")))")
        }
        var size = base.pointSize
        if let value = object["size"] {
            size = try number(value, at: "\(path).size", reader: reader)
            guard size > 0 else { throw reader.error("\(path).size", "expected a font size > 0, found \(describeJSON(value))") }
        }
        var weight = base.weight
        if let value = object["weight"] {
            guard let name = value as? String, let found = weightNames.first(where: { $0.0 == name })?.1 else {
                throw reader.error("\(path).weight", "expected one of \(weightNames.map(\.0).joined(separator: ", ")), found \(describeJSON(value))")
            }
            weight = found
        }
        var family = base.familyName
        if let value = object["family"] { family = try string(value, at: "\(path).family", reader: reader) }
        var italic = base.isItalic
        if let value = object["italic"] { italic = try bool(value, at: "\(path).italic", reader: reader) }
        return UIFont(familyName: family, pointSize: size, weight: weight, italic: italic)
    }

    /// A case of an enum, by its Swift name.
    static func enumCase<E: CaseIterable>(_ value: Any, _ type: E.Type, at path: String, reader: LayoutReader) throws -> E {
        let cases = E.allCases.map { (String(describing: $0), $0) }
        guard let name = value as? String, let found = cases.first(where: { $0.0 == name })?.1 else {
            throw reader.error(path, "expected one of \(cases.map(\.0).joined(separator: ", ")), found \(describeJSON(value))")
        }
        return found
    }

    static func image(_ value: Any, at path: String, reader: LayoutReader) throws -> UIImage? {
        if value is NSNull { return nil }
        guard let name = value as? String else {
            throw reader.error(path, "expected an image name (a file in the plugin's resources; the extension may be left out) or null, found \(describeJSON(value))")
        }
        return UIImage(named: name)
    }
}
