import EaselHost
import EaselRender
import Glibc

/// What `host watch` watches and how it renders.
public struct WatchOptions {
    public var directory: String
    public var outputDirectory: String
    /// Classes to render; empty: every class.
    public var classFilter: Set<String> = []
    /// Values the host owns across reloads (`--set`).
    public var assignments: [PropertyAssignment] = []
    public var scale: Double = 1
    /// PNG compression level: previews want speed.
    public var pngLevel: Int = 1
    /// Time budget of each call into a plugin.
    public var timeout: Double = Isolation.defaultTimeout
    /// Quiet time after a file was closed or renamed into place, to coalesce bursts of events.
    public var settle: Double = 0.005
    /// Quiet time after which a file still open for writing is looked at anyway.
    public var writeQuiet: Double = 0.5
    /// How long a deleted file may take to come back before its classes are unloaded.
    public var deleteGrace: Double = 0.15
    /// A scene re-rendered (into `<outputDirectory>/<scene name>.png`) whenever a class it uses is
    /// reloaded; its attributes are values the host owns, like `assignments`.
    public var scene: Scene?

    public init(directory: String, outputDirectory: String) {
        self.directory = directory
        self.outputDirectory = outputDirectory
    }
}

/// Hot reload: watches a plugin folder; when a `.so` is added, replaced or removed, loads the new
/// build in a worker of its own, re-applies the values the host owns, re-renders every affected class
/// into the output folder, and prints one line per reload with its timing.
///
/// How builds really write files is handled: a file being written is reloaded once it is closed or
/// renamed into place (or after `writeQuiet` without events); an atomic rename over the old file,
/// delete then re-create, and bursts of events are coalesced; a build that is broken (not a complete
/// ELF library, invalid, crashing or hanging while loading) is rejected and the last good build stays
/// (rollback); a deleted file unloads its classes. Each build runs in its own worker, which is
/// stopped when the build is replaced, so memory stays bounded however many reloads happen.
public final class WatchSession {
    public let options: WatchOptions
    private let watcher: DirectoryWatcher
    private let say: (String) -> Void

    private struct Loaded {
        let build: PluginBuild
        let number: Int
    }
    private enum Pending {
        case complete(Double), writing(Double), removed(Double)
    }

    private var builds: [String: Loaded] = [:]
    private var pending: [String: Pending] = [:]
    /// Class → the file whose build provides it (the path that sorts first wins).
    private var winners: [String: String] = [:]
    /// The description each class was last rendered with, for schema diffs and dropped values.
    private var lastInfo: [String: ClassInfo] = [:]
    private var spare: SpareWorker?
    private struct Dropped: Hashable { let className: String; let name: String }
    private var droppedValues: Set<Dropped> = []
    /// How many builds were loaded (initial ones included), for tests and benchmarks.
    public private(set) var loadCount = 0
    /// The worker processes currently running builds.
    public var workerProcessIDs: [Int32] { builds.values.compactMap(\.build.workerProcessID) }

    public init(options: WatchOptions, say: @escaping (String) -> Void) throws {
        self.options = options
        self.say = say
        watcher = try DirectoryWatcher(directory: options.directory)
        makeDirectories(options.outputDirectory)
        var st = stat()
        guard stat(options.outputDirectory, &st) == 0, st.st_mode & S_IFMT == S_IFDIR,
              access(options.outputDirectory, W_OK) == 0 else {
            throw HostError(.cannotCreate, "cannot write previews here (expected a writable directory)", file: options.outputDirectory)
        }
    }

    /// Loads and renders every plugin already in the folder.
    public func start() {
        spare = PluginBuild.startSpare(timeout: options.timeout)
        for path in DirectoryWatcher.files(in: options.directory).filter(Self.isPlugin).sorted() {
            reload(path, writerDone: true)
        }
        if builds.isEmpty { say("watching \(options.directory): no plugins yet") }
        else { say("watching \(options.directory) (\(builds.count) plugin\(builds.count == 1 ? "" : "s")); previews in \(options.outputDirectory)") }
    }

    /// Waits for changes and handles them until `keepGoing` returns false (checked at least every
    /// `tick` seconds).
    public func run(tick: Double = 0.25, while keepGoing: () -> Bool) {
        while keepGoing() { step(maximumWait: tick) }
    }

    /// One round: waits up to `maximumWait` for events, then handles what is due.
    public func step(maximumWait: Double) {
        var wait = maximumWait
        let now = Self.now()
        for p in pending.values { wait = min(wait, max(0, due(p) - now)) }
        for event in watcher.next(timeout: wait) { note(event) }
        handleDue()
    }

