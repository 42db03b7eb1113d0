import EaselCLI
import EaselHost
import EaselPreview
@preconcurrency import Glibc

/// `host watch [DIR]`: hot reload. Watches plugin folders and re-renders every affected class into
/// `--out` whenever a `.so` is added, replaced or removed; one line per reload, with its timing.
enum WatchCommand: Command {
    static let spec = CommandSpec.watch

    static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        var options = SessionOptions(directories: try directories(arguments))
        options.classFilter = Set(arguments.all("class"))
        options.assignments = try assignments(arguments)
        options.scale = try RenderCommand.scale(arguments)
        options.scenes = try arguments.all("scene").map { try Scene.read($0) }
        options.pngLevel = try pngLevel(arguments)
        options.isolation = try invocation.isolation()
        // Every build's worker is forked from a launcher that has fonts and the font map loaded.
        if options.isolation != .inProcess { invocation.environment.workers.prepare(warm: true) }
        // Previews are written by a subscriber of the session's events, in front of the printer.
        let previews = try PreviewFileWriter(directory: arguments.value("out") ?? "./previews")
        let session = try DesignSession(options: options, environment: invocation.environment, report: previews.writing { event in
            for line in event.lines { print(line) }
            fflush(stdout)
        })
        // Ctrl-C, SIGTERM or a closed terminal (SIGHUP) stop the watch cleanly, even while a plugin
        // call hangs (it is cut short) or the first plugins load.
        HostProcess.stopOnSignal()
        try session.start()
        session.run { !HostProcess.stopRequested }
        session.stop()
        print("stopped")
        return 0
    }

    /// The folders to watch: the positional DIRs, every --plugins DIR, then $EASEL_PLUGIN_PATH
    /// (default ./components), each of which must exist.
    static func directories(_ arguments: ParsedArguments) throws -> [String] {
        let explicit = arguments.positionals + arguments.all("plugins")
        var dirs: [String] = []
        for dir in PluginSearchPath.resolve(explicit: explicit).directories {
            let d = dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
            var st = stat()
            guard stat(d, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
                throw HostError(.notFound, "no such directory (expected a folder of .so plugins to watch)", file: d)
            }
            if !dirs.contains(d) { dirs.append(d) }
        }
        return dirs
    }

    static func assignments(_ arguments: ParsedArguments) throws -> [PropertyAssignment] {
        try arguments.all("set").map { text in
            guard let a = PropertyAssignment.parse(text) else {
                throw UsageError(message: "--set \(text.quoted) is not [CLASS.]NAME=VALUE")
            }
            return a
        }
    }

    static func pngLevel(_ arguments: ParsedArguments, default level: Int = 1) throws -> Int {
        guard let text = arguments.value("png-level") else { return level }
        guard let level = Int(text), (0...9).contains(level) else {
            throw UsageError(message: "--png-level \(text.quoted) is not a level from 0 to 9")
        }
        return level
    }
}
