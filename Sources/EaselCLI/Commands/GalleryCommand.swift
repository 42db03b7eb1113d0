import EaselHost

/// `host gallery`: the components' documentation page. Renders every registered class in every
/// variant into one folder (`<Class>.png` for the defaults, `<Class>.<variant>.png` for the others)
/// and writes an `index.html` with the pictures, the command line of each, the property tables and
/// each plugin's `host validate` status (``DrawingEngine/gallery(_:_:)``).
package enum GalleryCommand: Command {
    package static let spec = CommandSpec(
        name: "gallery",
        summary: "render every class and variant into a folder with an index.html documenting them",
        usage: "",
        options: [
            OptionSpec(name: "out", value: "DIR", help: "where the pictures and index.html go (default ./gallery)"),
            OptionSpec(name: "scale", value: "N", help: "pixels per point (default 2)"),
            .trait,
            OptionSpec(name: "no-validate", help: "leave out the plugins' validation status (faster)"),
        ],
        details: """
        Pictures are DIR/<Class>.png (the defaults) and DIR/<Class>.<variant>.png (each variant). A
        property whose new instance does not read back its declared default is a warning, on stderr and
        on the page. Each plugin is validated (the checks of \(CLI.programName) validate, in workers) unless --no-validate; a failed
        check is shown on the page and does not change the exit status. A class or variant that fails to
        render is reported and shown as an error; the exit status is then 69.
        """)

    package static func run(_ invocation: Invocation) throws -> Int32 {
        let arguments = invocation.arguments
        var request = GalleryRequest(outputDirectory: arguments.value("out") ?? "./gallery")
        request.scale = try arguments.scale() ?? 2
        request.validates = !arguments.has("no-validate")
        request.traits = try arguments.traits()
        return try invocation.engine().gallery(request, invocation)
    }
}

/// Where `host gallery` writes, at what scale, and whether it validates the plugins.
package struct GalleryRequest {
    package var outputDirectory: String
    package var scale = 2.0
    package var validates = true
    /// `--trait`: what every picture is shown with.
    package var traits = Traits.default

    package init(outputDirectory: String) { self.outputDirectory = outputDirectory }
}
