/// One option a command accepts.
struct OptionSpec {
    /// Long name without dashes: "plugins".
    let name: String
    /// Optional one-letter alias: "o" for "-o".
    var short: Character? = nil
    /// The placeholder in help ("DIR"); nil for a flag without a value.
    var value: String? = nil
    var repeatable = false
    let help: String
}

/// What a command accepts: options and positional arguments.
struct CommandSpec {
    let name: String
    let summary: String
    /// Usage line after "host NAME", e.g. "CLASS|FILE.so [options]".
    let usage: String
    var positionals: ClosedRange<Int> = 0...0
    var options: [OptionSpec] = []
    /// Extra text at the end of --help.
    var details: String = ""
    /// Whether the command reads the plugin registry (and so takes --plugins, --in-process, --rescan
    /// and --cache); every command takes --timeout, --verbose and --help.
    var usesRegistry = true

    /// The options every command accepts.
    static let common: [OptionSpec] = [
        OptionSpec(name: "plugins", value: "DIR", repeatable: true,
                   help: "search DIR for plugins (repeatable; default ./components, see EASEL_PLUGIN_PATH)"),
        OptionSpec(name: "in-process", help: "run plugin code in this process, not in worker processes (for debuggers)"),
        OptionSpec(name: "timeout", value: "SECONDS", help: "time budget of each call into a plugin in a worker (default 2)"),
        OptionSpec(name: "rescan", help: "scan every plugin file again, ignoring the registry cache"),
        OptionSpec(name: "cache", value: "FILE", help: "registry cache file (default $EASEL_REGISTRY_CACHE or ~/.cache/easel/registry-v1.bin); 'none' for no cache"),
        OptionSpec(name: "verbose", short: "v", help: "also print what plugins log below warning level"),
        OptionSpec(name: "help", short: "h", help: "show this help"),
    ]

    var allOptions: [OptionSpec] {
        let registryOnly: Set<String> = ["plugins", "in-process", "rescan", "cache"]
        return options + Self.common.filter { usesRegistry || !registryOnly.contains($0.name) }
    }

    /// The --help text.
    var help: String {
        var lines = ["host \(name) — \(summary)", "", "Usage: host \(name) \(usage)", "", "Options:"]
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
struct ParsedArguments {
    var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]

    func has(_ name: String) -> Bool { values[name] != nil }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    fileprivate mutating func add(_ name: String, _ value: String) { values[name, default: []].append(value) }
}

/// A command-line mistake: printed with the command's usage, exit code 64.
struct UsageError: Error {
    let message: String
}

/// A small, strict parser: `--name value`, `--name=value`, `-o value`, flags, `--` ends options.
/// Unknown options, missing values, repeated non-repeatable options and wrong positional counts are
/// usage errors.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        var optionsEnded = false
        func option(named name: String) throws -> OptionSpec {
            if let o = spec.allOptions.first(where: { $0.name == name }) { return o }
            throw UsageError(message: "unknown option '--\(name)' for 'host \(spec.name)'")
        }
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            var name: String
            var inline: String?
            if arg.hasPrefix("--") {
                let body = arg.dropFirst(2)
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    inline = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                }
            } else {
                let letters = Array(arg.dropFirst())
                guard letters.count == 1, let o = spec.allOptions.first(where: { $0.short == letters[0] }) else {
                    throw UsageError(message: "unknown option '\(arg)' for 'host \(spec.name)'")
                }
                name = o.name
            }
            let o = try option(named: name)
            if !o.repeatable && result.has(name) {
                throw UsageError(message: "'--\(name)' is given more than once")
            }
            if o.value == nil {
                if inline != nil { throw UsageError(message: "'--\(name)' takes no value") }
                result.add(name, "")
                continue
            }
            if let inline {
                result.add(name, inline)
            } else {
                guard i < arguments.count else {
                    throw UsageError(message: "'--\(name)' needs a value (\(o.value!))")
                }
                result.add(name, arguments[i])
                i += 1
            }
        }
        if result.has("help") { return result }
        let n = result.positionals.count
        if !spec.positionals.contains(n) {
            if n > spec.positionals.upperBound {
                throw UsageError(message: "unexpected argument '\(result.positionals[spec.positionals.upperBound])'")
            }
            throw UsageError(message: "missing argument (usage: host \(spec.name) \(spec.usage))")
        }
        return result
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
