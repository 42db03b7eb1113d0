import EaselHost
@preconcurrency import Glibc

/// A subcommand of `host`.
package protocol Command: Sendable {
    static var spec: CommandSpec { get }
    /// Runs the command; returns the exit status. Throws `UsageError` or `HostError`.
    static func run(_ invocation: Invocation) throws -> Int32
}

/// The drawing library as the program reaches it, loaded on first need (`host`'s DrawingLibrary).
package protocol DrawingProvider: AnyObject {
    /// What the commands that draw ask of the library: loads it the first time; throws a
    /// ``HostError`` saying why it cannot be loaded.
    func engine() throws -> DrawingEngine
    /// Answers plugins' measurements and draws in workers, loading the library at its first question
    /// (plugins measure {0, 0} when it cannot be loaded, with one warning).
    var renderer: Renderer { get }
}

/// What the drawing library hands the program that loads it (its `easel_drawing_contents`): the
/// engine of the commands that draw, and the renderer. The program and the library share one copy of
/// the core, so these are the core's own types.
package protocol DrawingContents: AnyObject {
    var engine: DrawingEngine { get }
    var renderer: Renderer { get }
}

/// What the commands that draw ask of the drawing library once each has read its command line into
/// a request: the work, done with the renderer, the design session and the designer's server. Each
/// method prints what its command prints and returns its exit status. EaselDrawing implements it.
package protocol DrawingEngine: AnyObject {
    func render(_ request: RenderRequest, _ invocation: Invocation) throws -> Int32
    func watch(_ request: WatchRequest, _ invocation: Invocation) throws -> Int32
    func serve(_ request: ServeRequest, _ invocation: Invocation) throws -> Int32
    func gallery(_ request: GalleryRequest, _ invocation: Invocation) throws -> Int32
    func snapshot(_ request: SnapshotRequest, _ invocation: Invocation) throws -> Int32
    func validate(_ request: ValidateRequest, _ invocation: Invocation) throws -> Int32
}

/// One run of a command: what the command line said, and the host core it runs with (made for this
/// run: its warnings carry the command's name, its workers the command's memory limit).
package struct Invocation {
    package let arguments: ParsedArguments
    package let environment: HostEnvironment
    /// The drawing library (nil: this program cannot draw).
    let drawing: DrawingProvider?

    /// The drawing library's engine, loading the library now if it is not yet.
    package func engine() throws -> DrawingEngine {
        guard let drawing else {
            throw HostError(.internalError, "this program has no drawing library (every command that draws needs it)")
        }
        return try drawing.engine()
    }

    /// The registry for the command's --plugins, --in-process, --timeout, --rescan and --cache
    /// options and the environment.
    package func registry() throws -> Registry {
        Registry(options: try registryOptions(), environment: environment)
    }

    package func registryOptions() throws -> RegistryOptions {
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
                                      isolation: try isolation(), rescan: arguments.has("rescan"))
        if let cache = arguments.value("cache") { options.cacheFile = cache == "none" ? nil : cache }
        return options
    }

    /// `--in-process`, else workers with `--timeout`'s budget.
    package func isolation() throws -> Isolation {
        if arguments.has("in-process") { return .inProcess }
        guard let text = arguments.value("timeout") else { return .default }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw UsageError(message: "--timeout \(text.quoted) is not a positive number of seconds")
        }
        return .workers(timeout: seconds)
    }

    /// `--memory-limit MB` in bytes (default ``WorkerLauncher/defaultMemoryLimit``).
    static func memoryLimit(_ arguments: ParsedArguments) throws -> UInt64 {
        guard let text = arguments.value("memory-limit") else { return WorkerLauncher.defaultMemoryLimit }
        guard let megabytes = UInt64(text), megabytes >= 16, megabytes <= 1 << 20 else {
            throw UsageError(message: "--memory-limit \(text.quoted) is not a number of megabytes from 16 to 1048576")
        }
        return megabytes << 20
    }

    /// The host core a run of `spec` works with: warnings on stderr, plugin log lines with
    /// `--verbose` (`-vv`: debug too), workers with `--memory-limit`, all drawing with `renderer`;
    /// with `--in-process`, plugin code shares this process's stdout: what it prints is kept off
    /// the host's output.
    static func environment(for spec: CommandSpec, _ arguments: ParsedArguments, renderer: Renderer?) throws -> HostEnvironment {
        let verbosity = arguments.count("verbose")
        let line: (String) -> Void = Diagnostics.standardErrorLine
        let diagnostics = Diagnostics(label: "\(CLI.programName) \(spec.name)",
                                      verbose: verbosity > 0 ? line : nil, debug: verbosity > 1 ? line : nil)
        return HostEnvironment(diagnostics: diagnostics, renderer: renderer, memoryLimit: try memoryLimit(arguments),
                               divertsPluginOutput: arguments.has("in-process"))
    }
}
