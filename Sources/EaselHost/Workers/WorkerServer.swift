import CEasel
@preconcurrency import Glibc

/// The worker side of the protocol: a worker forked by the ``WorkerLauncher`` runs this loop on
/// fd 3. It loads plugins in this process, keeps their instances by number, and answers each
/// request; plugin failures that the plugin reports itself come back as `failure` responses,
/// anything worse ends this process and the host reports it. A plugin that closes or replaces fd 3
/// ends the worker with ``WorkerLauncher/brokenChannelStatus``, which the host names.
package enum WorkerServer {
    /// Serves requests on `fd` until the host closes it or says quit; returns the exit status.
    /// `renderer` answers the plugins' measurements and the text and image queries of a recorded
    /// draw, and draws pictures (nil: measurements are {0, 0}, pictures cannot be drawn).
    package static func run(fd: Int32 = 3, renderer: Renderer?) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // Plugin output reaches the host line by line, so a crash loses at most a partial line.
        setvbuf(stdout, nil, _IOLBF, 0)
        // What plugins log goes to stderr, one prefixed line each, which the host passes on (PluginLogLine).
        func prefixed(_ prefix: String) -> (String) -> Void {
            { fputs("\(prefix)\(TerminalText.printable($0, keepingNewlines: true))\n", stderr) }
        }
        let diagnostics = Diagnostics(warnings: prefixed("warning: "), verbose: prefixed("info: "), debug: prefixed("debug: "))
        // A worker starts no workers: its launcher is never started.
        let environment = HostEnvironment(diagnostics: diagnostics, renderer: renderer)
        let connection = WorkerConnection(fd: fd)
        let channel = ChannelIdentity(fd: fd)
        let sender = Sender(connection)
        var state = State(sender: sender, environment: environment)
        do {
            try sender.send(.hello(protocolVersion: WorkerResponse.protocolVersion, pid: getpid()))
            while true {
                guard channel.isIntact else { return channel.broken() }
                let frame: [UInt8]
                do { frame = try connection.receive(budget: nil) } catch WorkerConnection.Failure.system {
                    return channel.broken()
                }
                let request: WorkerRequest
                do { request = try WorkerRequest.decode(frame) } catch {
                    try sender.send(.failure(HostError(.internalError, "undecodable request: \(error)")))
                    continue
                }
                if request == .quit {
                    state.finish()
                    environment.diagnostics.reportUnclaimedErrors() // an error deinit logged
                    // Done: the host sees the output end now, not after this process's memory is
                    // torn down (the launcher reaps it meanwhile).
                    fflush(stdout)
                    close(1); close(2); close(fd)
                    return 0
                }
                if case .scan(let paths) = request {
                    for path in paths {
                        try sender.send(.scanned(path: path, outcome: state.scan(path)))
                    }
                    try sender.send(.ok)
                    continue
                }
                let response: WorkerResponse
                do { response = try state.handle(request) } catch let error as HostError {
                    response = .failure(error)
                } catch {
                    response = .failure(HostError(.internalError, "\(error)"))
                }
                environment.diagnostics.reportUnclaimedErrors()
                guard channel.isIntact else { return channel.broken() }
                try sender.send(response)
            }
        } catch WorkerConnection.Failure.closed where channel.isIntact {
            state.finish()
            environment.diagnostics.reportUnclaimedErrors()
            return 0
        } catch {
            if !channel.isIntact { return channel.broken() }
            fputs("worker: \(error)\n", stderr)
            return 70
        }
    }

    /// Sends frames to the host from the serving thread and, for `requested`, from any thread a
    /// plugin calls its instance host on: one frame at a time.
    final class Sender: @unchecked Sendable {
        private let connection: WorkerConnection
        private var lock = pthread_mutex_t()

        init(_ connection: WorkerConnection) {
            self.connection = connection
            pthread_mutex_init(&lock, nil)
        }

        func send(_ response: WorkerResponse) throws {
            let (bytes, tail) = response.encodedParts()
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            try connection.send(bytes, then: tail)
        }
    }

    /// What fd 3 was when the worker started, to tell when a plugin closed or replaced it.
    struct ChannelIdentity {
        let fd: Int32
        let device: UInt64
        let inode: UInt64

        init(fd: Int32) {
            self.fd = fd
            var st = stat()
            fstat(fd, &st)
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
        }

        var isIntact: Bool {
            var st = stat()
            return fstat(fd, &st) == 0 && UInt64(st.st_dev) == device && UInt64(st.st_ino) == inode
        }

        func broken() -> Int32 {
            fputs("worker: the plugin closed or replaced file descriptor \(fd), the host's channel\n", stderr)
            return WorkerLauncher.brokenChannelStatus
        }
    }

    struct State {
        let sender: Sender
        let environment: HostEnvironment
        var plugins: [String: LoadedPlugin] = [:]
        var classes: [String: DesignableClass] = [:]
        var instances: [UInt32: DesignableInstance] = [:]
        /// Each instance's size at its last layout: a hit test without the plugin's own is the bounds.
        var lastLayoutSize: [UInt32: Size] = [:]
        /// stdout while `host validate` captures it.
        let capture = OutputCapture()

        /// Destroys every instance, then calls each loaded plugin's deinit (easel.h: every instance
        /// has been destroyed by then).
        mutating func finish() {
            instances.removeAll()
            for plugin in plugins.values { plugin.finish() }
        }

        func scan(_ path: String) -> ScanOutcome {
            do {
                let plugin = try PluginLoader.load(path, environment: environment)
                return .plugin(plugin.info, plugin.classes.map(\.info))
            } catch let error as HostError {
                return .failed(error)
            } catch {
                return .failed(HostError(.pluginFailure, "\(error)", file: path, phase: .load))
            }
        }

        mutating func handle(_ request: WorkerRequest) throws -> WorkerResponse {
            switch request {
            case .load(let path):
                let plugin = try plugins[path] ?? PluginLoader.load(path, environment: environment)
                plugins[path] = plugin
                for cls in plugin.classes { classes[cls.info.name] = cls }
                return .plugin(plugin.info, plugin.classes.map(\.info))
            case .create(let id, let name, let frame, let traits):
                instances[id] = watched(try cls(name).makeInstance(frame: frame, traits: traits), id: id)
                return .ok
            case .createFromArchive(let id, let name, let archive, let traits):
                instances[id] = watched(try cls(name).makeInstance(archive: archive, traits: traits), id: id)
                return .ok
            case .pointer(let id, let event):
                return .value(.bool(try instance(id).pointerEvent(event)))
            case .hitTest(let id, let point):
                let target = try instance(id)
                return .value(.bool(try target.hitTest(point, size: lastLayoutSize[id] ?? Size(width: 0, height: 0))))
            case .traits(let id, let traits):
                try instance(id).setTraits(traits)
                return .ok
            case .invoke(let id, let action, let argument):
                try instance(id).invoke(action, argument: argument)
                return .ok
            case .takeRequests(let id):
                return .requests(try instance(id).takeRequests())
            case .clock(let id, let control):
                try instance(id).clock(control)
                return .ok
            case .set(let id, let property, let value):
                try instance(id).set(property, to: value)
                return .ok
            case .get(let id, let property):
                return .value(try instance(id).get(property))
            case .prepare(let id):
                try instance(id).prepareForDesigner()
                return .ok
            case .awake(let id):
                try instance(id).awakeFromArchive()
                return .ok
            case .layout(let id, let size):
                try instance(id).layout(size: size)
                lastLayoutSize[id] = size
                return .ok
            case .draw(let id, let rect, let transform):
                let target = try instance(id)
                let resources = PluginLoader.resourceDirectory(for: target.info.plugin.path)
                let recorder = DisplayListRecorder(initialTransform: transform,
                                                   queryCanvas: environment.renderer?.queryCanvas(resourceDirectory: resources))
                try target.draw(into: recorder.pointer, rect: rect)
                if recorder.overflowed {
                    throw HostError(.pluginFailure, "the drawing is larger than \(DisplayListRecorder.maximumByteCount >> 20) MiB of canvas calls (an endless drawing loop?)",
                                    file: target.info.plugin.path, className: target.info.name, phase: .draw)
                }
                return .drawn(recorder.bytes)
            case .intrinsicSize(let id):
                return .size(try instance(id).intrinsicSize())
            case .destroy(let id):
                instances[id] = nil
                return .ok
            case .problems(let path):
                return .problems(PluginLoader.problems(path, environment: environment))
            case .memory:
                return .memory(MemoryUsage.current())
            case .cycle(let name, let count, let frame):
                let c = try cls(name)
                for _ in 0..<count { _ = try c.makeInstance(frame: frame) }
                return .ok
            case .captureOutput(let begin):
                if begin { try capture.begin(); return .ok }
                return .bytes(capture.end())
            case .finish:
                finish()
                return .value(.bool(plugins.values.contains { $0.hasDeinit }))
            case .renderDirectly(let id, let size, let scale):
                return .pixels(try renderer().renderDirectly(try instance(id), size: size, scale: scale))
            case .rasterize(let id, let size, let scale):
                return .raster(try renderer().rasterize(try instance(id), size: size, scale: scale))
            case .scan, .quit:
                return .ok
            }
        }

        /// Tells the host, from whatever thread asks, when instance `id` has requests again.
        func watched(_ instance: DesignableInstance, id: UInt32) -> DesignableInstance {
            if let native = instance as? NativeInstance {
                let sender = self.sender
                native.host.onRequest = { try? sender.send(.requested(instance: id)) }
            }
            return instance
        }

        func renderer() throws -> Renderer {
            guard let renderer = environment.renderer else {
                throw HostError(.internalError, "this worker has no renderer to draw pictures with")
            }
            return renderer
        }

        func cls(_ name: String) throws -> DesignableClass {
            guard let c = classes[name] else { throw HostError(.internalError, "the worker has no class \(name) loaded") }
            return c
        }

        func instance(_ id: UInt32) throws -> DesignableInstance {
            guard let i = instances[id] else { throw HostError(.internalError, "the worker has no instance \(id)") }
            return i
        }
    }
}
