internal import CEasel

/// A named state of a designable class that a designer, the gallery and snapshot tests show
/// (extension `easel.variants/1`, like Storybook's stories): attributes in the host's value syntax,
/// applied after `init(frame:)` in the class's property order, before the user's own values.
///
///     final class RoundedCornerButton: UIButton {
///         override class var designableVariants: [DesignableVariant] {
///             [.init("pill", ["cornerRadius": "22"]),
///              .init("square", summary: "No rounding", ["cornerRadius": "0"])]
///         }
///     }
///
/// Values are checked by the host when the plugin loads: a key that is no property of the class, or
/// a value that does not parse, refuses the plugin with a message naming the class and variant.
public struct DesignableVariant: Sendable {
    public let name: String
    public let displayName: String?
    public let summary: String?
    /// Property names and values in the value syntax (`22`, `#FF8800`, `ring`, `10,20`, …).
    public let attributes: [(key: String, value: String)]

    /// - Parameters:
    ///   - name: an identifier, unique in the class ("pill", "cjkTitle").
    ///   - displayName: nil: derived from the name ("cjkTitle" → "Cjk Title").
    ///   - summary: one line for the designer and the gallery; nil: none.
    ///   - attributes: property names and their values in the value syntax, applied in the class's
    ///     property order (`["title": "Pill", "cornerRadius": "40"]`).
    public init(_ name: String, displayName: String? = nil, summary: String? = nil,
                _ attributes: KeyValuePairs<String, String>) {
        self.name = name
        self.displayName = displayName
        self.summary = summary
        self.attributes = attributes.map { ($0.key, $0.value) }
    }
}

extension DesignableVariant {
    /// The extension table (heap, kept for the process lifetime), or nil when `variants` is empty.
    static func table(_ variants: [DesignableVariant]) -> UnsafeRawPointer? {
        guard !variants.isEmpty else { return nil }
        let list = UnsafeMutablePointer<easel_variant>.allocate(capacity: variants.count)
        for (index, variant) in variants.enumerated() {
            let attributes = UnsafeMutablePointer<easel_attribute>.allocate(capacity: max(1, variant.attributes.count))
            for (j, a) in variant.attributes.enumerated() {
                (attributes + j).initialize(to: easel_attribute(key: CStrings.persistent(a.key),
                                                                value: CStrings.persistent(a.value)))
            }
            (list + index).initialize(to: easel_variant(
                struct_size: UInt32(MemoryLayout<easel_variant>.size),
                attribute_count: UInt32(variant.attributes.count),
                name: CStrings.persistent(variant.name),
                display_name: CStrings.persistent(variant.displayName),
                summary: CStrings.persistent(variant.summary),
                attributes: UnsafePointer(attributes)))
        }
        let table = UnsafeMutablePointer<easel_variants>.allocate(capacity: 1)
        table.initialize(to: easel_variants(struct_size: UInt32(MemoryLayout<easel_variants>.size),
                                            variant_count: UInt32(variants.count), variants: UnsafePointer(list)))
        return UnsafeRawPointer(table)
    }
}
