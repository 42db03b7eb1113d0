import EaselHost

/// `host watch [DIR]`: hot reload. Watches plugin folders and re-renders every affected class into
/// `--out` whenever a `.so` is added, replaced or removed; one line per reload, with its timing.
///
/// The command reads its command line into a ``WatchRequest``; the drawing library runs the design
/// session and writes the previews (``DrawingEngine/watch(_:_:)``).
package enum WatchCommand: Command {
    package static let spec = CommandSpec(
        name: "watch",
        summary: "hot reload: re-render components whenever their plugins are rebuilt",
        usage: "[DIR]",
        positionals: 0...1,
        options: [
            OptionSpec(name: "out", value: "DIR", help: "where previews go, one CLASS.png each (default ./previews)"),
            OptionSpec(name: "class", value: "NAME", repeatable: true, help: "render only these classes (default: all)"),
            OptionSpec(name: "set", value: "[CLASS.]NAME=VALUE", repeatable: true,
                       help: "a value kept across reloads; without CLASS, for every class that has the property"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point (default 1; a scene's own scale for scenes)"),
            .trait,
            OptionSpec(name: "png-level", value: "0-9", help: "PNG compression level (default 1: previews want speed)"),
            OptionSpec(name: "scene", value: "FILE", repeatable: true,
                       help: "also re-render this scene (into OUT/<name>.png) when a class it uses is reloaded"),
        ],
        details: """
        Watches DIR, every --plugins DIR and $EASEL_PLUGIN_PATH (default ./components), following
        symbolic links to .so files (a rebuild of a link's target is a reload). Each build of a plugin
        is loaded in a worker process of its own (--in-process: in this process, for debuggers); a
        broken build (incomplete, invalid, crashing or hanging while loading) is rejected and the last
        good one stays. A build that loads but fails to render a class keeps that class's last good
        preview, marked stale by a CLASS.error.txt beside it, until a build renders it again. Values
        given with --set are re-applied by name and type to every new build; a value whose property
        was removed, changed type or no longer fits is set aside with a warning and restored when a
        later build fits it. A class that disappears has its preview removed. watch loads every build
        itself, so the registry cache is neither read nor written (--rescan and --cache are accepted
        and change nothing). Stop with Ctrl-C.
        """)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        var request = WatchRequest(directories: try arguments.watchedDirectories(),
                                   outputDirectory: arguments.value("out") ?? "./previews")
        request.classFilter = Set(arguments.all("class"))
        request.assignments = try arguments.heldAssignments()
        request.scale = try arguments.scale()
        request.scenes = arguments.all("scene")
        if arguments.has("trait") { request.traits = try arguments.traits() }
        request.pngLevel = try arguments.pngLevel(default: 1)
        request.isolation = try invocation.isolation()
        return try invocation.engine().watch(request, invocation)
    }
}

/// What `host watch` watches, renders and writes.
package struct WatchRequest {
    /// The folders to watch (they exist).
    package var directories: [String]
    /// Where the previews go.
    package var outputDirectory: String
    /// `--class`: only these classes (empty: all).
    package var classFilter: Set<String> = []
    /// `--set`: values kept across reloads.
    package var assignments: [PropertyAssignment] = []
    /// `--scale` (nil: 1, or each scene's own).
    package var scale: Double?
    /// `--trait`: what every class is shown with (nil: the defaults, and each scene its own).
    package var traits: Traits?
    /// `--scene`: scene files, re-rendered when a class they use is reloaded.
    package var scenes: [String] = []
    package var pngLevel = 1
    package var isolation: Isolation = .default

    package init(directories: [String], outputDirectory: String) {
        self.directories = directories
        self.outputDirectory = outputDirectory
    }
}
