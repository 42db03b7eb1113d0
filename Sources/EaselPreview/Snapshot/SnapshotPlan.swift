import EaselHost
import Foundation

/// Which variants a run renders (`--variants all|NAME,…`).
package enum SnapshotVariantSelection: Equatable, Sendable {
    case all
    case named([String])

    /// "all" or a comma-separated list of names.
    package static func parse(_ text: String) -> SnapshotVariantSelection? {
        if text == "all" { return .all }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.contains(where: \.isEmpty) else { return nil }
        return .named(names)
    }
}

/// The suite: every snapshot a run would take, in a fixed order. Classes sorted by name, each
/// class's variants in their order ("default" first), each variant as created and then in each of
/// its states (by name), each in every combination of the trait matrix, each at every scale in the
/// order given; then the scenes in the order given, in every combination and scale.
package enum SnapshotPlan {
    /// - Parameters:
    ///   - names: classes and scene files (`*.json`) named on the command line; none: every
    ///     registered class not skipped in snapshot.json, then the settings' scenes.
    /// - Throws: ``HostError`` `.notFound` for an unknown class or a missing scene file, `.badData`
    ///   for a variant that none of the selected classes declares (as `host render --variant` and a
    ///   scene's `variant` do).
    package static func cases(registry: Registry, settings: SnapshotSettings, names: [String],
                             variants: SnapshotVariantSelection, overrides: SnapshotSettings.Overrides) throws -> [SnapshotCase] {
        var classNames: [String] = []
        var scenes: [String] = []
        if names.isEmpty {
            classNames = registry.classes.map(\.name).filter { settings.classes[$0]?.skip != true }
            scenes = settings.scenes
        } else {
            for name in names {
                if name.hasSuffix(".json") { scenes.append(name); continue }
                guard registry.classes.contains(where: { $0.name == name }) else {
                    let close = registry.suggestions(for: name)
                    let known = registry.classes.map(\.name)
                    let hint = !close.isEmpty ? " (did you mean \(close.joined(separator: ", "))?)"
                        : known.isEmpty ? "" : " (expected one of: \(known.joined(separator: ", ")))"
                    throw HostError.noClass(named: name, "no class named \(name.quoted)" + hint)
                }
                if !classNames.contains(name) { classNames.append(name) }
            }
            classNames.sort()
        }
        var cases: [SnapshotCase] = []
        var seenVariants = Set<String>()
        for name in classNames {
            guard let info = try registry.classInfo(named: name) else { continue }
            let all = SnapshotVariant.variants(of: info)
            seenVariants.formUnion(all.map(\.name))
            let chosen: [SnapshotVariant]
            switch variants {
            case .all: chosen = all
            case .named(let wanted): chosen = all.filter { wanted.contains($0.name) }
            }
            let tolerance = settings.tolerance(for: name, overrides)
            let states = settings.classes[name]?.states ?? []
            if !states.isEmpty, !info.takesInput {
                throw HostError(.badData, "classes.\(name).states: class \(name) takes no pointer input (it offers no easel.input/1), so it has no states to play",
                                file: settings.file, className: name)
            }
            for variant in chosen {
                for state in [nil] + states.map(Optional.some) {
                    for traits in settings.traits(for: name, overrides) {
                        for scale in settings.scales(for: name, overrides) {
                            var c = SnapshotCase(subject: .component(className: name, variant: variant.name, attributes: variant.attributes),
                                                 scale: scale, tolerance: tolerance)
                            c.traits = traits
                            c.state = state
                            cases.append(c)
                        }
                    }
                }
            }
        }
        if case .named(let wanted) = variants, !classNames.isEmpty {
            for name in wanted where !seenVariants.contains(name) {
                throw HostError(.badData, "no variant named \(name.quoted) in the classes selected (they have: \(seenVariants.sorted().joined(separator: ", ")))")
            }
        }
        for path in scenes {
            guard FileManager.default.fileExists(atPath: path) else {
                // A scene listed in snapshot.json is relative to its folder: a copied Snapshots/ loses
                // the scenes it points outside of (say where the path came from, and how to fix it).
                let listed = names.isEmpty && settings.file != nil
                throw HostError(.notFound, "no such scene file" + (listed
                    ? " (listed in \(settings.file!)'s scenes, relative to its folder: move the scene beside it, or fix the path)" : ""),
                    file: path)
            }
            let tolerance = settings.tolerance(for: nil, overrides)
            for traits in settings.traits(for: nil, overrides) {
                for scale in settings.scales(for: nil, overrides) {
                    var c = SnapshotCase(subject: .scene(path: path), scale: scale, tolerance: tolerance)
                    c.traits = traits
                    cases.append(c)
                }
            }
        }
        var ids = Set<String>()
        for c in cases where !ids.insert(c.id).inserted {
            throw HostError(.badData, "two snapshots would share the reference \(c.referencePath) (two scenes with the same file name?)")
        }
        return cases
    }
}
