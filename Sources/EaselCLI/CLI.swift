import EaselHost
import EaselJSON
@preconcurrency import Glibc

/// A subcommand of `host`.
package protocol Command {
    static var spec: CommandSpec { get }
    /// Runs the command; returns the exit status. Throws `UsageError` or `HostError`.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

/// Dispatches to the subcommands and turns errors into one clear line and a documented exit status.
///
/// Exit statuses (sysexits.h; the README's exit table): 0 success; 64 usage error (an option's value
/// malformed or out of its documented range is one too, whatever the option); 65 bad data (a scene,
/// document or value that does not fit, a variant, action or property the class does not declare);
/// 66 no such class, file or input; 69 a plugin failed (load, validation, a call into it); 70 internal
/// error; 73 an output (or serve's port) could not be created.
package enum CLI {
    /// The name the tool was started by, for its messages: `easel` (the installed name beside
    /// `host`, for PATHs that also hold Debian's DNS `host`) or `host`.
    package static let programName: String = {
        let invoked = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "host"
        return invoked == "easel" ? "easel" : "host"
    }()

    /// Every command's options, in the order `--help` lists them (for help, completions, the manual
    /// page and the parser). The drawing commands' are here too, but their code is in the EaselDrawing
    /// library (see `host`'s DrawingLibrary), which adds them to ``commands`` when it runs.
    package static let specs: [CommandSpec] = [ListCommand.spec, InspectCommand.spec, .render, .watch, .serve, .gallery,
                                               .snapshot, .validate, NewCommand.spec, CompletionsCommand.spec, ManualCommand.spec]

    /// The commands this program runs: those that never draw, and the drawing ones once the drawing
    /// library registered them.
    nonisolated(unsafe) package static var commands: [Command.Type] = [ListCommand.self, InspectCommand.self, NewCommand.self,
                                                                      CompletionsCommand.self, ManualCommand.self]

    /// Installs what plugins are offered (text and image metrics, the worker loop) before a command
    /// runs: the renderer's services, or in `host` a stand-in that loads the drawing library when a
    /// plugin first measures.
    nonisolated(unsafe) package static var installServices: () -> Void = {}

    /// The spec of the command named `name`, if there is one.
    package static func spec(named name: String) -> CommandSpec? { specs.first { $0.name == name } }

    /// Whether `argv` (after the program name) names a command and options its spec accepts, without
    /// asking for help: false for what is answered from the spec alone (its help, a usage error).
    package static func isValidCommandLine(_ argv: [String]) -> Bool {
        guard let first = argv.first, let spec = spec(named: first),
              let arguments = try? ArgumentParser.parse(Array(argv.dropFirst()), for: spec) else { return false }
        return !arguments.has("help")
    }

    static var help: String {
        var lines = [
            "\(CLI.programName) — render and inspect designable components (Easel \(PluginLoader.hostVersion), ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor))",
            "",
            "Usage: \(CLI.programName) COMMAND [options]",
            "",
            "Commands:",
        ]
        let width = specs.map(\.name.count).max() ?? 0
        for spec in specs { lines.append("  " + spec.name.padding(to: width + 2) + spec.summary) }
        lines += [
            "",
            "Plugins are found in every --plugins DIR, then in the colon-separated $\(PluginSearchPath.environmentVariable),",
            "else in ./components (recursively, files ending in .so).",
            "",
            "Plugin code runs in worker processes: a crash or a hang (over --timeout, default 2 s) is reported, never fatal.",
            "What plugins contain is cached (see --cache); --rescan ignores the cache.",
            "",
            "Exit status: 0 ok, 64 usage, 65 bad data, 66 no such class/file, 69 plugin failure, 70 internal, 73 cannot create output.",
            "Run '\(CLI.programName) COMMAND --help' for a command's options.",
        ]
        return lines.joined(separator: "\n")
    }

    /// The options the program itself takes before a command; every other option follows one.
    static let leadingOptions = ["--help", "-h", "--version"]

    /// Why `option`, given where a command was expected, is refused: an option of the command that
    /// follows it belongs after that command; anything else is an unknown option, with the closest of
    /// ``leadingOptions`` (a one-letter `-V` means the long option of that letter, `--version`).
    static func leadingOptionMessage(_ option: String, before rest: ArraySlice<String>) -> String {
        let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
        if let at = rest.firstIndex(where: { spec(named: $0) != nil }), let spec = spec(named: rest[at]) {
            let belongs = name.hasPrefix("--")
                ? spec.allOptions.contains { "--" + $0.name == name }
                : spec.allOptions.contains { $0.short != nil && $0.short == name.dropFirst().first }
            if belongs {
                var reordered = [option] + rest
                reordered.remove(at: at - rest.startIndex + 1)
                return "\(option.quoted) is an option of '\(CLI.programName) \(spec.name)': it goes after the command "
                    + "('\(([CLI.programName, spec.name] + reordered).joined(separator: " "))')"
            }
        }
        let close = name.hasPrefix("--")
            ? Suggestions.close(to: name, among: leadingOptions.filter { $0.hasPrefix("--") })
            : leadingOptions.filter { name.count == 2 && $0.hasPrefix("--" + name.dropFirst().lowercased()) }
        let hint = close.isEmpty ? "" : "did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))? "
        return "unknown option \(option.quoted) (\(hint)before a command the options are --help, -h and --version; "
            + "expected a command: \(specs.map(\.name).joined(separator: ", ")))"
    }

    package static func run(_ argv: [String]) -> Int32 {
        guard let first = argv.first else {
            fputs(help + "\n", stderr)
            return 64
        }
        if first == "--help" || first == "-h" || first == "help" {
            if argv.count > 1, let spec = spec(named: argv[1]) {
                print(spec.help)
            } else {
                print(help)
            }
            return 0
        }
        if first == "--version" {
            print("\(CLI.programName) (Easel) \(PluginLoader.hostVersion), ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor)")
            return 0
        }
        let wantsJSON = argv.contains("--json")
        if first.hasPrefix("-") && first != "-" {
            let message = leadingOptionMessage(first, before: argv.dropFirst())
            if wantsJSON { printJSONError(kind: "usage", message: message, exitCode: 64) } else {
                fputs("\(CLI.programName): error: \(message)\nRun '\(CLI.programName) --help' for usage.\n", stderr)
            }
            return 64
        }
        guard let spec = spec(named: first) else {
            let names = specs.map(\.name)
            let close = Suggestions.close(to: first, among: names)
            let hint = close.isEmpty ? "" : "did you mean '\(close[0])'? "
            let message = "unknown command \(first.quoted) (\(hint)expected one of: \(names.joined(separator: ", ")))"
            if wantsJSON { printJSONError(kind: "usage", message: message, exitCode: 64) } else {
                fputs("\(CLI.programName): error: \(message)\nRun '\(CLI.programName) --help' for usage.\n", stderr)
            }
            return 64
        }
        do {
            let arguments = try ArgumentParser.parse(Array(argv.dropFirst()), for: spec)
            if arguments.has("help") {
                print(spec.help)
                return 0
            }
            guard let command = commands.first(where: { $0.spec.name == spec.name }) else {
                throw HostError(.internalError, "\(spec.name.quoted) is run by the drawing library, which this program did not load")
            }
            HostProcess.commandLabel = "\(CLI.programName) \(spec.name)"
            installServices()
            let verbosity = arguments.count("verbose")
            if verbosity > 0 { Diagnostics.verboseSink = { fputs("\(TerminalText.printable($0, keepingNewlines: true))\n", stderr) } }
            if verbosity > 1 { Diagnostics.debugSink = { fputs("\(TerminalText.printable($0, keepingNewlines: true))\n", stderr) } }
            if let text = arguments.value("memory-limit") {
                guard let megabytes = UInt64(text), megabytes >= 16, megabytes <= 1 << 20 else {
                    throw UsageError(message: "--memory-limit \(text.quoted) is not a number of megabytes from 16 to 1048576")
                }
                WorkerLimits.setMemoryLimit(megabytes: megabytes)
            }
            return try command.run(arguments)
        } catch let error as UsageError {
            if wantsJSON { printJSONError(kind: "usage", message: error.message, exitCode: 64); return 64 }
            fputs("\(CLI.programName) \(spec.name): error: \(error.message)\n", stderr)
            fputs("Usage: \(spec.usageLine)\nRun '\(CLI.programName) \(spec.name) --help' for details.\n", stderr)
            return 64
        } catch let error as HostError {
            return report(error, command: spec.name, json: wantsJSON)
        } catch {
            if wantsJSON { printJSONError(kind: "internalError", message: "\(error)", exitCode: 70) } else {
                fputs("\(CLI.programName) \(spec.name): error: \(error)\n", stderr)
            }
            return 70
        }
    }

    /// Prints `error` as `command`'s error (one line, or JSON on stderr with `--json`); returns its exit status.
    package static func report(_ error: HostError, command: String, json: Bool) -> Int32 {
        fflush(stdout)
        if json { printJSONError(error) } else {
            fputs("\(CLI.programName) \(command): error: \(error)\n", stderr)
        }
        return error.exitCode
    }

    /// `{"error": {kind, message, file, class, property, phase, exitCode}}` on stderr, for `--json`.
    package static func printJSONError(_ error: HostError) {
        printJSONError(kind: error.kind.rawValue, message: error.message, exitCode: error.exitCode, file: error.file,
                       className: error.className, property: error.property, phase: error.phase?.rawValue)
    }

    package static func printJSONError(kind: String, message: String, exitCode: Int32, file: String? = nil,
                               className: String? = nil, property: String? = nil, phase: String? = nil) {
        fflush(stdout)
        let json = JSON.object([("error", .object([
            ("kind", .string(kind)),
            ("message", .string(message)),
            ("file", .optional(file)),
            ("class", .optional(className)),
            ("property", .optional(property)),
            ("phase", .optional(phase)),
            ("exitCode", .integer(Int64(exitCode))),
        ]))])
        fputs(json.text, stderr)
    }

    /// Flushes standard output and checks that everything written to it arrived: a full disk, a
    /// closed pipe or a closed descriptor make the command fail with 73, whatever it returned, saying
    /// why the first write that failed did (``HostProcess/standardOutputError``).
    package static func finishOutput(_ status: Int32) -> Int32 {
        let flushed = fflush(stdout) == 0
        guard !flushed || ferror(stdout) != 0 else { return status }
        let code = HostProcess.standardOutputError ?? EIO
        if HostProcess.closedStandardDescriptors.contains(1) {
            fputs("\(CLI.programName): error: standard output is closed (expected a file or a pipe to write to)\n", stderr)
        } else if code != EPIPE { // a reader that went away (`host list | head -1`) is not worth a message
            fputs("\(CLI.programName): error: cannot write to standard output: \(String(cString: strerror(code)))\n", stderr)
        }
        return status == 0 ? 73 : status
    }

    /// The registry for the command's --plugins, --in-process, --timeout, --rescan and --cache
    /// options and the environment.
    package static func registry(_ arguments: ParsedArguments) throws -> Registry {
        Registry(options: try registryOptions(arguments))
    }

    package static func registryOptions(_ arguments: ParsedArguments) throws -> RegistryOptions {
        // A folder the user named must exist (one from $EASEL_PLUGIN_PATH is only a warning).
        for dir in arguments.all("plugins") {
            var st = stat()
            guard stat(dir, &st) == 0 else {
                throw HostError(.notFound, "no such directory (given with --plugins; expected a folder of .so plugins)", file: dir)
            }
            guard st.st_mode & S_IFMT == S_IFDIR else {
                throw HostError(.notFound, "is not a directory (given with --plugins; expected a folder of .so plugins)", file: dir)
            }
        }
        var options = RegistryOptions(searchPath: PluginSearchPath.resolve(explicit: arguments.all("plugins")),
                                      isolation: try isolation(arguments), rescan: arguments.has("rescan"))
        if let cache = arguments.value("cache") { options.cacheFile = cache == "none" ? nil : cache }
        return options
    }

    package static func isolation(_ arguments: ParsedArguments) throws -> Isolation {
        if arguments.has("in-process") {
            // Plugin code shares this process's stdout: keep what it prints off the host's output.
            PluginStandardOutput.divertInProcessPlugins()
            return .inProcess
        }
        guard let text = arguments.value("timeout") else { return .default }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw UsageError(message: "--timeout \(text.quoted) is not a positive number of seconds")
        }
        return .workers(timeout: seconds)
    }
}
