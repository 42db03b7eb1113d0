import CEasel
import EaselCLI
import EaselHost
@preconcurrency import Glibc

/// The EaselDrawing library (the work of every command that draws, and the renderer), loaded on first need.
///
/// `host` links only the core (libEaselCore.so: EaselHost, EaselJSON, EaselCLI): `--version`,
/// `--help`, `list`, `inspect`, `new`, `completions` and `manual` start without Cairo, Pango,
/// fontconfig, X11, glib, Foundation or ICU, the libraries that made most of every start's relocation
/// work. A drawing command loads the library once it has read its command line (its help and usage
/// errors are answered by the command, in the core, without it). A plugin that measures text or an image
/// under `list` or `inspect` (in this process or in a worker forked from it) loads it then
/// (``renderer``), as librsvg is loaded when an image is first decoded.
///
/// Where it is: beside the executable (the build directory), else `../lib/easel/` from it (an
/// installation: PREFIX/bin/host and PREFIX/lib/easel/libEaselDrawing.so, see Scripts/install).
final class DrawingLibrary: DrawingProvider, @unchecked Sendable {
    static let fileName = "libEaselDrawing.so"

    /// The library's contents once loaded, or why it could not be (one attempt per process).
    private let loaded = Locked<Result<DrawingContents, HostError>?>(nil)
    let renderer: Renderer

    init() {
        let loaded = self.loaded
        renderer = LazyRenderer { try DrawingLibrary.contents(loadingInto: loaded) }
    }

    func engine() throws -> DrawingEngine { try contents().engine }

    /// Makes this process a worker launcher (`host __launcher`): its workers run the worker loop with
    /// the library's renderer, loaded now so that every worker starts with it. Returns its exit status.
    func runLauncher() -> Int32 {
        let renderer = (try? contents().renderer) ?? self.renderer
        return WorkerLauncher.serve(control: 3, program: .serving(renderer: renderer))
    }

    /// The library's contents, loading it the first time (thread-safe).
    func contents() throws -> DrawingContents { try Self.contents(loadingInto: loaded) }

    private static func contents(loadingInto loaded: Locked<Result<DrawingContents, HostError>?>) throws -> DrawingContents {
        try loaded.withValue { loaded in
            if loaded == nil {
                do { loaded = .success(try Self.open()) } catch let error as HostError { loaded = .failure(error) } catch {
                    loaded = .failure(HostError(.internalError, "\(error)"))
                }
            }
            return try loaded!.get()
        }
    }

    private static func open() throws -> DrawingContents {
        let directory = executableDirectory
        let candidates = [directory + "/" + fileName, directory + "/../lib/easel/" + fileName]
        guard let path = candidates.first(where: { access($0, F_OK) == 0 }) else {
            throw HostError(.internalError, "cannot find \(fileName), which every command that draws needs "
                            + "(expected beside the program or in ../lib/easel/: \(candidates.joined(separator: " or ")))")
        }
        guard let library = dlopen(path, RTLD_LAZY | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw HostError(.internalError, "cannot load the drawing library: \(why)", file: path)
        }
        let expected = "\(PluginLoader.hostVersion) ABI \(PluginLoader.hostABI.major).\(PluginLoader.hostABI.minor)"
        guard let versionAddress = dlsym(library, "easel_drawing_version") else {
            throw HostError(.internalError, "is not Easel's drawing library (no easel_drawing_version)", file: path)
        }
        let version = String(cString: unsafeBitCast(versionAddress, to: (@convention(c) () -> UnsafePointer<CChar>).self)())
        guard version == expected else {
            throw HostError(.internalError, "is the drawing library of Easel \(version), this host is \(expected) "
                            + "(install both from the same build)", file: path)
        }
        guard let contentsAddress = dlsym(library, "easel_drawing_contents") else {
            throw HostError(.internalError, "is not Easel's drawing library (no easel_drawing_contents)", file: path)
        }
        let pointer = unsafeBitCast(contentsAddress, to: (@convention(c) () -> UnsafeRawPointer).self)()
        guard let contents = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? DrawingContents else {
            throw HostError(.internalError, "is not Easel's drawing library (its contents are not DrawingContents)", file: path)
        }
        return contents
    }

    /// The directory of this program's executable (symbolic links resolved).
    private static var executableDirectory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = n > 0 ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : CommandLine.arguments[0]
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// The library's renderer, loaded at its first question. If the library cannot be loaded, a warning
/// says why once and plugins measure {0, 0}; pictures cannot be drawn.
final class LazyRenderer: Renderer, @unchecked Sendable {
    private let load: () throws -> DrawingContents
    private let warned = Locked(false)

    init(load: @escaping () throws -> DrawingContents) { self.load = load }

    private var loaded: Renderer? {
        do { return try load().renderer } catch {
            let first = warned.withValue { warned in defer { warned = true }; return !warned }
            if first { Diagnostics.standardErrorWarning("plugins cannot measure text or images: \(error)") }
            return nil
        }
    }

    private func required() throws -> Renderer { try load().renderer }

    func measureText(_ text: UnsafePointer<CChar>, maxWidth: Double, style: UnsafePointer<easel_text_style>) -> easel_size {
        loaded?.measureText(text, maxWidth: maxWidth, style: style) ?? easel_size(width: 0, height: 0)
    }

    func imageSize(_ name: String, resourceDirectory: String) -> easel_size {
        loaded?.imageSize(name, resourceDirectory: resourceDirectory) ?? easel_size(width: 0, height: 0)
    }

    func queryCanvas(resourceDirectory: String) -> UnsafeMutablePointer<easel_canvas>? {
        loaded?.queryCanvas(resourceDirectory: resourceDirectory)
    }

    func rasterize(_ instance: DesignableInstance, size: Size, scale: Double) throws -> Raster {
        try required().rasterize(instance, size: size, scale: scale)
    }

    func renderDirectly(_ instance: DesignableInstance, size: Size, scale: Double) throws -> RawImage {
        try required().renderDirectly(instance, size: size, scale: scale)
    }

    func warmUp() { loaded?.warmUp() }
}
