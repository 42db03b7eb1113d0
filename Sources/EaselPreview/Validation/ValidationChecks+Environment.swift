import EaselHost
import EaselRender
import Foundation

/// The checks of what a plugin does around drawing: resources, memory, standard output, extensions, deinit.
extension ValidationChecks {

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
                            c.fail("class \(info.name): \(id): variant \(variant.name): \(PluginValidator.describe(error, inClass: info.name))")
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
                                c.fail("class \(info.name): \(id): action \(action.signature) with its default argument\(from): \(PluginValidator.describe(error, inClass: info.name))")
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

