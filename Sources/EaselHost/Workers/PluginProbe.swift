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
    /// A probe for `path`: a new worker process of `environment` with `isolation`'s time budget per
    /// call, or this process (whose renderer draws directly).
    package static func make(path: String, isolation: Isolation, environment: HostEnvironment) throws -> PluginProbe {
        switch isolation {
        case .inProcess: return InProcessPluginProbe(path: path, environment: environment)
        case .workers(let timeout): return try WorkerPluginProbe(path: path, timeout: timeout, environment: environment)
        }
    }

    /// A probe in a new worker whose new memory (every block malloc hands out, and the stack below
    /// each call) holds `fill` (not 0xFF), so that what a plugin reads without setting it shows.
    package static func make(path: String, timeout: Double, fill: UInt8, environment: HostEnvironment) throws -> PluginProbe {
        precondition(fill != 0xFF, "glibc cannot fill with 0xFF")
        return try WorkerPluginProbe(path: path, timeout: timeout, environment: environment, fill: fill)
    }
}
