import EaselHost

extension Scene {
    /// The scene as a document (what ``read(_:)`` reads): `size`, `background`, `scale`, then the
    /// instances in order with their attributes. Attribute texts that are plain numbers or booleans
    /// are written as JSON numbers and booleans (reading them gives the same text back).
    package var document: JSON {
        var members: [(String, JSON)] = [("size", .string("\(PropertyInfo.formatNumber(size.width))x\(PropertyInfo.formatNumber(size.height))"))]
        if let background { members.append(("background", .string(PropertyInfo.hex(background)))) }
        if let scale { members.append(("scale", .number(scale))) }
        if traits != .default {
            members.append(("traits", .object(traits.assignments.map { assignment in
                let (name, value) = assignment.split(atFirst: "=")!
                return (name, .string(value))
            })))
        }
        members.append(("instances", .array(instances.map { instance in
            var o: [(String, JSON)] = [("class", .string(instance.className))]
            if let name = instance.name { o.append(("name", .string(name))) }
            if let variant = instance.variant { o.append(("variant", .string(variant))) }
            let f = instance.frame
            o.append(("frame", .string([f.x, f.y, f.width, f.height].map(PropertyInfo.formatNumber).joined(separator: ","))))
            if !instance.attributes.isEmpty {
                o.append(("attributes", .object(instance.attributes.map { ($0.key, Self.attributeJSON($0.value)) })))
            }
            if let play = instance.play { o.append(("play", .string(play.text))) }
            return .object(o)
        })))
        return .object(members)
    }

    static func attributeJSON(_ text: String) -> JSON {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let d = Double(text), d.isFinite, PropertyInfo.formatNumber(d) == text { return .number(d) }
        return .string(text)
    }
}
