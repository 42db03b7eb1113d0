import EaselHost
import EaselPreview
import EaselRender
import Glibc

/// `host gallery`: the components' documentation page. Renders every registered class in every
/// variant into one folder (`<Class>.png` for the defaults, `<Class>-<variant>.png` for the others)
/// and writes an `index.html` (see ``GalleryPage``) with the pictures in a grid, the command line of
/// each, the property tables, links between classes, a search box and each plugin's `host validate`
/// status.
enum GalleryCommand: Command {
    static let spec = CommandSpec(
        name: "gallery",
        summary: "render every class and variant into a folder with an index.html documenting them",
        usage: "",
        options: [
            OptionSpec(name: "out", value: "DIR", help: "where the pictures and index.html go (default ./gallery)"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point (default 2)"),
            OptionSpec(name: "no-validate", help: "leave out the plugins' validation status (faster)"),
        ],
        details: """
        Each plugin is validated (the checks of host validate, in workers) unless --no-validate; a failed
        check is shown on the page and does not change the exit status. A class or variant that fails to
        render is reported and shown as an error; the exit status is then 69.
        """)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let out = arguments.value("out") ?? "./gallery"
        let scale = try RenderCommand.scale(arguments) ?? 2
        makeDirectories(out)
        guard access(out, W_OK) == 0 else {
            throw HostError(.cannotCreate, "cannot write the gallery here (expected a writable directory)", file: out)
        }
        let registry = try CLI.registry(arguments)
        if registry.classes.isEmpty {
            let failed = registry.failures.isEmpty ? "" : "; \(registry.failures.count) file\(registry.failures.count == 1 ? "" : "s") failed to load (see host list)"
            throw HostError(.notFound, "no classes to render in \(registry.searchPath.directories.joined(separator: ", "))\(failed)")
        }
        var entries: [GalleryEntry] = []
        var failures = 0, pictures = 0
        for summary in registry.classes {
            guard let info = try registry.classInfo(named: summary.name) else { continue }
            var variants: [GalleryVariant] = []
            for variant in SnapshotVariant.variants(of: info) {
                let declared = info.variants.first { $0.name == variant.name }
                let isDefault = variant.name == SnapshotVariant.defaultName && declared == nil
                let file = isDefault ? "\(info.name).png" : "\(info.name)-\(variant.name).png"
                let command = GalleryPage.shellCommand(["host", "render", info.name]
                    + variant.attributes.flatMap { ["--set", "\($0.name)=\($0.value)"] }
                    + ["--scale", PropertyInfo.formatNumber(scale), "-o", file])
                var entry = GalleryVariant(name: variant.name, displayName: declared?.displayName ?? "Default",
                                           summary: declared?.summary ?? (isDefault ? "every property at its default" : nil),
                                           file: nil, error: nil, command: command, size: nil)
                do {
                    guard let cls = try registry.designableClass(named: info.name) else { continue }
                    let request = ComponentRenderRequest(className: info.name, assignments: variant.attributes.map { ($0.name, $0.value) },
                                                         scale: scale, format: .png(compressionLevel: 6))
                    let target = try ComponentRender.render(cls, request)
                    do { try target.write(to: "\(out)/\(file)") } catch let e as RenderError { throw HostError(e) }
                    entry.file = file
                    entry.size = Size(width: Double(target.pixelWidth) / scale, height: Double(target.pixelHeight) / scale)
                    pictures += 1
                    print("rendered \(info.name)\(isDefault ? "" : " (\(variant.name))") → \(out)/\(file)")
                } catch let error as HostError {
                    fputs("host gallery: error: \(error)\(isDefault ? "" : " (variant \(variant.name))")\n", stderr)
                    entry.error = error.description
                    failures += 1
                }
                variants.append(entry)
            }
            entries.append(GalleryEntry(info: info, variants: variants))
        }
        var validations: [PluginValidation]?
        if !arguments.has("no-validate") {
            let isolation = try CLI.isolation(arguments)
            let paths = Set(entries.map(\.info.plugin.path)).sorted()
            validations = paths.map { PluginValidator.validate($0, checks: PluginValidator.checks, isolation: isolation, seed: 1) }
            for v in validations! where v.failed {
                print("validation: \(v.path): \(v.count(.failed)) check\(v.count(.failed) == 1 ? "" : "s") failed (host validate \(v.path))")
            }
        }
        let index = "\(out)/index.html"
        do { try AtomicFile.write(Array(GalleryPage.html(entries, validations: validations, scale: scale).utf8), to: index) } catch let e as RenderError {
            throw HostError(e)
        }
        let total = entries.reduce(0) { $0 + $1.variants.count }
        print("gallery: \(pictures) of \(total) pictures (\(entries.count) class\(entries.count == 1 ? "" : "es")) in \(index)")
        return failures > 0 ? 69 : 0
    }
}
