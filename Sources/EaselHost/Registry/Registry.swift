/// Every plugin found on a search path, described, with its classes registered by name.
///
/// What each file contains comes from the registry cache when the file has not changed (nothing is
/// loaded then), otherwise from a scan (in scanner workers, or in this process). Files that fail are
/// kept in ``failures`` with the reason. When two plugins register the same class name, the one
/// whose file path sorts first wins, deterministically, and a warning names both files.
///
/// Nothing happens until it is needed. Looking one class up (``classInfo(named:)``,
/// ``designableClass(named:)``) first tries the cache's index of the last full load of the same
/// search path: when none of the directories it walked changed and the class's file is unchanged,
/// only that class is read, whatever the number of plugins. Anything else (``plugins``,
/// ``classes``, ``failures``…, or a lookup the index cannot answer) walks the search path and
/// checks every file.
///
/// ```swift
/// let registry = Registry(options: RegistryOptions(searchPath: .resolve(explicit: ["components"])))
/// for cls in registry.classes { print(cls.name) }
/// let button = try registry.designableClass(named: "RoundedCornerButton")  // runs in a worker
/// ```
package final class Registry {
    package let options: RegistryOptions
    /// Where its warnings go, what answers plugins' measurements, where its workers come from.
    package let environment: HostEnvironment
    package var searchPath: PluginSearchPath { options.searchPath }
    /// Loaded plugins, sorted by path.
    package var plugins: [PluginRecord] { loadFully(); return loadedPlugins }
    /// Files that could not be loaded, with why; sorted by path.
    package var failures: [HostError] { loadFully(); return loadedFailures }
    /// Warnings: unreadable directories, duplicate class names, a corrupt cache.
    package var warnings: [String] { loadFully(); return collectedWarnings }
    /// Registered classes, sorted by name.
    package var classes: [ClassSummary] { loadFully(); return registered }
    /// How many files were scanned and how many came from the cache, for tests and `--verbose`.
    package var scannedCount: Int { loadFully(); return scanned }
    package var cachedCount: Int { loadFully(); return cached }
    /// How many lookups the cache's index answered without a full load (tests, benchmarks).
    package internal(set) var indexedLookups = 0
    /// Whether ``storedListing(mode:)`` answered (tests).
    package internal(set) var listedFromCache = false

    private var loadedPlugins: [PluginRecord] = []
    private var loadedFailures: [HostError] = []
    /// Every warning so far (``warnings``), the cache's included; printed as they come (``printWarnings()``).
    var collectedWarnings: [String] = []
    private var printedWarnings = 0
    private var registered: [ClassSummary] = []
    private var scanned = 0
    private var cached = 0
    /// Whether the search path was walked and every file described (``loadFully()``).
    var isLoaded = false
    /// Exactly these files (`host inspect FILE.so`) instead of the search path.
    let explicitFiles: [String]?
    /// The registry cache file, opened on first use (nil: no cache).
    lazy var cache: RegistryCache? = options.cacheFile.map { RegistryCache(path: $0, identity: options.cacheIdentity, warn: { [unowned self] in self.collectedWarnings.append($0) }) }

    private var byName: [String: (record: PluginRecord, index: Int)] = [:]
    private var hosted: [String: WorkerHostedPlugin] = [:]
    /// Classes found through the index, and the plugins loaded for them in this process.
    var indexed: [String: ClassInfo] = [:]
    private var loadedInProcess: [String: LoadedPlugin] = [:]
    /// The search path's walk, made once (a stored listing's key and the full load share it).
    lazy var walked = options.searchPath.walk()
    /// Set when ``storedListing(mode:)`` found none: the full load does not write the cache, and
    /// ``storeListing(mode:output:status:)`` writes it once with the listing.
    var pendingListing = false

    package init(options: RegistryOptions, environment: HostEnvironment) {
        self.options = options
        self.environment = environment
        explicitFiles = nil
    }

    /// Every plugin on `searchPath`, in this process, without a cache.
    package convenience init(searchPath: PluginSearchPath, environment: HostEnvironment) {
        self.init(options: RegistryOptions(searchPath: searchPath, isolation: .inProcess, cacheFile: nil), environment: environment)
    }

    /// Exactly these files (`host inspect FILE.so`), without a cache.
    package init(files: [String], isolation: Isolation = .inProcess, environment: HostEnvironment) {
        options = RegistryOptions(searchPath: PluginSearchPath(directories: []), isolation: isolation, cacheFile: nil)
        self.environment = environment
        explicitFiles = files
    }

    /// Walks the search path and describes every file (once).
    private func loadFully() {
        guard !isLoaded else { return }
        isLoaded = true
        if let explicitFiles {
            load(explicitFiles, directories: [])
        } else {
            let walk = walked
            collectedWarnings += walk.problems
            load(walk.files.paths, directories: walk.directories, signatures: walk.files.signatures)
        }
    }

    /// Prints the warnings collected since the last call.
    func printWarnings() {
        for w in collectedWarnings[printedWarnings...] { environment.diagnostics.warn(w) }
        printedWarnings = collectedWarnings.count
    }

    private func load(_ files: [String], directories: [PluginSearchPath.WalkedDirectory],
                      signatures walked: [FileSignature] = []) {
        let cache = self.cache
        // What each file (by its position in `files`) is: the cache's outcome, or a scan's.
        var outcomes = [RegistryCache.Outcome?](repeating: nil, count: files.count)
        var toScan: [String] = []
        var scanSignatures: [String: FileSignature] = [:]
        // Files that had a cache entry before this load, so that pruning (a set of every path and a
        // pass over every entry) is needed only when the cache holds entries of other files.
        var hadEntry = [Bool](repeating: false, count: files.count)
        for (i, file) in files.enumerated() {
            let signature = i < walked.count ? walked[i] : FileSignature(path: file)
            guard let cache, let signature else { toScan.append(file); continue }
            if let entry = cache.entry(for: PluginLoader.absolutePath(file)) {
                hadEntry[i] = true
                if !options.rescan {
                    if entry.signature == signature {
                        outcomes[i] = entry.outcome
                        continue
                    }
                    // Touched but identical content: keep the scan, remember the new signature.
                    if let hash = FileSignature.contentHash(of: file), hash == entry.hash {
                        cache.store(RegistryCache.Entry(signature: signature, hash: hash, outcome: entry.outcome),
                                    for: PluginLoader.absolutePath(file))
                        outcomes[i] = entry.outcome
                        continue
                    }
                }
            }
            scanSignatures[file] = signature
            toScan.append(file)
        }
        cached = files.count - toScan.count
        scanned = toScan.count
        let fresh = scan(toScan)
        var entriesKept = hadEntry.lazy.filter { $0 }.count
        // In path order (the walk's order already, unless explicit files were given unsorted).
        let order = zip(files, files.dropFirst()).allSatisfy({ $0 <= $1 }) ? Array(files.indices)
            : files.indices.sorted { files[$0] < files[$1] }
        var registeredInFileOrder: [(record: PluginRecord, index: Int)] = []
        registeredInFileOrder.reserveCapacity(files.count)
        loadedPlugins.reserveCapacity(files.count)
        byName.reserveCapacity(files.count)
        for i in order {
            let file = files[i]
            var plugin: LoadedPlugin?
            var stored: RegistryCache.Outcome
            if let cached = outcomes[i] {
                stored = cached
            } else if let (scanned, loaded) = fresh[file] {
                stored = Self.outcome(scanned)
                plugin = loaded
                if store(stored, for: file, signature: scanSignatures[file]), !hadEntry[i] { entriesKept += 1 }
            } else {
                continue
            }
            switch stored {
            case .plugin(var info, let summaries, let lazy):
                info.path = file // as found on this search path
                let record = PluginRecord(info: info, summaries: summaries, classes: lazy, loaded: plugin)
                loadedPlugins.append(record)
                for (index, summary) in summaries.enumerated() where register(summary.name, record, index) {
                    registeredInFileOrder.append((record, index))
                }
            case .failed(var error):
                error.file = file
                loadedFailures.append(error)
            }
        }
        // Sorted by name (files are in path order, which is often name order already: cheap then).
        let byClassName = registeredInFileOrder.sorted { $0.record.summaries[$0.index].name < $1.record.summaries[$1.index].name }
        registered = byClassName.map { $0.record.summaries[$0.index] }
        var byID: [String: String] = [:]
        byID.reserveCapacity(loadedPlugins.count)
        for plugin in loadedPlugins {
            if let first = byID[plugin.info.id] {
                collectedWarnings.append("\(first) and \(plugin.info.path) both have the plugin id \(plugin.info.id) (ids must be unique: reverse-DNS names of their own)")
            } else {
                byID[plugin.info.id] = plugin.info.path
            }
        }
        if let cache {
            if options.rescan || cache.entryCount > entriesKept {
                cache.prune(keeping: Set(files.map(PluginLoader.absolutePath)))
            }
            if explicitFiles == nil, let cwd = Self.workingDirectory {
                cache.setView(RegistryCache.View(
                    workingDirectory: cwd, searchPath: options.searchPath.directories, directories: directories,
                    warnings: collectedWarnings.filter { !$0.contains("registry cache") },
                    classes: byClassName.map { (name: $0.record.summaries[$0.index].name, file: $0.record.info.path, position: $0.index) }))
            }
            if !pendingListing { cache.save { collectedWarnings.append($0) } }
        }
        printWarnings()
    }

    /// Scans files in scanner workers or in this process, as the options say.
    private func scan(_ files: [String]) -> [String: (ScanOutcome, LoadedPlugin?)] {
        guard !files.isEmpty else { return [:] }
        switch options.isolation {
        case .inProcess:
            return PluginScanner.scanInProcess(files, environment: environment)
        case .workers(let timeout):
            return PluginScanner.scanInWorkers(files, timeout: timeout, environment: environment).mapValues { ($0, nil) }
        }
    }

    private static func outcome(_ scanned: ScanOutcome) -> RegistryCache.Outcome {
        switch scanned {
        case .plugin(let info, let infos): return .plugin(info, infos.map(ClassSummary.init), classes: LazyClasses(infos))
        case .failed(let error): return .failed(error)
        }
    }

    /// Stores a scan result in the cache, if the file did not change while it was scanned (false:
    /// nothing stored).
    @discardableResult
    private func store(_ outcome: RegistryCache.Outcome, for file: String, signature: FileSignature?) -> Bool {
        guard let cache, let signature = signature ?? FileSignature(path: file), let hash = FileSignature.contentHash(of: file),
              FileSignature(path: file) == signature else { return false }
        cache.store(RegistryCache.Entry(signature: signature, hash: hash, outcome: outcome), for: PluginLoader.absolutePath(file))
        return true
    }

    static var workingDirectory: String? { PluginLoader.workingDirectory }

    /// Registers class `name` of `record` (false: an earlier file registered that name; a warning says so).
    private func register(_ name: String, _ record: PluginRecord, _ index: Int) -> Bool {
        if let existing = byName[name] {
            collectedWarnings.append("class \(name) is registered by both \(existing.record.info.path) and \(record.info.path); using \(existing.record.info.path) (its path sorts first)")
            return false
        }
        byName[name] = (record, index)
        return true
    }

    /// Whether `record`'s class `name` is the one registered under that name.
    package func isRegistered(_ name: String, from record: PluginRecord) -> Bool {
        loadFully()
        return byName[name]?.record === record
    }

    /// The description of the class registered under `name` (no plugin code runs).
    package func classInfo(named name: String) throws -> ClassInfo? {
        if let info = lookUpInIndex(name) { return info }
        loadFully()
        guard let (record, index) = byName[name] else { return nil }
        var info = try classes(of: record)[index]
        info.plugin.path = record.info.path
        return info
    }

    /// A record's class descriptions; a cache entry that cannot be decoded is scanned again (with a
    /// warning), never trusted and never fatal.
    private func classes(of record: PluginRecord) throws -> [ClassInfo] {
        do { return try record.classes() } catch {
            environment.diagnostics.warn("\(record.info.path): its registry cache entry is corrupt (\(error)); scanning it again")
            guard let result = scan([record.info.path])[record.info.path] else { throw HostError(.internalError, "no scan result", file: record.info.path) }
            guard case .plugin(_, let infos) = result.0 else {
                if case .failed(let failure) = result.0 { throw failure }
                return []
            }
            record.lazyClasses = LazyClasses(infos)
            record.loaded = record.loaded ?? result.1
            store(Self.outcome(result.0), for: record.info.path, signature: nil)
            cache?.save { environment.diagnostics.warn($0) }
            return infos
        }
    }

    /// The class registered under `name`, ready to instantiate: in this process or in a worker, as
    /// the options say. Throws if its plugin cannot be loaded now.
    package func designableClass(named name: String) throws -> DesignableClass? {
        let info: ClassInfo
        var record: PluginRecord?
        if let found = lookUpInIndex(name) {
            info = found
        } else {
            loadFully()
            guard let entry = byName[name], let found = try classInfo(named: name) else { return nil }
            info = found
            record = entry.record
        }
        let path = info.plugin.path
        switch options.isolation {
        case .inProcess:
            let plugin = try record?.loaded ?? loadedInProcess[path] ?? PluginLoader.load(path, environment: environment)
            record?.loaded = plugin
            loadedInProcess[path] = plugin
            guard let cls = plugin.classes.first(where: { $0.info.name == name }) else {
                throw HostError(.pluginFailure, "the plugin no longer registers this class (was it rebuilt?)",
                                file: path, className: name, phase: .load)
            }
            return cls
        case .workers(let timeout):
            let plugin = hosted[path] ?? WorkerHostedPlugin(path: path, timeout: timeout, environment: environment)
            hosted[path] = plugin
            return WorkerClass(info: info, plugin: plugin)
        }
    }

    /// Class names close to `name`, for "did you mean" hints.
    package func suggestions(for name: String) -> [String] { Suggestions.close(to: name, among: classes.map(\.name)) }

    /// The names among `names` close to `name`, for "did you mean" hints (see ``Suggestions``).
    package static func closeNames(to name: String, in names: [String]) -> [String] {
        Suggestions.close(to: name, among: names)
    }
}
