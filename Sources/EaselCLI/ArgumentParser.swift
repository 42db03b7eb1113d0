import EaselHost

/// One option a command accepts.
struct OptionSpec {
    /// Long name without dashes: "plugins".
    let name: String
    /// Optional one-letter alias: "o" for "-o".
    var short: Character? = nil
    /// The placeholder in help ("DIR"); nil for a flag without a value.
    var value: String? = nil
    var repeatable = false
    /// Options of one choice (`new --swift|--c|--rust`): adjacent options with the same group share
    /// one pair of brackets in the usage line, as at most one of them may be given.
    var exclusiveGroup: String? = nil
    /// Options given together or not at all (`serve --build CMD --sources DIR…`, which the command
    /// checks): adjacent options with the same group share one pair of brackets.
    var jointGroup: String? = nil
    let help: String
}

/// What a command accepts: options and positional arguments.
package struct CommandSpec {
    package let name: String
    package let summary: String
    /// The positional arguments after "host NAME", e.g. "CLASS|FILE.so" (empty: none). The options
    /// are added to the usage line from ``allOptions``, so it always lists every one.
    let usage: String
    var positionals: ClosedRange<Int> = 0...0
    var options: [OptionSpec] = []
    /// Extra text at the end of --help.
    var details: String = ""
    /// Whether the command reads the plugin registry (and so takes --plugins, --in-process, --timeout,
    /// --rescan, --cache and --memory-limit); every command takes --verbose, --json errors and --help.
    var usesRegistry = true

    /// `--timeout SECONDS`: for the commands that read the registry, and for `validate`, which calls plugins too.
    static let timeout = OptionSpec(name: "timeout", value: "SECONDS", help: "time budget of each call into a plugin in a worker (default 2)")

    /// The options every command accepts (those of ``registryOnly`` only when it reads the registry).
    static let common: [OptionSpec] = [
        OptionSpec(name: "plugins", value: "DIR", repeatable: true,
                   help: "search DIR for plugins (repeatable; default ./components, see EASEL_PLUGIN_PATH)"),
        OptionSpec(name: "in-process", help: "run plugin code in this process, not in worker processes (for debuggers)"),
        timeout,
        OptionSpec(name: "memory-limit", value: "MB", help: "memory limit of each worker process (default \(WorkerLauncher.defaultMemoryLimit >> 20))"),
        OptionSpec(name: "rescan", help: "scan every plugin file again, ignoring the registry cache"),
        OptionSpec(name: "cache", value: "FILE", help: "registry cache file (default $EASEL_REGISTRY_CACHE or \(RegistryOptions.defaultCacheFileText)); 'none' for no cache"),
        // A command whose output has a JSON form declares its own --json (which prints its errors as JSON too).
        OptionSpec(name: "json", help: "print errors as JSON on stderr ({\"error\": {kind, message, file, class, property, phase, exitCode}})"),
        OptionSpec(name: "verbose", short: "v", repeatable: true, help: "also print what plugins log at info level (-vv: debug too)"),
        OptionSpec(name: "help", short: "h", help: "show this help"),
    ]

    static let registryOnly: Set<String> = ["plugins", "in-process", "timeout", "rescan", "cache", "memory-limit"]

    var allOptions: [OptionSpec] {
        options + Self.common.filter { common in
            (usesRegistry || !Self.registryOnly.contains(common.name)) && !options.contains { $0.name == common.name }
        }
    }

    /// "host NAME POSITIONALS [--option VALUE]… …": every option the command takes.
    package var usageLine: String {
        var parts = [CLI.programName, name]
        if !usage.isEmpty { parts.append(usage) }
        let shown = allOptions.filter { $0.name != "help" }
        func word(_ o: OptionSpec) -> String {
            var text = (o.short.map { "-\($0)|" } ?? "") + "--\(o.name)"
            if let v = o.value { text += " \(v)" }
            return text
        }
        var index = 0
        while index < shown.count {
            let first = shown[index]
            let key: (OptionSpec) -> String? = first.exclusiveGroup != nil ? { $0.exclusiveGroup } : { $0.jointGroup }
            var group = [first]
            while let name = key(first), index + group.count < shown.count, key(shown[index + group.count]) == name {
                group.append(shown[index + group.count])
            }
            index += group.count
            if group.count == 1 {
                parts.append("[\(word(first))]" + (first.repeatable ? "…" : ""))
            } else if first.exclusiveGroup != nil {
                parts.append("[" + group.map(word).joined(separator: "|") + "]")
            } else {
                parts.append("[" + group.map { word($0) + ($0.repeatable ? "…" : "") }.joined(separator: " ") + "]")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The --help text.
    package var help: String {
        var lines = ["\(CLI.programName) \(name) — \(summary)", "", "Usage: \(usageLine)", "", "Options:"]
        for o in allOptions {
            var left = "  " + (o.short.map { "-\($0), " } ?? "    ") + "--\(o.name)"
            if let v = o.value { left += " \(v)" }
            lines.append(left.padding(to: 30) + " " + o.help)
        }
        if !details.isEmpty { lines += ["", details] }
        return lines.joined(separator: "\n")
    }
}

/// The result of parsing: positionals, option values by long name, and flags.
package struct ParsedArguments {
    package var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]

    package func has(_ name: String) -> Bool { values[name] != nil }
    package func value(_ name: String) -> String? { values[name]?.last }
    package func all(_ name: String) -> [String] { values[name] ?? [] }
    /// How many times a flag was given (`-vv` is 2).
    package func count(_ name: String) -> Int { values[name]?.count ?? 0 }

    fileprivate mutating func add(_ name: String, _ value: String) { values[name, default: []].append(value) }
}

/// A command-line mistake: printed with the command's usage, exit code 64.
package struct UsageError: Error {
    package let message: String
    package init(message: String) { self.message = message }
}

/// A small, strict parser: `--name value`, `--name=value`, `-o value`, `-ovalue`, flags, grouped
/// short flags (`-vv`), `--` ends options. Unknown options (with the closest known ones suggested),
/// missing values, repeated non-repeatable options and wrong positional counts are usage errors.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var optionsEnded = false
        func unknown(_ text: String) -> UsageError {
            let names = spec.allOptions.map { "--" + $0.name }
            let close = Suggestions.close(to: text.split(separator: "=").first.map(String.init) ?? text, among: names)
            let hint = close.isEmpty ? "" : " (did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?)"
            return UsageError(message: "unknown option \(text.quoted) for '\(CLI.programName) \(spec.name)'\(hint)")
        }
        func add(_ o: OptionSpec, _ value: String) throws {
            if !o.repeatable && result.has(o.name) {
                throw UsageError(message: "'--\(o.name)' is given more than once")
            }
            result.add(o.name, value)
        }
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                var name = String(body)
                var inline: String?
                if let (head, tail) = String(body).split(atFirst: "=") {
                    name = head
                    inline = tail
                }
                guard let o = spec.allOptions.first(where: { $0.name == name }) else { throw unknown(arg) }
                if o.value == nil {
                    if inline != nil { throw UsageError(message: "'--\(name)' takes no value") }
                    try add(o, "")
                } else if let inline {
                    try add(o, inline)
                } else {
                    guard i < arguments.count else { throw UsageError(message: "'--\(name)' needs a value (\(o.value!))") }
                    try add(o, arguments[i])
                    i += 1
                }
                continue
            }
            // Short options: flags may be grouped (-vv); an option with a value takes the rest of
            // the word (-oout.png) or the next argument (-o out.png).
            var letters = Array(arg.dropFirst())
            while let letter = letters.first {
                letters.removeFirst()
                guard let o = spec.allOptions.first(where: { $0.short == letter }) else { throw unknown("-\(letter)") }
                if o.value == nil {
                    try add(o, "")
                    continue
                }
                if !letters.isEmpty {
                    try add(o, String(letters))
                } else {
                    guard i < arguments.count else { throw UsageError(message: "'-\(letter)' needs a value (\(o.value!))") }
                    try add(o, arguments[i])
                    i += 1
                }
                break
            }
        }
        if result.has("help") { return result }
        let n = result.positionals.count
        if !spec.positionals.contains(n) {
            if n > spec.positionals.upperBound {
                throw UsageError(message: "unexpected argument '\(result.positionals[spec.positionals.upperBound])'")
            }
            throw UsageError(message: "missing argument (expected \(spec.usage))")
        }
        return result
    }
}

extension String {
    package func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
