import EaselHost
import EaselRender
import Foundation

/// The checks of `host validate`, in the order they run. Each is named, documented (`--list`) and has
/// a time budget; each runs in a worker of its own (fresh process, fresh load) unless `--in-process`.
enum ValidationChecks {
    static let all: [ValidationCheck] = [
        ValidationCheck(name: "load", summary: "the file loads: entry symbol, ABI version, init, valid descriptors", budget: 10, needsLoad: false, body: load),
        ValidationCheck(name: "descriptors", summary: "every descriptor problem at once (not only the first), and naming conventions", budget: 10, needsLoad: false, body: descriptors),
        ValidationCheck(name: "defaults", summary: "a fresh instance's getters return the declared defaults", budget: 10, needsLoad: true, body: defaults),
        ValidationCheck(name: "round-trip", summary: "set then get returns the value: defaults, range edges and steps, seeded random values, hard strings (empty, CJK, emoji, 10 kB, combining marks)", budget: 30, needsLoad: true, body: roundTrip),
        ValidationCheck(name: "draw-sizes", summary: "draws at 0×0, 1×1, the default size, the intrinsic size and 4096×4096 without failing", budget: 60, needsLoad: true, body: drawSizes),
        ValidationCheck(name: "determinism", summary: "the same pixels twice, from a fresh and a reused instance, drawn in the worker directly and through the host, and in workers whose new memory holds other bytes (uninitialised reads)", budget: 30, needsLoad: true, body: determinism),
        ValidationCheck(name: "layout-idempotent", summary: "laying out twice draws the same picture as laying out once", budget: 20, needsLoad: true, body: layoutIdempotent),
        ValidationCheck(name: "archive", summary: "the archive path runs: create_from_archive, archived attributes, awake_from_archive, layout, draw", budget: 20, needsLoad: true, body: archive),
        ValidationCheck(name: "variants", summary: "every variant renders (easel.variants/1)", budget: 60, needsLoad: true, body: variants),
        ValidationCheck(name: "resources", summary: "every image a default or a variant names is in the plugin's resources and can be read", budget: 10, needsLoad: true, body: resources),
        ValidationCheck(name: "memory", summary: "no growth of allocated memory (malloc statistics) over 1000 create/destroy cycles", budget: 60, needsLoad: true, body: memory),
        ValidationCheck(name: "stdout", summary: "nothing is written to stdout while loading, creating, setting, drawing, destroying and deinit", budget: 20, needsLoad: true, body: standardOutput),
        ValidationCheck(name: "extensions", summary: "each declared extension's table is well-formed and usable: variants' attributes set, actions run with their default argument", budget: 30, needsLoad: true, body: extensions),
    ] + liveComponentChecks + [
        ValidationCheck(name: "deinit", summary: "deinit is called after every instance is destroyed, and returns", budget: 10, needsLoad: true, body: deinitialize),
    ]

    /// Growth of allocated bytes over the cycles above which `memory` fails: 16 bytes per cycle.
    static let leakToleranceBytesPerCycle = 16
    static let cycles = 1000
    static let warmUpCycles = 20
    /// How many round-trip failures are shown per property.
    static let shownPerProperty = 3

    // MARK: - load, descriptors

    static func load(_ c: ValidationContext) throws {
        let classes = try c.classes()
        guard let first = classes.first else {
            c.warn("the plugin registers no classes")
            return
        }
        let plugin = first.info.plugin
        c.note("\(plugin.name) \(plugin.version) (\(plugin.id)), ABI \(plugin.abi), \(classes.count) class\(classes.count == 1 ? "" : "es"): \(classes.map(\.info.name).joined(separator: ", "))")
    }

