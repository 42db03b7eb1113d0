import EaselHost
import EaselJSON
@preconcurrency import Glibc

/// Dispatches to the subcommands and turns errors into one clear line and a documented exit status.
///
/// Exit statuses (sysexits.h; the README's exit table): 0 success; 64 usage error (an option's value
/// malformed or out of its documented range is one too, whatever the option); 65 bad data (a scene,
/// document or value that does not fit, a variant, action or property the class does not declare);
/// 66 no such class, file or input; 69 a plugin failed (load, validation, a call into it); 70 internal
/// error; 73 an output (or serve's port) could not be created.
package struct CLI {
    /// The name the tool was started by, for its messages: `easel` (the installed name beside
    /// `host`, for PATHs that also hold Debian's DNS `host`) or `host`.
    package static let programName: String = {
        let invoked = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "host"
        return invoked == "easel" ? "easel" : "host"
    }()

    /// Every command, in the order `--help` lists them. Each holds its spec and its code; a command
    /// that draws reads its command line into a request for the drawing library (``DrawingEngine``),
    /// so its help and its usage errors are answered without loading the library.
    package static let commands: [Command.Type] = [ListCommand.self, InspectCommand.self, RenderCommand.self, WatchCommand.self,
                                                   ServeCommand.self, GalleryCommand.self, SnapshotCommand.self, ValidateCommand.self,
                                                   NewCommand.self, CompletionsCommand.self, ManualCommand.self]

    /// Every command's spec (for help, completions, the manual page and the parser).
    package static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// The drawing library, loaded on first need; nil: the program cannot draw.
    private let drawing: DrawingProvider?

    /// The command line of a program whose drawing library is `drawing`.
    package init(drawing: DrawingProvider?) {
        self.drawing = drawing
    }

    /// The spec of the command named `name`, if there is one.
    package static func spec(named name: String) -> CommandSpec? { specs.first { $0.name == name } }

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

    /// Runs the command `argv` names (after the program name); returns the exit status. The command
    /// line is parsed once, against the command's spec, before anything is loaded for it.
    package func run(_ argv: [String]) -> Int32 {
        guard let first = argv.first else {
            fputs(Self.help + "\n", stderr)
            return 64
        }
        if first == "--help" || first == "-h" || first == "help" {
            if argv.count > 1, let spec = Self.spec(named: argv[1]) {
                print(spec.help)
            } else {
                print(Self.help)
            }
            return 0
        }
        if first == "--version" {
            print("\(CLI.programName) (Easel) \(PluginLoader.hostVersion), ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor)")
            return 0
        }
        let wantsJSON = argv.contains("--json")
        if first.hasPrefix("-") && first != "-" {
            let message = Self.leadingOptionMessage(first, before: argv.dropFirst())
            if wantsJSON { Self.printJSONError(kind: "usage", message: message, exitCode: 64) } else {
                fputs("\(CLI.programName): error: \(message)\nRun '\(CLI.programName) --help' for usage.\n", stderr)
            }
            return 64
        }
        guard let spec = Self.spec(named: first) else {
            let names = Self.specs.map(\.name)
            let close = Suggestions.close(to: first, among: names)
            let hint = close.isEmpty ? "" : "did you mean '\(close[0])'? "
            let message = "unknown command \(first.quoted) (\(hint)expected one of: \(names.joined(separator: ", ")))"
            if wantsJSON { Self.printJSONError(kind: "usage", message: message, exitCode: 64) } else {
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
            let environment = try Invocation.environment(for: spec, arguments, renderer: drawing?.renderer)
            // The plugins' deinit, what they logged as errors and the workers, however the command ends.
            defer { environment.finish() }
            let command = Self.commands.first { $0.spec.name == spec.name }!
            return try command.run(Invocation(arguments: arguments, environment: environment, drawing: drawing))
        } catch let error as UsageError {
            if wantsJSON { Self.printJSONError(kind: "usage", message: error.message, exitCode: 64); return 64 }
            fputs("\(CLI.programName) \(spec.name): error: \(error.message)\n", stderr)
            fputs("Usage: \(spec.usageLine)\nRun '\(CLI.programName) \(spec.name) --help' for details.\n", stderr)
            return 64
        } catch let error as HostError {
            return Self.report(error, command: spec.name, json: wantsJSON)
        } catch {
            if wantsJSON { Self.printJSONError(kind: "internalError", message: "\(error)", exitCode: 70) } else {
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
}
