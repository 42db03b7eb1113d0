/// One build of a plugin file, loaded in a worker process of its own.
///
/// Hot reload keeps one worker per build: a new build of a Swift plugin never piles into a process
/// that already mapped the previous one (Swift images cannot be unloaded), and stopping the old
/// worker returns all of its memory. The parent process loads no plugin code at all.
///
/// ```swift
/// let spare = PluginBuild.startSpare(timeout: 2, environment: environment)      // ahead of need
/// let build = try PluginBuild(path: "components/libRainbow.so", timeout: 2, environment: environment, spare: spare)
/// let rainbow = build.designableClass(named: "Rainbow")
/// …
/// build.stop()
/// ```
package final class PluginBuild {
    package let path: String
    /// The classes this build registers.
    package let classes: [ClassInfo]
    private let hosted: WorkerHostedPlugin?
    /// The build loaded in this process (`--in-process`), instead of a worker.
    private let loaded: LoadedPlugin?

    /// Loads the file now, in `spare` if given (see ``startSpare(timeout:environment:)``) or in a new
    /// worker of `environment`. Throws the load's ``HostError`` (invalid, crashed, hung) — the
    /// previous build is untouched.
    package init(path: String, timeout: Double, environment: HostEnvironment, spare: SpareWorker? = nil) throws {
        self.path = path
        let hosted = WorkerHostedPlugin(path: path, timeout: timeout, environment: environment, spare: spare?.process)
        self.hosted = hosted
        loaded = nil
        do {
            classes = try hosted.ensureWorker().1.map { info in
                var info = info
                info.plugin.path = path
                return info
            }
        } catch {
            hosted.worker?.terminate()
            throw error
        }
    }

    /// Loads the file into this process (from a private copy, so every build is a new image), for
    /// debugging with gdb or valgrind: a crash in the plugin is a crash of the host, and the image
    /// is never unloaded.
    package init(inProcess path: String, environment: HostEnvironment) throws {
        self.path = path
        hosted = nil
        let plugin = try PluginLoader.load(path, environment: environment)
        loaded = plugin
        classes = plugin.classes.map { cls in
            var info = cls.info
            info.plugin.path = path
            return info
        }
    }

    /// The class `name` of this build, ready to instantiate in its worker.
    package func designableClass(named name: String) -> DesignableClass? {
        if let loaded { return loaded.classes.first { $0.info.name == name } }
        return classes.first { $0.name == name }.map { WorkerClass(info: $0, plugin: hosted!) }
    }

    /// Stops the worker: every instance of this build ends with it. (A build in this process stays
    /// mapped: images are never unloaded.)
    package func stop() { hosted?.worker?.terminate() }

    /// The worker's process id while it runs (for tests and diagnostics).
    package var workerProcessID: Int32? { hosted?.worker.flatMap { $0.isAlive ? $0.pid : nil } }

    /// A worker started ahead of need; nil if it could not be started (a fresh one is started then).
    package static func startSpare(timeout: Double, environment: HostEnvironment) -> SpareWorker? {
        (try? WorkerProcess(environment: environment, timeout: timeout, waitForHello: false)).map(SpareWorker.init)
    }
}

/// A worker process started ahead of need, for the next ``PluginBuild``.
package final class SpareWorker {
    let process: WorkerProcess
    init(_ process: WorkerProcess) { self.process = process }
}
