import CEasel

/// How plugin code runs: in workers (the default: a crash or a hang becomes an error and the host
/// goes on), or in this process (`--in-process`, for debugging plugins with gdb or valgrind).
package enum Isolation: Equatable, Sendable {
    case inProcess
    /// In worker processes, each call given `timeout` seconds.
    case workers(timeout: Double)

    package static let defaultTimeout = 2.0
    package static let `default` = Isolation.workers(timeout: defaultTimeout)
}

/// One plugin file served by a worker process. The worker starts on first use and is started again
/// after it died (a crash in one instance must not poison the next render).
final class WorkerHostedPlugin {
    let path: String
    let timeout: Double
    let environment: HostEnvironment
    private(set) var worker: WorkerProcess?
    private var nextInstance: UInt32 = 1

    /// `spare`: a worker started ahead of need, to use instead of starting one.
    init(path: String, timeout: Double, environment: HostEnvironment, spare: WorkerProcess? = nil) {
        self.path = path
        self.timeout = timeout
        self.environment = environment
        self.spare = spare
    }
    private var spare: WorkerProcess?

    /// A live worker with the plugin loaded, and the class descriptions it reported.
    func ensureWorker() throws -> (WorkerProcess, [ClassInfo]) {
        if let worker, worker.isAlive, let loaded { return (worker, loaded) }
        let w = try spare ?? WorkerProcess(environment: environment, timeout: timeout)
        spare = nil
        let context = HostError(.pluginFailure, "", file: path, phase: .load)
        switch try w.call(.load(path: path), timeout: timeout, context: context) {
        case .plugin(_, let classes):
            worker = w
            loaded = classes
            return (w, classes)
        case .failure(let error):
            throw error
        case let other:
            throw HostError(.internalError, "unexpected worker response \(other) to load", file: path)
        }
    }
    private var loaded: [ClassInfo]?

    func allocateInstanceID() -> UInt32 {
        defer { nextInstance &+= 1 }
        return nextInstance
    }
}

/// A ``DesignableClass`` whose code runs in a worker process.
final class WorkerClass: DesignableClass {
    let info: ClassInfo
    let plugin: WorkerHostedPlugin

    init(info: ClassInfo, plugin: WorkerHostedPlugin) {
        self.info = info
        self.plugin = plugin
    }

    var context: HostError { HostError(.pluginFailure, "", file: info.plugin.path, className: info.name) }
    var diagnostics: Diagnostics { plugin.environment.diagnostics }

    func makeInstance(frame: Rect, traits: Traits) throws -> DesignableInstance {
        try instantiate(traits: traits) { .create(instance: $0, className: info.name, frame: frame, traits: traits) }
    }

    func makeInstance(archive: Archive, traits: Traits) throws -> DesignableInstance {
        try instantiate(traits: traits) { .createFromArchive(instance: $0, className: info.name, archive: archive, traits: traits) }
    }

    private func instantiate(traits: Traits, _ request: (UInt32) -> WorkerRequest) throws -> DesignableInstance {
        let (worker, classes) = try plugin.ensureWorker()
        guard let fresh = classes.first(where: { $0.name == info.name }) else {
            throw HostError(.pluginFailure, "the plugin no longer registers this class (was it rebuilt?)",
                            file: info.plugin.path, className: info.name, phase: .load)
        }
        let id = plugin.allocateInstanceID()
        try WorkerInstance.expectOK(worker.call(request(id), timeout: plugin.timeout, context: context))
        return WorkerInstance(info: fresh, worker: worker, id: id, timeout: plugin.timeout, traits: traits)
    }
}

/// A ``DesignableInstance`` living in a worker process. Values are checked here before they travel;
/// drawing comes back as a display list replayed onto the caller's canvas.
final class WorkerInstance: RasterizingInstance {
    let info: ClassInfo
    let worker: WorkerProcess
    let id: UInt32
    let timeout: Double
    private(set) var traits: Traits

    init(info: ClassInfo, worker: WorkerProcess, id: UInt32, timeout: Double, traits: Traits) {
        self.info = info
        self.worker = worker
        self.id = id
        self.timeout = timeout
        self.traits = traits
    }

    /// Destroys the instance in its worker. A destroy that fails (a crash, a hang) happens after
    /// everything the instance was made for (a render is complete, its output correct): it is a
    /// warning naming the file, class and phase destroy, and the command's exit status is unchanged.
    deinit {
        guard worker.isAlive else { return }
        do {
            let response = try worker.call(.destroy(instance: id), timeout: timeout, context: context())
            if case .failure(let error) = response { warnDestroyFailed(error) }
        } catch {
            warnDestroyFailed(error)
        }
    }

    private func warnDestroyFailed(_ error: Error) {
        var text = "\(error)"
        if var e = error as? HostError {
            e.phase = e.phase ?? .destroy
            text = "\(e)"
        }
        // One line: the worker's last output, if any, follows the error on further lines.
        let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        worker.diagnostics.warn(first + " (after the instance was used: what it drew is kept)")
    }

    func context(_ property: String? = nil) -> HostError {
        HostError(.pluginFailure, "", file: info.plugin.path, className: info.name, property: property)
    }

