import CEasel
@preconcurrency import Glibc

/// A probe whose plugin runs in a worker process of its own.
final class WorkerPluginProbe: PluginProbe {
    let path: String
    let timeout: Double
    private let process: WorkerProcess
    private var hosted: WorkerHostedPlugin?
    private var classes: [DesignableClass]?

    private let environment: HostEnvironment

    init(path: String, timeout: Double, environment: HostEnvironment, fill: UInt8? = nil) throws {
        self.path = path
        self.timeout = timeout
        self.environment = environment
        process = try WorkerProcess(environment: environment, timeout: timeout, fill: fill)
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
        let plugin = WorkerHostedPlugin(path: path, timeout: timeout, environment: environment, spare: process)
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
