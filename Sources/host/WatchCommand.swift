import EaselHost
import EaselPreview
import Glibc

nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// `host watch [DIR]`: hot reload. Watches a plugin folder and re-renders every affected class into
/// `--out` whenever a `.so` is added, replaced or removed; one line per reload, with its timing.
enum WatchCommand: Command {
    static let spec = CommandSpec(
        name: "watch",
        summary: "hot reload: re-render components whenever their plugins are rebuilt",
        usage: "[DIR]",
        positionals: 0...1,
        options: [
            OptionSpec(name: "out", value: "DIR", help: "where previews go, one CLASS.png each (default ./previews)"),
            OptionSpec(name: "class", value: "NAME", repeatable: true, help: "render only these classes (default: all)"),
            OptionSpec(name: "set", value: "[CLASS.]NAME=VALUE", repeatable: true,
                       help: "a value kept across reloads; without CLASS, for every class that has the property"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point (default 1)"),
            OptionSpec(name: "png-level", value: "0-9", help: "PNG compression level (default 1: previews want speed)"),
            OptionSpec(name: "scene", value: "FILE", help: "also re-render this scene (into OUT/<name>.png) when a class it uses is reloaded"),
        ],
        details: """
        DIR defaults to ./components. Each build of a plugin is loaded in a worker process of its own; a
        broken build (incomplete, invalid, crashing or hanging while loading) is rejected and the last
        good one stays. Values given with --set are re-applied by name and type to every new build; a
        value whose property was removed or changed type is dropped with a warning. Stop with Ctrl-C.
        """,
        usesRegistry: false)

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let directory = arguments.positionals.first ?? PluginSearchPath.defaultDirectory
        var options = WatchOptions(directory: directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory,
                                   outputDirectory: arguments.value("out") ?? "./previews")
        options.classFilter = Set(arguments.all("class"))
        options.assignments = try arguments.all("set").map { text in
            guard let a = PropertyAssignment.parse(text) else {
                throw UsageError(message: "--set '\(text)' is not [CLASS.]NAME=VALUE")
            }
            return a
        }
        options.scale = try RenderCommand.scale(arguments) ?? 1
        options.scene = try arguments.value("scene").map { try Scene.read($0) }
        if let text = arguments.value("png-level") {
            guard let level = Int(text), (0...9).contains(level) else {
                throw UsageError(message: "--png-level '\(text)' is not a level from 0 to 9")
            }
            options.pngLevel = level
        }
        if case .workers(let timeout) = try CLI.isolation(arguments) { options.timeout = timeout }
        var st = stat()
        guard stat(options.directory, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw HostError(.notFound, "no such directory (expected a folder of .so plugins to watch)", file: options.directory)
        }
        let session = try WatchSession(options: options) { line in
            print(line)
            fflush(stdout)
        }
        signal(SIGINT) { _ in stopRequested = 1 }
        signal(SIGTERM) { _ in stopRequested = 1 }
        session.start()
        session.run { stopRequested == 0 }
        session.stop()
        print("stopped")
        return 0
    }
}
