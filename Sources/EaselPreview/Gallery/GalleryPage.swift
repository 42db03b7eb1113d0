import EaselHost
import Foundation

/// One rendered (or failed) variant of a class in the gallery.
package struct GalleryVariant: Sendable {
    package var name: String
    package var displayName: String
    package var summary: String?
    /// The picture's file name in the gallery folder; nil when it failed.
    package var file: String?
    /// Why it failed.
    package var error: String?
    /// The command line that renders the same picture.
    package var command: String
    /// The picture's size in points (its pixels divided by the scale).
    package var size: Size?

    package init(name: String, displayName: String, summary: String?, file: String?, error: String?, command: String, size: Size?) {
        self.name = name
        self.displayName = displayName
        self.summary = summary
        self.file = file
        self.error = error
        self.command = command
        self.size = size
    }
}

/// One class in the gallery.
package struct GalleryEntry: Sendable {
    package var info: ClassInfo
    package var variants: [GalleryVariant]
    /// What the defaults check warned about (``DefaultsCheck``).
    package var warnings: [String] = []
    /// What failed before any picture could be rendered.
    package var errors: [String] = []
    /// The default picture again in other traits (dark appearance, right to left), shown beside it:
    /// Interface Builder's trait variations.
    package var traitVariations: [GalleryVariant] = []
    package init(info: ClassInfo, variants: [GalleryVariant]) {
        self.info = info
        self.variants = variants
    }
}

