import EaselCLI
import EaselHost
import EaselPreview
import EaselRender
@preconcurrency import Glibc

extension DrawingLibraryEngine {
    /// The traits each class's default picture is shown in beside the light one: file suffix,
    /// caption and `--trait` assignment.
    static let galleryTraitVariations = [("dark", "Default · Dark", "appearance=dark"),
                                         ("rtl", "Default · Right to left", "direction=rtl")]

    /// `host gallery`: every class in every variant into one folder, and its index.html.
    func gallery(_ request: GalleryRequest, _ invocation: Invocation) throws -> Int32 {
        let out = request.outputDirectory
        let scale = request.scale
        // A file is writable too: it was found out only by every picture failing, one error line each.
        var st = stat()
        if stat(out, &st) == 0, st.st_mode & S_IFMT != S_IFDIR {
            throw HostError(.cannotCreate, "is a file, not a directory (expected a folder for the gallery's pictures and index.html)", file: out)
        }
        let registry = try invocation.registry()
        if registry.classes.isEmpty {
            let failed = registry.failures.isEmpty ? "" : "; \(registry.failures.count) file\(registry.failures.count == 1 ? "" : "s") failed to load (see \(CLI.programName) list)"
            throw HostError(.notFound, "no classes to render in \(registry.searchPath.directories.joined(separator: ", "))\(failed)")
        }
        // The folders the pictures' command lines load from, unless it is the default that a bare
        // `host render` searches too (without them a line found no class when the gallery was made
        // from another folder), as the designer's "Copy as command" writes them.
        let directories = registry.searchPath.directories
        let pluginOptions = directories == ["./components"] ? [] : directories.flatMap { ["--plugins", $0] }
        // Made only once there is something to put in it: an empty folder was left behind.
        makeDirectories(out)
        guard access(out, W_OK) == 0 else {
            throw HostError(.cannotCreate, "cannot write the gallery here (expected a writable directory)", file: out)
        }
        var entries: [GalleryEntry] = []
        var failures = 0, pictures = 0
        for summary in registry.classes {
            guard let info = try registry.classInfo(named: summary.name) else { continue }
            var entry = GalleryEntry(info: info, variants: [])
            let cls: DesignableClass
            do {
                guard let found = try registry.designableClass(named: info.name) else { continue }
                cls = found
                for m in try registry.checkedDefaults(of: cls) {
                    invocation.environment.diagnostics.warn(m.message)
                    entry.warnings.append(m.message)
                }
            } catch let error as HostError {
                fputs("\(CLI.programName) gallery: error: \(error)\n", stderr)
                entry.errors.append(error.description)
                failures += 1 + info.variants.count // none of its pictures is made
                entries.append(entry)
                continue
            }
            for variant in [nil] + info.variants.map(Optional.some) {
                let file = variant.map { "\(info.name).\($0.name).png" } ?? "\(info.name).png"
                let command = GalleryPage.shellCommand([CLI.programName, "render", info.name] + pluginOptions
                    + (variant.map { ["--variant", $0.name] } ?? [])
                    + request.traits.assignments.flatMap { ["--trait", $0] }
                    + ["--scale", PropertyInfo.formatNumber(scale), "-o", file])
                var picture = GalleryVariant(name: variant?.name ?? SnapshotVariant.defaultName, displayName: variant?.displayName ?? "Default",
                                             summary: variant?.summary ?? (variant == nil ? "every property at its default" : nil),
                                             file: nil, error: nil, command: command, size: nil)
                do {
                    var render = ComponentRenderRequest(className: info.name, scale: scale, format: .png(compressionLevel: 6),
                                                        variant: variant?.name)
                    render.traits = request.traits
                    let target = try ComponentRender.render(cls, render)
                    try HostError.rendering { try target.write(to: "\(out)/\(file)") }
                    picture.file = file
                    picture.size = Size(width: Double(target.pixelWidth) / scale, height: Double(target.pixelHeight) / scale)
                    pictures += 1
                    print("rendered \(info.name)\(variant.map { " (\($0.name))" } ?? "") → \(out)/\(file)")
                } catch let error as HostError {
                    // The variant goes on the error's first line, not after the worker's last output.
                    var lines = error.description.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    if let variant { lines[0] += " (variant \(variant.name))" }
                    fputs("\(CLI.programName) gallery: error: \(lines.joined(separator: "\n"))\n", stderr)
                    picture.error = error.description
                    failures += 1
                }
                entry.variants.append(picture)
            }
            // The default picture in dark appearance and right to left, beside the light one (with
            // the gallery's own --trait; none that the gallery's traits already are).
            if entry.variants.first?.file != nil {
                for (name, display, assignment) in Self.galleryTraitVariations {
                    let file = "\(info.name)+\(name).png" // (a variant name is an identifier: no clash)
                    var traits = request.traits
                    try? traits.apply(assignment)
                    if traits == request.traits { continue }
                    var picture = GalleryVariant(name: "\(SnapshotVariant.defaultName).\(name)", displayName: display, summary: "the default, \(assignment)",
                                                 file: nil, error: nil, command: GalleryPage.shellCommand([CLI.programName, "render", info.name] + pluginOptions
                                                    + traits.assignments.flatMap { ["--trait", $0] }
                                                    + ["--scale", PropertyInfo.formatNumber(scale), "-o", file]), size: nil)
                    do {
                        var request = ComponentRenderRequest(className: info.name, scale: scale, format: .png(compressionLevel: 6))
                        request.traits = traits
                        let target = try ComponentRender.render(cls, request)
                        do { try target.write(to: "\(out)/\(file)") } catch let e as RenderError { throw HostError(e) }
                        picture.file = file
                        picture.size = Size(width: Double(target.pixelWidth) / scale, height: Double(target.pixelHeight) / scale)
                        pictures += 1
                        print("rendered \(info.name) (\(assignment)) → \(out)/\(file)")
                    } catch let error as HostError {
                        fputs("\(CLI.programName) gallery: error: \(error) (--trait \(assignment))\n", stderr)
                        picture.error = error.description
                        failures += 1
                    }
                    entry.traitVariations.append(picture)
                }
            }
            entries.append(entry)
        }
        var validations: [PluginValidation]?
        if request.validates {
            let isolation = try invocation.isolation()
            let paths = Set(entries.map(\.info.plugin.path)).sorted()
            validations = paths.map { PluginValidator.validate($0, checks: PluginValidator.checks, isolation: isolation, seed: 1, environment: invocation.environment) }
            for v in validations! where v.failed {
                print("validation: \(v.path): \(v.count(.failed)) check\(v.count(.failed) == 1 ? "" : "s") failed (\(CLI.programName) validate \(v.path))")
            }
        }
        let index = "\(out)/index.html"
        let page = GalleryPage.html(entries, validations: validations, scale: scale, programName: CLI.programName)
        try HostError.rendering { try AtomicFile.write(Array(page.utf8), to: index) }
        // "0 of 2 classes" was printed when a class's default picture rendered but a variant failed:
        // the classes rendered in full, those in part, and the pictures made and failed.
        let complete = entries.filter { $0.errors.isEmpty && $0.variants.allSatisfy { $0.error == nil } }.count
        let partial = entries.filter { entry in entry.variants.contains { $0.file != nil } }.count - complete
        func counted(_ n: Int, _ noun: String, _ plural: String) -> String { "\(n) \(n == 1 ? noun : plural)" }
        print("gallery: \(complete) of \(counted(entries.count, "class", "classes")) in full"
              + (partial > 0 ? ", \(partial) in part" : "")
              + " (\(counted(pictures, "picture", "pictures"))" + (failures > 0 ? ", \(failures) failed" : "") + ") in \(index)")
        return failures > 0 ? 69 : 0
    }
}
