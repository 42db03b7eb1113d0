/// Traits in the worker protocol's binary form.
extension BinaryWriter {
    mutating func traits(_ t: Traits) {
        u32(t.appearance.rawValue); u32(t.direction.rawValue); u32(t.contentSize); f64(t.displayScale)
    }
}

extension BinaryReader {
    mutating func traits() throws -> Traits {
        let appearance = try u32(), direction = try u32(), size = try u32(), scale = try f64()
        guard let a = Traits.Appearance(rawValue: appearance), let d = Traits.Direction(rawValue: direction), size < 12,
              scale.isFinite, scale > 0 else { throw BinaryReader.Invalid(description: "invalid traits") }
        return Traits(appearance: a, direction: d, contentSize: size, displayScale: scale)
    }
}
