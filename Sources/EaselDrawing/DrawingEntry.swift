import CEasel
import EaselCLI
import EaselHost
import EaselPreview
import EaselRender
@preconcurrency import Glibc

// The EaselDrawing library: every command that draws, and the renderer's services for plugins.
//
// `host` starts without it (no Cairo, Pango, fontconfig, librsvg, Foundation or ICU: see the README,
// "Process start"), and loads it with dlopen (RTLD_LOCAL) on first need, finding these functions with
// dlsym (Sources/host/DrawingLibrary.swift). The library holds its own copy of EaselCLI and EaselHost:
// a drawing command runs entirely here (`easel_drawing_main`), and what crosses between the two
// copies is only C: strings, easel_text_style, easel_size and easel_canvas pointers.

/// The commands this library runs.
enum DrawingCommands {
    nonisolated(unsafe) static let all: [Command.Type] = [RenderCommand.self, WatchCommand.self, ServeCommand.self, GalleryCommand.self,
                                      SnapshotCommand.self, ValidateCommand.self]

    /// The renderer's services for a host that did not start here (`host list` or `host inspect`
    /// whose plugin measures text): created on first use, after the fonts are pinned.
    nonisolated(unsafe) static let services: RendererServices = {
        FontConfiguration.pin()
        return RendererServices()
    }()

    /// What `easel_drawing_version` returns: the host must be the same release.
    nonisolated(unsafe) static let version: UnsafeMutablePointer<CChar> = strdup(
        "\(PluginLoader.hostVersion) ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor)")!
}

/// "VERSION ABI MAJOR.MINOR" of this library (static storage): `host` refuses a library of another
/// release.
@_cdecl("easel_drawing_version")
public func easelDrawingVersion() -> UnsafePointer<CChar> {
    UnsafePointer(DrawingCommands.version)
}

/// Runs the process's command line (a drawing command, or `host __launcher`) as `host` did before
/// the split, and returns the exit status. Called by `host` after it ignored SIGPIPE, and before
/// anything else.
@_cdecl("easel_drawing_main")
public func easelDrawingMain() -> Int32 {
    HostProcess.start()
    // The pinned fonts first, before anything asks fontconfig and before any worker starts (workers
    // are forked from here, or run `host __launcher`, which comes here too).
    FontConfiguration.pin()
    let arguments = Array(CommandLine.arguments.dropFirst())
    // The host re-executed as the worker launcher (see WorkerLauncher), when it could not fork one.
    if arguments == [WorkerLauncher.launcherArgument] { return RendererServices.runLauncher() }
    CLI.commands += DrawingCommands.all
    CLI.installServices = { RendererServices.install() }
    let status = CLI.run(arguments)
    HostProcess.finish()
    return CLI.finishOutput(status)
}

/// easel_host.measure_text for a host that did not start here: the size of `text` in `style`,
/// wrapped at `maxWidth` (<= 0: no wrapping), as the renderer measures it.
@_cdecl("easel_drawing_measure_text")
public func easelDrawingMeasureText(_ text: UnsafePointer<CChar>, _ maxWidth: Double,
                                    _ style: UnsafePointer<easel_text_style>) -> easel_size {
    DrawingCommands.services.measureText(text, maxWidth: maxWidth, style: style)
}

/// easel_host.image_size for a host that did not start here: the natural size of image `name`,
/// resolved against `resourceDirectory`; {0, 0} if unknown.
@_cdecl("easel_drawing_image_size")
public func easelDrawingImageSize(_ name: UnsafePointer<CChar>, _ resourceDirectory: UnsafePointer<CChar>) -> easel_size {
    DrawingCommands.services.imageSize(String(cString: name), resourceDirectory: String(cString: resourceDirectory))
}

/// The canvas that answers text and image queries while a worker records a draw (its images
/// resolved against `resourceDirectory`); owned by this library, valid until the next call.
@_cdecl("easel_drawing_query_canvas")
public func easelDrawingQueryCanvas(_ resourceDirectory: UnsafePointer<CChar>) -> UnsafeMutablePointer<easel_canvas> {
    DrawingCommands.services.queryCanvas(resourceDirectory: String(cString: resourceDirectory))
}
