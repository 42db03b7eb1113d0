import EaselHost
import EaselRender
import Foundation

/// The checks of what a class draws: sizes, determinism (two fills of new memory), layout, archives, variants.
extension ValidationChecks {

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
                    c.fail("class \(info.name): drawing at \(label) failed: \(PluginValidator.describe(error, inClass: info.name))")
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
                    c.fail("class \(cls.info.name): variant \(variant.name) does not render: \(PluginValidator.describe(error, inClass: cls.info.name))")
                }
                rendered += 1
                try c.checkBudget()
            }
        }
        if rendered == 0 { c.skip("no class declares variants (easel.variants/1)") } else { c.note("\(rendered) variant\(rendered == 1 ? "" : "s") rendered") }
    }
}
