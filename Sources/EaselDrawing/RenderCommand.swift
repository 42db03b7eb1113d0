import EaselCLI
import EaselHost
import EaselPreview
import EaselRender
@preconcurrency import Glibc

/// `host render CLASS -o out.png`: renders a component class as Interface Builder would show it
/// (create → variant's attributes → setters → prepare-for-designer → actions → layout → draw) into
/// PNG, SVG or PDF.
/// `host render SCENE.json -o out.png` renders a scene (see ``Scene``).
enum RenderCommand: Command {
    static let spec = CommandSpec.render

    static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        guard let output = arguments.value("output") else {
            throw UsageError(message: "missing -o OUT.png|OUT.svg|OUT.pdf|- (where to write the picture)")
        }
        let level = try arguments.value("png-level").map { text -> Int in
            guard let level = Int(text), (0...9).contains(level) else {
                throw UsageError(message: "--png-level \(text.quoted) is not a level from 0 to 9")
            }
            return level
        } ?? 6
        let format = try outputFormat(output, pngLevel: level)
        if output == "-" { try checkStandardOutput(force: arguments.has("force")) }
        if arguments.positionals[0].hasSuffix(".json") {
            return try renderScene(arguments.positionals[0], invocation, output: output, format: format)
        }
        var request = ComponentRenderRequest(className: arguments.positionals[0], format: format)
        request.assignments = try arguments.all("set").map(InspectCommand.parseAssignment)
        request.scale = try scale(arguments) ?? 1
        request.size = try arguments.value("size").map { try parseSize($0, format: format, scale: request.scale) }
        request.background = try background(arguments)
        request.variant = arguments.value("variant")
        request.actions = arguments.all("action").map(parseAction)
        let registry = try invocation.registry()
        guard let cls = try registry.designableClass(named: request.className) else {
            throw InspectCommand.unknownClass(request.className, registry)
        }
        let target = try ComponentRender.render(cls, request)
        invocation.environment.releaseWorkers() // they end while the picture is encoded
        try write(target, to: output)
        return 0
    }

    static func renderScene(_ path: String, _ invocation: Invocation, output: String,
                            format: OutputFormat) throws -> Int32 {
        let arguments = invocation.arguments
        for option in ["set", "size", "variant", "action"] where arguments.has(option) {
            throw UsageError(message: "--\(option) is for classes; a scene gives sizes and attributes itself")
        }
        let scene = try Scene.read(path)
        let registry = try invocation.registry()
        let target = try SceneRender.render(scene, classes: registry.designableClass(named:), classNames: registry.classes.map(\.name), format: format,
                                            scale: try scale(arguments), background: try background(arguments))
        invocation.environment.releaseWorkers()
        try write(target, to: output)
        return 0
    }

    /// `NAME` or `NAME=VALUE` (the value in the value syntax of the action's argument type).
    static func parseAction(_ text: String) -> (name: String, argument: String?) {
        guard let (name, argument) = text.split(atFirst: "=") else { return (text, nil) }
        return (name, argument)
    }

    /// `--scale N`: a usage error unless a number in ``scales``.
    static func scale(_ arguments: ParsedArguments) throws -> Double? {
        try arguments.value("scale").map { text -> Double in
            guard let scale = Double(text), RenderOptions.scales.contains(scale) else {
                throw UsageError(message: "--scale \(text.quoted) is not a scale from \(RenderOptions.scalesText) (expected e.g. 1, 2 or 3)")
            }
            return scale
        }
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
    /// documented range is (the README's exit table).
    static func parseSize(_ text: String, format: OutputFormat, scale: Double) throws -> Size {
        do {
            let size = try PropertyInfo.parseSize(text, "size")
            _ = try RenderTarget.validatedSize(format: format, options: RenderOptions(width: size.width, height: size.height, scale: scale))
            return size
        } catch let error as HostError {
            throw UsageError(message: "--size: \(error.message)")
        } catch let error as RenderError {
            throw UsageError(message: "--size: \(error)")
        }
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

    /// Writes atomically (temporary file + rename), or to stdout for "-".
    static func write(_ target: RenderTarget, to output: String) throws {
        do {
            if output == "-" {
                signal(SIGPIPE, SIG_IGN)
                try target.writeToStandardOutput()
            } else {
                try target.write(to: output)
            }
        } catch let error as RenderError {
            throw HostError(error)
        }
    }
}
