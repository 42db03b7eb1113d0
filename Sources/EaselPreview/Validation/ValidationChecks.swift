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
                        c.fail("class \(info.name): property \(p.name): setting \(ValueSamples.describe(value, p)) failed: \(PluginValidator.describe(error))")
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

    // MARK: - drawing

    static func drawSizes(_ c: ValidationContext) throws {
        var drawn: [String] = []
        for cls in try c.classes() {
            let info = cls.info
            var sizes: [(String, Size)] = [("0×0", .zero), ("1×1", Size(width: 1, height: 1))]
            if info.defaultSize.width > 0 && info.defaultSize.height > 0 {
                sizes.append(("the default size \(format(info.defaultSize))", info.defaultSize))
            }
            if let intrinsic = try intrinsicSize(cls) { sizes.append(("the intrinsic size \(format(intrinsic))", intrinsic)) }
            sizes.append(("4096×4096", Size(width: 4096, height: 4096)))
            for (label, size) in sizes {
                let start = Clock.seconds()
                do {
                    let instance = try cls.makeInstance(frame: Rect(size: size))
                    try instance.prepareForDesigner()
                    _ = try InstancePixels.render(instance, size: size)
                } catch let error as HostError {
                    c.fail("class \(info.name): drawing at \(label) failed: \(PluginValidator.describe(error))")
                    continue
                }
                let seconds = Clock.seconds() - start
                if seconds > c.budget / 2 {
                    c.warn("class \(info.name): drawing at \(label) took \(String(format: "%.1f", seconds)) s")
                }
                try c.checkBudget()
            }
            drawn.append("\(info.name) at " + sizes.map { $0.0 }.joined(separator: ", "))
        }
        c.note("drew " + drawn.joined(separator: "; "))
    }

    /// The intrinsic size of a fresh instance, an axis without one taking the default size's; nil
    /// when it has none or it equals the default size.
    static func intrinsicSize(_ cls: DesignableClass) throws -> Size? {
        let info = cls.info
        let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize))
        let s = try instance.intrinsicSize()
        guard s.width > 0 || s.height > 0 else { return nil }
        let size = Size(width: s.width > 0 ? s.width : max(info.defaultSize.width, 1),
                        height: s.height > 0 ? s.height : max(info.defaultSize.height, 1))
        return size == info.defaultSize || !size.width.isFinite || !size.height.isFinite ? nil : size
    }

    /// The size a class is drawn at by the checks that compare pictures: its natural size (as
    /// `host render` picks it), nil when that is empty.
    static func pictureSize(_ cls: DesignableClass, _ c: ValidationContext) throws -> Size? {
        let size = try DesignerInstance.naturalSize(of: cls, instance: try cls.makeInstance(frame: Rect(size: cls.info.defaultSize)))
        guard size.width > 0, size.height > 0 else {
            c.note("class \(cls.info.name): no default or intrinsic size: not drawn")
            return nil
        }
        return Size(width: min(size.width, 2048), height: min(size.height, 2048))
    }

    /// A fresh instance, prepared for the designer, as `host render` makes it.
    static func fresh(_ cls: DesignableClass, _ size: Size) throws -> DesignableInstance {
        let instance = try cls.makeInstance(frame: Rect(size: size))
        try instance.prepareForDesigner()
        return instance
    }

    static func differing(_ a: RGBAImage, _ b: RGBAImage) -> String {
        guard let comparison = ImageComparison.compare(reference: a, actual: b, tolerance: SnapshotTolerance(threshold: 0, maxDifferingShare: 0, ignoresAntialiasing: false)) else {
            return "sizes \(a.width)×\(a.height) and \(b.width)×\(b.height)"
        }
        return "\(comparison.differingPixels) of \(comparison.totalPixels) pixels differ"
    }

    /// The bytes new memory holds in the workers of the uninitialised-memory comparison.
    static let fills: [UInt8] = [0x55, 0xAA]

    static func determinism(_ c: ValidationContext) throws {
        var compared: [String] = []
        for cls in try c.classes() {
            let info = cls.info
            guard let size = try pictureSize(cls, c) else { continue }
            let first = try fresh(cls, size)
            let picture = try InstancePixels.render(first, size: size)
            // The same instance, drawn again.
            let again = try InstancePixels.render(first, size: size, layout: false)
            if again != picture {
                c.fail("class \(info.name): drawing the same instance twice gave different pictures (\(differing(picture, again)))")
            }
            // A second instance, used first: drawn at another size, then at this size again.
            let reused = try fresh(cls, size)
            let other = Size(width: max(1, (size.width / 2).rounded()), height: max(1, (size.height / 2 + 7).rounded()))
            _ = try InstancePixels.render(reused, size: other)
            let resized = try InstancePixels.render(reused, size: size)
            if resized != picture {
                c.fail("class \(info.name): an instance drawn at \(format(other)) first, then at \(format(size)), draws differently from a fresh one (\(differing(picture, resized))): does drawing depend on state left by earlier layouts or draws?")
            } else {
                // Then every property changed and set back to what a fresh instance has.
                var rng = SeededGenerator(seed: c.seed)
                var original: [(PropertyInfo, PropertyValue)] = []
                for p in info.properties where !p.isReadOnly {
                    original.append((p, try first.get(p.name)))
                    if let change = ValueSamples.values(for: p, using: &rng).dropFirst().first { try? reused.set(p.name, to: change) }
                }
                _ = try InstancePixels.render(reused, size: size)
                for (p, value) in original { try reused.set(p.name, to: value) }
                let restored = try InstancePixels.render(reused, size: size)
                if restored != picture {
                    var changed: [String] = []
                    for (p, value) in original where !ValueSamples.same(try reused.get(p.name), value) { changed.append(p.name) }
                    c.fail("class \(info.name): an instance whose properties were changed and set back draws differently from a fresh one (\(differing(picture, restored)))" + (changed.isEmpty ? ": does drawing depend on uninitialised memory or on earlier values?" : "; properties that did not come back: \(changed.joined(separator: ", "))"))
                }
            }
            // The same instance drawn in its own process straight onto Cairo vs through the host.
            if c.isolated {
                let direct = try c.probe.renderDirectly(first, size: size, scale: 1)
                let directPicture = RGBAImage(width: direct.width, height: direct.height, pixels: direct.rgba)
                if directPicture != picture {
                    c.fail("class \(info.name): drawn directly in the worker and replayed in the host, the pictures differ (\(differing(picture, directPicture)))")
                }
            }
            // Fresh instances in workers whose new memory holds other bytes: the same picture
            // unless create or draw reads memory it never set.
            if case .workers(let timeout) = c.isolation {
                for fill in fills {
                    let probe = try PluginProbes.make(path: c.path, timeout: timeout, fill: fill, environment: c.environment)
                    defer { probe.stop() }
                    guard let filledClass = try probe.load().first(where: { $0.info.name == info.name }) else { continue }
                    let filled = try InstancePixels.render(try fresh(filledClass, size), size: size)
                    if filled != picture {
                        c.fail("class \(info.name): a fresh instance drawn in a worker whose new memory (from malloc, and the stack) holds 0x\(String(fill, radix: 16, uppercase: true)) draws differently (\(differing(picture, filled))): do create or draw read memory they never set?")
                        break
                    }
                }
            }
            compared.append(info.name)
            try c.checkBudget()
        }
        if !c.isolated { c.note("with --in-process the worker's direct drawing and uninitialised memory are not checked") }
        if !compared.isEmpty { c.note("the same pixels twice, fresh vs reused\(c.isolated ? ", in the worker vs in the host, new memory filled with 0x55 and 0xAA" : ""): \(compared.joined(separator: ", "))") }
    }

    static func layoutIdempotent(_ c: ValidationContext) throws {
        var compared: [String] = []
        for cls in try c.classes() {
            guard let size = try pictureSize(cls, c) else { continue }
            let instance = try fresh(cls, size)
            let once = try InstancePixels.render(instance, size: size)
            try instance.layout(size: size)
            let twice = try InstancePixels.render(instance, size: size) // lays out once more first
            if once != twice {
                c.fail("class \(cls.info.name): laying out again at \(format(size)) changed the picture (\(differing(once, twice))): layout must only depend on the size and the properties")
            }
            compared.append(cls.info.name)
            try c.checkBudget()
        }
        if !compared.isEmpty { c.note("laid out once and three times, same pictures: \(compared.joined(separator: ", "))") }
    }

    static func archive(_ c: ValidationContext) throws {
        var done: [String] = []
        for cls in try c.classes() {
            let info = cls.info
            let size = info.defaultSize.width > 0 && info.defaultSize.height > 0 ? info.defaultSize : Size(width: 100, height: 100)
            let attributes = info.properties.filter { !$0.isReadOnly && !$0.isHidden }.map { (key: $0.name, value: $0.format($0.defaultValue)) }
            let archive = Archive(frame: Rect(size: size), attributes: attributes, source: "host validate")
            let instance = try DesignerInstance(cls, archive: archive, prepareForDesigner: true)
            _ = try InstancePixels.render(instance.instance, size: size)
            done.append("\(info.name) (\(attributes.count) archived attributes)")
            try c.checkBudget()
        }
        c.note("created from an archive, awoken, laid out and drawn: " + done.joined(separator: ", "))
    }

    static func variants(_ c: ValidationContext) throws {
        var rendered = 0
        for cls in try c.classes() {
            for variant in cls.info.variants {
                let request = ComponentRenderRequest(className: cls.info.name, variant: variant.name)
                do { _ = try ComponentRender.render(cls, request) } catch let error as HostError {
                    c.fail("class \(cls.info.name): variant \(variant.name) does not render: \(PluginValidator.describe(error))")
                }
                rendered += 1
                try c.checkBudget()
            }
        }
        if rendered == 0 { c.skip("no class declares variants (easel.variants/1)") } else { c.note("\(rendered) variant\(rendered == 1 ? "" : "s") rendered") }
    }

    // MARK: - resources, memory, stdout, extensions, deinit

    static func resources(_ c: ValidationContext) throws {
        var named = 0
        let canvas = try RenderTarget(format: .png(compressionLevel: 1), options: RenderOptions(width: 1, height: 1)).canvas
        for cls in try c.classes() {
            let info = cls.info
            let resolver = ResourceImageResolver(resourceDirectory: PluginLoader.resourceDirectory(for: info.plugin.path))
            var uses: [(String, String)] = [] // (where, name)
            for p in info.properties where p.type == .image {
                if case .image(let name?) = p.defaultValue, !name.isEmpty { uses.append(("property \(p.name): the default", name)) }
            }
            for variant in SnapshotVariant.variants(of: info) {
                for a in variant.attributes where info.property(named: a.name)?.type == .image && !a.value.isEmpty {
                    uses.append(("variant \(variant.name): property \(a.name)", a.value))
                }
            }
            for (place, name) in uses {
                named += 1
                let resolution = resolve(name, resolver)
                guard resolution.path != nil else {
                    c.fail("class \(info.name): \(place) names image \(name.quoted), which is not in the resources (tried: \(resolution.tried.joined(separator: ", ")))")
                    continue
                }
                canvas.resolver = resolver
                let size = resolution.path!.withCString { canvas.pointer.pointee.image_size(canvas.pointer, $0) }
                if size.width <= 0 || size.height <= 0 {
                    c.fail("class \(info.name): \(place) names image \(name.quoted), found at \(resolution.path!) but not readable as PNG, JPEG or SVG")
                }
            }
        }
        if named == 0 { c.skip("no default or variant names an image") } else { c.note("\(named) image\(named == 1 ? "" : "s") named by defaults and variants found") }
    }

    /// An image name as easel.h resolves it (the resource directory, then as given), and as EaselKit's
    /// `UIImage(named:)` names images: without an extension, the first of .png, .svg, .jpg, .jpeg.
    static func resolve(_ name: String, _ resolver: ResourceImageResolver) -> ImageResolution {
        var tried: [String] = []
        for candidate in [name] + ["png", "svg", "jpg", "jpeg"].map({ "\(name).\($0)" }) {
            let r = resolver.resolve(candidate)
            if r.path != nil { return r }
            tried += r.tried
            if name.contains(".") { break } // a name with an extension is taken as it is
        }
        return ImageResolution(path: nil, tried: tried)
    }

    static func memory(_ c: ValidationContext) throws {
        var lines: [String] = []
        for cls in try c.classes() {
            let info = cls.info
            let frame = Rect(size: info.defaultSize)
            try c.probe.cycle(className: info.name, count: warmUpCycles, frame: frame)
            let before = try c.probe.memoryUsage()
            try c.probe.cycle(className: info.name, count: cycles, frame: frame)
            let after = try c.probe.memoryUsage()
            let growth = Int64(bitPattern: after.allocatedBytes &- before.allocatedBytes)
            let resident = (Int64(bitPattern: after.residentBytes &- before.residentBytes)) / 1024
            let summary = "allocated memory \(growth >= 0 ? "+" : "")\(growth) bytes (resident \(resident >= 0 ? "+" : "")\(resident) kB) over \(cycles) create/destroy cycles"
            if growth > Int64(cycles * leakToleranceBytesPerCycle) {
                c.fail("class \(info.name): \(summary): about \(growth / Int64(cycles)) bytes are not freed per instance (does destroy free everything create allocated?)")
            } else {
                lines.append("\(info.name): \(summary)")
            }
            try c.checkBudget()
        }
        lines.forEach(c.note)
    }

    static func standardOutput(_ c: ValidationContext) throws {
        var written: [(String, [UInt8])] = []
        func phase<T>(_ name: String, _ body: () throws -> T) throws -> T {
            try c.probe.beginCapturingOutput()
            let result: T
            do { result = try body() } catch {
                written.append((name, (try? c.probe.endCapturingOutput()) ?? []))
                throw error
            }
            written.append((name, try c.probe.endCapturingOutput()))
            return result
        }
        let classes = try phase(c.isolated ? "load" : "(already loaded)") { try c.classes() }
        for cls in classes {
            let info = cls.info
            let size = info.defaultSize.width > 0 && info.defaultSize.height > 0 ? info.defaultSize : Size(width: 100, height: 100)
            var instance: DesignableInstance? = try phase("\(info.name): create") { try cls.makeInstance(frame: Rect(size: size)) }
            try phase("\(info.name): set") { for p in info.properties where !p.isReadOnly { try instance!.set(p.name, to: p.defaultValue) } }
            try phase("\(info.name): prepare") { try instance!.prepareForDesigner() }
            try phase("\(info.name): layout and draw") { _ = try InstancePixels.render(instance!, size: size) }
            try phase("\(info.name): get") { for p in info.properties { _ = try instance!.get(p.name) } }
            try phase("\(info.name): destroy") { instance = nil }
        }
        // In this process (--in-process) deinit is left to the deinit check, which runs last.
        if c.isolated { _ = try phase("deinit") { try c.probe.finish() } }
        for (name, bytes) in written where !bytes.isEmpty {
            let text = String(decoding: bytes.prefix(200), as: UTF8.self)
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            c.fail("\(name): wrote \(bytes.count) byte\(bytes.count == 1 ? "" : "s") to stdout, starting \"\(line.prefix(80))\" (log through easel_host.log instead: stdout belongs to the host's user: `render -o -` writes the picture there)")
        }
        if c.result.0 != .failed {
            c.note("nothing written to stdout in \(written.count) phases (" + (c.isolated ? "load, " : "") + "create, set, prepare, layout and draw, get, destroy" + (c.isolated ? ", deinit" : "") + ")")
        }
    }

    /// The host reads and validates every extension table it knows when the plugin loads (a broken
    /// one fails `load` and `descriptors`, with every problem). This check then uses them: every
    /// variant's attributes apply through the setters, and every action runs with its default
    /// argument on a fresh instance, which then still lays out and draws.
    static func extensions(_ c: ValidationContext) throws {
        var used: [String] = []
        for cls in try c.classes() {
            let info = cls.info
            guard !info.extensions.isEmpty else { continue }
            for id in info.extensions {
                switch id {
                case ExtensionID.variants:
                    for variant in info.variants {
                        let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize))
                        do {
                            for (name, value) in try info.parse(variant.assignments) { try instance.set(name, to: value) }
                        } catch let error as HostError {
                            c.fail("class \(info.name): \(id): variant \(variant.name): \(PluginValidator.describe(error))")
                        }
                    }
                    used.append("\(info.name): \(id) (\(info.variants.count) variant\(info.variants.count == 1 ? "" : "s"))")
                case ExtensionID.actions:
                    // From the default state and from each variant's: an action must leave every
                    // property inside its declared range (a "bump" from a variant at the maximum).
                    let starts: [(String, VariantInfo?)] = [("", nil)] + info.variants.map { (" from variant \($0.name)", $0) }
                    let size = try pictureSize(cls, c) ?? Size(width: 100, height: 100)
                    for action in info.actions {
                        for (from, variant) in starts {
                            let instance = try fresh(cls, size)
                            do {
                                if let variant { for (name, value) in try info.parse(variant.assignments) { try instance.set(name, to: value) } }
                                try instance.invoke(action.name, argument: action.argument?.defaultValue)
                                for p in info.properties {
                                    let value = try instance.get(p.name)
                                    do { try p.check(value) } catch let error as HostError {
                                        c.fail("class \(info.name): \(id): action \(action.signature)\(from) left property \(p.name) at \(p.format(value)): \(error.message)")
                                    }
                                }
                                _ = try InstancePixels.render(instance, size: size)
                            } catch let error as HostError {
                                c.fail("class \(info.name): \(id): action \(action.signature) with its default argument\(from): \(PluginValidator.describe(error))")
                            }
                            try c.checkBudget()
                        }
                    }
                    used.append("\(info.name): \(id) (\(info.actions.count) action\(info.actions.count == 1 ? "" : "s") run)")
                default:
                    used.append("\(info.name): \(id)")
                }
            }
        }
        if used.isEmpty { c.skip("the plugin declares no extension this host knows (\(ExtensionID.classExtensions.joined(separator: ", ")))") } else { c.note("well-formed and usable: " + used.joined(separator: "; ")) }
    }

    static func deinitialize(_ c: ValidationContext) throws {
        for cls in try c.classes() {
            let info = cls.info
            _ = try cls.makeInstance(frame: Rect(size: info.defaultSize)) // created and destroyed
        }
        if try c.probe.finish() {
            c.note("deinit was called after every instance was destroyed, and returned")
        } else {
            c.skip("the plugin declares no deinit")
        }
    }

    static func format(_ s: Size) -> String { "\(PropertyInfo.formatNumber(s.width))×\(PropertyInfo.formatNumber(s.height))" }
}

/// "1 property", "2 properties": the checks' notes ("1 properties" read as a typo).
private func counted(_ n: Int, _ noun: String, _ plural: String) -> String { "\(n) \(n == 1 ? noun : plural)" }
