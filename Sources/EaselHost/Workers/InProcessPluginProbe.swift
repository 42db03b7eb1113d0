import CEasel
@preconcurrency import Glibc

/// A probe whose plugin runs in this process (`--in-process`: for debuggers; a crash ends the host).
final class InProcessPluginProbe: PluginProbe {
    let path: String
    private var plugin: LoadedPlugin?
    private let capture = OutputCapture()
    private let environment: HostEnvironment

    init(path: String, environment: HostEnvironment) {
        self.path = path
        self.environment = environment
    }

    func problems() throws -> [HostError] { PluginLoader.problems(path, environment: environment) }

    func load() throws -> [DesignableClass] {
        if let plugin { return plugin.classes }
        let loaded = try PluginLoader.load(path, environment: environment)
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
        guard let renderer = environment.renderer else {
            throw HostError(.internalError, "this program has no renderer for direct drawing")
        }
        return try renderer.renderDirectly(instance, size: size, scale: scale)
    }

    func stop() {}
}
