/// How a ``Registry`` finds, scans and runs plugins.
public struct RegistryOptions: Sendable {
    public var searchPath: PluginSearchPath
    /// Where plugin code runs (scans included).
    public var isolation: Isolation
    /// The registry cache file; nil: no cache (every file is scanned).
    public var cacheFile: String?
    /// Scan every file again, whatever the cache says (`--rescan`).
    public var rescan: Bool

    /// `$EASEL_REGISTRY_CACHE`, else `$XDG_CACHE_HOME/easel/registry-v1.bin` (`~/.cache/…`).
    public static var defaultCacheFile: String { RegistryCache.defaultPath }

    public init(searchPath: PluginSearchPath, isolation: Isolation = .default,
                cacheFile: String? = RegistryOptions.defaultCacheFile, rescan: Bool = false) {
        self.searchPath = searchPath
        self.isolation = isolation
        self.cacheFile = cacheFile
        self.rescan = rescan
    }
}

/// One plugin file that loaded: its identity and its classes.
public final class PluginRecord {
    public let info: PluginInfo
    /// Its classes, as `host list` shows them.
    public let summaries: [ClassSummary]
    let lazyClasses: LazyClasses
    /// The plugin loaded in this process (in-process isolation), once it was.
    var loaded: LoadedPlugin?

    init(info: PluginInfo, summaries: [ClassSummary], classes: LazyClasses, loaded: LoadedPlugin?) {
        self.info = info
        self.summaries = summaries
        self.lazyClasses = classes
        self.loaded = loaded
    }

    /// Its classes' full descriptions (decoded from the cache on first use).
    public func classes() throws -> [ClassInfo] {
        do { return try lazyClasses.classes() } catch {
            throw HostError(.internalError, "the registry cache entry is unreadable (\(error)); run with --rescan",
                            file: info.path)
        }
    }
}

/// Every plugin found on a search path, described, with its classes registered by name.
///
/// What each file contains comes from the registry cache when the file has not changed (nothing is
/// loaded then), otherwise from a scan (in a scanner worker, or in this process). Files that fail are
/// kept in ``failures`` with the reason. When two plugins register the same class name, the one
/// whose file path sorts first wins, deterministically, and a warning names both files.
///
/// ```swift
/// let registry = Registry(options: RegistryOptions(searchPath: .resolve(explicit: ["components"])))
/// for cls in registry.classes { print(cls.name) }
/// let button = try registry.designableClass(named: "RoundedCornerButton")  // runs in a worker
/// ```
public final class Registry {
    public let options: RegistryOptions
    public var searchPath: PluginSearchPath { options.searchPath }
    /// Loaded plugins, sorted by path.
    public private(set) var plugins: [PluginRecord] = []
    /// Files that could not be loaded, with why; sorted by path.
    public private(set) var failures: [HostError] = []
    /// Warnings: unreadable directories, duplicate class names, a corrupt cache.
    public private(set) var warnings: [String] = []
    /// Registered classes, sorted by name.
    public private(set) var classes: [ClassSummary] = []
    /// How many files were scanned and how many came from the cache, for tests and `--verbose`.
    public private(set) var scannedCount = 0
    public private(set) var cachedCount = 0

    private var byName: [String: (record: PluginRecord, index: Int)] = [:]
    private var hosted: [String: WorkerHostedPlugin] = [:]

    public init(options: RegistryOptions) {
        self.options = options
        let (files, problems) = options.searchPath.pluginFiles()
        warnings += problems
        load(files)
    }

    /// Every plugin on `searchPath`, in this process, without a cache.
    public convenience init(searchPath: PluginSearchPath) {
        self.init(options: RegistryOptions(searchPath: searchPath, isolation: .inProcess, cacheFile: nil))
    }

    /// Exactly these files (`host inspect FILE.so`), without a cache.
    public init(files: [String], isolation: Isolation = .inProcess) {
        options = RegistryOptions(searchPath: PluginSearchPath(directories: []), isolation: isolation, cacheFile: nil)
        load(files)
    }

