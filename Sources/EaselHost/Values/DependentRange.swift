/// The bounds of a numeric property that other properties of its class give (easel.h, extension
/// `easel.ranges/1`): a gauge's `value` goes up to its own `maximum`. The component keeps them (it
/// clamps and reports what it changed); the host shows them and `host validate` checks them.
package struct DependentRange: Equatable, Codable, Sendable {
    /// The property whose current value is the minimum; nil: none.
    package var minimum: String?
    /// The property whose current value is the maximum; nil: none.
    package var maximum: String?

    package init(minimum: String? = nil, maximum: String? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The properties it names, minimum first.
    package var bounds: [String] { [minimum, maximum].compactMap { $0 } }
}

extension PropertyInfo {
    /// The bounds in force for the values `value(of:)` gives: the property's own range narrowed by
    /// its dependent bounds (nil when it has neither). A dependent bound whose property has no
    /// number yet (or crosses the other bound) leaves that side as the range has it.
    package func currentRange(_ value: (String) -> PropertyValue?) -> NumericRange? {
        guard let dependent = dependentRange else { return range }
        var result = range ?? NumericRange(min: -.infinity, max: .infinity, step: 0)
        if let name = dependent.minimum, let bound = value(name)?.numericValue { result.min = max(result.min, bound) }
        if let name = dependent.maximum, let bound = value(name)?.numericValue { result.max = min(result.max, bound) }
        if result.min > result.max { return range ?? NumericRange(min: -.infinity, max: .infinity, step: result.step) }
        return result
    }

    /// "Minimum: the value of start; Maximum: the value of end", as `host inspect` prints the
    /// dependent bounds; nil without.
    package var dependentRangeText: String? {
        guard let d = dependentRange else { return nil }
        var parts: [String] = []
        if let name = d.minimum { parts.append("Minimum: the value of \(name)") }
        if let name = d.maximum { parts.append("Maximum: the value of \(name)") }
        return parts.joined(separator: "; ")
    }
}
