import CSystem
@preconcurrency import Glibc

/// Memory of a process: what malloc has handed out and not had back, and what is resident.
package struct MemoryUsage: Equatable, Sendable {
    /// malloc's bytes in use over every arena and mmapped chunk (mallinfo2: `uordblks + hblkhd`).
    package var allocatedBytes: UInt64
    /// The resident set size (from /proc/self/statm).
    package var residentBytes: UInt64

    package init(allocatedBytes: UInt64, residentBytes: UInt64) {
        self.allocatedBytes = allocatedBytes
        self.residentBytes = residentBytes
    }

    /// This process's, now.
    package static func current() -> MemoryUsage {
        let resident = ProcessMemory.residentBytes(getpid()) ?? 0
        return MemoryUsage(allocatedBytes: UInt64(easel_allocated_bytes()), residentBytes: resident)
    }
}

/// A picture as straight 8-bit RGBA rows (EaselHost does not depend on the renderer).
package struct RawImage: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var rgba: [UInt8]
    package init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// What `host validate` needs from a plugin beyond the ``DesignableClass`` protocol, in the process
/// its code runs in: a fresh worker per probe (the default), or this process (`--in-process`).
///
/// ```swift
/// let probe = try PluginProbes.make(path: "components/libGauge.so", isolation: .default)
/// defer { probe.stop() }
/// let classes = try probe.load()
/// let before = try probe.memoryUsage()
/// try probe.cycle(className: "Gauge", count: 1000, frame: Rect(size: classes[0].info.defaultSize))
/// ```
package protocol PluginProbe: AnyObject {
    var path: String { get }
    /// Loads the file in the probe's process and reports every descriptor problem, not only the
    /// first (none: it is valid). Call it on a probe that has not loaded the plugin.
    func problems() throws -> [HostError]
    /// Loads the plugin (once) and returns its classes, ready to instantiate in the probe's process.
    func load() throws -> [DesignableClass]
    func memoryUsage() throws -> MemoryUsage
    /// create(frame) → destroy, `count` times, without a round trip per instance.
    func cycle(className: String, count: Int, frame: Rect) throws
    /// Starts collecting what is written to file descriptor 1 (stdout) in the probe's process.
    func beginCapturingOutput() throws
    /// Stops collecting and returns the bytes written since ``beginCapturingOutput()``.
    func endCapturingOutput() throws -> [UInt8]
    /// Destroys every instance and calls the plugin's deinit; returns when it returned. Returns
    /// whether the plugin has a deinit. Instances made before are unusable afterwards.
    func finish() throws -> Bool
    /// Draws `instance` (made by this probe) straight onto the renderer's canvas in the probe's
    /// process, laid out for `size`, at `scale`: no display list.
    func renderDirectly(_ instance: DesignableInstance, size: Size, scale: Double) throws -> RawImage
    /// Ends the probe's worker (nothing for an in-process probe).
    func stop()
}

package enum PluginProbes {
    /// Draws an instance straight onto a new canvas of the renderer (set by the program, which
    /// links the renderer; in a worker too). Arguments: the instance, its size, the scale.
    nonisolated(unsafe) package static var directRenderer: ((DesignableInstance, Size, Double) throws -> RawImage)?

    /// A probe for `path`: a new worker process with `isolation`'s time budget per call, or this process.
    package static func make(path: String, isolation: Isolation) throws -> PluginProbe {
        switch isolation {
        case .inProcess: return InProcessPluginProbe(path: path)
        case .workers(let timeout): return try WorkerPluginProbe(path: path, timeout: timeout)
        }
    }

    /// A probe in a new worker whose new memory (every block malloc hands out, and the stack below
    /// each call) holds `fill` (not 0xFF), so that what a plugin reads without setting it shows.
    package static func make(path: String, timeout: Double, fill: UInt8) throws -> PluginProbe {
        precondition(fill != 0xFF, "glibc cannot fill with 0xFF")
        return try WorkerPluginProbe(path: path, timeout: timeout, fill: fill)
    }

    static func render(_ instance: DesignableInstance, size: Size, scale: Double) throws -> RawImage {
        guard let renderer = directRenderer else {
            throw HostError(.internalError, "this program has no renderer for direct drawing")
        }
        return try renderer(instance, size, scale)
    }
}

/// Collects what this process writes to fd 1 in a memory file.
final class OutputCapture {
    private var saved: Int32 = -1
    private var file: Int32 = -1

    func begin() throws {
        guard file < 0 else { return }
        PluginStandardOutput.suspend()
        fflush(stdout)
        let f = easel_memory_file("easel-captured-stdout")
        guard f >= 0 else { throw HostError(.internalError, "cannot create a memory file: \(String(cString: strerror(errno)))") }
        saved = dup(1)
        guard saved >= 0, dup2(f, 1) >= 0 else {
            close(f)
            PluginStandardOutput.resume()
            throw HostError(.internalError, "cannot redirect stdout: \(String(cString: strerror(errno)))")
        }
        file = f
    }