    private func load(_ files: [String]) {
        let cache = options.cacheFile.map { RegistryCache(path: $0, warn: { self.warnings.append($0) }) }
        var outcomes: [String: (ScanOutcome?, RegistryCache.Outcome?, LoadedPlugin?)] = [:]
        var toScan: [String] = []
        var signatures: [String: (FileSignature, UInt64?)] = [:]
        for file in files {
            let key = PluginLoader.absolutePath(file)
            guard let cache, let signature = FileSignature(path: file) else { toScan.append(file); continue }
            if !options.rescan, let entry = cache.entry(for: key) {
                if entry.signature == signature {
                    outcomes[file] = (nil, entry.outcome, nil)
                    continue
                }
                // Touched but identical content: keep the scan, remember the new signature.
                if let hash = FileSignature.contentHash(of: file), hash == entry.hash {
                    cache.store(RegistryCache.Entry(signature: signature, hash: hash, outcome: entry.outcome), for: key)
                    outcomes[file] = (nil, entry.outcome, nil)
                    continue
                }
            }
            signatures[file] = (signature, nil)
            toScan.append(file)
        }
        cachedCount = outcomes.count
        scannedCount = toScan.count
        if !toScan.isEmpty {
            switch options.isolation {
            case .inProcess:
                for (path, (outcome, plugin)) in PluginScanner.scanInProcess(toScan) { outcomes[path] = (outcome, nil, plugin) }
            case .workers(let timeout):
                for (path, outcome) in PluginScanner.scanInWorkers(toScan, timeout: timeout) { outcomes[path] = (outcome, nil, nil) }
            }
        }
        for file in files.sorted() {
            guard let (scanned, cached, plugin) = outcomes[file] else { continue }
            var stored: RegistryCache.Outcome
            if let cached {
                stored = cached
            } else {
                switch scanned! {
                case .plugin(let info, let infos):
                    stored = .plugin(info, infos.map(ClassSummary.init), classes: LazyClasses(infos))
                case .failed(let error):
                    stored = .failed(error)
                }
                if let cache, let signature = signatures[file]?.0 ?? FileSignature(path: file),
                   let hash = FileSignature.contentHash(of: file),
                   FileSignature(path: file) == signature { // unchanged while it was scanned
                    cache.store(RegistryCache.Entry(signature: signature, hash: hash, outcome: stored),
                                for: PluginLoader.absolutePath(file))
                }
            }
            switch stored {
            case .plugin(var info, let summaries, let lazy):
                info.path = file // as found on this search path
                let record = PluginRecord(info: info, summaries: summaries, classes: lazy, loaded: plugin)
                plugins.append(record)
                for (index, summary) in summaries.enumerated() { register(summary.name, record, index) }
            case .failed(var error):
                error.file = file
                failures.append(error)
            }
        }
        classes = byName.values.map { $0.record.summaries[$0.index] }.sorted { $0.name < $1.name }
        var byID: [String: String] = [:]
        for plugin in plugins {
            if let first = byID[plugin.info.id] {
                warnings.append("\(first) and \(plugin.info.path) both have the plugin id \(plugin.info.id) (ids must be unique: reverse-DNS names of their own)")
            } else {
                byID[plugin.info.id] = plugin.info.path
            }
        }
        if let cache {
            cache.prune()
            cache.save { warnings.append($0) }
        }
        for w in warnings { Diagnostics.warn(w) }
    }

    private func register(_ name: String, _ record: PluginRecord, _ index: Int) {
        if let existing = byName[name] {
            warnings.append("class \(name) is registered by both \(existing.record.info.path) and \(record.info.path); using \(existing.record.info.path) (its path sorts first)")
            return
        }
        byName[name] = (record, index)
    }

    /// Whether `record`'s class `name` is the one registered under that name.
    public func isRegistered(_ name: String, from record: PluginRecord) -> Bool { byName[name]?.record === record }

    /// The description of the class registered under `name` (no plugin code runs).
    public func classInfo(named name: String) throws -> ClassInfo? {
        guard let (record, index) = byName[name] else { return nil }
        var info = try record.classes()[index]
        info.plugin.path = record.info.path
        return info
    }

    /// The class registered under `name`, ready to instantiate: in this process or in a worker, as
    /// the options say. Throws if its plugin cannot be loaded now.
    public func designableClass(named name: String) throws -> DesignableClass? {
        guard let (record, _) = byName[name], let info = try classInfo(named: name) else { return nil }
        switch options.isolation {
        case .inProcess:
            if record.loaded == nil { record.loaded = try PluginLoader.load(record.info.path) }
            guard let cls = record.loaded!.classes.first(where: { $0.info.name == name }) else {
                throw HostError(.pluginFailure, "the plugin no longer registers this class (was it rebuilt?)",
                                file: record.info.path, className: name, phase: .load)
            }
            return cls
        case .workers(let timeout):
            let path = record.info.path
            let plugin = hosted[path] ?? WorkerHostedPlugin(path: path, timeout: timeout)
            hosted[path] = plugin
            return WorkerClass(info: info, plugin: plugin)
        }
    }

    /// Class names close to `name`, for "did you mean" hints.
    public func suggestions(for name: String) -> [String] { Suggestions.close(to: name, among: classes.map(\.name)) }

    /// The names among `names` close to `name`, for "did you mean" hints (see ``Suggestions``).
    public static func closeNames(to name: String, in names: [String]) -> [String] {
        Suggestions.close(to: name, among: names)
    }
}
