import EaselHost

/// The options of the commands that draw (their code is in the EaselDrawing library, which `host`
/// loads only for them): here, so that help, completions, the manual page and the parser know them
/// without loading it. Each drawing command's `spec` is one of these.
extension CommandSpec {
    /// `render`: see RenderCommand.
    package static let render = CommandSpec(
        name: "render",
        summary: "render a component class, or a scene, to PNG, SVG or PDF",
        usage: "CLASS|SCENE.json",
        positionals: 1...1,
        options: [
            OptionSpec(name: "output", short: "o", value: "FILE", required: true,
                       help: "output file; the format follows the extension (.png, .svg, .pdf); - writes PNG to stdout"),
            OptionSpec(name: "set", value: "NAME=VALUE", repeatable: true, help: "set a property before rendering (see \(CLI.programName) inspect --help)"),
            OptionSpec(name: "variant", value: "NAME", help: "start from one of the class's variants (\(CLI.programName) inspect lists them); --set values apply after it"),
            OptionSpec(name: "action", value: "NAME[=VALUE]", repeatable: true,
                       help: "call one of the class's actions, in order, after the sets and before layout"),
            OptionSpec(name: "size", value: "WxH", help: "size in points (default: the class's default or intrinsic size)"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point for PNG (default 1)"),
            OptionSpec(name: "background", value: "COLOR", help: "fill the picture with #RRGGBB[AA] first (default: transparent)"),
            OptionSpec(name: "png-level", value: "0-9", help: "PNG compression level: 1 is fastest (previews), 9 smallest (default 6)"),
            OptionSpec(name: "force", help: "write the PNG to standard output even when it is a terminal"),
        ],
        details: """
        A SCENE.json places instances of classes on a canvas (format: README, "Scenes"); --set, --size,
        --variant and --action are for single classes, --scale and --background override the scene's.
        A component that asks to be drawn again (an animation, often started by an action) is drawn
        until it stops asking, with its animation clock 1/60 s further each frame: the picture shows
        where the animation ends.
        The output is written to a temporary file beside it and renamed into place, so a failure never
        leaves a partial file. Limits: sizes and scales must be positive; at most \(RenderLimits.maximumSide) pixels
        (PNG) or points (SVG, PDF) per side and \(RenderLimits.maximumPixels / 1_000_000) megapixels per PNG.
        """)

    /// `watch`: see WatchCommand.
    package static let watch = CommandSpec(
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

    /// `serve`: see ServeCommand.
    package static let serve = CommandSpec(
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
        does, and serves the designer and its HTTP API (schema easel.serve/1, see the README) on
        http://127.0.0.1:PORT/. Only loopback clients that name this server in their Host header are
        answered; POSTs must carry JSON and come from the page's own origin. With --bind to another
        address a warning is printed and every request needs the random token in the printed URL.
        Stop with Ctrl-C.
        """)

    /// `gallery`: see GalleryCommand.
    package static let gallery = CommandSpec(
        name: "gallery",
        summary: "render every class and variant into a folder with an index.html documenting them",
        usage: "",
        options: [
            OptionSpec(name: "out", value: "DIR", help: "where the pictures and index.html go (default ./gallery)"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point (default 2)"),
            OptionSpec(name: "no-validate", help: "leave out the plugins' validation status (faster)"),
        ],
        details: """
        Pictures are DIR/<Class>.png (the defaults) and DIR/<Class>.<variant>.png (each variant). A
        property whose new instance does not read back its declared default is a warning, on stderr and
        on the page. Each plugin is validated (the checks of \(CLI.programName) validate, in workers) unless --no-validate; a failed
        check is shown on the page and does not change the exit status. A class or variant that fails to
        render is reported and shown as an error; the exit status is then 69.
        """)

    /// `snapshot`: see SnapshotCommand.
    package static let snapshot = CommandSpec(
        name: "snapshot",
        summary: "verify renders against reference PNGs, or record them (visual regression tests)",
        usage: "record|verify [CLASS|SCENE.json]…",
        positionals: 1...100_000,
        options: [
            OptionSpec(name: "dir", value: "DIR", help: "the references: DIR/<Class>/<variant>@<scale>x.png and DIR/snapshot.json (default ./Snapshots)"),
            OptionSpec(name: "scales", value: "1,2", help: "pixels per point to render at (default: snapshot.json's, else 1,2)"),
            OptionSpec(name: "variants", value: "all|NAME,…", help: "which variants (default all)"),
            OptionSpec(name: "jobs", short: "j", value: "N", help: "render on N threads, each with its own worker processes (default 1)"),
            OptionSpec(name: "shard", value: "K/N", help: "run only the K-th of N equal parts of the suite (CI machines; see README)"),
            OptionSpec(name: "record", value: "MODE", help: "which references to write: missing, failed or all (verify: none; record: all)"),
            OptionSpec(name: "threshold", value: "0-1", help: "per-pixel colour threshold for this run (default: snapshot.json's, else 0.1)"),
            OptionSpec(name: "max-differing-share", value: "0-1", help: "largest share of differing pixels that passes, for this run (default: snapshot.json's, else 0)"),
            OptionSpec(name: "junit", value: "FILE", help: "also write JUnit XML to FILE"),
            OptionSpec(name: "json", help: "print JSON (schema easel.snapshot/1, see README) instead of lines"),
            OptionSpec(name: "report", value: "DIR", help: "where failure artifacts and index.html go (default ./snapshot-report)"),
        ],
        details: """
        A plugin file on the search path that fails to load is an error of the run (its classes are missing).
        verify never writes a reference: a missing one fails and says how to record it. record writes
        every reference whose pixels changed (--record all); verify --record missing|failed writes only those.
        Failures leave reference.png, actual.png and difference.png per snapshot, and an index.html with a
        slider, in the report directory (an earlier report there is removed first).
        Exit status: 0 every snapshot passed or was recorded; 1 a snapshot differs or has no reference;
        69 a render failed (the plugin crashed, hung or reported an error); 64 usage; 65 a bad snapshot.json
        or a variant no selected class declares; 66 no such class or scene, or none at all (an empty suite);
        73 a reference, report or JUnit file could not be written.
        """)

    /// `validate`: see ValidateCommand.
    package static let validate = CommandSpec(
        name: "validate",
        summary: "check plugins against the ABI's rules and the designer's expectations (a conformance suite)",
        usage: "FILE.so…",
        positionals: 0...100_000,
        options: [
            OptionSpec(name: "list", help: "list the checks with what each checks and its time budget, then exit"),
            OptionSpec(name: "filter", value: "PATTERN", repeatable: true, help: "run only the checks matching PATTERN (a shell glob, e.g. 'draw*'; repeatable)"),
            OptionSpec(name: "only-failed", help: "show only failed checks (and each plugin's summary)"),
            OptionSpec(name: "json", help: "print JSON (schema easel.validate/1, see README)"),
            OptionSpec(name: "seed", value: "N", help: "seed of the random values the round-trip check sets (default: a new one, printed)"),
            OptionSpec(name: "in-process", help: "run every check in this process, not in worker processes (for debuggers; a crash ends the run)"),
            OptionSpec(name: "memory-limit", value: "MB", help: "memory limit of each worker process (default \(WorkerLauncher.defaultMemoryLimit >> 20))"),
            CommandSpec.timeout,
        ],
        details: """
        Each check reports passed, failed, warning or skipped, with reasons naming the class, property and
        values. Checks that need the plugin to load are skipped when it does not. A failure of the
        round-trip check names the seed; --seed N reproduces it.
        Exit status: 0 nothing failed (warnings allowed); 1 a check failed; 64 usage; 66 no such file; 69 a path that is not a regular file (a directory, a FIFO).
        """,
        usesRegistry: false)
}