    func end() -> [UInt8] {
        guard file >= 0 else { return [] }
        fflush(stdout)
        dup2(saved, 1)
        close(saved)
        PluginStandardOutput.resume()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        lseek(file, 0, SEEK_SET)
        while true {
            let n = read(file, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
            if bytes.count > 1 << 20 { break } // enough to say what it was
        }
        close(file)
        file = -1
        saved = -1
        return bytes
    }
}

/// A probe whose plugin runs in a worker process of its own.
final class WorkerPluginProbe: PluginProbe {
    let path: String
    let timeout: Double
    private let process: WorkerProcess
    private var hosted: WorkerHostedPlugin?
    private var classes: [DesignableClass]?

    init(path: String, timeout: Double, fill: UInt8? = nil) throws {
        self.path = path
        self.timeout = timeout
        process = try WorkerProcess(timeout: timeout, fill: fill)
    }

    private func call(_ request: WorkerRequest, timeout: Double? = nil) throws -> WorkerResponse {
        let response = try process.call(request, timeout: timeout ?? self.timeout,
                                        context: HostError(.pluginFailure, "", file: path))
        if case .failure(let error) = response { throw error }
        return response
    }

    func problems() throws -> [HostError] {
        guard case .problems(let list) = try call(.problems(path: path)) else { throw unexpected("problems") }
        return list.map { var e = $0; e.file = path; return e }
    }

    func load() throws -> [DesignableClass] {
        if let classes { return classes }
        let plugin = WorkerHostedPlugin(path: path, timeout: timeout, spare: process)
        let infos = try plugin.ensureWorker().1
        hosted = plugin
        let made: [DesignableClass] = infos.map { info in
            var info = info
            info.plugin.path = path
            return WorkerClass(info: info, plugin: plugin)
        }
        classes = made
        return made
    }

    func memoryUsage() throws -> MemoryUsage {
        guard case .memory(let m) = try call(.memory) else { throw unexpected("memory") }
        return m
    }

    func cycle(className: String, count: Int, frame: Rect) throws {
        // The whole loop is one call: its budget grows with the count.
        _ = try call(.cycle(className: className, count: UInt32(count), frame: frame),
                     timeout: timeout * max(1, Double(count) / 100))
    }

    func beginCapturingOutput() throws { _ = try call(.captureOutput(begin: true)) }

    func endCapturingOutput() throws -> [UInt8] {
        guard case .bytes(let b) = try call(.captureOutput(begin: false)) else { throw unexpected("captureOutput") }
        return b
    }

    func finish() throws -> Bool {
        guard case .value(.bool(let has)) = try call(.finish) else { throw unexpected("finish") }
        return has
    }

    func renderDirectly(_ instance: DesignableInstance, size: Size, scale: Double) throws -> RawImage {
        // An instance made after the probe's worker died lives in a new worker: the call below
        // then says that (and how) the probe's worker stopped, rather than blaming the host.
        guard let i = instance as? WorkerInstance, i.worker === process || !process.isAlive else {
            throw HostError(.internalError, "the instance does not live in this probe's worker")
        }
        guard case .pixels(let image) = try call(.renderDirectly(instance: i.id, size: size, scale: scale)) else {
            throw unexpected("renderDirectly")
        }
        return image
    }

    func stop() { process.terminate() }

    private func unexpected(_ what: String) -> HostError {
        HostError(.internalError, "unexpected worker response to \(what)", file: path)
    }
}

/// A probe whose plugin runs in this process (`--in-process`: for debuggers; a crash ends the host).
final class InProcessPluginProbe: PluginProbe {
    let path: String
    private var plugin: LoadedPlugin?
    private let capture = OutputCapture()

    init(path: String) { self.path = path }

    func problems() throws -> [HostError] { PluginLoader.problems(path) }

    func load() throws -> [DesignableClass] {
        if let plugin { return plugin.classes }
        let loaded = try PluginLoader.load(path)
        plugin = loaded
        return loaded.classes
    }

    func memoryUsage() throws -> MemoryUsage { MemoryUsage.current() }

    func cycle(className: String, count: Int, frame: Rect) throws {
        guard let cls = try load().first(where: { $0.info.name == className }) else {
            throw HostError(.notFound, "no class \(className)", file: path)
        }
        for _ in 0..<count { _ = try cls.makeInstance(frame: frame) }
    }

    func beginCapturingOutput() throws { try capture.begin() }
    func endCapturingOutput() throws -> [UInt8] { capture.end() }

    func finish() throws -> Bool {
        guard let plugin else { return false }
        plugin.finish()
        return plugin.hasDeinit
    }

    func renderDirectly(_ instance: DesignableInstance, size: Size, scale: Double) throws -> RawImage {
        try PluginProbes.render(instance, size: size, scale: scale)
    }

    func stop() {}
}
