import EaselHost
@preconcurrency import Glibc

/// Reading the options several commands share, one way each: a `--scale`, a `--png-level`, `--set`
/// in both of its forms, the folders to watch.
extension ParsedArguments {
    /// `--scale N`: a usage error unless a number in ``RenderLimits/scales``.
    package func scale() throws -> Double? {
        try value("scale").map { text -> Double in
            guard let scale = Double(text), RenderLimits.scales.contains(scale) else {
                throw UsageError(message: "--scale \(text.quoted) is not a scale from \(RenderLimits.scalesText) (expected e.g. 1, 2 or 3)")
            }
            return scale
        }
    }

    /// `--png-level 0-9` (default `level`).
    package func pngLevel(default level: Int) throws -> Int {
        guard let text = value("png-level") else { return level }
        guard let level = Int(text), (0...9).contains(level) else {
            throw UsageError(message: "--png-level \(text.quoted) is not a level from 0 to 9")
        }
        return level
    }

    /// `--set NAME=VALUE`, each in order (for one class: `inspect`, `render`).
    package func assignments() throws -> [(name: String, value: String)] {
        try all("set").map { text in
            guard let (name, value) = text.split(atFirst: "="), !name.isEmpty else {
                throw UsageError(message: "--set \(text.quoted) is not NAME=VALUE")
            }
            return (name, value)
        }
    }

    /// `--set [CLASS.]NAME=VALUE`, each in order (values held across reloads: `watch`, `serve`).
    package func heldAssignments() throws -> [PropertyAssignment] {
        try all("set").map { text in
            guard let a = PropertyAssignment.parse(text) else {
                throw UsageError(message: "--set \(text.quoted) is not [CLASS.]NAME=VALUE")
            }
            return a
        }
    }

    /// `--trait NAME=VALUE`, each in order over the defaults (light, left-to-right, large text): a
    /// usage error naming the valid traits or values otherwise.
    package func traits() throws -> Traits {
        var traits = Traits.default
        for text in all("trait") {
            do { try traits.apply(text) } catch let error as TraitError { throw UsageError(message: "--trait: \(error.description)") }
        }
        return traits
    }

    /// The folders `watch` and `serve` watch: the positional DIRs, every --plugins DIR, then
    /// $EASEL_PLUGIN_PATH (default ./components), each of which must exist.
    package func watchedDirectories() throws -> [String] {
        var dirs: [String] = []
        for dir in PluginSearchPath.resolve(explicit: positionals + all("plugins")).directories {
            let d = dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
            var st = stat()
            guard stat(d, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
                throw HostError(.notFound, "no such directory (expected a folder of .so plugins to watch)", file: d)
            }
            if !dirs.contains(d) { dirs.append(d) }
        }
        return dirs
    }
}

extension OptionSpec {
    /// `--trait NAME=VALUE` (render, inspect, watch, gallery, snapshot).
    static let trait = OptionSpec(name: "trait", value: "NAME=VALUE", repeatable: true,
                                  help: "show the component with a trait: appearance=light|dark, direction=ltr|rtl, size=CATEGORY (extraSmall … accessibilityExtraExtraExtraLarge, or xs … ax5)")
}

extension Registry {
    /// "no class named …", with suggestions, the known classes and how many files failed (and why).
    package func unknownClass(_ name: String) -> HostError {
        var message = "no class named \(name.quoted) in \(searchPath.directories.joined(separator: ", "))"
        let hints = suggestions(for: name)
        if !hints.isEmpty { message += "; did you mean \(hints.joined(separator: ", "))?" }
        else if !classes.isEmpty {
            message += " (expected one of: \(classes.map(\.name).joined(separator: ", ")))"
        }
        if !failures.isEmpty {
            // The class may be in a file that failed: say which files failed, and why.
            let shown = failures.prefix(3).map { "\n  " + $0.description.split(separator: "\n")[0] }.joined()
            let more = failures.count > 3 ? "\n  … (see \(CLI.programName) list)" : ""
            message += "; \(failures.count) file\(failures.count == 1 ? "" : "s") failed to load:" + shown + more
        }
        return .noClass(named: name, message)
    }
}
