import EaselCLI
import EaselHost
import EaselPreview
import EaselRender
@preconcurrency import Glibc

extension DrawingLibraryEngine {
    /// `host render`: draws the class (its variant, values and actions) or the scene, and writes the
    /// picture atomically, or to standard output.
    func render(_ request: RenderRequest, _ invocation: Invocation) throws -> Int32 {
        let target: RenderTarget
        switch request.subject {
        case .scene(let path):
            let scene = try Scene.read(path)
            let registry = try invocation.registry()
            target = try SceneRender.render(scene, classes: registry.designableClass(named:), classNames: registry.classes.map(\.name),
                                            format: request.format, scale: request.scale, background: request.background,
                                            traits: request.traits)
        case .component(let className):
            var component = ComponentRenderRequest(className: className, format: request.format)
            component.assignments = request.assignments
            component.scale = request.scale ?? 1
            component.size = request.size
            component.background = request.background
            component.variant = request.variant
            component.actions = request.actions
            component.traits = request.traits ?? .default
            component.play = request.play
            let registry = try invocation.registry()
            guard let cls = try registry.designableClass(named: className) else { throw registry.unknownClass(className) }
            var played = PlayReport()
            target = try ComponentRender.render(cls, component, report: &played)
            // What the steps did: on stdout, or on stderr when the picture goes there.
            for line in played.lines {
                if request.output == "-" { fputs(TerminalText.printable(line) + "\n", stderr) } else { print(TerminalText.printable(line)) }
            }
        }
        invocation.environment.releaseWorkers() // they end while the picture is encoded
        try write(target, to: request.output)
        if request.announcesOutput { print("wrote \(TerminalText.printable(request.output)) (-o FILE to choose where)") }
        return 0
    }

    /// Writes atomically (temporary file + rename), or to stdout for "-".
    private func write(_ target: RenderTarget, to output: String) throws {
        try HostError.rendering {
            if output == "-" {
                signal(SIGPIPE, SIG_IGN)
                try target.writeToStandardOutput()
            } else {
                try target.write(to: output)
            }
        }
    }
}
