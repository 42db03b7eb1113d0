import EaselHost
import EaselJSON
@preconcurrency import Glibc

/// `host list`: every plugin with its classes, then every file that failed to load, with why.
enum ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        summary: "list plugins, their classes, and files that failed to load",
        usage: "",
        options: [
            OptionSpec(name: "json", help: "print JSON (schema easel.list/1: the manual, reference/json.md)"),
            OptionSpec(name: "names", help: "print only the registered class names, one per line (for scripts)"),
            OptionSpec(name: "strict", help: "exit with status 69 when any file failed to load (for CI)"),
        ],
        details: "Exit status is 0 even when some files failed to load (they are listed with the reason), unless --strict.")

    /// `--verbose`: every registered class's defaults checked (easel.h, DEFAULTS), in its worker; each
    /// mismatch (or a check that could not run) is a warning. (Added by the abi work, issue 9.)
    /// Returns the warnings (text output prints them; `--json` puts them in `warnings`).
    static func checkDefaults(_ registry: Registry) -> [String] {
        var warnings: [String] = []
        for summary in registry.classes {
            do {
                guard let cls = try registry.designableClass(named: summary.name) else { continue }
                for m in try registry.checkedDefaults(of: cls) { warnings.append(m.message) }
            } catch let error as HostError {
                warnings.append("class \(summary.name): the defaults could not be checked: \(error)")
            } catch {}
        }
        return warnings
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let registry = try invocation.registry()
        // Not freed: the process ends after the listing, and freeing the records of 10 000 plugins
        // one by one is wasted work (the workers a --verbose check started are stopped first).
        defer { invocation.environment.releaseWorkers(); _ = Unmanaged.passRetained(registry) }
        let verbose = arguments.has("verbose")
        let mode = (arguments.has("json") ? "json" : arguments.has("names") ? "names" : "text") + (arguments.has("strict") ? " strict" : "")
        // Nothing changed since a list in this mode (README, "Registry cache"): what it printed.
        // (--verbose runs the defaults checks, in workers: never from the cache.)
        if !verbose, let stored = registry.storedListing(mode: mode) {
            stored.warnings.forEach(invocation.environment.diagnostics.warn)
            print(stored.output, terminator: "")
            return stored.status
        }
        let status: Int32 = arguments.has("strict") && !registry.failures.isEmpty ? 69 : 0
        let output = listing(registry, json: arguments.has("json"), names: arguments.has("names"), verbose: verbose)
        print(output, terminator: "")
        if !verbose { registry.storeListing(mode: mode, output: output, status: status) }
        return status
    }

    /// What `host list` prints on standard output, in one piece (two lines per plugin; 10 000
    /// plugins are 1 MB). `verbose`: the defaults checks, as warnings (in the JSON, or on stderr).
    /// The text is made of lines escaped by ``TerminalText/lines(_:)``: a plugin's strings cannot
    /// drive the terminal or start a line (a summary `"fine\nFAKE-LINE …"` printed a second entry);
    /// JSON escapes its control characters itself.
    static func listing(_ registry: Registry, json asJSON: Bool, names: Bool, verbose: Bool) -> String {
        if asJSON {
            return json(registry, extraWarnings: verbose ? checkDefaults(registry) : []).text
        }
        if names {
            return TerminalText.lines(registry.classes.map(\.name))
        }
        if registry.plugins.isEmpty && registry.failures.isEmpty {
            var lines = ["No plugins found in \(registry.searchPath.directories.joined(separator: ", ")) (put .so files there, or name a folder with --plugins DIR)."]
            let versioned = versionedLibraries(in: registry.searchPath.directories)
            if let first = versioned.first {
                // libBadge.so.1 → libBadge.so
                let name = String(first.split(separator: "/").last!)
                let parts = name.split(separator: ".", omittingEmptySubsequences: false)
                let plain = parts[...(parts.lastIndex(of: "so") ?? parts.startIndex)].joined(separator: ".")
                lines.append("Only names ending in .so are searched, and \(versioned.joined(separator: ", ")) \(versioned.count == 1 ? "does" : "do") not: "
                    + "link or copy \(versioned.count == 1 ? "it" : "each") to a name ending in .so (e.g. ln -s \(name) \(first.dropLast(name.count))\(plain)).")
            }
            return TerminalText.lines(lines)
        }
        var classCount = 0
        var lines: [String] = []
        lines.reserveCapacity(3 * registry.plugins.count + 8)
        for plugin in registry.plugins {
            lines.append("\(plugin.info.name) \(plugin.info.version) (\(plugin.info.id))  \(plugin.info.path)")
            for cls in plugin.summaries {
                classCount += 1
                let shadowed = !registry.isRegistered(cls.name, from: plugin)
                lines.append("  " + cls.name.padding(to: 26) + " " + (cls.summary ?? "") + (shadowed ? "  [shadowed by an earlier file]" : ""))
            }
        }
        if verbose { checkDefaults(registry).forEach(registry.environment.diagnostics.warn) }
        let p = registry.plugins.count
        // A blank line after the plugins, none before the summary when every file failed.
        if p > 0 { lines.append("") }
        lines.append("\(p) plugin\(p == 1 ? "" : "s"), \(classCount) class\(classCount == 1 ? "" : "es")"
                     + (registry.failures.isEmpty ? "" : ", \(registry.failures.count) failed"))
        if !registry.failures.isEmpty {
            lines += ["", "Failed to load (\(registry.failures.count)):"]
            // An error's own further lines (a worker's last output) stay lines of their own.
            for failure in registry.failures { lines += "  \(failure)".split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        }
        return TerminalText.lines(lines)
    }

    /// The files at the top of `directories` named like versioned libraries (`libBadge.so.1`), which
    /// the search never loads (it takes names ending in `.so`): for the hint when none was found.
    static func versionedLibraries(in directories: [String]) -> [String] {
        var found: [String] = []
        for dir in directories {
            guard let d = opendir(dir) else { continue }
            defer { closedir(d) }
            while let entry = readdir(d) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
                if !name.hasPrefix("."), name.contains(".so."), !name.hasSuffix(".so") {
                    found.append(dir.hasSuffix("/") ? dir + name : dir + "/" + name)
                }
            }
        }
        return found.sorted()
    }

    /// `extraWarnings`: the `--verbose` defaults checks, after the registry's own warnings.
    static func json(_ registry: Registry, extraWarnings: [String] = []) -> JSON {
        .object([
            ("schema", .string("easel.list/1")),
            ("searchPath", .array(registry.searchPath.directories.map(JSON.string))),
            ("plugins", .array(registry.plugins.map { plugin in
                ListJSON.plugin(plugin.info, classes: plugin.summaries.map { cls in
                    ListJSON.classEntry(name: cls.name, displayName: cls.displayName, summary: cls.summary, group: cls.group,
                                        registered: registry.isRegistered(cls.name, from: plugin))
                })
            })),
            ("failures", .array(registry.failures.map(ListJSON.failure))),
            ("warnings", .array((registry.warnings + extraWarnings).map(JSON.string))),
        ])
    }
}
