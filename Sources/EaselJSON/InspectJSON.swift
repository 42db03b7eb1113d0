import EaselHost

/// The JSON of `host inspect --json` (schema easel.inspect/1, documented in the README).
package enum InspectJSON {
    /// `reported`: properties the component said it changed itself (property_changed) after --set;
    /// `mismatches`: the defaults check's findings (nil: not checked).
    package static func describe(_ info: ClassInfo, current: [String: PropertyValue]?, reported: Set<String> = [],
                                sentActions: [String] = [], traits: Traits = .default, mismatches: [DefaultMismatch]? = nil) -> JSON {
        var members: [(String, JSON)] = [
            ("name", .string(info.name)),
            ("displayName", .string(info.displayName)),
            ("summary", .optional(info.summary)),
            ("group", .string(info.group)),
            ("kind", .string(info.kind.name)),
            ("defaultSize", size(info.defaultSize)),
            ("plugin", .object([
                ("path", .string(info.plugin.path)),
                ("id", .string(info.plugin.id)),
                ("name", .string(info.plugin.name)),
                ("version", .string(info.plugin.version)),
                ("summary", .optional(info.plugin.summary)),
                ("abi", .string(info.plugin.abi)),
            ])),
            ("properties", .array(info.properties.map { p in
                var described = property(p, current: current?[p.name])
                if current != nil, case .object(var m) = described {
                    m.append(("reportedByComponent", .bool(reported.contains(p.name))))
                    described = .object(m)
                }
                return described
            })),
            ("extensions", .array(info.extensions.map { .string($0) })),
            ("variants", .array(info.variants.map(variant))),
            ("actions", .array(info.actions.map(action))),
        ]
        if current != nil {
            members.append(("sentActions", .array(sentActions.map { .string($0) })))
            members.append(("traits", .array(traits.assignments.map { .string($0) })))
        }
        if let mismatches {
            members.append(("defaultMismatches", .array(mismatches.map { m in
                .object([("property", .string(m.property.name)), ("declared", value(m.property.defaultValue, m.property)),
                         ("declaredText", .string(m.property.format(m.property.defaultValue))),
                         ("actual", value(m.actual, m.property)), ("actualText", .string(m.property.format(m.actual))),
                         ("message", .string(m.message))])
            })))
        }
        return .object(members)
    }

    /// `{name, displayName, summary, attributes: [{name, value}]}` (values in the value syntax).
    package static func variant(_ v: VariantInfo) -> JSON {
        .object([("name", .string(v.name)), ("displayName", .string(v.displayName)), ("summary", .optional(v.summary)),
                 ("attributes", .array(v.attributes.map { .object([("name", .string($0.key)), ("value", .string($0.value))]) }))])
    }

    /// `{name, displayName, summary, argument: property | null}`; the argument is described as a
    /// property is (type, range, enumCases, default).
    package static func action(_ a: ActionInfo) -> JSON {
        .object([("name", .string(a.name)), ("displayName", .string(a.displayName)), ("summary", .optional(a.summary)),
                 ("argument", a.argument.map { property($0, current: nil) } ?? .null)])
    }

    package static func property(_ p: PropertyInfo, current: PropertyValue?) -> JSON {
        var members: [(String, JSON)] = [
            ("name", .string(p.name)),
            ("displayName", .string(p.displayName)),
            ("type", .string(p.type.name)),
            ("summary", .optional(p.summary)),
            ("group", .optional(p.group)),
            ("default", value(p.defaultValue, p)),
            ("defaultText", .string(p.format(p.defaultValue))),
            ("range", p.range.map { .object([("min", .number($0.min)), ("max", .number($0.max)), ("step", .number($0.step))]) } ?? .null),
            ("enumCases", .array(p.enumCases.map {
                .object([("name", .string($0.name)), ("value", .integer($0.value)), ("displayName", .string($0.displayName))])
            })),
            ("readOnly", .bool(p.isReadOnly)),
            ("hidden", .bool(p.isHidden)),
        ]
        if let current {
            members.append(("value", value(current, p)))
            members.append(("valueText", .string(p.format(current))))
        }
        return .object(members)
    }

    package static func size(_ s: Size) -> JSON { .object([("width", .number(s.width)), ("height", .number(s.height))]) }

    /// A value as structured JSON: numbers, strings, booleans, objects for geometry and colours,
    /// the case name for enums, null for no image.
    package static func value(_ v: PropertyValue, _ p: PropertyInfo) -> JSON {
        switch v {
        case .int(let i): return .integer(i)
        case .cgFloat(let d), .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .point(let pt): return .object([("x", .number(pt.x)), ("y", .number(pt.y))])
        case .size(let s): return size(s)
        case .rect(let r):
            return .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))])
        case .color(let c):
            return .object([("red", .number(c.red)), ("green", .number(c.green)), ("blue", .number(c.blue)),
                            ("alpha", .number(c.alpha)), ("hex", .string(PropertyInfo.hex(c)))])
        case .image(let path): return .optional(path)
        case .enumeration: return .string(p.format(v))
        case .insets(let i):
            return .object([("top", .number(i.top)), ("left", .number(i.left)), ("bottom", .number(i.bottom)), ("right", .number(i.right))])
        }
    }
}
