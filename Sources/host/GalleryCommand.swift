import EaselHost
import EaselPreview
import EaselRender
@preconcurrency import Glibc

/// `host gallery`: renders every registered class with its defaults, and in each of its variants
/// (easel.variants/1), into one folder, with an `index.html` that shows them together with their
/// inspectable properties, actions and the defaults check's warnings.
enum GalleryCommand: Command {
    static let spec = CommandSpec(
        name: "gallery",
        summary: "render every class, in every variant, into a folder with an index.html",
        usage: "",
        options: [
            OptionSpec(name: "out", value: "DIR", help: "where the pictures and index.html go (default ./gallery)"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point (default 2)"),
        ],
        details: """
        Pictures are DIR/<Class>.png (the defaults) and DIR/<Class>.<variant>.png (each variant). A
        property whose new instance does not read back its declared default is a warning, on stderr and
        on the page. A class that fails to render is reported and skipped; the exit status is then 69.
        """)

    /// One class on the page: its pictures (the defaults first), what failed, what was warned.
    struct Entry {
        let info: ClassInfo
        var pictures: [(variant: VariantInfo?, file: String)] = []
        var errors: [String] = []
        var warnings: [String] = []
    }

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
        var entries: [Entry] = []
        for summary in registry.classes {
            guard let info = try registry.classInfo(named: summary.name) else { continue }
            var entry = Entry(info: info)
            do {
                guard let cls = try registry.designableClass(named: summary.name) else { continue }
                do {
                    for m in try DefaultsCheck.check(cls) {
                        Diagnostics.warningSink(m.message)
                        entry.warnings.append(m.message)
                    }
                } catch let error as HostError {
                    entry.errors.append("the defaults could not be checked: \(error)")
                }
                for variant in [nil] + info.variants.map(Optional.some) {
                    let file = variant.map { "\(summary.name).\($0.name).png" } ?? "\(summary.name).png"
                    do {
                        let target = try ComponentRender.render(cls, ComponentRenderRequest(
                            className: summary.name, scale: scale, format: .png(compressionLevel: 6), variant: variant?.name))
                        do { try target.write(to: "\(out)/\(file)") } catch let e as RenderError { throw HostError(e) }
                        print("rendered \(summary.name)\(variant.map { " (\($0.name))" } ?? "") → \(out)/\(file)")
                        entry.pictures.append((variant, file))
                    } catch let error as HostError {
                        fputs("host gallery: error: \(error)\(variant.map { " (variant \($0.name))" } ?? "")\n", stderr)
                        entry.errors.append((variant.map { "variant \($0.name): " } ?? "") + error.description)
                    }
                }
            } catch let error as HostError {
                fputs("host gallery: error: \(error)\n", stderr)
                entry.errors.append(error.description)
            }
            entries.append(entry)
        }
        let index = "\(out)/index.html"
        do { try AtomicFile.write(Array(page(entries, scale: scale).utf8), to: index) } catch let e as RenderError {
            throw HostError(e)
        }
        let pictures = entries.map(\.pictures.count).reduce(0, +)
        print("gallery: \(entries.filter { $0.errors.isEmpty }.count) of \(entries.count) classes (\(pictures) pictures) in \(index)")
        return entries.contains { !$0.errors.isEmpty } ? 69 : 0
    }

    static func page(_ entries: [Entry], scale: Double) -> String {
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Easel gallery</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; background: #f2f2f7; color: #1c1c1e; }
        section { background: white; border-radius: 12px; padding: 1em 1.5em; margin-bottom: 1.5em; }
        h2 { margin: 0 0 .2em; } .meta { color: #6e6e73; margin-bottom: 1em; }
        img { background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; max-width: 100%; }
        figure { display: inline-block; margin: 0 1.5em 1em 0; vertical-align: top; } figcaption { color: #6e6e73; }
        table { border-collapse: collapse; margin-top: 1em; } td, th { text-align: left; padding: 2px 12px 2px 0; }
        th { color: #6e6e73; font-weight: normal; } code { font-size: 13px; } .error { color: #c00; white-space: pre-wrap; }
        .warning { color: #a15c00; white-space: pre-wrap; }
        </style></head><body>
        <h1>Easel gallery</h1>

        """
        for entry in entries {
            let info = entry.info
            html += "<section id=\"\(escape(info.name))\"><h2>\(escape(info.displayName))</h2>\n"
            html += "<div class=\"meta\"><code>\(escape(info.name))</code> · \(escape(info.summary ?? "")) · \(escape(info.plugin.name)) \(escape(info.plugin.version)) · <code>\(escape(info.plugin.path))</code></div>\n"
            let w = Int(info.defaultSize.width), h = Int(info.defaultSize.height)
            for (variant, file) in entry.pictures {
                let caption = variant.map { v in
                    "\(escape(v.displayName)) <code>\(escape(v.name))</code>" + (v.summary.map { " · \(escape($0))" } ?? "")
                } ?? "Default"
                html += "<figure id=\"\(escape(info.name + "." + (variant?.name ?? "default")))\"><img src=\"\(escape(file))\" alt=\"\(escape(info.name))\""
                    + (w > 0 && h > 0 ? " width=\"\(w)\" height=\"\(h)\"" : "") + "><figcaption>\(caption)</figcaption></figure>\n"
            }
            for warning in entry.warnings { html += "<p class=\"warning\">warning: \(escape(warning))</p>\n" }
            for error in entry.errors { html += "<p class=\"error\">\(escape(error))</p>\n" }
            html += "<table><tr><th>Property</th><th>Type</th><th>Default</th><th>Range / cases</th><th>Summary</th></tr>\n"
            for p in info.properties where !p.isHidden {
                var range = p.range.map { "\(PropertyInfo.formatNumber($0.min)) … \(PropertyInfo.formatNumber($0.max))" } ?? ""
                if !p.enumCases.isEmpty { range = p.enumCases.map(\.name).joined(separator: ", ") }
                html += "<tr><td>\(escape(p.displayName)) <code>\(escape(p.name))</code></td><td>\(p.type.name)</td><td><code>\(escape(p.format(p.defaultValue)))</code></td><td>\(escape(range))</td><td>\(escape(p.summary ?? ""))</td></tr>\n"
            }
            html += "</table>\n"
            if !info.actions.isEmpty {
                html += "<table><tr><th>Action</th><th>Argument</th><th>Summary</th></tr>\n"
                for a in info.actions {
                    html += "<tr><td>\(escape(a.displayName)) <code>\(escape(a.signature))</code></td><td>\(escape(a.argument.map { $0.type.name + " = " + $0.format($0.defaultValue) } ?? "none"))</td><td>\(escape(a.summary ?? ""))</td></tr>\n"
                }
                html += "</table>\n"
            }
            html += "</section>\n"
        }
        return html + "</body></html>\n"
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
