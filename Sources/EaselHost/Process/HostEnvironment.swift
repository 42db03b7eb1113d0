/// What one host core is given by the program around it: where its messages go, the renderer that
/// answers plugins' measurements, and the launcher its worker processes come from.
///
/// A registry, a plugin build, a probe and a design session each take the environment they work in;
/// nothing of it is global, so a process can hold several cores side by side (two registries with
/// their own warnings and workers; the tests show it), as an application embedding components needs.
///
/// ```swift
/// let environment = HostEnvironment(renderer: RendererServices(),
///                                   workers: WorkerLauncher(program: .serving(renderer: renderer)))
/// let registry = Registry(options: options, environment: environment)
/// …
/// environment.finish()    // plugins' deinit, unclaimed plugin errors, workers stopped
/// ```
package final class HostEnvironment: @unchecked Sendable {
    package let diagnostics: Diagnostics
    /// Answers plugins' text and image metrics in this process; nil: they measure {0, 0}.
    package let renderer: Renderer?
    /// Where worker processes come from.
    package let workers: WorkerLauncher
    /// Whether plugin code called in this process runs with fd 1 pointed at stderr, keeping what it
    /// prints off the host's stdout (`--in-process`; see ``PluginStandardOutput``).
    package let divertsPluginOutput: Bool
    /// Plugins loaded into this process (`--in-process`), for their deinit at the end.
    private let loaded = Locked<[LoadedPlugin]>([])

    package init(diagnostics: Diagnostics = Diagnostics(), renderer: Renderer?, workers: WorkerLauncher,
                 divertsPluginOutput: Bool = false) {
        self.diagnostics = diagnostics
        self.renderer = renderer
        self.workers = workers
        self.divertsPluginOutput = divertsPluginOutput
    }

    /// An environment whose workers run the standard worker loop with the same renderer.
    package convenience init(diagnostics: Diagnostics = Diagnostics(), renderer: Renderer?,
                             memoryLimit: UInt64 = WorkerLauncher.defaultMemoryLimit, divertsPluginOutput: Bool = false) {
        self.init(diagnostics: diagnostics, renderer: renderer,
                  workers: WorkerLauncher(program: .serving(renderer: renderer), memoryLimit: memoryLimit),
                  divertsPluginOutput: divertsPluginOutput)
    }

    /// Remembers a plugin loaded into this process, for ``finish()``.
    func adopt(_ plugin: LoadedPlugin) {
        loaded.withValue { $0.append(plugin) }
    }

    /// Asks every worker to quit now, without waiting (see ``WorkerLauncher/quitAll()``).
    package func releaseWorkers() {
        workers.quitAll()
    }

    /// Calls the deinit of the plugins loaded into this process (their instances are gone by then),
    /// reports what plugins logged as errors without failing, and stops every worker.
    package func finish() {
        for plugin in loaded.withValue({ $0 }) { plugin.finish() }
        diagnostics.reportUnclaimedErrors()
        workers.shutdown()
    }
}
