import EaselHost

/// One snapshot: a class in one variant, optionally in a state reached by pointer steps, with
/// traits, at one scale (or a scene at one scale), and where its reference lives:
/// `<Class>/<variant>[.<state>][.<traits>]@<scale>x.png`, e.g. `RoundedCornerButton/default.pressed.dark@2x.png`
/// (`<stem>.scene/scene[.<traits>]@<scale>x.png` for a scene file `<stem>.json`; the dot cannot
/// occur in a class name, so the two never clash). Default traits add nothing to the name, so the
/// references of a suite without traits keep their names.
package struct SnapshotCase: Equatable, Sendable {
    package enum Subject: Equatable, Sendable {
        /// A class in a variant: the attributes the variant sets (none for "default").
        case component(className: String, variant: String, attributes: [SnapshotAttribute])
        /// A scene file.
        case scene(path: String)
    }

    package var subject: Subject
    package var scale: Double
    package var tolerance: SnapshotTolerance
    /// What the instance is made for (snapshot.json's and `--trait`'s matrix); a scene at the
    /// defaults keeps its own traits.
    package var traits = Traits.default
    /// A state from snapshot.json's `states` (its name and pointer steps), nil: as created.
    package var state: SnapshotState?

    package init(subject: Subject, scale: Double, tolerance: SnapshotTolerance) {
        self.subject = subject
        self.scale = scale
        self.tolerance = tolerance
    }

    /// The group a report puts it in: the class name, or `<stem>.scene`.
    package var group: String {
        switch subject {
        case .component(let className, _, _): return className
        case .scene(let path): return SnapshotCase.sceneGroup(path)
        }
    }

    /// The variant, or "scene".
    package var variant: String {
        switch subject {
        case .component(_, let variant, _): return variant
        case .scene: return "scene"
        }
    }

    /// The class, for a component.
    package var className: String? {
        if case .component(let c, _, _) = subject { return c }
        return nil
    }

    /// "default", "default.pressed", "default.pressed.dark.rtl": the variant, the state and the
    /// traits that differ from the defaults.
    package var label: String {
        [variant, state?.name ?? "", traits.label].filter { !$0.isEmpty }.joined(separator: ".")
    }

    /// "Gauge/default@2x": unique in a suite, the order of the suite, the JUnit test name.
    package var id: String { "\(group)/\(label)@\(SnapshotCase.format(scale))x" }

    /// The reference, relative to the snapshot directory.
    package var referencePath: String { id + ".png" }

    static func sceneGroup(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name + ".scene"
    }

    /// 1 → "1", 1.5 → "1.5".
    package static func format(_ scale: Double) -> String { PropertyInfo.formatNumber(scale) }
}

/// A named state of a class for snapshots (snapshot.json `classes.NAME.states`): pointer steps
/// applied after layout, as `host render --play` applies them (Storybook's play functions).
package struct SnapshotState: Equatable, Sendable {
    package var name: String
    package var play: PlayScript
    package init(name: String, play: PlayScript) {
        self.name = name
        self.play = play
    }
}

/// One attribute a variant sets, in the value syntax.
package struct SnapshotAttribute: Equatable, Sendable {
    package var name: String
    package var value: String
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A named set of attributes of a class: what a snapshot renders besides the defaults.
package struct SnapshotVariant: Equatable, Sendable {
    package static let defaultName = "default"
    package var name: String
    package var attributes: [SnapshotAttribute]

    package init(name: String, attributes: [SnapshotAttribute] = []) {
        self.name = name
        self.attributes = attributes
    }

    /// A class's variants: "default" (every property at its default) first, then those the class
    /// declares (`easel.variants/1`) in their order.
    package static func variants(of info: ClassInfo) -> [SnapshotVariant] {
        let declared = info.variants.map { v in
            SnapshotVariant(name: v.name, attributes: v.attributes.map { SnapshotAttribute(name: $0.key, value: $0.value) })
        }
        // A class may declare its own "default" (with attributes): it replaces the implicit one.
        return declared.contains { $0.name == defaultName } ? declared : [SnapshotVariant(name: defaultName)] + declared
    }
}

/// `--shard K/N`: the K-th of N contiguous, nearly equal slices of a suite in its order (the
/// Playwright and Jest convention). The slices of 1/N … N/N cover every snapshot exactly once; they
/// differ in size by at most one. Being contiguous, a slice holds a class's snapshots side by side
/// (its worker is reused); a class whose snapshots straddle a boundary is split between two shards.
package struct SnapshotShard: Equatable, Sendable {
    /// 1-based.
    package var index: Int
    package var count: Int

    package init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index))
        self.index = index
        self.count = count
    }

    /// "K/N" with 1 <= K <= N, written in decimal digits alone (`Int` would take "+1"), or nil.
    package static func parse(_ text: String) -> SnapshotShard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else { return nil }
        return SnapshotShard(index: k, count: n)
    }

    /// This shard's part of `items`: indices [⌊(K−1)·M/N⌋, ⌊K·M/N⌋), in full width (`--shard
    /// 9223372036854775807/9223372036854775807` overflowed K·M and trapped).
    package func select<T>(_ items: [T]) -> ArraySlice<T> {
        let m = items.count
        func bound(_ k: Int) -> Int { count.dividingFullWidth(k.multipliedFullWidth(by: m)).quotient }
        return items[bound(index - 1) ..< bound(index)]
    }

    package var description: String { "\(index)/\(count)" }
}
