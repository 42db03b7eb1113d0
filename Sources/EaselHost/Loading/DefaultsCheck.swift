/// A property whose fresh instance does not read back the default its table declares (easel.h,
/// DEFAULTS): the inspector would show a value that is not the default, marked as changed.
package struct DefaultMismatch: Equatable, Sendable {
    package var file: String
    package var className: String
    package var property: PropertyInfo
    /// What a new instance reads.
    package var actual: PropertyValue

    /// "components/libX.so: class Badge: property count: a new instance reads 0, but the table declares 3 (…)"
    package var message: String {
        "\(file): class \(className): property \(property.name): a new instance reads \(property.format(actual)), "
            + "but the table declares \(property.format(property.defaultValue)) (create must give every property its declared default)"
    }
}

/// The host's check of easel.h's DEFAULTS rule: after create, every property is read back once and
/// compared with its declared default. `host inspect`, `host list --verbose` and `host gallery` show
/// mismatches as warnings; a validator makes them failures.
///
/// ```swift
/// for mismatch in try DefaultsCheck.check(cls) { print("warning: " + mismatch.message) }
/// ```
package enum DefaultsCheck {
    /// Creates one instance of `cls` (init(frame:) at its default size), reads every property back,
    /// and destroys it. Throws what creating or reading throws (a crash is a ``HostError``).
    package static func check(_ cls: DesignableClass) throws -> [DefaultMismatch] {
        let instance = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
        return try mismatches(of: instance)
    }

    /// The properties of `instance`, fresh from create and untouched, that differ from their
    /// declared defaults, in table order.
    package static func mismatches(of instance: DesignableInstance) throws -> [DefaultMismatch] {
        let info = instance.info
        var result: [DefaultMismatch] = []
        for property in info.properties {
            let actual = try instance.get(property.name)
            if !sameValue(actual, property.defaultValue) {
                result.append(DefaultMismatch(file: info.plugin.path, className: info.name, property: property, actual: actual))
            }
        }
        return result
    }

    /// Equal, numbers within a relative 1e-9 (a default written as 0.1 in C and computed in Swift
    /// may differ in the last bit).
    static func sameValue(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { x == y || abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        func all(_ xs: [Double], _ ys: [Double]) -> Bool { zip(xs, ys).allSatisfy { close($0, $1) } }
        switch (a, b) {
        case (.cgFloat(let x), .cgFloat(let y)), (.double(let x), .double(let y)): return close(x, y)
        case (.point(let p), .point(let q)): return all([p.x, p.y], [q.x, q.y])
        case (.size(let p), .size(let q)): return all([p.width, p.height], [q.width, q.height])
        case (.rect(let p), .rect(let q)): return all([p.x, p.y, p.width, p.height], [q.x, q.y, q.width, q.height])
        case (.color(let p), .color(let q)): return all([p.red, p.green, p.blue, p.alpha], [q.red, q.green, q.blue, q.alpha])
        case (.insets(let p), .insets(let q)): return all([p.top, p.left, p.bottom, p.right], [q.top, q.left, q.bottom, q.right])
        default: return a == b
        }
    }
}