    static func descriptors(_ c: ValidationContext) throws {
        // In a process that loaded the plugin already (--in-process), a successful load means valid descriptors.
        let problems = c.isolated ? try c.probe.problems() : ((try? c.classes()) != nil ? [] : try c.probe.problems())
        for p in problems { c.fail(PluginValidator.describe(p)) }
        guard problems.isEmpty else { return }
        var checked = 0
        for cls in try c.classes() {
            let info = cls.info
            if let first = info.name.first, !first.isUppercase {
                c.warn("class \(info.name): class names are UpperCamelCase by convention (easel.h, NAMES)")
            }
            for p in info.properties {
                checked += 1
                if let first = p.name.first, !(first.isLowercase || first == "_") {
                    c.warn("class \(info.name): property \(p.name): property names are lowerCamelCase by convention (easel.h, NAMES)")
                }
            }
        }
        c.note("every descriptor is valid (\(counted(checked, "property", "properties")))")
    }

    // MARK: - defaults, round trips

    /// easel.h's DEFAULTS rule, as the host checks it (``DefaultsCheck``), made a failure.
    static func defaults(_ c: ValidationContext) throws {
        var checked = 0
        for cls in try c.classes() {
            let info = cls.info
            let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize))
            for m in try DefaultsCheck.mismatches(of: instance) {
                c.fail("class \(info.name): property \(m.property.name): declared default \(ValueSamples.describe(m.property.defaultValue, m.property)), a fresh instance has \(ValueSamples.describe(m.actual, m.property))")
            }
            checked += info.properties.count
            try c.checkBudget()
        }
        c.note("\(counted(checked, "property", "properties")) read back \(checked == 1 ? "its declared default" : "their declared defaults") from a fresh instance")
    }

    static func roundTrip(_ c: ValidationContext) throws {
        var rng = SeededGenerator(seed: c.seed)
        var tried = 0, properties = 0
        var singlePrecision = Set<String>()
        for cls in try c.classes() {
            let info = cls.info
            let images = resourceImages(info)
            for p in info.properties where !p.isReadOnly {
                properties += 1
                // A fresh instance per property: sets of one property never explain another's result.
                let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize))
                var shown = 0, more = 0
                for value in ValueSamples.values(for: p, using: &rng, images: images) {
                    tried += 1
                    let got: PropertyValue
                    do {
                        try instance.set(p.name, to: value)
                        got = try instance.get(p.name)
                    } catch let error as HostError {
                        // The instance (or its worker) may be gone: the next property starts afresh.
                        c.fail("class \(info.name): property \(p.name): setting \(ValueSamples.describe(value, p)) failed: \(PluginValidator.describe(error, inClass: info.name, property: p.name))")
                        break
                    }
                    if !ValueSamples.same(got, value) {
                        if ValueSamples.sameInSinglePrecision(got, value) {
                            singlePrecision.insert("class \(info.name): property \(p.name)")
                            continue
                        }
                        if shown < shownPerProperty {
                            c.fail("class \(info.name): property \(p.name): set \(ValueSamples.describe(value, p)), read back \(ValueSamples.describe(got, p))")
                            shown += 1
                        } else {
                            more += 1
                        }
                    }
                }
                if more > 0 { c.fail("class \(info.name): property \(p.name): and \(more) more values did not round-trip") }
                try c.checkBudget()
            }
        }
        for name in singlePrecision.sorted() {
            c.warn("\(name): values come back rounded to single precision (kept as a Float, like CALayer.opacity)")
        }
        let reproduce = "seed \(c.seed); reproduce with --seed \(c.seed)"
        if c.result.0 == .failed { c.fail("(\(reproduce))") }
        c.note("\(counted(tried, "value", "values")) round-tripped over \(counted(properties, "writable property", "writable properties")) (\(reproduce))")
    }

    /// Image files in a class's resource directory (names relative to it), for image round trips.
    static func resourceImages(_ info: ClassInfo) -> [String] {
        let dir = PluginLoader.resourceDirectory(for: info.plugin.path)
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: dir) else { return [] }
        return names.filter { n in [".png", ".jpg", ".jpeg", ".svg"].contains { n.lowercased().hasSuffix($0) } }.sorted().prefix(3).map { $0 }
    }

    /// "1 property", "2 properties": the checks' notes ("1 properties" read as a typo).
    static func counted(_ n: Int, _ noun: String, _ plural: String) -> String { "\(n) \(n == 1 ? noun : plural)" }
}
