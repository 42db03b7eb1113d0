import EaselHost
import Glibc

/// The builds a ``DesignSession`` has loaded, one per plugin file, and which build provides which
/// class.
///
/// - A new build of a file replaces the file's build only when it loads: a build that is broken (not
///   a complete ELF library, invalid, crashing or hanging while loading) is rejected, with why, and
///   the file's last good build stays (rollback).
/// - A class two files provide comes from the folder listed first, then the path that sorts first;
///   the other is warned about once.
/// - In workers, each build runs in a worker of its own; a spare worker is started ahead of the next
///   load, so that a reload does not wait for a worker to start. The caller stops a replaced
///   build's worker (after reporting: it is not the user's wait).
///
/// Rendering is not its business: it answers which build provides a class, and the session draws.
/// A value, kept under the session's engine lock (see ``DesignSession``); the embedding runtime
/// (EaselEmbedding) keeps one too, for its reloads.
package struct BuildSet {
    /// A file's build and its number (1 for the first build of the file).
    package struct Loaded {
        package let build: PluginBuild
        package let number: Int
    }

    /// What became of a load.
    package enum Load {
        /// The new build is the file's; `old` is the build it replaced (its worker still running).
        case loaded(old: Loaded?, seconds: Double)
        /// The build was refused: the event to report (the old build stays).
        case rejected(SessionEvent)
        /// Not a file the host could look at (nothing to report).
        case skipped
    }

    let directories: [String]
    let isolation: Isolation
    let environment: HostEnvironment
    /// Plugin file → its current build.
    package private(set) var loaded: [String: Loaded] = [:]
    /// Class → the file whose build provides it.
    package private(set) var providers: [String: String] = [:]
    /// Files whose latest build was rejected, with why.
    private(set) var rejections: [String: PluginFailure] = [:]
    private var warnedDuplicates: Set<String> = []
    private var spare: SpareWorker?
    /// How many builds were loaded (initial ones included), for tests and benchmarks.
    private(set) var loadCount = 0

    init(options: SessionOptions, environment: HostEnvironment) {
        self.init(directories: options.directories, isolation: options.isolation, environment: environment)
    }

    /// Builds of the plugin files in `directories` (in search-path order), loaded as `isolation` says.
    package init(directories: [String], isolation: Isolation, environment: HostEnvironment) {
        self.directories = directories
        self.isolation = isolation
        self.environment = environment
    }

    /// The file as reported: relative to the watched folder it is in.
    package func label(_ path: String) -> String {
        for dir in directories where path.hasPrefix(dir + "/") { return String(path.dropFirst(dir.count + 1)) }
        return path
    }

    /// Whether `path` is a regular file (symbolic links followed), without opening it.
    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
    }

    // MARK: - Loading

    /// Starts a spare worker (in workers), replacing any.
    mutating func startSpare() {
        if case .workers(let timeout) = isolation { spare = PluginBuild.startSpare(timeout: timeout, environment: environment) }
    }

    /// Starts a spare worker (in workers) if there is none: the next load's.
    package mutating func replenishSpare() {
        if spare == nil { startSpare() }
    }

    /// Loads a new build of `path`: it becomes the file's build, or it is rejected and the file's
    /// old build stays. `writerDone`: the file was closed or renamed into place (an incomplete file
    /// then is no build still being written).
    package mutating func load(_ path: String, writerDone: Bool) -> Load {
        let start = DesignSession.now()
        let old = loaded[path]
        do {
            try ELFCheck.check(path)
        } catch let error as HostError {
            var e = error
            // An incomplete library may be a build still being written; a FIFO or a directory is not.
            if !writerDone && Self.isRegularFile(path) { e.message += " (still being written?)" }
            return reject(path, old, e)
        } catch { return .skipped }
        let build: PluginBuild
        do {
            switch isolation {
            case .inProcess: build = try PluginBuild(inProcess: path, environment: environment)
            case .workers(let timeout):
                build = try PluginBuild(path: path, timeout: timeout, environment: environment, spare: spare)
                spare = nil
            }
        } catch let error as HostError {
            startSpare()
            return reject(path, old, error)
        } catch { return .skipped }
        loadCount += 1
        rejections[path] = nil
        loaded[path] = Loaded(build: build, number: (old?.number ?? 0) + 1)
        return .loaded(old: old, seconds: DesignSession.now() - start)
    }

    private mutating func reject(_ path: String, _ old: Loaded?, _ error: HostError) -> Load {
        rejections[path] = PluginFailure(error.with(file: path, phase: .load))
        return .rejected(.rejected(file: path, label: label(path), failure: PluginFailure(error), keptBuild: old?.number))
    }

    /// Removes the file's build (it was deleted) and forgets its rejection; returns the build, whose
    /// worker the caller stops.
    package mutating func remove(_ path: String) -> Loaded? {
        rejections[path] = nil
        return loaded.removeValue(forKey: path)
    }

    /// Stops every worker, the spare's too.
    package mutating func stopAll() {
        for build in loaded.values { build.build.stop() }
        loaded.removeAll()
        spare = nil
    }

    // MARK: - Providers

    /// Recomputes which file provides each class; returns the classes whose provider changed, and a
    /// warning for each class two files provide (once per pair).
    package mutating func updateProviders() -> (changed: Set<String>, warnings: [SessionEvent]) {
        var next: [String: String] = [:]
        var warnings: [SessionEvent] = []
        let order = Dictionary(directories.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func rank(_ path: String) -> Int {
            directories.firstIndex { path.hasPrefix($0 + "/") }.flatMap { order[directories[$0]] } ?? Int.max
        }
        for path in loaded.keys.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            for cls in loaded[path]!.build.classes {
                if let first = next[cls.name] {
                    let key = "\(cls.name)|\(first)|\(path)"
                    if first != path, warnedDuplicates.insert(key).inserted {
                        warnings.append(.notice("warning: class \(cls.name) is registered by both \(label(first)) and \(label(path)); using \(label(first)) (it comes first on the search path)", detail: true))
                    }
                } else {
                    next[cls.name] = path
                }
            }
        }
        var changed = Set<String>()
        for (cls, path) in next where providers[cls] != path { changed.insert(cls) }
        for cls in providers.keys where next[cls] == nil { changed.insert(cls) }
        providers = next
        return (changed, warnings)
    }

    /// The class's description from the build that provides it.
    package func info(of className: String) -> ClassInfo? {
        providers[className].flatMap { loaded[$0] }?.build.classes.first { $0.name == className }
    }

    /// The class as the build that provides it has it, ready to instantiate.
    package func designableClass(named name: String) -> DesignableClass? {
        providers[name].flatMap { loaded[$0] }?.build.designableClass(named: name)
    }

    /// The names of the classes provided, sorted.
    package var classNames: [String] { providers.keys.sorted() }

    /// The worker processes running builds.
    var workerProcessIDs: [Int32] { loaded.values.compactMap(\.build.workerProcessID) }

    /// Puts the builds' part of the session's state into `snapshot`.
    func publish(into snapshot: inout SessionSnapshot) {
        snapshot.loadedBuilds = loaded.keys.sorted().map { ($0, loaded[$0]!.number, loaded[$0]!.build.classes) }
        snapshot.rejectedFiles = rejections.keys.sorted().filter { loaded[$0] == nil }.map { ($0, rejections[$0]!) }
        snapshot.winners = providers
    }
}
