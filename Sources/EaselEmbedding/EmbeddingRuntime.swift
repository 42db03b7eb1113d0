import CSystem
import EaselHost
import EaselPreview
import EaselRender
import Glibc

/// Plugins opened for an application (easel_runtime.h's `easel_runtime`): one host core of its own
/// (a ``HostEnvironment`` with its warnings, renderer and workers), one build per plugin file (a
/// ``BuildSet``, as the design session keeps them), and, with reload, a watcher whose rebuilt files
/// are loaded again when the application calls ``dispatch()``, every view of their classes made again
/// with its values (``EmbeddedView/remake()``).
///
/// ```swift
/// let runtime = try EmbeddingRuntime(path: "components", options: .init())
/// let gauge = try EmbeddedView(runtime: runtime, className: "Gauge", frame: Rect(), traits: .default)
/// try gauge.set("value", text: "80")
/// try gauge.draw(into: cr)
/// ```
///
/// Not thread-safe: one thread at a time (easel_runtime.h, THREADS).
package final class EmbeddingRuntime {
    /// How the runtime is opened (easel_runtime_options).
    package struct Options {
        package var isolation: Isolation = .inProcess
        package var memoryLimit: UInt64 = WorkerLauncher.defaultMemoryLimit
        /// The `host` program that serves as the workers' launcher; nil: found (see ``workerProgram(_:)``).
        package var workerProgram: String?
        package var reload = false
        /// Where warnings go; nil: standard error.
        package var warning: ((String) -> Void)?
        /// A file was reloaded (nil) or its new build refused (why).
        package var reloaded: ((String, HostError?) -> Void)?

        package init() {}
    }

    package let options: Options
    package let environment: HostEnvironment
    /// The plugin folders and the single files opened.
    package let directories: [String]
    package let files: [String]
    /// One build per plugin file, and which provides each class.
    package private(set) var builds: BuildSet
    private let watcher: DirectoryWatcher?
    private var queue: ReloadQueue
    private var views: [ObjectIdentifier: WeakView] = [:]
    /// The class names lent to C callers (easel_runtime_class_name).
    let classNameTable = CStringTable()
    private struct WeakView { weak var view: EmbeddedView? }

    /// Opens `path` (a plugin file, a folder, or several separated by ':'; nil: $EASEL_PLUGIN_PATH,
    /// else ./components) and loads every plugin file found. Throws when a path does not exist, a
    /// launcher for workers cannot be found, or no plugin loads.
    package init(path: String?, options: Options) throws {
        self.options = options
        let entries = path.map { $0.split(separator: ":").map(String.init).filter { !$0.isEmpty } }
            ?? PluginSearchPath.resolve(explicit: []).directories
        guard !entries.isEmpty else { throw HostError(.usage, "no plugin file or folder given (expected a path)") }
        var directories: [String] = [], files: [String] = []
        for entry in entries {
            var st = stat()
            guard stat(entry, &st) == 0 else {
                throw HostError(.notFound, "no such plugin file or folder (\(String(cString: strerror(errno))))", file: entry)
            }
            if st.st_mode & S_IFMT == S_IFDIR { directories.append(entry) } else { files.append(entry) }
        }
        self.directories = directories
        self.files = files

        let warn = options.warning ?? { Diagnostics.standardErrorLine("easel: \($0)") }
        let diagnostics = Diagnostics(label: "easel", warnings: warn)
        // The designer's fonts for the components' text, the application's left as they are
        // (easel_runtime.h, FONTS).
        FontConfiguration.load()
        let renderer = RendererServices()
        var workers = WorkerLauncher(program: .serving(renderer: renderer))
        if case .workers = options.isolation {
            workers = WorkerLauncher(program: .serving(renderer: renderer), memoryLimit: options.memoryLimit,
                                     executable: try Self.workerProgram(options.workerProgram))
        }
        environment = HostEnvironment(diagnostics: diagnostics, renderer: renderer, workers: workers)
        // Folders first, in the order given, then the single files' folders: a class two files
        // provide comes from the first (BuildSet's rule, the search path's).
        let parents = files.map { Self.folder(of: $0) }
        builds = BuildSet(directories: directories + parents, isolation: options.isolation, environment: environment)
        queue = ReloadQueue(directories: directories)
        if options.reload {
            // Watched before they are read: a change made meanwhile is heard.
            let watcher = try DirectoryWatcher(directories: directories.isEmpty ? [parents[0]] : directories)
            for file in files { watcher.watch(file: file) }
            self.watcher = watcher
        } else {
            watcher = nil
        }

        var found = files
        for directory in directories {
            let (paths, problems) = PluginSearchPath(directories: [directory]).pluginFiles()
            problems.forEach(diagnostics.warn)
            found += paths
        }
        var refusals: [HostError] = []
        for file in found {
            watcher?.follow(link: file)
            if case .rejected(let event) = builds.load(file, writerDone: true), case .rejected(_, _, let failure, _) = event {
                refusals.append(failure.error)
                diagnostics.warn("\(failure.error)")
            }
        }
        builds.replenishSpare()
        warnDuplicates()
        guard !builds.loaded.isEmpty else {
            environment.finish()
            if found.count == 1, let refusal = refusals.first { throw refusal }
            let what = found.isEmpty ? "no plugin file (.so) in \(entries.joined(separator: ":"))"
                : "none of the \(found.count) plugin files in \(entries.joined(separator: ":")) loads (each was warned about)"
            throw HostError(.notFound, what)
        }
    }

    deinit {
        builds.stopAll()
        environment.finish()
    }

    /// The classes the plugins provide, sorted by name.
    package var classNames: [String] { builds.classNames }

    /// The class `name` as the build that provides it has it; an error lists close names.
    package func designableClass(named name: String) throws -> DesignableClass {
        if let cls = builds.designableClass(named: name) { return cls }
        let close = Suggestions.close(to: name, among: classNames)
        let hint = close.isEmpty ? "the plugins provide: \(classNames.joined(separator: ", "))" : "did you mean \(close.map(\.quoted).joined(separator: " or "))?"
        throw HostError.noClass(named: name, "no class named \(name.quoted) (\(hint))")
    }

    // MARK: - Views

    private var viewsMade = 0

    /// A number for a new view: the order views were made in.
    func adopt() -> Int {
        viewsMade += 1
        return viewsMade
    }

    func follow(_ view: EmbeddedView) { views[ObjectIdentifier(view)] = WeakView(view: view) }
    func forget(_ view: EmbeddedView) { views[ObjectIdentifier(view)] = nil }

    // MARK: - Reload

    /// The watcher's descriptor (-1 without reload).
    package var fileDescriptor: Int32 { watcher?.fileDescriptor ?? -1 }

    /// Reads what changed on disk and reloads what is due; returns the seconds until it should be
    /// called again even if the descriptor stays quiet (negative: only when it becomes readable).
    package func dispatch() -> Double {
        guard let watcher else { return -1 }
        var now = AnimationTime.now()
        for event in watcher.next(timeout: 0) {
            for notice in queue.note(event, loadedFiles: Array(builds.loaded.keys), now: now) { warn(notice) }
        }
        let due = queue.takeDue(at: now)
        for (path, pending) in due.plugins {
            switch pending {
            case .complete: reload(path, writerDone: true)
            case .writing: reload(path, writerDone: false)
            case .removed: if access(path, F_OK) == 0 { reload(path, writerDone: true) } else { unload(path) }
            }
        }
        now = AnimationTime.now()
        return queue.isEmpty ? -1 : queue.wait(at: now, atMost: 1)
    }

    private func reload(_ path: String, writerDone: Bool) {
        watcher?.follow(link: path)
        let old = builds.loaded[path]
        switch builds.load(path, writerDone: writerDone) {
        case .loaded:
            let changed = warnDuplicates()
            let names = Set(builds.loaded[path]!.build.classes.map(\.name)).union(old?.build.classes.map(\.name) ?? []).union(changed)
            options.reloaded?(path, remakeViews(of: names))
            builds.replenishSpare()
        case .rejected(let event):
            if case .rejected(_, _, let failure, _) = event { options.reloaded?(path, failure.error.with(file: path, phase: .load)) }
        case .skipped:
            break
        }
    }

    private func unload(_ path: String) {
        guard let old = builds.remove(path) else { return }
        let changed = warnDuplicates()
        // Views of classes no file provides any more keep their instance (of the old build).
        options.reloaded?(path, remakeViews(of: Set(old.build.classes.map(\.name)).union(changed)))
    }

    /// Makes every view of `names` again from the build that provides its class now; returns the first
    /// failure (those views keep their instance).
    private func remakeViews(of names: Set<String>) -> HostError? {
        var first: HostError?
        let affected = views.values.compactMap(\.view).filter { names.contains($0.className) }
        for view in affected.sorted(by: { $0.serial < $1.serial }) where builds.designableClass(named: view.className) != nil {
            do { try view.remake() } catch let error as HostError { first = first ?? error } catch {
                first = first ?? HostError(.internalError, "\(error)", className: view.className)
            }
        }
        return first
    }

    /// Updates which file provides each class, warning about classes two files provide; returns the
    /// classes whose provider changed.
    @discardableResult
    private func warnDuplicates() -> Set<String> {
        let (changed, notices) = builds.updateProviders()
        notices.forEach(warn)
        return changed
    }

    private func warn(_ event: SessionEvent) {
        for line in event.lines {
            let text = line.trimmingPrefix(while: { $0 == " " })
            environment.diagnostics.warn(text.hasPrefix("warning: ") ? String(text.dropFirst("warning: ".count)) : String(text))
        }
    }

    // MARK: - Finding things

    /// The folder of a file path ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The `host` program that serves as the workers' launcher: `given`, else
    /// $EASEL_WORKER_EXECUTABLE, else `host` beside this library or in ../bin from it.
    static func workerProgram(_ given: String?) throws -> String {
        if let given { return given }
        if let variable = ProcessEnvironment.current["EASEL_WORKER_EXECUTABLE"], !variable.isEmpty { return variable }
        var candidates: [String] = []
        if let path = easel_object_path(#dsohandle) {
            let library = folder(of: String(cString: path))
            candidates = [library + "/host", library + "/../bin/host"]
            if let found = candidates.first(where: { access($0, X_OK) == 0 }) { return found }
        }
        throw HostError(.notFound, "cannot find the host program that starts workers (looked for \(candidates.joined(separator: " and "))); "
                        + "give easel_runtime_options.worker_program or set EASEL_WORKER_EXECUTABLE")
    }
}