/// The gallery's index.html: the components' documentation page. A search box, the plugins with
/// their `host validate` status, a table of contents by library group, then one section per class:
/// every variant in a grid with the command line that renders it, the property table (colour
/// swatches for colours), the class's actions, and links to the classes of the same plugin and group.
/// Self-contained (styles and script inline); the pictures are files beside it.
package enum GalleryPage {
    /// - Parameter programName: the name the program was run as (`host` or `easel`), in what the
    ///   page tells the reader to run.
    package static func html(_ entries: [GalleryEntry], validations: [PluginValidation]?, scale: Double,
                            programName: String = "host") -> String {
        let esc = MarkupText.escape
        let classCount = entries.count, variantCount = entries.reduce(0) { $0 + $1.variants.count + $1.traitVariations.count }
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Component gallery</title>
        <style>
        :root { --muted: #6e6e73; --line: #e5e5ea; }
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0; background: #f2f2f7; color: #1c1c1e; }
        header { position: sticky; top: 0; z-index: 1; background: rgba(242,242,247,.95); padding: 1em 2em .8em; border-bottom: 1px solid var(--line); }
        header h1 { margin: 0 0 .4em; font-size: 22px; } header .meta { color: var(--muted); }
        #search { font: inherit; width: min(32em, 90%); padding: .45em .7em; border: 1px solid #c7c7cc; border-radius: 8px; }
        main { display: grid; grid-template-columns: 15em 1fr; gap: 2em; padding: 1.5em 2em; }
        nav { position: sticky; top: 7.5em; align-self: start; } nav h2 { font-size: 12px; text-transform: uppercase; color: var(--muted); margin: 1em 0 .3em; }
        nav ul { list-style: none; margin: 0; padding: 0; } nav a { text-decoration: none; color: #0a60d0; } nav li[hidden] { display: none; }
        section.card { background: white; border-radius: 12px; padding: 1em 1.5em; margin-bottom: 1.5em; scroll-margin-top: 8em; }
        section.card h2 { margin: 0 0 .2em; } .meta, .muted { color: var(--muted); } code { font-size: 13px; }
        .variants { display: grid; grid-template-columns: repeat(auto-fill, minmax(14em, 1fr)); gap: 1em; margin: 1em 0; }
        figure { margin: 0; border: 1px solid var(--line); border-radius: 10px; padding: .7em; }
        figure .picture.dark { background: repeating-conic-gradient(#2c2c2e 0 25%, #1c1c1e 0 50%) 0 0 / 16px 16px; }
        figure .picture { background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; display: flex; align-items: center; justify-content: center; min-height: 4em; overflow: hidden; border-radius: 6px; }
        figure img { max-width: 100%; height: auto; display: block; }
        figcaption { margin-top: .4em; } figcaption .cmd { display: block; font: 11px/1.35 ui-monospace, monospace; color: #3a3a3c; background: #f7f7f9; padding: .35em .5em; border-radius: 5px; margin-top: .3em; word-break: break-all; user-select: all; }
        table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: 4px 12px 4px 0; border-top: 1px solid var(--line); vertical-align: top; }
        th { color: var(--muted); font-weight: normal; }
        .swatch { display: inline-block; width: 1.1em; height: 1.1em; border-radius: 4px; vertical-align: -0.2em; margin-right: .35em; border: 1px solid rgba(0,0,0,.15);
                  background-image: linear-gradient(var(--c), var(--c)), repeating-conic-gradient(#ccc 0 25%, #fff 0 50%); background-size: auto, 8px 8px; }
        p.warning { white-space: pre-wrap; } .error { color: #c00; white-space: pre-wrap; } .passed { color: #1a7f37; } .failed { color: #c00; } .warning { color: #9a6700; } .skipped { color: var(--muted); }
        .status { font-weight: 600; } details summary { cursor: pointer; } .related a { margin-right: .6em; }
        #no-match[hidden] { display: none; } section[hidden] { display: none; }
        </style></head><body>
        <header><h1>Component gallery</h1>
        <input id="search" type="search" placeholder="Search classes, properties, variants…" aria-label="Search components">
        <span class="meta">\(classCount) class\(classCount == 1 ? "" : "es"), \(variantCount) picture\(variantCount == 1 ? "" : "s") at @\(PropertyInfo.formatNumber(scale))x</span>
        </header>
        <main><nav aria-label="Classes">

        """
        // Table of contents by library group.
        var groups: [(String, [ClassInfo])] = []
        for e in entries {
            if let i = groups.firstIndex(where: { $0.0 == e.info.group }) { groups[i].1.append(e.info) } else { groups.append((e.info.group, [e.info])) }
        }
        for (group, infos) in groups {
            html += "<h2>\(esc(group))</h2><ul>\n"
            for info in infos { html += "<li data-class=\"\(esc(info.name))\"><a href=\"#\(esc(info.name))\">\(esc(info.displayName))</a></li>\n" }
            html += "</ul>\n"
        }
        html += "</nav><div id=\"content\">\n"
        if let validations { html += validationSection(validations, entries, programName: programName) }
        html += "<p id=\"no-match\" hidden>No class matches the search.</p>\n"
        for entry in entries { html += classSection(entry, entries, validations) }
        html += """
        </div></main>
        <script>
        const search = document.getElementById('search');
        const filter = () => {
          const words = search.value.trim().toLowerCase().split(/\\s+/).filter(w => w);
          let shown = 0;
          for (const section of document.querySelectorAll('section.class')) {
            const hit = words.every(w => section.dataset.search.includes(w));
            section.hidden = !hit;
            const item = document.querySelector(`nav li[data-class="${section.id}"]`);
            if (item) item.hidden = !hit;
            if (hit) shown++;
          }
          document.getElementById('no-match').hidden = shown > 0;
        };
        search.addEventListener('input', filter);
        filter();
        </script>
        </body></html>

        """
        return html
    }

    static func validationSection(_ validations: [PluginValidation], _ entries: [GalleryEntry], programName: String) -> String {
        let esc = MarkupText.escape
        var html = "<section class=\"card\" id=\"validation\"><h2>Plugins</h2>\n<p class=\"muted\">Status from <code>\(esc(programName)) validate</code> (the same checks; run it for details).</p>\n<table><tr><th>Plugin</th><th>Classes</th><th>Validation</th></tr>\n"
        for v in validations {
            let classes = entries.filter { $0.info.plugin.path == v.path }.map { "<a href=\"#\(esc($0.info.name))\">\(esc($0.info.name))</a>" }
            let failed = v.count(.failed), warnings = v.count(.warning)
            let status = failed > 0 ? "<span class=\"status failed\">\(failed) failed</span>" : warnings > 0 ? "<span class=\"status warning\">passed with \(warnings) warning\(warnings == 1 ? "" : "s")</span>" : "<span class=\"status passed\">passed</span>"
            let name = v.plugin.map { "\(esc($0.name)) \(esc($0.version))<br><code class=\"muted\">\(esc($0.id))</code>" } ?? "<code>\(esc(v.path))</code>"
            html += "<tr data-plugin=\"\(esc(v.path))\"><td>\(name)</td><td>\(classes.joined(separator: ", "))</td><td>\(status)<details><summary>\(v.results.count) checks</summary><ul>\n"
            for r in v.results {
                html += "<li><span class=\"\(r.status.rawValue)\">\(r.status.rawValue)</span> <code>\(esc(r.check))</code>"
                if r.status != .passed, !r.messages.isEmpty { html += ": " + r.messages.map(esc).joined(separator: "<br>") }
                html += "</li>\n"
            }
            html += "</ul></details></td></tr>\n"
        }
        return html + "</table></section>\n"
    }

    static func classSection(_ entry: GalleryEntry, _ all: [GalleryEntry], _ validations: [PluginValidation]?) -> String {
        let esc = MarkupText.escape
        let info = entry.info
        var words = [info.name, info.displayName, info.summary ?? "", info.group, info.plugin.name]
        words += info.properties.flatMap { [$0.name, $0.displayName] } + entry.variants.flatMap { [$0.name, $0.displayName] }
        words += info.actions.map(\.name)
        var html = "<section class=\"card class\" id=\"\(esc(info.name))\" data-search=\"\(esc(words.joined(separator: " ").lowercased()))\">\n"
        html += "<h2>\(esc(info.displayName))</h2>\n"
        var meta = ["<code>\(esc(info.name))</code>"]
        if let s = info.summary { meta.append(esc(s)) }
        meta.append("\(esc(info.kind.name)) · \(esc(info.group)) · default size \(PropertyInfo.formatNumber(info.defaultSize.width))×\(PropertyInfo.formatNumber(info.defaultSize.height))")
        var plugin = "\(esc(info.plugin.name)) \(esc(info.plugin.version)) <code>\(esc(info.plugin.path))</code>"
        if let v = validations?.first(where: { $0.path == info.plugin.path }) {
            let failed = v.count(.failed)
            plugin += " · <a href=\"#validation\" class=\"\(failed > 0 ? "failed" : "passed")\">\(failed > 0 ? "validation: \(failed) failed" : "validated")</a>"
        }
        meta.append(plugin)
        html += "<div class=\"meta\">\(meta.joined(separator: "<br>"))</div>\n"
        for w in entry.warnings { html += "<p class=\"warning\">warning: \(esc(w))</p>\n" }
        for e in entry.errors { html += "<p class=\"error\">\(esc(e))</p>\n" }
        html += "<div class=\"variants\">\n"
        // The default picture, then the same in dark and right to left beside it, then the variants.
        let shown = entry.variants.prefix(1) + entry.traitVariations + entry.variants.dropFirst()
        for v in shown {
            html += "<figure id=\"\(esc(info.name)).\(esc(v.name))\"><div class=\"picture\(v.name.hasSuffix(".dark") ? " dark" : "")\">"
            if let file = v.file {
                let size = v.size.map { " width=\"\(Int($0.width.rounded()))\" height=\"\(Int($0.height.rounded()))\"" } ?? ""
                html += "<img src=\"\(esc(file))\" alt=\"\(esc(info.name)) (\(esc(v.name)))\"\(size) loading=\"lazy\">"
            } else {
                html += "<p class=\"error\">\(esc(v.error ?? "not rendered"))</p>"
            }
            html += "</div><figcaption><strong>\(esc(v.displayName))</strong>"
            if let s = v.summary { html += " <span class=\"muted\">— \(esc(s))</span>" }
            html += "<code class=\"cmd\">\(esc(v.command))</code></figcaption></figure>\n"
        }
        html += "</div>\n"
        html += "<table><tr><th>Property</th><th>Type</th><th>Default</th><th>Range / cases</th><th>Summary</th></tr>\n"
        for p in info.properties where !p.isHidden {
            var range = p.range.map { "\(PropertyInfo.formatNumber($0.min)) … \(PropertyInfo.formatNumber($0.max))" + ($0.step > 0 ? ", step \(PropertyInfo.formatNumber($0.step))" : "") } ?? ""
            if !p.enumCases.isEmpty { range = p.enumCases.map(\.name).joined(separator: ", ") }
            var value = "<code>\(esc(p.format(p.defaultValue)))</code>"
            if case .color(let c) = p.defaultValue {
                value = "<span class=\"swatch\" style=\"--c: \(css(c))\" title=\"\(esc(PropertyInfo.hex(c)))\"></span>" + value
            }
            let flags = p.isReadOnly ? " <span class=\"muted\">(read-only)</span>" : ""
            html += "<tr><td>\(esc(p.displayName)) <code>\(esc(p.name))</code>\(flags)</td><td>\(p.type.name)</td><td>\(value)</td><td>\(esc(range))</td><td>\(esc(p.summary ?? ""))</td></tr>\n"
        }
        html += "</table>\n"
        if !info.actions.isEmpty {
            html += "<p><strong>Actions:</strong> " + info.actions.map { "<code>\(esc($0.signature))</code>" + ($0.summary.map { " \(esc($0))" } ?? "") }.joined(separator: "; ") + "</p>\n"
        }
        let samePlugin = all.filter { $0.info.plugin.path == info.plugin.path && $0.info.name != info.name }
        let sameGroup = all.filter { $0.info.group == info.group && $0.info.name != info.name && $0.info.plugin.path != info.plugin.path }
        if !samePlugin.isEmpty || !sameGroup.isEmpty {
            html += "<p class=\"related\"><span class=\"muted\">See also:</span> "
                + (samePlugin + sameGroup).map { "<a href=\"#\(esc($0.info.name))\">\(esc($0.info.displayName))</a>" }.joined(separator: " ")
                + "</p>\n"
        }
        return html + "</section>\n"
    }

    /// `rgba(r, g, b, a)` for a colour.
    static func css(_ c: Color) -> String {
        func channel(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        return "rgba(\(channel(c.red)), \(channel(c.green)), \(channel(c.blue)), \(PropertyInfo.formatNumber((min(max(c.alpha, 0), 1) * 1000).rounded() / 1000)))"
    }

    /// A command line for a shell: words with other characters than letters, digits and
    /// `-_.,:/=@#%+` are single-quoted.
    package static func shellCommand(_ words: [String]) -> String {
        words.map { word in
            let safe = !word.isEmpty && word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_.,:/=@#%+".unicodeScalars.contains($0) }
            return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

/// Escaping for HTML and XML text and attribute values (the gallery, the snapshot report, JUnit).
package enum MarkupText {
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(c)
            default:
                // XML 1.0 has no other control characters.
                if c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }
}