    /// Stops every worker.
    public func stop() {
        for loaded in builds.values { loaded.build.stop() }
        builds.removeAll()
        spare = nil
    }

    deinit { stop() }

    // MARK: - Events

    static func isPlugin(_ path: String) -> Bool { path.hasSuffix(".so") }

    private func note(_ event: DirectoryWatcher.Event) {
        let now = Self.now()
        if event.change == .overflow {
            say("watch: the kernel dropped events; looking at every file again")
            for file in DirectoryWatcher.files(in: options.directory) where Self.isPlugin(file) { pending[file] = .complete(now) }
            for path in builds.keys where access(path, F_OK) != 0 { pending[path] = .removed(now) }
            return
        }
        if event.path == options.directory, event.change == .deleted {
            say("watch: \(options.directory) itself was removed; its plugins are unloaded")
            for path in builds.keys { pending[path] = .removed(now) }
            return
        }
        guard Self.isPlugin(event.path) else { return }
        switch event.change {
        case .written, .movedIn: pending[event.path] = .complete(now)
        case .created, .modified: pending[event.path] = .writing(now)
        case .deleted, .movedOut: pending[event.path] = .removed(now)
        case .overflow: break
        }
    }

    private func due(_ p: Pending) -> Double {
        switch p {
        case .complete(let t): return t + options.settle
        case .writing(let t): return t + options.writeQuiet
        case .removed(let t): return t + options.deleteGrace
        }
    }

    private func handleDue() {
        let now = Self.now()
        for (path, p) in pending.sorted(by: { $0.key < $1.key }) where due(p) <= now {
            pending[path] = nil
            switch p {
            case .complete: reload(path, writerDone: true)
            case .writing: reload(path, writerDone: false)
            case .removed:
                if access(path, F_OK) == 0 { reload(path, writerDone: true) } else { unload(path) }
            }
        }
    }

    // MARK: - Reload

    private func name(_ path: String) -> String {
        path.hasPrefix(options.directory + "/") ? String(path.dropFirst(options.directory.count + 1)) : path
    }

    private func reload(_ path: String, writerDone: Bool) {
        let start = Self.now()
        let old = builds[path]
        let label = name(path)
        do {
            try ELFCheck.check(path)
        } catch let error as HostError {
            reject(label, old, error.message + (writerDone ? "" : " (still being written?)"))
            return
        } catch { return }
        let build: PluginBuild
        do {
            build = try PluginBuild(path: path, timeout: options.timeout, spare: spare)
            spare = nil
        } catch let error as HostError {
            spare = nil
            reject(label, old, error.description.replacing(path + ": ", with: ""))
            spare = PluginBuild.startSpare(timeout: options.timeout)
            return
        } catch { return }
        loadCount += 1
        let loaded = Loaded(build: build, number: (old?.number ?? 0) + 1)
        builds[path] = loaded
        let loadTime = Self.now() - start
        var affected = Set(build.classes.map(\.name)).union(old?.build.classes.map(\.name) ?? [])
        affected.formUnion(updateWinners())
        let renderStart = Self.now()
        var details: [String] = []
        let outputs = render(affected, details: &details)
        old?.build.stop()
        spare = PluginBuild.startSpare(timeout: options.timeout)
        let total = Self.now() - start
        let verb = old == nil ? "loaded" : "reloaded"
        say("\(verb) \(label) build \(loaded.number) in \(Self.ms(total)) (load \(Self.ms(loadTime)), render \(Self.ms(Self.now() - renderStart))): "
            + (outputs.isEmpty ? "no classes rendered" : outputs.joined(separator: ", ")))
        for d in details { say("  " + d) }
    }

    private func reject(_ label: String, _ old: Loaded?, _ why: String) {
        if let old {
            say("rejected \(label): \(why); keeping build \(old.number) (rollback)")
        } else {
            say("rejected \(label): \(why)")
        }
    }

    private func unload(_ path: String) {
        guard let old = builds.removeValue(forKey: path) else { return }
        old.build.stop()
        var affected = Set(old.build.classes.map(\.name))
        affected.formUnion(updateWinners())
        var details: [String] = []
        let outputs = render(affected, details: &details)
        say("removed \(name(path)) (build \(old.number))" + (outputs.isEmpty ? "" : ": " + outputs.joined(separator: ", ")))
        for d in details { say("  " + d) }
    }

    /// Recomputes which file provides each class; returns the classes whose provider changed.
    private func updateWinners() -> Set<String> {
        var next: [String: String] = [:]
        for path in builds.keys.sorted() {
            for cls in builds[path]!.build.classes {
                if let first = next[cls.name] {
                    if first != path { say("warning: class \(cls.name) is registered by both \(name(first)) and \(name(path)); using \(name(first)) (its path sorts first)") }
                } else {
                    next[cls.name] = path
                }
            }
        }
        var changed = Set<String>()
        for (cls, path) in next where winners[cls] != path { changed.insert(cls) }
        for cls in winners.keys where next[cls] == nil { changed.insert(cls) }
        winners = next
        return changed
    }

