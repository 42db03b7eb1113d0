import EaselHost
import EaselPreview
import Glibc

/// A subcommand of `host`.
protocol Command {
    static var spec: CommandSpec { get }
    /// Runs the command; returns the exit status. Throws `UsageError` or `HostError`.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

/// Dispatches to the subcommands and turns errors into one clear line and a documented exit status.
///
/// Exit statuses (sysexits.h): 0 success; 64 usage error; 65 bad data (a value, scene or document);
/// 66 no such class, file or input; 69 a plugin failed (load, validation, a call into it); 70 internal
/// error; 73 an output could not be created.
enum CLI {
    static let commands: [Command.Type] = [ListCommand.self, InspectCommand.self, RenderCommand.self, WatchCommand.self, GalleryCommand.self,
                                          NewCommand.self, CompletionsCommand.self, ManualCommand.self]

    static var help: String {
        var lines = [
            "host — render and inspect designable components (Easel \(PluginLoader.hostVersion), ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor))",
            "",
            "Usage: host COMMAND [options]",
            "",
            "Commands:",
        ]
        for c in commands { lines.append("  " + c.spec.name.padding(to: 10) + c.spec.summary) }
        lines += [
            "",
            "Plugins are found in every --plugins DIR, then in the colon-separated $\(PluginSearchPath.environmentVariable),",
            "else in ./components (recursively, files ending in .so).",
            "",
            "Plugin code runs in worker processes: a crash or a hang (over --timeout, default 2 s) is reported, never fatal.",
            "What plugins contain is cached (see --cache); --rescan ignores the cache.",
            "",
            "Exit status: 0 ok, 64 usage, 65 bad data, 66 no such class/file, 69 plugin failure, 70 internal, 73 cannot create output.",
            "Run 'host COMMAND --help' for a command's options.",
        ]
        return lines.joined(separator: "\n")
    }

    static func run(_ argv: [String]) -> Int32 {
        guard let first = argv.first else {
            fputs(help + "\n", stderr)
            return 64
        }
        if first == "--help" || first == "-h" || first == "help" {
            if argv.count > 1, let c = commands.first(where: { $0.spec.name == argv[1] }) {
                print(c.spec.help)
            } else {
                print(help)
            }
            return 0
        }
        if first == "--version" {
            print("host (Easel) \(PluginLoader.hostVersion), ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor)")
            return 0
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            fputs("host: error: unknown command '\(first)' (expected one of: \(commands.map { $0.spec.name }.joined(separator: ", ")))\n", stderr)
            fputs("Run 'host --help' for usage.\n", stderr)
            return 64
        }
        do {
            let arguments = try ArgumentParser.parse(Array(argv.dropFirst()), for: command.spec)
            if arguments.has("help") {
                print(command.spec.help)
                return 0
            }
            RendererServices.install()
            if arguments.has("verbose") {
                Diagnostics.verboseSink = { fputs("\($0)\n", stderr) }
            }
            return try command.run(arguments)
        } catch let error as UsageError {
            fputs("host \(command.spec.name): error: \(error.message)\n", stderr)
            fputs("Usage: host \(command.spec.name) \(command.spec.usage)\nRun 'host \(command.spec.name) --help' for details.\n", stderr)
            return 64
        } catch let error as HostError {
            fflush(stdout)
            fputs("host \(command.spec.name): error: \(error)\n", stderr)
            return error.exitCode
        } catch {
            fputs("host \(command.spec.name): error: \(error)\n", stderr)
            return 70
        }
    }

    /// Flushes standard output and checks that everything written to it arrived: a full disk, a
    /// closed pipe or a closed descriptor make the command fail with 73, whatever it returned.
    static func finishOutput(_ status: Int32) -> Int32 {
        let flushed = fflush(stdout) == 0
        let code = errno
        guard !flushed || ferror(stdout) != 0 else { return status }
        // A reader that went away (`host list | head -1`) is not worth a message.
        if code != EPIPE {
            fputs("host: error: cannot write to standard output: \(String(cString: strerror(flushed ? EIO : code)))\n", stderr)
        }
        return status == 0 ? 73 : status
    }

    /// The registry for the command's --plugins, --in-process, --timeout, --rescan and --cache
    /// options and the environment.
    static func registry(_ arguments: ParsedArguments) throws -> Registry {
        Registry(options: try registryOptions(arguments))
    }

    static func registryOptions(_ arguments: ParsedArguments) throws -> RegistryOptions {
        var options = RegistryOptions(searchPath: PluginSearchPath.resolve(explicit: arguments.all("plugins")),
                                      isolation: try isolation(arguments), rescan: arguments.has("rescan"))
        if let cache = arguments.value("cache") { options.cacheFile = cache == "none" ? nil : cache }
        return options
    }

    static func isolation(_ arguments: ParsedArguments) throws -> Isolation {
        if arguments.has("in-process") { return .inProcess }
        guard let text = arguments.value("timeout") else { return .default }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw UsageError(message: "--timeout '\(text)' is not a positive number of seconds")
        }
        return .workers(timeout: seconds)
    }
}
