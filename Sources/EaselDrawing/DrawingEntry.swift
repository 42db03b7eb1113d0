import CEasel
import EaselCLI
import EaselHost
import EaselPreview
import EaselRender

// The EaselDrawing library: the work of every command that draws, and the renderer.
//
// `host` starts without it (no Cairo, Pango, fontconfig, librsvg, Foundation or ICU: see
// Docs/architecture.md, "Process start"), and loads it with dlopen on first need, finding the two
// functions below with dlsym (Sources/host/DrawingLibrary.swift). Both link one copy of the core
// (libEaselCore.so), so what crosses is the core's own Swift types.

/// What this library gives the program: the engine of the commands that draw, and the renderer (made
/// once the fonts are pinned, before anything asks fontconfig and before any worker starts).
final class DrawingLibraryContents: DrawingContents, @unchecked Sendable {
    let engine: DrawingEngine = DrawingLibraryEngine()
    let renderer: Renderer

    init() {
        FontConfiguration.pin()
        renderer = RendererServices()
    }

    /// Made at the first `easel_drawing_contents`.
    static let shared = DrawingLibraryContents()
    /// What `easel_drawing_version` returns: the host must be the same release.
    static let version = ConstantCString("\(PluginLoader.hostVersion) ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor)")
}

/// "VERSION ABI MAJOR.MINOR" of this library (static storage): `host` refuses a library of another
/// release before it asks for anything else.
@_cdecl("easel_drawing_version")
public func easelDrawingVersion() -> UnsafePointer<CChar> {
    DrawingLibraryContents.version.pointer
}

/// The library's ``DrawingContents`` (an unretained object pointer; it lives as long as the process).
@_cdecl("easel_drawing_contents")
public func easelDrawingContents() -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged<AnyObject>.passUnretained(DrawingLibraryContents.shared).toOpaque())
}
