import CEasel
import EaselCLI
import EaselHost
@preconcurrency import Glibc

/// The EaselDrawing library (every command that draws, and the renderer), loaded on first need.
///
/// `host` links only what the commands that never draw use (EaselCLI, EaselHost): `--version`,
/// `--help`, `list`, `inspect`, `new`, `completions` and `manual` start without Cairo, Pango,
/// fontconfig, X11, glib, Foundation or ICU, the libraries that made most of every start's relocation
/// work. A drawing command, and `host __launcher`, are handed over whole to the library
/// (``run(_:)``), before this program did anything else. A plugin that measures text or an image
/// under `list` or `inspect` (in this process or in a worker forked from it) loads the library then
/// (``services``), as librsvg is loaded when an image is first decoded.
///
/// Where it is: beside the executable (the build directory), else `../lib/easel/` from it (an
/// installation: PREFIX/bin/host and PREFIX/lib/easel/libEaselDrawing.so, see Scripts/install).
enum DrawingLibrary {
    static let fileName = "libEaselDrawing.so"

    /// Whether `argv` (after the program name) is the drawing library's to run: the worker launcher,
    /// or a drawing command with options its spec accepts (its help and usage errors are answered
    /// here, from the spec, by the same code).
    static func handles(_ argv: [String]) -> Bool {
        if argv == [WorkerLauncher.launcherArgument] { return true }
        guard let first = argv.first, !CLI.commands.contains(where: { $0.spec.name == first }) else { return false }
        return CLI.isValidCommandLine(argv)
    }

    /// Runs this process's command line in the library and returns its exit status; a library that
    /// cannot be loaded is an internal error (70) saying where it was looked for.
    static func run(_ argv: [String]) -> Int32 {
        do {
            let main = try symbol("easel_drawing_main", as: (@convention(c) () -> Int32).self)
            return main()
        } catch let error as HostError {
            return CLI.report(error, command: argv.first ?? "", json: argv.contains("--json"))
        } catch {
            return 70
        }
    }

    /// Makes plugins of this process, and of the workers forked from it, measure through the library
    /// (loaded at their first measurement).
    static func installServices() {
        if HostServices.current == nil { HostServices.current = DrawingLibraryServices() }
        WorkerLauncher.workerMain = {
            WorkerServer.queryCanvas = { directory in
                guard let query = try? symbol("easel_drawing_query_canvas",
                                              as: (@convention(c) (UnsafePointer<CChar>) -> UnsafeMutablePointer<easel_canvas>).self)
                else { return nil }
                return directory.withCString { query($0) }
            }
            return WorkerServer.run()
        }
    }

    // MARK: - Loading

    nonisolated(unsafe) private static var handle: UnsafeMutableRawPointer?
    nonisolated(unsafe) private static var failure: HostError?
    nonisolated(unsafe) private static var lock: pthread_mutex_t = {
        var m = pthread_mutex_t()
        pthread_mutex_init(&m, nil)
        return m
    }()

    /// The library's function `name` (loading the library the first time; thread-safe).
    static func symbol<F>(_ name: String, as type: F.Type) throws -> F {
        let library = try load()
        guard let address = dlsym(library, name) else {
            throw HostError(.internalError, "\(fileName) has no function \(name): install the host and the library from the same build")
        }
        return unsafeBitCast(address, to: type)
    }

    private static func load() throws -> UnsafeMutableRawPointer {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let handle { return handle }
        if let failure { throw failure }
        do {
            handle = try open()
            return handle!
        } catch let error as HostError {
            failure = error
            throw error
        }
    }

    private static func open() throws -> UnsafeMutableRawPointer {
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
        return library
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

/// easel_host's text and image metrics, answered by the drawing library (loaded at the first
/// question). If it cannot be loaded, a warning says why once and plugins measure {0, 0}.
final class DrawingLibraryServices: PluginServices {
    private var warned = false

    private func function<F>(_ name: String, as type: F.Type) -> F? {
        do { return try DrawingLibrary.symbol(name, as: type) } catch {
            if !warned {
                warned = true
                Diagnostics.warningSink("plugins cannot measure text or images: \(error)")
            }
            return nil
        }
    }

    func measureText(_ text: UnsafePointer<CChar>, maxWidth: Double, style: UnsafePointer<easel_text_style>) -> easel_size {
        typealias Measure = @convention(c) (UnsafePointer<CChar>, Double, UnsafePointer<easel_text_style>) -> easel_size
        guard let measure = function("easel_drawing_measure_text", as: Measure.self) else { return easel_size(width: 0, height: 0) }
        return measure(text, maxWidth, style)
    }

    func imageSize(_ name: String, resourceDirectory: String) -> easel_size {
        typealias Size = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> easel_size
        guard let size = function("easel_drawing_image_size", as: Size.self) else { return easel_size(width: 0, height: 0) }
        return name.withCString { n in resourceDirectory.withCString { size(n, $0) } }
    }
}
