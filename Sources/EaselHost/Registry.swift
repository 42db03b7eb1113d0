/// Every plugin found on a search path, loaded and validated, with its classes registered by name.
///
/// Files that fail to load are kept in ``failures`` with the reason. When two plugins register the same
/// class name, the one whose file path sorts first wins, deterministically, and a warning names both
/// files.
///
/// ```swift
/// let registry = Registry(searchPath: .resolve(explicit: ["components"]))
/// for cls in registry.classes { print(cls.info.name, cls.info.plugin.path) }
/// ```
public final class Registry {
    public let searchPath: PluginSearchPath
    /// Loaded plugins, sorted by path.
    public private(set) var plugins: [LoadedPlugin] = []
    /// Files that could not be loaded, with why; sorted by path.
    public private(set) var failures: [HostError] = []
    /// Warnings: unreadable directories, duplicate class names.
    public private(set) var warnings: [String] = []
    /// Registered classes, sorted by name.
    public private(set) var classes: [DesignableClass] = []
    private var byName: [String: DesignableClass] = [:]

    public init(searchPath: PluginSearchPath) {
        self.searchPath = searchPath
        let (files, problems) = searchPath.pluginFiles()
        warnings += problems
        load(files)
    }

    /// A registry of exactly these files (`host inspect FILE.so`).
    public init(files: [String]) {
        self.searchPath = PluginSearchPath(directories: [])
        load(files)
    }

    private func load(_ files: [String]) {
        for file in files.sorted() {
            do {
                let plugin = try PluginLoader.load(file)
                plugins.append(plugin)
                for cls in plugin.classes { register(cls) }
            } catch let error as HostError {
                failures.append(error.with(file: file))
            } catch {
                failures.append(HostError(.pluginFailure, "\(error)", file: file, phase: .load))
            }
        }
        classes = byName.values.sorted { $0.info.name < $1.info.name }
        for w in warnings { Diagnostics.warn(w) }
    }

    private func register(_ cls: DesignableClass) {
        let name = cls.info.name
        if let existing = byName[name] {
            warnings.append("class \(name) is registered by both \(existing.info.plugin.path) and \(cls.info.plugin.path); using \(existing.info.plugin.path) (its path sorts first)")
            return
        }
        byName[name] = cls
    }

    /// The class registered under this name.
    public func designableClass(named name: String) -> DesignableClass? { byName[name] }

    /// Class names close to `name`, for "did you mean" hints.
    public func suggestions(for name: String) -> [String] {
        let lower = name.lowercased()
        return classes.map(\.info.name).filter {
            let l = $0.lowercased()
            return l.contains(lower) || lower.contains(l) || Self.distance(l, lower) <= 2
        }
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
