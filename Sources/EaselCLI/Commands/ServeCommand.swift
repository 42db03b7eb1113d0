import EaselHost

/// `host serve [DIR]…`: the live designer in the browser. One process loads the components, watches
/// them with the design session (reload, rollback, values kept by name and type, schema diffs) and
/// serves the page and its JSON API on http://127.0.0.1:PORT/.
///
/// The command reads and checks its command line into a ``ServeRequest``; the drawing library runs
/// the session and the server (``DrawingEngine/serve(_:_:)``).
package enum ServeCommand: Command {
    package static let spec = CommandSpec(
        name: "serve",
        summary: "the live designer: library, canvas and inspector in the browser, hot reload on every rebuild",
        usage: "[DIR]…",
        positionals: 0...16,
        options: [
            OptionSpec(name: "port", value: "N", help: "the port to listen on (default 8750; 0 picks a free one)"),
            OptionSpec(name: "bind", value: "ADDRESS", help: "listen on this numeric address instead of 127.0.0.1 (then a token is required; see details)"),
            OptionSpec(name: "scene", value: "FILE", repeatable: true, help: "open this scene in the designer (repeatable; a new .json name: a new scene, which Save creates)"),
            OptionSpec(name: "set", value: "[CLASS.]NAME=VALUE", repeatable: true, help: "a value the designer starts with, kept across reloads"),
            OptionSpec(name: "build", value: "CMD", jointGroup: "build", help: "run CMD (with sh -c) when a file in a --sources folder is saved, then reload what it built"),
            OptionSpec(name: "sources", value: "DIR", repeatable: true, jointGroup: "build", help: "folders whose saves trigger --build"),
            OptionSpec(name: "open", help: "open the page in the default browser (xdg-open)"),
        ],
        details: """
        Watches DIR…, every --plugins DIR and $EASEL_PLUGIN_PATH (default ./components) as \(CLI.programName) watch
        does, and serves the designer and its HTTP API (schema easel.serve/1: the manual, reference/http-api.md) on
        http://127.0.0.1:PORT/. Only loopback clients that name this server in their Host header are
        answered; POSTs must carry JSON and come from the page's own origin. With --bind to another
        address a warning is printed and every request needs the random token in the printed URL.
        Stop with Ctrl-C.
        """)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        var request = ServeRequest(directories: try arguments.watchedDirectories())
        request.assignments = try arguments.heldAssignments()
        request.scenes = arguments.all("scene")
        request.isolation = try invocation.isolation()
        if let text = arguments.value("port") {
            guard let port = UInt16(text) else { throw UsageError(message: "--port \(text.quoted) is not a port number (0-65535)") }
            request.port = port
        }
        request.address = arguments.value("bind")
        if arguments.has("build") != arguments.has("sources") {
            throw UsageError(message: "--build and --sources go together (the command to run, and the folders whose saves run it)")
        }
        if let command = arguments.value("build"), command.allSatisfy(\.isWhitespace) {
            throw UsageError(message: "--build \(command.quoted) is empty (expected the command that builds the components, run as sh -c CMD)")
        }
        if arguments.all("sources").contains("") {
            throw UsageError(message: "--sources '' is empty (expected a folder of sources for --build)")
        }
        request.build = arguments.value("build")
        request.sources = arguments.all("sources")
        request.opensBrowser = arguments.has("open")
        return try invocation.engine().serve(request, invocation)
    }
}

/// What `host serve` watches and where it listens.
package struct ServeRequest {
    /// The folders to watch (they exist).
    package var directories: [String]
    /// `--set`: values the designer starts with, kept across reloads.
    package var assignments: [PropertyAssignment] = []
    /// `--scene`: scene files to open (one that does not exist yet is a new scene).
    package var scenes: [String] = []
    package var isolation: Isolation = .default
    /// `--port` (nil: the default, 8750).
    package var port: UInt16?
    /// `--bind` (nil: 127.0.0.1).
    package var address: String?
    /// `--build CMD` and its `--sources`.
    package var build: String?
    package var sources: [String] = []
    /// `--open`: open the page in the default browser.
    package var opensBrowser = false

    package init(directories: [String]) { self.directories = directories }
}
