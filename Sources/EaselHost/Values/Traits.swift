import CEasel

/// The traits an instance is shown with (easel.h, easel.traits/1): appearance, layout direction,
/// preferred text size and display scale. `--trait NAME=VALUE` on the command line, the designer's
/// Appearance, Direction and Text Size controls, scenes and snapshot.json set them.
package struct Traits: Equatable, Hashable, Sendable {
    package enum Appearance: UInt32, Sendable, CaseIterable { case light = 0, dark }
    package enum Direction: UInt32, Sendable, CaseIterable { case ltr = 0, rtl }

    package var appearance: Appearance = .light
    package var direction: Direction = .ltr
    /// An index into ``contentSizes`` (3: "large", the default).
    package var contentSize: UInt32 = 3
    /// Pixels per point of the surface (1 for SVG and PDF).
    package var displayScale: Double = 1

    package init(appearance: Appearance = .light, direction: Direction = .ltr, contentSize: UInt32 = 3, displayScale: Double = 1) {
        self.appearance = appearance
        self.direction = direction
        self.contentSize = contentSize
        self.displayScale = displayScale
    }

    /// Light, left-to-right, large text, scale 1: what an instance has until the host says otherwise.
    package static let `default` = Traits()

    /// The text sizes, smallest first (easel.h's EASEL_CONTENT_SIZE_* order; UIKit's names).
    package static let contentSizes = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge",
                                       "extraExtraExtraLarge", "accessibilityMedium", "accessibilityLarge",
                                       "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
                                       "accessibilityExtraExtraExtraLarge"]
    /// Short names for the same sizes, as `--trait size=xl` writes them.
    package static let contentSizeAbbreviations = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]

    package var contentSizeName: String { Self.contentSizes[Int(min(contentSize, 11))] }

    /// The trait names `--trait` takes, with their values, for messages.
    package static let names: [(name: String, values: [String])] = [
        ("appearance", Appearance.allCases.map { String(describing: $0) }),
        ("direction", Direction.allCases.map { String(describing: $0) }),
        ("size", contentSizes),
    ]

    /// Applies `NAME=VALUE` (appearance=dark, direction=rtl, size=extraLarge or xl); throws a
    /// message listing the valid names or values (the caller makes it a usage error).
    package mutating func apply(_ assignment: String) throws {
        guard let (name, value) = assignment.split(atFirst: "="), !name.isEmpty else {
            throw TraitError("\(assignment.quoted) is not NAME=VALUE (traits: \(Self.names.map(\.name).joined(separator: ", ")))")
        }
        switch name {
        case "appearance":
            guard let v = Appearance.allCases.first(where: { String(describing: $0) == value }) else { throw unknown(name, value) }
            appearance = v
        case "direction":
            guard let v = Direction.allCases.first(where: { String(describing: $0) == value }) else { throw unknown(name, value) }
            direction = v
        case "size":
            guard let i = Self.contentSizes.firstIndex(of: value) ?? Self.contentSizeAbbreviations.firstIndex(of: value.lowercased())
            else { throw unknown(name, value) }
            contentSize = UInt32(i)
        default:
            let close = Suggestions.close(to: name, among: Self.names.map(\.name))
            throw TraitError("no trait \(name.quoted)\(close.isEmpty ? "" : " (did you mean '\(close[0])'?)"); "
                             + "expected one of: \(Self.names.map(\.name).joined(separator: ", "))")
        }
    }

    private func unknown(_ name: String, _ value: String) -> TraitError {
        let values = Self.names.first { $0.name == name }!.values
        return TraitError("\(name) \(value.quoted) is not one of: \(values.joined(separator: ", "))"
                          + (name == "size" ? " (or \(Self.contentSizeAbbreviations.joined(separator: ", ")))" : ""))
    }

    /// `NAME=VALUE` for every trait that is not its default, in the order of ``names`` (for command
    /// lines, scenes and file names).
    package var assignments: [String] {
        var result: [String] = []
        if appearance != .light { result.append("appearance=\(appearance)") }
        if direction != .ltr { result.append("direction=\(direction)") }
        if contentSize != 3 { result.append("size=\(contentSizeName)") }
        return result
    }

    /// The values that are not defaults, joined by dots ("dark.rtl.xl"; "" for the defaults): the
    /// part of a snapshot's reference name that tells trait variations apart.
    package var label: String {
        var parts: [String] = []
        if appearance != .light { parts.append("\(appearance)") }
        if direction != .ltr { parts.append("\(direction)") }
        if contentSize != 3 { parts.append(Self.contentSizeAbbreviations[Int(min(contentSize, 11))]) }
        return parts.joined(separator: ".")
    }

    /// A trait matrix: `NAME=V1,V2` for each trait that varies (`appearance=light,dark`,
    /// `direction=ltr,rtl`), crossed in the order given; every other trait at its default. Throws
    /// what ``apply(_:)`` throws for an unknown name or value, or for a trait named twice.
    package static func matrix(_ texts: [(name: String, values: [String])]) throws -> [Traits] {
        var result = [Traits.default]
        var named = Set<String>()
        for (name, values) in texts {
            guard named.insert(name).inserted else { throw TraitError("\(name) is given twice (list its values once: \(name)=V1,V2)") }
            guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
                throw TraitError("\(name): expected one or more values separated by commas")
            }
            var crossed: [Traits] = []
            for traits in result {
                for value in values {
                    var t = traits
                    try t.apply("\(name)=\(value)")
                    if !crossed.contains(t) { crossed.append(t) }
                }
            }
            result = crossed
        }
        return result
    }

    /// `NAME=V1,V2` texts (the command line's `--trait` of `host snapshot`) as a matrix.
    package static func matrix(_ texts: [String]) throws -> [Traits] {
        try matrix(texts.map { text in
            guard let (name, values) = text.split(atFirst: "="), !name.isEmpty else {
                throw TraitError("\(text.quoted) is not NAME=VALUE[,VALUE…] (traits: \(names.map(\.name).joined(separator: ", ")))")
            }
            return (name, values.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
        })
    }

    package var c: easel_traits {
        easel_traits(appearance: appearance.rawValue, layout_direction: direction.rawValue, content_size: contentSize,
                     reserved0: 0, display_scale: displayScale)
    }

    package init(_ c: easel_traits) {
        appearance = Appearance(rawValue: c.appearance) ?? .light
        direction = Direction(rawValue: c.layout_direction) ?? .ltr
        contentSize = min(c.content_size, 11)
        displayScale = c.display_scale
    }
}

/// Why a trait assignment was refused (the caller makes it a usage error, or bad data in a file).
package struct TraitError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
