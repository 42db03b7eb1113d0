import EaselHost
@preconcurrency import Glibc

/// `host render CLASS -o out.png`: renders a component class as Interface Builder would show it
/// (create → variant's attributes → setters → prepare-for-designer → actions → layout → draw) into
/// PNG, SVG or PDF. `host render SCENE.json -o out.png` renders a scene.
///
/// The command reads and checks its command line into a ``RenderRequest``; the drawing library
/// draws and writes it (``DrawingEngine/render(_:_:)``).
package enum RenderCommand: Command {
    package static let spec = CommandSpec(
        name: "render",
        summary: "render a component class, or a scene, to PNG, SVG or PDF",
        usage: "CLASS|SCENE.json",
        positionals: 1...1,
        options: [
            OptionSpec(name: "output", short: "o", value: "FILE",
                       help: "output file; the format follows the extension (.png, .svg, .pdf); - writes PNG to stdout (default: CLASS.png, or the scene's name .png, here)"),
            OptionSpec(name: "set", value: "NAME=VALUE", repeatable: true, help: "set a property before rendering (see \(CLI.programName) inspect --help)"),
            OptionSpec(name: "variant", value: "NAME", help: "start from one of the class's variants (\(CLI.programName) inspect lists them); --set values apply after it"),
            OptionSpec(name: "action", value: "NAME[=VALUE]", repeatable: true,
                       help: "call one of the class's actions, in order, after the sets and before layout"),
            OptionSpec(name: "size", value: "WxH", help: "size in points (default: the class's default or intrinsic size)"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point for PNG (default 1)"),
            OptionSpec(name: "background", value: "COLOR", help: "fill the picture with #RRGGBB[AA] first (default: transparent)"),
            OptionSpec(name: "png-level", value: "0-9", help: "PNG compression level: 1 is fastest (previews), 9 smallest (default 6)"),
            OptionSpec(name: "force", help: "write the PNG to standard output even when it is a terminal"),
            .trait,
            OptionSpec(name: "play", value: "STEPS", help: "pointer steps after layout, e.g. \"down 40,20; move 60,20; up 60,20; wait 100\"; the picture is the frame after the last step, and what each step did is printed"),
        ],
        details: """
        A SCENE.json places instances of classes on a canvas (format: the manual, reference/scenes.md); --set, --size,
        --variant and --action are for single classes, --scale and --background override the scene's.
        --play drives a class that takes pointer input (easel.input/1): steps are down, move, up, cancel,
        enter and leave at X,Y in the instance's points (with shift, control, alt, meta and secondary or
        middle), and wait MS; each step's outcome and the control events the component sent are
        printed (on stderr when the picture goes to stdout). A class without input is bad data (65).
        A component that asks to be drawn again (an animation, often started by an action) is drawn
        until it stops asking, with its animation clock 1/60 s further each frame: the picture shows
        where the animation ends.
        The output is written to a temporary file beside it and renamed into place, so a failure never
        leaves a partial file. Limits: sizes and scales must be positive; at most \(RenderLimits.maximumSide) pixels
        (PNG) or points (SVG, PDF) per side and \(RenderLimits.maximumPixels / 1_000_000) megapixels per PNG.
        """)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        let output = arguments.value("output") ?? defaultOutput(for: arguments.positionals[0])
        let format = try outputFormat(output, pngLevel: try arguments.pngLevel(default: 6))
        if output == "-" { try checkStandardOutput(force: arguments.has("force")) }
        var request = RenderRequest(subject: .component(arguments.positionals[0]), output: output, format: format)
        request.announcesOutput = !arguments.has("output")
        request.scale = try arguments.scale()
        request.background = try background(arguments)
        if arguments.has("trait") { request.traits = try arguments.traits() }
        if arguments.positionals[0].hasSuffix(".json") {
            for option in ["set", "size", "variant", "action", "play"] where arguments.has(option) {
                throw UsageError(message: "--\(option) is for classes; a scene gives sizes and attributes itself")
            }
            request.subject = .scene(arguments.positionals[0])
        } else {
            request.assignments = try arguments.assignments()
            request.size = try arguments.value("size").map { try parseSize($0, format: format, scale: request.scale ?? 1) }
            request.variant = arguments.value("variant")
            request.actions = arguments.all("action").map(parseAction)
            if let text = arguments.value("play") {
                do { request.play = try PlayScript.parse(text) } catch let error as PlayScriptError {
                    throw UsageError(message: "--play: \(error.description)")
                }
            }
        }
        return try invocation.engine().render(request, invocation)
    }

    /// Without `-o`: `CLASS.png` (a scene: its file name with .png) in the current folder, as
    /// `host gallery` names its pictures (the engine says where it wrote, as no one asked for it).
    static func defaultOutput(for subject: String) -> String {
        var name = subject.split(separator: "/").last.map(String.init) ?? subject
        if name.hasSuffix(".json") { name.removeLast(5) }
        return name + ".png"
    }

    /// `NAME` or `NAME=VALUE` (the value in the value syntax of the action's argument type).
    static func parseAction(_ text: String) -> (name: String, argument: String?) {
        guard let (name, argument) = text.split(atFirst: "=") else { return (text, nil) }
        return (name, argument)
    }

    /// `--background COLOR`: a usage error unless `#RRGGBB[AA]` (the option's name in the message, as
    /// for --size, not "property background").
    static func background(_ arguments: ParsedArguments) throws -> Color? {
        try arguments.value("background").map { text in
            do { return try PropertyInfo.parseColor(text, "background") } catch let error as HostError {
                throw UsageError(message: "--background: \(error.message)")
            }
        }
    }

    /// The format for an output path: by extension; "-" is PNG on stdout.
    static func outputFormat(_ output: String, pngLevel: Int) throws -> OutputFormat {
        if output == "-" { return .png(compressionLevel: pngLevel) }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let dot = name.lastIndex(of: "."),
              let format = OutputFormat(fileExtension: String(name[name.index(after: dot)...]).lowercased()) else {
            throw UsageError(message: "cannot tell the format of \(output.quoted) (expected a name ending in .png, .svg or .pdf, or - for PNG on stdout)")
        }
        if case .png = format { return .png(compressionLevel: pngLevel) }
        return format
    }

    /// `--size WxH` (or "W,H") in points: a usage error unless it parses and fits the renderer's
    /// limits for `format` at `scale` (``RenderLimits``), as every option's value out of its
    /// documented range is (the exit table).
    static func parseSize(_ text: String, format: OutputFormat, scale: Double) throws -> Size {
        let size: Size
        do { size = try PropertyInfo.parseSize(text, "size") } catch let error as HostError {
            throw UsageError(message: "--size: \(error.message)")
        }
        let check = RenderLimits.check(width: size.width, height: size.height, scale: scale, format: format)
        if let problem = RenderLimits.problem(check, width: size.width, height: size.height, scale: scale) {
            throw UsageError(message: "--size: \(problem)")
        }
        return size
    }

    /// Standard output must be open, and not a terminal unless forced (as curl refuses binary
    /// output to a terminal).
    static func checkStandardOutput(force: Bool) throws {
        if HostProcess.closedStandardDescriptors.contains(1) {
            throw HostError(.cannotCreate, "standard output is closed (expected a file or a pipe to write the PNG to)")
        }
        if isatty(1) != 0 && !force {
            throw UsageError(message: "standard output is a terminal, where a PNG would garble the screen; redirect it (> out.png), pipe it, or add --force")
        }
    }
}

/// What `host render` draws and where it writes it.
package struct RenderRequest {
    package enum Subject: Equatable {
        /// A class by name, with the values below.
        case component(String)
        /// A scene file (its own sizes and attributes).
        case scene(String)
    }
    package var subject: Subject
    /// The output path, or "-" for standard output.
    package var output: String
    package var format: OutputFormat
    /// `--scale`: nil for the default (1, or a scene's own).
    package var scale: Double?
    package var background: Color?
    package var assignments: [(name: String, value: String)] = []
    package var size: Size?
    package var variant: String?
    package var actions: [(name: String, argument: String?)] = []
    /// `--trait`: what the component is shown with (nil: the defaults, or a scene's own).
    package var traits: Traits?
    /// `--play`: pointer steps after layout.
    package var play: PlayScript?
    /// No `-o` was given: say on stdout where the picture went.
    package var announcesOutput = false

    package init(subject: Subject, output: String, format: OutputFormat) {
        self.subject = subject
        self.output = output
        self.format = format
    }
}