    static func expectOK(_ response: WorkerResponse) throws {
        switch response {
        case .ok: return
        case .failure(let error): throw error
        default: throw HostError(.internalError, "unexpected worker response \(response)")
        }
    }

    func set(_ property: String, to value: PropertyValue) throws {
        let p = try info.requireProperty(property)
        if p.isReadOnly {
            throw HostError(.badData, "the property is read-only", file: info.plugin.path, className: info.name, property: property)
        }
        do { try p.check(value) } catch let e as HostError {
            throw e.with(file: info.plugin.path, className: info.name, property: property)
        }
        try Self.expectOK(worker.call(.set(instance: id, property: property, value: value), timeout: timeout,
                                      context: context(property)))
    }

    func get(_ property: String) throws -> PropertyValue {
        switch try worker.call(.get(instance: id, property: property), timeout: timeout, context: context(property)) {
        case .value(let v): return v
        case .failure(let e): throw e
        case let other: throw HostError(.internalError, "unexpected worker response \(other) to get")
        }
    }

    func prepareForDesigner() throws {
        try Self.expectOK(worker.call(.prepare(instance: id), timeout: timeout, context: context()))
    }

    func awakeFromArchive() throws {
        try Self.expectOK(worker.call(.awake(instance: id), timeout: timeout, context: context()))
    }

    func layout(size: Size) throws {
        try Self.expectOK(worker.call(.layout(instance: id, size: size), timeout: timeout, context: context()))
    }

    func draw(into canvas: UnsafeMutablePointer<easel_canvas>, rect: Rect) throws {
        let transform = canvas.pointee.get_transform(canvas)
        switch try worker.call(.draw(instance: id, rect: rect, transform: transform), timeout: timeout, context: context()) {
        case .drawn(let list):
            let budget = DisplayListPlayer.Budget(seconds: timeout, memoryBytes: worker.launcher.memoryLimit)
            let limit = StuckCallWatchdog.deadline(forBudget: timeout)
            let stuck = HostError(.pluginFailure, "replaying the drawing did not finish within \(PropertyInfo.formatNumber(limit)) s: one canvas call never returned (the drawing library is stuck on what the plugin drew); the program had to end",
                                  file: info.plugin.path, className: info.name, phase: .draw)
            do {
                try StuckCallWatchdog.guarding(seconds: limit, label: worker.diagnostics.label, error: stuck) {
                    try DisplayListPlayer.replay(list, onto: canvas, budget: budget)
                }
            } catch let e as HostError {
                throw e.with(file: info.plugin.path, className: info.name, phase: .draw)
            }
        case .failure(let e): throw e
        case let other: throw HostError(.internalError, "unexpected worker response \(other) to draw")
        }
    }

    func invoke(_ action: String, argument: PropertyValue?) throws {
        let description = try info.requireAction(action)
        let value = try description.check(argument, file: info.plugin.path, className: info.name)
        var context = context()
        context.message = "action \(action)"
        try Self.expectOK(worker.call(.invoke(instance: id, action: action, argument: value), timeout: timeout,
                                      context: context))
    }

    func takeRequests() throws -> InstanceRequests {
        // No round trip unless the worker said this instance asked for something.
        guard worker.isAlive, worker.takeRequestMark(id) else { return InstanceRequests() }
        switch try worker.call(.takeRequests(instance: id), timeout: timeout, context: context()) {
        case .requests(let r): return r
        case .failure(let e): throw e
        case let other: throw HostError(.internalError, "unexpected worker response \(other) to takeRequests")
        }
    }

    func clock(_ control: ClockControl) throws {
        try Self.expectOK(worker.call(.clock(instance: id, control: control), timeout: timeout, context: context()))
    }

    func setTraits(_ traits: Traits) throws {
        guard traits != self.traits else { return }
        try Self.expectOK(worker.call(.traits(instance: id, traits: traits), timeout: timeout, context: context()))
        self.traits = traits
    }

    func pointerEvent(_ event: PointerEvent) throws -> Bool {
        guard info.takesInput else { return false }
        return try answer(.pointer(instance: id, event: event), "pointer")
    }

    func hitTest(_ point: Point, size: Size) throws -> Bool {
        guard info.takesInput else { return false }
        return try answer(.hitTest(instance: id, point: point), "hitTest")
    }

    /// A request answered with a yes or no.
    private func answer(_ request: WorkerRequest, _ what: String) throws -> Bool {
        switch try worker.call(request, timeout: timeout, context: context()) {
        case .value(.bool(let yes)): return yes
        case .failure(let e): throw e
        case let other: throw HostError(.internalError, "unexpected worker response \(other) to \(what)")
        }
    }

    func rasterize(size: Size, scale: Double) throws -> Raster {
        switch try worker.call(.rasterize(instance: id, size: size, scale: scale), timeout: timeout, context: context()) {
        case .raster(let raster): return raster
        case .failure(let e): throw e
        case let other: throw HostError(.internalError, "unexpected worker response \(other) to rasterize")
        }
    }

    func intrinsicSize() throws -> Size {
        switch try worker.call(.intrinsicSize(instance: id), timeout: timeout, context: context()) {
        case .size(let s): return s
        case .failure(let e): throw e
        case let other: throw HostError(.internalError, "unexpected worker response \(other) to intrinsicSize")
        }
    }
}