    /// Renders the affected classes that pass the filter; returns "Class → file" parts.
    private func render(_ classes: Set<String>, details: inout [String]) -> [String] {
        var outputs = renderClasses(classes, details: &details)
        if let scene = options.scene, scene.instances.contains(where: { classes.contains($0.className) }) {
            outputs.append(renderScene(scene, details: &details))
        }
        return outputs
    }

    /// The scene with the current builds: attributes that no longer fit a class's new build are
    /// dropped with a warning (once), as `--set` values are; an instance whose class is gone is skipped.
    private func renderScene(_ scene: Scene, details: inout [String]) -> String {
        let name = String((scene.file.split(separator: "/").last ?? "scene").split(separator: ".").first ?? "scene")
        let output = "\(options.outputDirectory)/\(name).png"
        var current = scene
        current.instances = []
        for instance in scene.instances {
            guard let path = winners[instance.className], let info = builds[path]?.build.classes.first(where: { $0.name == instance.className }) else {
                details.append("warning: \(scene.file): \(instance.path): no class \(instance.className) loaded; skipped")
                continue
            }
            var kept = instance
            kept.attributes = instance.attributes.filter { key, text in
                let dropKey = Dropped(className: "\(scene.file)#\(instance.path)", name: key)
                if droppedValues.contains(dropKey) { return false }
                let assignment = PropertyAssignment(className: info.name, name: key, text: text)
                let (_, warnings, dropped) = PropertyAssignment.resolve([assignment], for: info, previous: sceneInfo[instance.path])
                if !dropped.isEmpty {
                    droppedValues.insert(dropKey)
                    details += warnings.map { "warning: \(scene.file): \(instance.path): " + $0 }
                    return false
                }
                return true
            }
            sceneInfo[instance.path] = info
            current.instances.append(kept)
        }
        do {
            let target = try SceneRender.render(current, classes: { name in
                self.winners[name].flatMap { self.builds[$0]?.build.designableClass(named: name) }
            }, format: .png(compressionLevel: options.pngLevel), scale: options.scale)
            do { try target.write(to: output) } catch let e as RenderError { throw HostError(e) }
            return "scene → \(output)"
        } catch let error as HostError {
            details.append("error: " + error.description)
            return "scene failed"
        } catch {
            details.append("error: \(error)")
            return "scene failed"
        }
    }

    /// The class description each scene instance was last rendered with.
    private var sceneInfo: [String: ClassInfo] = [:]

    private func renderClasses(_ classes: Set<String>, details: inout [String]) -> [String] {
        var outputs: [String] = []
        for className in classes.sorted() where options.classFilter.isEmpty || options.classFilter.contains(className) {
            guard let path = winners[className], let loaded = builds[path],
                  let cls = loaded.build.designableClass(named: className) else {
                outputs.append("\(className) gone")
                lastInfo[className] = nil
                continue
            }
            let previous = lastInfo[className]
            if let previous {
                let diff = SchemaDiff(old: previous, new: cls.info)
                if !diff.isEmpty { details.append("\(className) schema: \(diff.summary)") }
            }
            let applicable = options.assignments.filter { !droppedValues.contains(Dropped(className: className, name: $0.name)) }
            let (values, warnings, dropped) = PropertyAssignment.resolve(applicable, for: cls.info, previous: previous)
            details += warnings.map { "warning: " + $0 }
            // A dropped value stays dropped for this class: a later build must not revive it silently.
            for d in dropped { droppedValues.insert(Dropped(className: className, name: d.name)) }
            lastInfo[className] = cls.info
            let output = "\(options.outputDirectory)/\(className).png"
            do {
                var request = ComponentRenderRequest(className: className, scale: options.scale,
                                                     format: .png(compressionLevel: options.pngLevel))
                request.size = nil
                let target = try ComponentRender.render(cls, values: values, request)
                do { try target.write(to: output) } catch let e as RenderError { throw HostError(e) }
                outputs.append("\(className) → \(output)")
            } catch let error as HostError {
                outputs.append("\(className) failed")
                details.append("error: " + error.description)
            } catch {
                outputs.append("\(className) failed")
                details.append("error: \(error)")
            }
        }
        return outputs
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func ms(_ seconds: Double) -> String {
        let tenths = (seconds * 10_000).rounded() / 10
        return "\(tenths) ms"
    }
}
