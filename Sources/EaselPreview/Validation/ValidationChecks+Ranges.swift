import EaselHost

/// The clamping rule of `host validate` (easel.h, property_changed and easel.ranges/1): a value the
/// component changes itself and reports is not a failure. A clamp into bounds the class declares is
/// what it promised; any other reported change is a warning that says how to declare the bounds, so
/// that the inspector offers only values that stay. Dependent bounds are checked by moving them.
enum RangeRule {
    /// The bounds `p` has now on `instance` when it declares dependent ones (easel.ranges/1); nil
    /// otherwise, or when its bounds cannot be read.
    static func dependentBounds(of p: PropertyInfo, in instance: DesignableInstance) -> NumericRange? {
        guard p.dependentRange != nil else { return nil }
        return p.currentRange { try? instance.get($0) }
    }

    /// Why `value` of `p` is outside the bounds its dependent range gives on `instance`; nil if inside.
    static func outsideDependentBounds(_ p: PropertyInfo, _ value: PropertyValue, in instance: DesignableInstance) -> String? {
        guard let bounds = dependentBounds(of: p, in: instance), let number = value.numericValue, !bounds.contains(number)
        else { return nil }
        return "\(p.format(value)) is outside its bounds \(describe(bounds)) (\(p.dependentRangeText ?? ""))"
    }

    /// The warning for a property whose component changed values it was given and reported it:
    /// the first value and what came back, how many more, and how to declare what it keeps.
    static func clampWarning(_ info: ClassInfo, _ p: PropertyInfo, set: PropertyValue, got: PropertyValue, more: Int,
                             instance: DesignableInstance) -> String {
        let others = more > 0 ? " (and \(more) more value\(more == 1 ? "" : "s"))" : ""
        var text = "class \(info.name): property \(p.name): set \(ValueSamples.describe(set, p)), read back "
            + "\(ValueSamples.describe(got, p))\(others): "
            + "the component changed the value itself and reported it (property_changed), as a clamp does; "
        guard p.type.isNumeric, let number = got.numericValue else {
            return text + "a designer shows the value it reads back"
        }
        // A bound equal to another property's value now is most likely that property.
        let bound = info.properties.first { other in
            other.name != p.name && other.type.isNumeric && (try? instance.get(other.name))?.numericValue == number
        }
        if let bound {
            let side = (set.numericValue ?? number) > number ? "maximum" : "minimum"
            text += "its \(side) looks like the value of \(bound.name): declare it so that the inspector shows it "
                + "(easel.ranges/1 {.property = \"\(p.name)\", .\(side) = \"\(bound.name)\"}; in Swift "
                + "@Inspector(\(side): \\.\(bound.name)))"
        } else {
            text += "declare the range it keeps so that the inspector offers only those values (easel_property.range; "
                + "in Swift @Inspector(range:)), or easel.ranges/1 when another property is the bound"
        }
        return text
    }

    /// The `extensions` check of one class's easel.ranges/1: for each dependent bound, the bound is
    /// moved past the property's value, which must follow (clamped, and reported), then the property
    /// is set past the bound, which it must not pass. Returns how many bounds were moved.
    static func check(_ cls: DesignableClass, _ c: ValidationContext) throws -> Int {
        let info = cls.info
        var moved = 0
        for p in info.properties {
            guard let dependent = p.dependentRange else { continue }
            for (side, name) in [("maximum", dependent.maximum), ("minimum", dependent.minimum)] {
                guard let name, let bound = info.property(named: name), !bound.isReadOnly else { continue }
                let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize))
                let label = "class \(info.name): easel.ranges/1: property \(p.name)"
                do {
                    let before = try instance.get(p.name)
                    guard let value = before.numericValue,
                          let target = inwardValue(past: value, side: side, bound: bound) else { continue }
                    _ = try instance.takeRequests()
                    try instance.set(name, to: target)
                    let after = try instance.get(p.name)
                    let reported = try instance.takeRequests().changedProperties.contains(p.name)
                    moved += 1
                    let move = "after \(name), its \(side), was set to \(bound.format(target))"
                    if let why = outsideDependentBounds(p, after, in: instance) {
                        c.fail("\(label): \(move), it reads back \(p.format(after)): \(why); the component keeps its bounds (clamp it in the setter of \(name))")
                    } else if after != before && !reported {
                        c.fail("\(label): \(move), it changed from \(p.format(before)) to \(p.format(after)) without property_changed(\"\(p.name)\"): a designer would still show \(p.format(before))")
                    }
                    // The old value is now past the bound: setting it must not pass the bound either.
                    if (try? p.check(before)) != nil {
                        _ = try instance.takeRequests()
                        try instance.set(p.name, to: before)
                        let again = try instance.get(p.name)
                        let reportedAgain = try instance.takeRequests().changedProperties.contains(p.name)
                        if let why = outsideDependentBounds(p, again, in: instance) {
                            c.fail("\(label): set \(p.format(before)) past its \(side) \(name) = \(bound.format(target)), it reads back \(p.format(again)): \(why)")
                        } else if again != before && !reportedAgain {
                            c.fail("\(label): set \(p.format(before)) past its \(side), it reads back \(p.format(again)) without property_changed(\"\(p.name)\")")
                        }
                    }
                } catch let error as HostError {
                    c.fail("\(label): moving its \(side), \(name): \(PluginValidator.describe(error))")
                }
                try c.checkBudget()
            }
        }
        return moved
    }

    /// A value of `bound` (which gives a property's `side`) strictly on the inside of `value`, and
    /// inside `bound`'s own range: for a maximum, one step (or one, or a quarter) below it.
    private static func inwardValue(past value: Double, side: String, bound: PropertyInfo) -> PropertyValue? {
        let step = bound.range.map { $0.step > 0 ? $0.step : 0 } ?? 0
        let delta = step > 0 ? step : (bound.type == .int ? 1 : max(1, abs(value) / 4))
        var target = side == "maximum" ? value - delta : value + delta
        if bound.type == .int { target = side == "maximum" ? target.rounded(.down) : target.rounded(.up) }
        if let r = bound.range, !r.contains(target) { return nil }
        switch bound.type {
        case .int: return .int(Int64(target))
        case .cgFloat: return .cgFloat(target)
        case .double: return .double(target)
        default: return nil
        }
    }

    /// "0…20", infinite ends left open ("…20").
    static func describe(_ r: NumericRange) -> String {
        (r.min.isFinite ? PropertyInfo.formatNumber(r.min) : "") + "…" + (r.max.isFinite ? PropertyInfo.formatNumber(r.max) : "")
    }
}
