import EaselHost
@preconcurrency import Glibc

/// `host validate [FILE.so|DIR]…`: a conformance suite for any plugin, as clap-validator is for CLAP
/// plugins. Each named check runs in a worker process of its own with its time budget. A folder
/// stands for the plugins in it; with no path, the plugin folders (as every other command reads them).
///
/// The command reads its command line into a ``ValidateRequest``; the drawing library picks the
/// checks, runs them and reports (``DrawingEngine/validate(_:_:)``).
package enum ValidateCommand: Command {
    package static let spec = CommandSpec(
        name: "validate",
        summary: "check plugins against the ABI's rules and the designer's expectations (a conformance suite)",
        usage: "[FILE.so|DIR]…",
        positionals: 0...100_000,
        options: [
            OptionSpec(name: "plugins", value: "DIR", repeatable: true,
                       help: "with no FILE or DIR, validate the plugins in DIR (repeatable; default ./components, see EASEL_PLUGIN_PATH)"),
            OptionSpec(name: "list", help: "list the checks with what each checks and its time budget, then exit"),
            OptionSpec(name: "filter", value: "PATTERN", repeatable: true, help: "run only the checks matching PATTERN (a shell glob, e.g. 'draw*'; repeatable)"),
            OptionSpec(name: "only-failed", help: "show only failed checks (and each plugin's summary)"),
            OptionSpec(name: "json", help: "print JSON (schema easel.validate/1: the manual, reference/json.md)"),
            OptionSpec(name: "seed", value: "N", help: "seed of the random values the round-trip check sets (default: a new one, printed)"),
            OptionSpec(name: "in-process", help: "run every check in this process, not in worker processes (for debuggers; a crash ends the run)"),
            OptionSpec(name: "memory-limit", value: "MB", help: "memory limit of each worker process (default \(WorkerLauncher.defaultMemoryLimit >> 20))"),
            CommandSpec.timeout,
        ],
        details: """
        Each check reports passed, failed, warning or skipped, with reasons naming the class, property and
        values. Checks that need the plugin to load are skipped when it does not. A failure of the
        round-trip check names the seed; --seed N reproduces it.
        With no FILE or DIR, every plugin in the plugin folders (--plugins, $EASEL_PLUGIN_PATH, else
        ./components) is validated, as list and render find them; a DIR stands for the .so files in it.
        Exit status: 0 nothing failed (warnings allowed); 1 a check failed; 64 usage; 66 no such file or
        folder, or no plugin in the folders; 69 a path that is neither a folder nor a regular file (a FIFO).
        """,
        usesRegistry: false)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        if arguments.all("filter").contains(where: { $0.allSatisfy { $0 == "," } }) {
            // An empty pattern would have run every check, as if no --filter had been given.
            throw UsageError(message: "--filter: expected a check name or a shell glob (e.g. 'draw*'; see \(CLI.programName) validate --list), not an empty pattern")
        }
        var request = ValidateRequest(patterns: arguments.all("filter").flatMap { $0.split(separator: ",").map(String.init) })
        request.lists = arguments.has("list")
        request.json = arguments.has("json")
        request.onlyFailed = arguments.has("only-failed")
        if !request.lists {
            request.seed = try arguments.value("seed").map { text -> UInt64 in
                // At most Int64.max: JSON carries the seed as a signed integer (18446744073709551615 was -1).
                guard let n = UInt64(text), n <= UInt64(Int64.max) else {
                    throw UsageError(message: "--seed \(text.quoted) is not a whole number from 0 to \(Int64.max)")
                }
                return n
            } ?? newSeed()
            request.files = try pluginFiles(arguments)
            request.isolation = try invocation.isolation()
        }
        return try invocation.engine().validate(request, invocation)
    }

    /// The files to validate: each FILE as given, each DIR's plugins in order; with none, the plugins
    /// of the plugin folders. A folder without plugins is "not found" (66), naming it.
    static func pluginFiles(_ arguments: ParsedArguments) throws -> [String] {
        let named = arguments.positionals
        var files: [String] = []
        for path in named.isEmpty ? PluginSearchPath.resolve(explicit: arguments.all("plugins")).directories : named {
            var st = stat()
            // A name ending in .so is a plugin file, whatever it is (a folder so named is refused as one).
            let isFolder = !path.hasSuffix(".so") && stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
            guard isFolder || named.isEmpty else { files.append(path); continue }
            guard isFolder else { throw HostError(.notFound, "no such directory (expected a folder of .so plugins)", file: path) }
            let (found, problems) = PluginSearchPath(directories: [path]).pluginFiles()
            guard !found.isEmpty else {
                throw HostError(.notFound, "no plugins (.so files) in this folder" + (problems.isEmpty ? "" : ": " + problems.joined(separator: "; ")),
                                file: path)
            }
            files += found.filter { !files.contains($0) }
        }
        return files
    }

    /// A seed from the clock and the process id.
    static func newSeed() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return (UInt64(t.tv_sec) &* 1_000_003 &+ UInt64(t.tv_nsec) &+ UInt64(getpid())) % 1_000_000_000
    }
}

/// Which checks `host validate` runs on which files, and how it reports.
package struct ValidateRequest {
    /// `--filter` patterns (shell globs; empty: every check).
    package var patterns: [String]
    /// `--list`: list the checks and stop.
    package var lists = false
    package var json = false
    package var onlyFailed = false
    package var seed: UInt64 = 0
    package var files: [String] = []
    package var isolation: Isolation = .default

    package init(patterns: [String]) { self.patterns = patterns }
}
