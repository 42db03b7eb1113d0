import EaselHost
import EaselRender
import Foundation

/// What `host watch` (and `host serve`) watches and how it renders.
package struct WatchOptions {
    /// The plugin folders, in search-path order (a class two files provide comes from the path that
    /// sorts first).
    package var directories: [String]
    /// Where previews are written (`<Class>.png`, `<scene>.png`); nil: kept in memory only.
    package var outputDirectory: String?
    /// Classes to render; empty: every class.
    package var classFilter: Set<String> = []
    /// Values the host owns across reloads (`--set`).
    package var assignments: [PropertyAssignment] = []
    /// Pixels per point; nil: 1 for classes, a scene's own `scale` for scenes.
    package var scale: Double?
    /// PNG compression level: previews want speed.
    package var pngLevel: Int = 1
    /// Where plugin code runs; in workers, the time budget of each call.
    package var isolation: Isolation = .default
    /// Quiet time after a file was closed or renamed into place, to coalesce bursts of events.
    package var settle: Double = 0.002
    /// Quiet time after which a file still open for writing is looked at anyway.
    package var writeQuiet: Double = 0.5
    /// How long a deleted file may take to come back before its classes are unloaded.
    package var deleteGrace: Double = 0.15
    /// Scenes re-rendered (into `<outputDirectory>/<scene name>.png`) whenever a class they use is
    /// reloaded; their attributes are values the host owns, like `assignments`.
    package var scenes: [Scene] = []

    package init(directories: [String], outputDirectory: String?) {
        self.directories = directories
        self.outputDirectory = outputDirectory
    }

    package init(directory: String, outputDirectory: String) {
        self.init(directories: [directory], outputDirectory: outputDirectory)
    }

    package var timeout: Double {
        if case .workers(let t) = isolation { return t }
        return Isolation.defaultTimeout
    }
}

/// Hot reload, the engine of `host watch` and `host serve`: watches plugin folders; when a `.so` is
/// added, replaced or removed, loads the new build in a worker of its own, re-applies the values the
/// host owns, re-renders every affected class and scene, and reports what happened as
/// ``WatchEvent``s (the CLI prints them as lines, the server pushes them to the page).
///
/// How builds really write files is handled: a file being written is reloaded once it is closed or
/// renamed into place (or after `writeQuiet` without events); an atomic rename over the old file,
/// delete then re-create, and bursts of events are coalesced; symbolic links to `.so` files are
/// followed, and a rebuild of their target is a reload. A build that is broken (not a complete ELF
/// library, invalid, crashing or hanging while loading) is rejected and the last good build stays
/// (rollback). A build that loads but cannot render a class (a crash, an exit or a hang in create,
/// set, layout or draw) becomes the file's build — it is what is on disk, and the next edit or
/// build tries it again — but the class's last good preview stays, marked stale and failing (an
/// `<Class>.error.txt` beside it), until a build renders it again. Values that stop fitting are
/// parked and restored when a later build fits them (``HeldValues``). A class that disappears has
/// its preview removed. A deleted file unloads its classes. Each build runs in its own worker,
/// which is stopped when the build is replaced, so memory stays bounded however many reloads happen.
///
/// Thread rule: plugin calls are not thread-safe. Three locks, taken in this order:
/// - the session's lock (``withLock(_:)``, recursive) is held by every method that calls a plugin
///   or changes the builds (renders, reloads, actions); ``step(maximumWait:)``
///   waits for file events without it, so other threads (the HTTP server's) can call in while
///   nothing changes on disk;
/// - what can be read without a plugin call (classes, states and thumbnails, values held, scenes) is
///   an immutable ``SessionSnapshot``, published under a short lock of its own whenever the
///   outermost section holding the session's lock ends, and before every event (a page reading
///   after an event sees what the event says). The readers (``snapshot``, ``classInfo(named:)``,
///   ``state(of:)``, ``values(for:)``, ``openScenes``, …) read it and never wait for a plugin
///   call in progress: a draw that hangs until its time budget delays only what needs a plugin;
/// - the designer's lock guards what the designer holds (``DesignerState``: values, scenes), held
///   only for short sections that call no plugin: the edits that need no plugin (``setValues(_:for:)``,
///   ``replaceScene(at:with:basedOn:identities:)``, saves, the choices about a scene's file or kept
///   edits) take it alone, are checked against the ``snapshot``'s property tables and publish at
///   once, so they too answer while a plugin call hangs.
/// Events are reported on the thread that caused them, with the session's lock held.
package final class WatchSession {
    package let options: WatchOptions
    /// The host core it loads builds with (its warnings, renderer and workers).
    package let environment: HostEnvironment
    private let watcher: DirectoryWatcher
    private let report: (WatchEvent) -> Void
    private let lock = NSRecursiveLock()
    /// How deep the current holder of `lock` is in nested ``withLock(_:)`` sections (read and
    /// written only with `lock` held).
    private var lockDepth = 0
    /// The last published snapshot, under `publishedLock` (held only to copy it in or out).
    private var published = SessionSnapshot()
    private let publishedLock = NSLock()

    private struct Loaded {
        let build: PluginBuild
        let number: Int
    }
    private enum Pending {
        case complete(Double), writing(Double), removed(Double)
    }

    /// A class's last good preview and whether it is failing now.
    package struct ClassState: Sendable {
        /// The last good preview, PNG at the session's scale; nil if it never rendered.
        package var preview: [UInt8]?
        /// The build number of the file whose build drew `preview`.
        package var previewBuild: Int?
        /// Why the class cannot be rendered now (then `preview` is stale); nil when it renders.
        package var failure: PluginFailure?
        /// The file providing the class and its current build number.
        package var file: String
        package var build: Int
    }

    private var builds: [String: Loaded] = [:]
    private var pending: [String: Pending] = [:]
    /// Class → the file whose build provides it (the directory listed first, then the path that
    /// sorts first, wins).
    private var winners: [String: String] = [:]
    /// The description each class was last rendered with, for schema diffs.
    private var lastInfo: [String: ClassInfo] = [:]
    var states: [String: ClassState] = [:]
    /// Files whose latest build was rejected, with why.
    private var rejections: [String: PluginFailure] = [:]
    /// The values and scenes the designer holds, under `designerLock` (see ``DesignerState``: held
    /// only for short sections that call no plugin and report no event; taken after `lock` when both are).
    private var designer: DesignerState
    private let designerLock = NSLock()
    /// The open scenes' files (by index; fixed for the session's life).
    private let sceneFiles: [String]
    /// Scene files that changed on disk, by scene index, waiting for the writer to be done.
    private var pendingScenes: [Int: Pending] = [:]
    private var warnedDuplicates: Set<String> = []
    private var spare: SpareWorker?
    private var starting = false
    /// Each class's live preview (WatchSession+Live.swift): its instance kept, so that it can animate.
    var live: [String: LivePreview] = [:]
    /// The values each live preview was made with.
    var liveValues: [String: [(name: String, value: PropertyValue)]] = [:]
    /// Classes whose live preview is animating (asked for frames), with the frame it started at.
    var animating: [String: Int] = [:]
    /// How many builds were loaded (initial ones included), for tests and benchmarks.
    package private(set) var loadCount = 0

    /// Starts watching the folders (nothing is loaded before ``start()``). `report` receives every event.
    package init(options: WatchOptions, environment: HostEnvironment, report: @escaping (WatchEvent) -> Void) throws {
        self.options = options
        self.environment = environment
        self.report = report
        watcher = try DirectoryWatcher(directories: options.directories)
        var designer = DesignerState(assignments: options.assignments, scenes: options.scenes)
        for (i, scene) in designer.scenes.enumerated() {
            watcher.watch(file: scene.file)
            designer.sceneDiskTexts[i] = (try? Scene.contents(scene.file)).map { String(decoding: $0, as: UTF8.self) }
            // A scene whose file does not exist yet (`host serve --scene new.json`): open, and not
            // on disk until it is saved.
            if access(scene.file, F_OK) != 0 { designer.scenesDeletedOnDisk.insert(i); designer.newScenes.insert(i) }
            let kept = Self.unsavedEditsPath(for: scene.file)
            if access(kept, F_OK) == 0 { designer.offeredKeptEdits[i] = kept }
        }
        self.designer = designer
        sceneFiles = options.scenes.map(\.file)
        if let out = options.outputDirectory {
            makeDirectories(out)
            var st = stat()
            guard stat(out, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, access(out, W_OK) == 0 else {
                throw HostError(.cannotCreate, "cannot write previews here (expected a writable directory)", file: out)
            }
        }
        publish()
    }

    /// Runs `body` with the session's lock: plugin calls and changes of the session's state are
    /// serialized through it. When the outermost section ends, the state is published
    /// (``snapshot``).
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        lockDepth += 1
        defer {
            lockDepth -= 1
            if lockDepth == 0 { publish() }
            lock.unlock()
        }
        return try body()
    }

    /// What the session holds now, as far as it can be read without a plugin call: the state as
    /// the last section holding the session's lock left it (or as it was when the last event was
    /// reported). Never waits for a plugin call in progress.
    package var snapshot: SessionSnapshot { publishedLock.withLock { published } }

    /// Publishes the current state as the ``snapshot`` (with the session's lock held).
    private func publish() {
        var next = SessionSnapshot()
        next.loadedBuilds = builds.keys.sorted().map { ($0, builds[$0]!.number, builds[$0]!.build.classes) }
        next.rejectedFiles = rejections.keys.sorted().filter { builds[$0] == nil }.map { ($0, rejections[$0]!) }
        next.winners = winners
        next.states = states
        // The designer's part is read and stored under its lock: an edit made meanwhile (which
        // publishes its own) is never replaced by an older one.
        designerLock.withLock {
            next.take(designer)
            publishedLock.withLock { published = next }
        }
    }

    /// Runs `body` on what the designer holds, under its lock (never the session's: it calls no
    /// plugin, reports no event and takes no other lock of the session's than the snapshot's).
    private func withDesigner<T>(_ body: (inout DesignerState) throws -> T) rethrows -> T {
        try designerLock.withLock { try body(&designer) }
    }

    /// Changes what the designer holds (a value, a scene edit, a save) and publishes it at once,
    /// without the session's lock: it does not wait for a plugin call in progress. `body` gets the
    /// snapshot the change is checked against (the classes' property tables, host-side).
    private func changeDesigner<T>(_ body: (inout DesignerState, SessionSnapshot) throws -> T) rethrows -> T {
        try designerLock.withLock {
            var next = snapshot
            let result = try body(&designer, next)
            next.take(designer)
            publishedLock.withLock { published = next }
            return result
        }
    }

    /// Loads every plugin already in the folders, checks the class filter, then renders every class
    /// and scene (scenes once, after every plugin has loaded). Throws when a class of the filter is
    /// not provided by any build (naming close names).
    package func start() throws {
        try withLock {
            starting = true
            defer { starting = false }
            if case .workers = options.isolation { spare = PluginBuild.startSpare(timeout: options.timeout, environment: environment) }
            var loads: [(String, Double)] = []
            for path in Self.pluginFiles(in: options.directories) {
                if let seconds = load(path, writerDone: true) { loads.append((path, seconds)) }
            }
            var details: [WatchEvent] = []
            _ = updateWinners(details: &details)
            try checkClassFilter()
            checkAssignments()
            for (path, seconds) in loads {
                let start = Self.now() - seconds
                finishReload(path, old: nil, start: start, loadSeconds: seconds,
                             affected: Set(builds[path]!.build.classes.map(\.name)), extra: details)
                details = []
            }
            for scene in withDesigner({ $0.scenes }) {
                var sceneDetails: [WatchEvent] = []
                let outcome = renderScene(scene, details: &sceneDetails)
                emit(.sceneRendered(scene: scene.file, outcome: outcome))
                sceneDetails.forEach(emit)
            }
            emit(.started(directories: options.directories, plugins: builds.count, outputDirectory: options.outputDirectory))
        }
    }

    /// Every plugin file in the folders, as `host list` finds them (symbolic links followed, each
    /// file once, sorted).
    static func pluginFiles(in directories: [String]) -> [String] {
        PluginSearchPath(directories: directories).pluginFiles().files
    }

    private func checkClassFilter() throws {
        guard !builds.isEmpty else {
            for name in options.classFilter.sorted() { emit(.notice("warning: --class \(name): no plugins loaded yet", detail: false)) }
            return
        }
        let known = Array(winners.keys).sorted()
        for name in options.classFilter.sorted() where winners[name] == nil {
            let close = Registry.closeNames(to: name, in: known)
            throw HostError.noClass(named: name, "--class \(name): no class named \(name.quoted) in the watched plugins"
                                      + (close.isEmpty ? " (they provide: \(known.joined(separator: ", ")))" : " (did you mean \(close.joined(separator: ", "))?)"))
        }
    }

    /// `--set` values that no loaded class takes (a mistyped class or property name) were silently
    /// never applied: each gets a warning at start. They are kept: a later build may provide them.
    private func checkAssignments() {
        guard !builds.isEmpty else { return }
        let classes = winners.keys.sorted().compactMap { name in winners[name].flatMap { builds[$0] }?.build.classes.first { $0.name == name } }
        for a in withDesigner({ $0.assignments }) {
            let text = "\(a.className.map { $0 + "." } ?? "")\(a.name)=\(a.text)"
            if let name = a.className {
                guard winners[name] == nil else { continue }
                let close = Registry.closeNames(to: name, in: classes.map(\.name))
                emit(.notice("warning: --set \(text.shortened): no class named \(name.quoted) in the watched plugins"
                             + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)") + "; kept for a build that provides it",
                             detail: false))
            } else if !classes.contains(where: { $0.property(named: a.name) != nil }) {
                let close = Registry.closeNames(to: a.name, in: Array(Set(classes.flatMap { $0.properties.map(\.name) })).sorted())
                emit(.notice("warning: --set \(text.shortened): no watched class has a property \(a.name.quoted)"
                             + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)") + "; kept for a build that has one",
                             detail: false))
            }
        }
    }

    /// Waits for changes and handles them until `keepGoing` returns false (checked at least every
    /// `tick` seconds).
    package func run(tick: Double = 0.25, while keepGoing: () -> Bool) {
        while keepGoing() { step(maximumWait: tick) }
    }

    /// One round: waits up to `maximumWait` for file events (without the lock), then handles what
    /// is due (with it).
    package func step(maximumWait: Double) {
        var wait = maximumWait
        let now = Self.now()
        // (Read under the lock alone: nothing changes, nothing to publish.)
        lock.lock()
        let waiting = Array(pending.values) + Array(pendingScenes.values), isAnimating = !animating.isEmpty
        lock.unlock()
        for p in waiting { wait = min(wait, max(0, due(p) - now)) }
        // An animating preview wants its next frame within 1/60 s.
        if isAnimating { wait = min(wait, 1 / LivePreview.framesPerSecond) }
        let events = watcher.next(timeout: wait)
        withLock {
            for event in events { note(event) }
            handleDue()
            advanceLivePreviews()
            if events.isEmpty && pending.isEmpty && pendingScenes.isEmpty { checkDefaultsDue() }
        }
    }

    /// Builds whose defaults check waits for an idle moment (path → build number).
    private var defaultsDue: [String: Int] = [:]

    /// Runs the defaults checks that are due, for builds still current.
    private func checkDefaultsDue() {
        for (path, number) in defaultsDue.sorted(by: { $0.key < $1.key }) {
            guard let loaded = builds[path], loaded.number == number else { continue }
            defaultsWarnings(path, loaded.build).forEach(emit)
        }
        defaultsDue.removeAll()
    }

    /// Stops every worker.
    package func stop() {
        withLock {
            for loaded in builds.values { loaded.build.stop() }
            builds.removeAll()
            spare = nil
        }
    }

    deinit { stop() }

    /// Reports an event from elsewhere (the build command's runner) through the session's sink,
    /// with the lock held, so that it is ordered with the session's own events.
    package func report(_ event: WatchEvent) { withLock { emit(event) } }

    // MARK: - What the designer reads

    /// The worker processes currently running builds.
    package var workerProcessIDs: [Int32] { withLock { builds.values.compactMap(\.build.workerProcessID) } }

    /// The loaded builds, sorted by path: file, build number, classes (from the ``snapshot``).
    package var loadedBuilds: [(file: String, build: Int, classes: [ClassInfo])] { snapshot.loadedBuilds }

    /// Files whose latest build was rejected (and that have no build loaded), with why (from the ``snapshot``).
    package var rejectedFiles: [(file: String, failure: PluginFailure)] { snapshot.rejectedFiles }

    /// Whether `className` of `file` is the one provided under that name (it may be shadowed).
    package func isProvider(_ file: String, of className: String) -> Bool { snapshot.isProvider(file, of: className) }

    /// The current description of a class, from the build that provides it (from the ``snapshot``).
    package func classInfo(named name: String) -> ClassInfo? { snapshot.classInfo(named: name) }

    /// The class's description from the build that provides it now (with the lock held).
    private func currentInfo(named name: String) -> ClassInfo? {
        winners[name].flatMap { builds[$0] }?.build.classes.first { $0.name == name }
    }

    /// The class as the current build provides it, ready to instantiate (call it with the lock held,
    /// inside ``withLock(_:)``).
    package func designableClass(named name: String) -> DesignableClass? {
        withLock { winners[name].flatMap { builds[$0] }?.build.designableClass(named: name) }
    }

    /// A class's preview state (nil: no build provides it), from the ``snapshot``.
    package func state(of className: String) -> ClassState? { snapshot.state(of: className) }

    /// The values the host holds for a class, parsed against its current build (parked ones left
    /// out), from the ``snapshot``.
    package func values(for className: String) -> [(name: String, value: PropertyValue)] { snapshot.values(for: className) }

    /// The values held for a class now (with the lock held).
    func currentValues(for className: String) -> [(name: String, value: PropertyValue)] {
        guard let info = currentInfo(named: className) else { return [] }
        return withDesigner { $0.values(for: className, info) }
    }

    /// Sets (or, with a nil text, resets to the default) values the host holds for one class. Each
    /// value is checked against the class's current build first: a wrong type, an out-of-range number
    /// or an unknown case throws the host's message and nothing changes.
    ///
    /// It takes the designer's lock, not the session's: it answers while another request's plugin
    /// call hangs. The check is host-side (the property table of the build the ``snapshot`` names);
    /// the value is drawn by the next render (one in progress read its values before it began). A
    /// build loaded meanwhile that no longer fits the value parks it, as a reload parks any held value.
    package func setValues(_ changes: [(name: String, text: String?)], for className: String) throws {
        try changeDesigner { designer, snapshot in
            guard let info = snapshot.classInfo(named: className) else {
                throw HostError.noClass(named: className, "no class named \(className.quoted) is loaded")
            }
            try designer.setValues(changes, for: className, info)
        }
    }

    /// A value the component reported changing itself (property_changed, easel.h): it becomes the
    /// value the host holds for the class, as one set by the user is, so a reload re-applies it.
    func adoptReportedValue(_ text: String, name: String, className: String) {
        withDesigner { $0.adoptReportedValue(text, name: name, className: className) }
    }

    /// Renders a class with the values the host holds, as ``ComponentRender`` does (`size` nil: its
    /// natural size). A failure marks the class failing (a ``WatchEvent/failure``); a success after a
    /// failure reports ``WatchEvent/recovered``.
    package func render(className: String, size: Size? = nil, scale: Double = 1, background: Color? = nil,
                       format: OutputFormat) throws -> RenderTarget {
        try withLock {
            guard let cls = designableClass(named: className) else {
                throw HostError.noClass(named: className, "no class named \(className.quoted) is loaded")
            }
            let values = currentValues(for: className)
            var request = ComponentRenderRequest(className: className, size: size, scale: scale, background: background, format: format)
            request.drawsInWorker = false // (the display list: 0.75× the time of a Rainbow preview at 2×)
            do {
                // The live instance while it animates, so that the designer shows its frames.
                let target = try liveFrame(className, values: values, request) ?? ComponentRender.render(cls, values: values, request)
                if states[className]?.failure != nil, let e = markRecovered(className) { emit(e) }
                return target
            } catch let error as HostError where error.kind == .pluginFailure {
                if let event = markFailing(className, error, repeated: false) { emit(event) }
                throw error
            }
        }
    }

    // MARK: - Events

    /// A name ending in .so that is not hidden: `host list` skips hidden files, and a build tool's
    /// temporary (`.libX.so.tmp.so`, renamed into place) is not a build of its own.
    static func isPlugin(_ path: String) -> Bool {
        path.hasSuffix(".so") && !(path.split(separator: "/").last?.hasPrefix(".") ?? false)
    }

    /// Whether `path` is a regular file (symbolic links followed), without opening it.
    static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
    }

    /// Reports an event, unless a signal asked the program to stop (``HostProcess/stopOnSignal()``):
    /// what happens then is calls cut short by the stop, not news about the builds. The state is
    /// published first: a page that reads on the event sees what it says (the section that emits
    /// may go on with a plugin call).
    func emit(_ event: WatchEvent) {
        guard !HostProcess.stopRequested else { return }
        publish()
        report(event)
    }

    private func note(_ event: DirectoryWatcher.Event) {
        let now = Self.now()
        if event.change == .overflow {
            emit(.notice("watch: the kernel dropped events; looking at every file again", detail: false))
            for dir in options.directories {
                for file in DirectoryWatcher.files(in: dir) where Self.isPlugin(file) { pending[file] = .complete(now) }
            }
            for path in builds.keys where access(path, F_OK) != 0 { pending[path] = .removed(now) }
            for i in sceneFiles.indices { pendingScenes[i] = .complete(now) }
            return
        }
        for (i, file) in sceneFiles.enumerated() where file == event.path {
            switch event.change {
            case .written, .movedIn: pendingScenes[i] = .complete(now)
            case .created, .modified: pendingScenes[i] = .writing(now)
            case .deleted, .movedOut: pendingScenes[i] = .removed(now)
            case .overflow: break
            }
        }
        if options.directories.contains(event.path), event.change == .deleted {
            emit(.notice("watch: \(event.path) itself was removed; its plugins are unloaded", detail: false))
            for path in builds.keys where path.hasPrefix(event.path + "/") { pending[path] = .removed(now) }
            return
        }
        guard Self.isPlugin(event.path) else { return }
        switch event.change {
        case .written, .movedIn: pending[event.path] = .complete(now)
        case .created:
            // A symbolic link is complete when it appears; a file may still be being written.
            var st = stat()
            let isLink = lstat(event.path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK
            pending[event.path] = isLink ? .complete(now) : .writing(now)
        case .modified: pending[event.path] = .writing(now)
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
        for (index, p) in pendingScenes.sorted(by: { $0.key < $1.key }) where due(p) <= now {
            pendingScenes[index] = nil
            rereadScene(index)
        }
    }

    // MARK: - Reload

    private func label(_ path: String) -> String {
        for dir in options.directories where path.hasPrefix(dir + "/") { return String(path.dropFirst(dir.count + 1)) }
        return path
    }

    private func reload(_ path: String, writerDone: Bool) {
        let start = Self.now()
        let old = builds[path]
        guard let loadSeconds = load(path, writerDone: writerDone) else { return }
        var details: [WatchEvent] = []
        let changedWinners = updateWinners(details: &details)
        // This build's classes (and its old build's), but not those another file provides as before:
        // their pictures did not change, and this file's line would claim them (a warning names both).
        let affected = Set(builds[path]!.build.classes.map(\.name)).union(old?.build.classes.map(\.name) ?? [])
            .filter { winners[$0] == nil || winners[$0] == path }
            .union(changedWinners)
        finishReload(path, old: old, start: start, loadSeconds: loadSeconds, affected: affected, extra: details)
    }

    /// Loads a new build of `path` (a rejection is reported, and the old build stays); returns the
    /// load time.
    private func load(_ path: String, writerDone: Bool) -> Double? {
        let start = Self.now()
        let old = builds[path]
        watcher.follow(link: path)
        do {
            try ELFCheck.check(path)
        } catch let error as HostError {
            var e = error
            // An incomplete library may be a build still being written; a FIFO or a directory is not.
            if !writerDone && Self.isRegularFile(path) { e.message += " (still being written?)" }
            reject(path, old, e)
            return nil
        } catch { return nil }
        let build: PluginBuild
        do {
            switch options.isolation {
            case .inProcess: build = try PluginBuild(inProcess: path, environment: environment)
            case .workers(let timeout):
                build = try PluginBuild(path: path, timeout: timeout, environment: environment, spare: spare)
                spare = nil
            }
        } catch let error as HostError {
            if case .workers(let timeout) = options.isolation {
                spare = PluginBuild.startSpare(timeout: timeout, environment: environment)
            }
            reject(path, old, error)
            return nil
        } catch { return nil }
        loadCount += 1
        rejections[path] = nil
        builds[path] = Loaded(build: build, number: (old?.number ?? 0) + 1)
        return Self.now() - start
    }

    /// Renders what the new build changed, stops the old build's worker, and reports the reload.
    private func finishReload(_ path: String, old: Loaded?, start: Double, loadSeconds: Double,
                              affected: Set<String>, extra: [WatchEvent]) {
        let loaded = builds[path]!
        let renderStart = Self.now()
        var details = extra
        let outcomes = render(affected, details: &details)
        let renderSeconds = Self.now() - renderStart
        // Report first: stopping the old worker and starting the next spare are not the user's wait.
        emit(.loaded(BuildReport(file: path, label: label(path), build: loaded.number, isReload: old != nil,
                                 seconds: Self.now() - start, loadSeconds: loadSeconds, renderSeconds: renderSeconds,
                                 outcomes: outcomes, classes: loaded.build.classes.map(\.name))))
        // A first load is checked at once; a reload when the session is next idle, so that a burst
        // of rebuilds is not slowed by a check per build (only the latest build is then checked).
        if old == nil { details += defaultsWarnings(path, loaded.build) } else { defaultsDue[path] = loaded.number }
        details.forEach(emit)
        old?.build.stop()
        if case .workers(let timeout) = options.isolation, spare == nil {
            spare = PluginBuild.startSpare(timeout: timeout, environment: environment)
        }
    }

    /// The defaults check (``DefaultsCheck``) of every class `build` provides, once per build, as
    /// `host inspect` shows it: a property whose new instance does not read back its declared default
    /// is a warning. A check that cannot run says nothing: the render reported why already.
    private func defaultsWarnings(_ path: String, _ build: PluginBuild) -> [WatchEvent] {
        build.classes.filter { winners[$0.name] == path && (options.classFilter.isEmpty || options.classFilter.contains($0.name)) }
            .compactMap { build.designableClass(named: $0.name) }
            .flatMap { cls in ((try? DefaultsCheck.check(cls)) ?? []).map { WatchEvent.notice("warning: " + $0.message, detail: true) } }
    }

    private func reject(_ path: String, _ old: Loaded?, _ error: HostError) {
        rejections[path] = PluginFailure(error.with(file: path, phase: .load))
        emit(.rejected(file: path, label: label(path), failure: PluginFailure(error), keptBuild: old?.number))
    }

    private func unload(_ path: String) {
        rejections[path] = nil
        guard let old = builds.removeValue(forKey: path) else { return }
        old.build.stop()
        var affected = Set(old.build.classes.map(\.name))
        var details: [WatchEvent] = []
        affected.formUnion(updateWinners(details: &details))
        let outcomes = render(affected, details: &details)
        emit(.removed(file: path, label: label(path), build: old.number, outcomes: outcomes))
        details.forEach(emit)
    }

    /// Recomputes which file provides each class; returns the classes whose provider changed.
    private func updateWinners(details: inout [WatchEvent]) -> Set<String> {
        var next: [String: String] = [:]
        let order = Dictionary(options.directories.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func rank(_ path: String) -> Int {
            options.directories.firstIndex { path.hasPrefix($0 + "/") }.flatMap { order[options.directories[$0]] } ?? Int.max
        }
        for path in builds.keys.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            for cls in builds[path]!.build.classes {
                if let first = next[cls.name] {
                    let key = "\(cls.name)|\(first)|\(path)"
                    if first != path, warnedDuplicates.insert(key).inserted {
                        details.append(.notice("warning: class \(cls.name) is registered by both \(label(first)) and \(label(path)); using \(label(first)) (it comes first on the search path)", detail: true))
                    }
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

    /// Renders the affected classes that pass the filter, and the scenes that use them (scenes wait
    /// while the session starts: they are rendered once every plugin has loaded).
    private func render(_ classes: Set<String>, details: inout [WatchEvent]) -> [RenderOutcome] {
        var outcomes = renderClasses(classes, details: &details)
        if !starting {
            for scene in withDesigner({ $0.scenes }) where scene.instances.contains(where: { classes.contains($0.className) }) {
                outcomes.append(renderScene(scene, details: &details))
            }
        }
        return outcomes
    }

    func previewPath(_ name: String, _ suffix: String = ".png") -> String? {
        options.outputDirectory.map { "\($0)/\(name)\(suffix)" }
    }

    private func renderClasses(_ classes: Set<String>, details: inout [WatchEvent]) -> [RenderOutcome] {
        var outcomes: [RenderOutcome] = []
        for className in classes.sorted() where options.classFilter.isEmpty || options.classFilter.contains(className) {
            guard let path = winners[className], let loaded = builds[path],
                  let cls = loaded.build.designableClass(named: className) else {
                // Gone: its preview must not be left looking current.
                var removed: String?
                if let png = previewPath(className), unlink(png) == 0 { removed = png }
                if let txt = previewPath(className, ".error.txt") { unlink(txt) }
                outcomes.append(.gone(className, removedPreview: removed))
                lastInfo[className] = nil
                states[className] = nil
                dropLivePreview(className)
                continue
            }
            if let previous = lastInfo[className] {
                let diff = SchemaDiff(old: previous, new: cls.info)
                if !diff.isEmpty { details.append(.schema(className: className, diff: diff)) }
            }
            lastInfo[className] = cls.info
            let (values, notices) = withDesigner { $0.held.resolve($0.assignments, owner: className, for: cls.info) }
            details += notices.map { .value($0, scene: nil, instance: nil) }
            var state = states[className] ?? ClassState(file: path, build: loaded.number)
            state.file = path
            state.build = loaded.number
            states[className] = state
            do {
                let request = ComponentRenderRequest(className: className, scale: options.scale ?? 1,
                                                     format: .png(compressionLevel: options.pngLevel))
                dropLivePreview(className)
                let (target, preview) = try ComponentRender.renderLive(cls, values: values, request)
                keepLivePreview(preview, values: values)
                let bytes = try Self.encode(target, className: className, file: path)
                let output = previewPath(className)
                if let output { try Self.write(bytes, to: output) }
                states[className]!.preview = bytes
                states[className]!.previewBuild = loaded.number
                if states[className]!.failure != nil, let e = markRecovered(className) { details.append(e) }
                outcomes.append(.rendered(className, output: output))
            } catch let error as HostError {
                outcomes.append(.failed(className))
                if let event = markFailing(className, error) { details.append(event) }
            } catch {
                outcomes.append(.failed(className))
                if let event = markFailing(className, HostError(.internalError, "\(error)", file: path, className: className)) { details.append(event) }
            }
        }
        return outcomes
    }

    /// Marks the class failing (its preview stale); returns the event to report. Without `repeated`,
    /// nil when it was failing the same way already (a designer's edits retrying a broken build
    /// report it once; every new build reports).
    func markFailing(_ className: String, _ error: HostError, repeated: Bool = true) -> WatchEvent? {
        // A call cut short by a stop request is not the build's failure: no stale mark is left.
        guard !HostProcess.stopRequested else { return nil }
        let failure = PluginFailure(error)
        let known = states[className]?.failure
        states[className]?.failure = failure
        if !repeated, let known, known.reason == failure.reason, known.phase == failure.phase, known.file == failure.file { return nil }
        let event = WatchEvent.failure(className: className, failure: failure, staleBuild: states[className]?.previewBuild)
        if let txt = previewPath(className, ".error.txt") {
            let stale = states[className]?.previewBuild.map {
                "The preview \(className).png is the last good one (build \($0)); it is stale until a build renders \(className) again.\n"
            } ?? "No build has rendered \(className) yet.\n"
            try? Self.write(Array((error.description + "\n\n" + stale).utf8), to: txt)
        }
        return event
    }

    /// Clears the class's failure; returns the event to report.
    private func markRecovered(_ className: String) -> WatchEvent? {
        guard let state = states[className] else { return nil }
        states[className]!.failure = nil
        if let txt = previewPath(className, ".error.txt") { unlink(txt) }
        return .recovered(className: className, file: state.file, build: state.build)
    }

    static func encode(_ target: RenderTarget, className: String?, file: String?) throws -> [UInt8] {
        do { return try target.encode() } catch let e as RenderError {
            throw HostError(e, file: file, className: className)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        // Previews are rewritten on every change: atomic for readers, not flushed to disk.
        do { try AtomicFile.write(bytes, to: path, durable: false) } catch let e as RenderError { throw HostError(e) }
    }

    /// The scene with the current builds: attributes that no longer fit a class's new build are
    /// parked with a warning (and restored when they fit again), as `--set` values are; an instance
    /// whose class is gone is skipped.
    private func renderScene(_ scene: Scene, details: inout [WatchEvent]) -> RenderOutcome {
        let name = String((scene.file.split(separator: "/").last ?? "scene").split(separator: ".").first ?? "scene")
        do {
            let target = try sceneTarget(scene, format: .png(compressionLevel: options.pngLevel), scale: options.scale, details: &details)
            let bytes = try Self.encode(target, className: nil, file: scene.file)
            let output = previewPath(name)
            if let output { try Self.write(bytes, to: output) }
            return .scene(scene.file, output: output)
        } catch let error as HostError {
            details.append(.notice("error: " + error.description, detail: true))
            return .sceneFailed(scene.file)
        } catch {
            details.append(.notice("error: \(error)", detail: true))
            return .sceneFailed(scene.file)
        }
    }

    private func sceneTarget(_ scene: Scene, format: OutputFormat, scale: Double?, details: inout [WatchEvent]) throws -> RenderTarget {
        var current = scene
        current.instances = []
        // One line per class not loaded, naming its instances (a line each made a scene of five
        // Gauges five lines at every render while Gauge was gone).
        var skipped: [(className: String, paths: [String])] = []
        defer {
            for (className, paths) in skipped {
                // A near miss of a loaded class is a typo more likely than a build not loaded yet.
                let close = Registry.closeNames(to: className, in: winners.keys.sorted())
                details.append(.notice("warning: \(scene.file): \(paths.joined(separator: ", ")): no class \(className) loaded"
                                       + (close.isEmpty ? "" : " (did you mean \(close.joined(separator: ", "))?)") + "; skipped", detail: true))
            }
        }
        for instance in scene.instances {
            guard let path = winners[instance.className],
                  let info = builds[path]?.build.classes.first(where: { $0.name == instance.className }) else {
                if let i = skipped.firstIndex(where: { $0.className == instance.className }) {
                    skipped[i].paths.append(instance.path)
                } else {
                    skipped.append((instance.className, [instance.path]))
                }
                continue
            }
            // Keyed by the instance's identity, not its place: removing an instance before it moved
            // the values held for one instance (their types, what was parked) onto the next.
            let owner = "\(scene.file)#" + (instance.identity.map { "@\($0)" } ?? instance.path)
            let attributes = instance.attributes.map { PropertyAssignment(className: info.name, name: $0.key, text: $0.value) }
            let (values, notices) = withDesigner { $0.held.resolve(attributes, owner: owner, for: info) }
            details += notices.map { .value($0, scene: scene.file, instance: instance.path) }
            let kept = Set(values.map(\.name))
            var copy = instance
            copy.attributes = instance.attributes.filter { kept.contains($0.key) }
            current.instances.append(copy)
        }
        return try SceneRender.render(current, classes: { name in
            self.winners[name].flatMap { self.builds[$0]?.build.designableClass(named: name) }
        }, classNames: winners.keys.sorted(), format: format, scale: scale)
    }

    // MARK: - Scenes the designer edits

    /// The scenes, with unsaved edits, and whether each was edited since it was read or saved
    /// (from the ``snapshot``).
    package var openScenes: [(scene: Scene, edited: Bool)] { snapshot.openScenes }

    /// How many edits scene `index` has taken since it was opened (0: none), from the ``snapshot``.
    package func sceneRevision(at index: Int) -> Int { snapshot.sceneRevision(at: index) }

    /// The identities of scene `index`'s instances, in order (``Scene/Instance/identity``), from the ``snapshot``.
    package func sceneInstanceIdentities(at index: Int) -> [Int] { snapshot.sceneInstanceIdentities(at: index) }

    /// Replaces scene `index` with an edited version (same file). Attributes that changed are
    /// checked against their classes' current builds first; a problem throws and nothing changes.
    /// - Parameter revision: the revision the edit was made on (``sceneRevision(at:)``); when it is
    ///   not the current one (another tab or script edited the scene meanwhile) the edit is refused,
    ///   as replacing the whole document would undo the other's edits. Nil: not checked.
    /// - Parameter identities: who each instance of the edit is (``sceneInstanceIdentities(at:)``
    ///   as read; nil for an instance the edit added, which gets a new one). An identity the session
    ///   gave before and the scene no longer holds is the same instance put back (an undone
    ///   removal: its held values are its own again); one it never gave is a new instance.
    ///   Nil: instances are matched to the scene's by name, else by place and class.
    /// - Returns: the scene's new revision.
    @discardableResult
    package func replaceScene(at index: Int, with scene: Scene, basedOn revision: Int? = nil, identities: [Int?]? = nil) throws -> Int {
        // (The designer's lock only: the checks are host-side, see setValues.)
        try changeDesigner { designer, snapshot in
            try designer.replaceScene(at: index, with: scene, basedOn: revision, identities: identities, info: snapshot.classInfo(named:))
        }
    }

    /// Refuses a frame a designer's edit made larger than any canvas: an instance resized past it
    /// was kept, and laid out at a size no render of it alone could have.
    static func checkEditedFrame(_ instance: Scene.Instance, file: String) throws {
        let side = Double(RenderLimits.maximumSide)
        let frame = instance.frame
        guard frame.width > side || frame.height > side else { return }
        let what = frame.width > side ? "width \(PropertyInfo.formatNumber(frame.width))" : "height \(PropertyInfo.formatNumber(frame.height))"
        let name = instance.name.map { " ('\($0)')" } ?? ""
        throw HostError(.badData, "\(instance.path).frame\(name): \(what) is out of range (expected at most \(RenderLimits.maximumSide) points per side, the largest canvas the renderer makes)",
                        file: file, className: instance.className)
    }

    /// Renders scene `index` as it is now (unsaved edits included).
    package func renderScene(at index: Int, scale: Double?, format: OutputFormat) throws -> RenderTarget {
        try withLock {
            let scene = try withDesigner { d in try d.requireScene(index); return d.scenes[index] }
            var details: [WatchEvent] = []
            let target = try sceneTarget(scene, format: format, scale: scale, details: &details)
            details.forEach(emit)
            return target
        }
    }

    /// Writes scene `index` to its file, atomically (instance order kept; attributes the current
    /// builds cannot use are kept too). It overwrites a version changed on disk meanwhile.
    package func saveScene(at index: Int) throws {
        try changeDesigner { designer, _ in try designer.saveScene(at: index) }
    }

    /// The file of edits a previous serve kept for scene `index` as it stopped, while the designer
    /// has neither restored nor discarded them (edits of the scene are refused meanwhile); nil if none.
    package func offeredKeptEditsFile(at index: Int) -> String? { snapshot.offeredKeptEditsFile(at: index) }

    /// Restores the edits a previous serve kept for scene `index` (``offeredKeptEditsFile(at:)``):
    /// they become the open scene's unsaved edits (a new revision); their file stays until the scene
    /// is saved (the next stop writes it again if it is not). Throws when it is not a valid scene.
    /// - Returns: the scene's new revision.
    @discardableResult
    package func restoreKeptEdits(at index: Int) throws -> Int {
        try changeDesigner { designer, _ in try designer.restoreKeptEdits(at: index) }
    }

    /// Discards the edits a previous serve kept for scene `index`: their file is removed, the open
    /// scene stays as its file says.
    package func discardKeptEdits(at index: Int) throws {
        try changeDesigner { designer, _ in try designer.discardKeptEdits(at: index) }
    }

    /// Where the unsaved edits of the scene in `file` are kept when serve stops: `board.json` →
    /// `board.unsaved.json`, beside it (a scene file too: `--scene` opens it).
    package static func unsavedEditsPath(for file: String) -> String {
        let slash = file.lastIndex(of: "/").map { file.index(after: $0) } ?? file.startIndex
        let name = file[slash...]
        let stem = name.hasSuffix(".json") ? name.dropLast(5) : name[...]
        return String(file[..<slash]) + stem + ".unsaved.json"
    }

    /// Keeps the edits of every scene that has some not saved (or whose file was deleted on disk)
    /// in ``unsavedEditsPath(for:)``, atomically, as serve stops: stopping it lost them. Returns
    /// the lines to print, one per scene, saying where they went (or why they could not be kept).
    package func keepUnsavedEdits() -> [String] {
        withDesigner { d in
            var lines: [String] = []
            // (Edits kept by a previous serve and still offered are never written over.)
            for (index, scene) in d.scenes.enumerated() where d.offeredKeptEdits[index] == nil
                && (d.editedScenes.contains(index) || (d.scenesDeletedOnDisk.contains(index) && !d.newScenes.contains(index))) {
                let path = Self.unsavedEditsPath(for: scene.file)
                do {
                    try AtomicFile.write(Array(scene.document.text.utf8), to: path, durable: true)
                    lines.append("warning: \(scene.file) has edits that were not saved: they are kept in \(path) (the next serve of \(scene.file) offers to restore or discard them)")
                } catch {
                    let why = (error as? RenderError).map { HostError($0).message } ?? "\(error)"
                    lines.append("error: \(scene.file) has edits that were not saved, and they could not be kept in \(path): \(why)")
                }
            }
            return lines
        }
    }

    // MARK: - Scene files changed on disk

    /// What scene `index`'s file on disk says against the open scene: why it is not a scene now
    /// (the last good one stays open), whether it changed while the scene had unsaved edits, and
    /// whether it was deleted (the open scene stays, as an editor keeps a buffer whose file was
    /// deleted: saving writes the file again; a file put back is read again).
    package func sceneFileStatus(at index: Int) -> (error: HostError?, changedOnDisk: Bool, deletedOnDisk: Bool, isNew: Bool) {
        snapshot.sceneFileStatus(at: index)
    }

    /// Scene `index`'s file changed on disk (an editor, `git checkout`): a scene without unsaved
    /// edits becomes the file's (a new revision, drawn again); one with edits keeps them, and the
    /// change is reported for the designer to choose (``reloadSceneFromDisk(at:)``, or
    /// ``keepSceneEdits(at:)`` and save). A file that is not a valid scene keeps the last good one.
    private func rereadScene(_ index: Int) {
        let file = sceneFiles[index]
        // What the file says is taken into the designer's state under its lock (an edit arriving
        // meanwhile is checked against the scene as it is before or after, never in between); the
        // event is reported and the scene drawn after.
        enum Outcome { case none, event(WatchEvent), reloaded(Scene) }
        let outcome: Outcome = withDesigner { d in
            let read: Data?
            // Only a regular file of a sane size is read: a 3 GB file put in its place held the
            // session's lock (every request) for half a minute and kept 3 GB; a FIFO was "removed".
            do { read = try Scene.contents(file) } catch {
                let e = error as? HostError ?? HostError(.badData, "\(error)", file: file)
                d.sceneDiskTexts[index] = nil
                d.sceneFileErrors[index] = e
                d.scenesDeletedOnDisk.remove(index) // something is there, just not a scene
                d.newScenes.remove(index)
                return .event(.sceneFile(index: index, file: file, change: .invalid(e)))
            }
            guard let data = read else {
                guard !d.scenesDeletedOnDisk.contains(index), access(file, F_OK) != 0 else { return .none }
                d.sceneDiskTexts[index] = nil
                d.sceneFileErrors[index] = nil // (the file's mistake went with it)
                d.scenesChangedOnDisk.remove(index)
                d.scenesDeletedOnDisk.insert(index)
                return .event(.sceneFile(index: index, file: file, change: .removed))
            }
            d.scenesDeletedOnDisk.remove(index)
            d.newScenes.remove(index)
            let text = String(decoding: data, as: UTF8.self)
            guard text != d.sceneDiskTexts[index] else { return .none }
            d.sceneDiskTexts[index] = text
            let scene: Scene
            do { scene = try Scene.parse(data, file: file) } catch {
                let e = error as? HostError ?? HostError(.badData, "\(error)", file: file)
                d.sceneFileErrors[index] = e
                return .event(.sceneFile(index: index, file: file, change: .invalid(e)))
            }
            d.sceneFileErrors[index] = nil
            if d.editedScenes.contains(index) {
                d.scenesChangedOnDisk.insert(index)
                return .event(.sceneFile(index: index, file: file, change: .changedUnderEdits))
            }
            d.takeScene(scene, at: index)
            return .reloaded(d.scenes[index])
        }
        switch outcome {
        case .none: return
        case .event(let event): emit(event)
        case .reloaded(let scene):
            emit(.sceneFile(index: index, file: file, change: .reloaded))
            var details: [WatchEvent] = []
            let rendered = renderScene(scene, details: &details)
            emit(.sceneRendered(scene: file, outcome: rendered))
            details.forEach(emit)
        }
    }

    /// Replaces scene `index` (and its unsaved edits) with its file as it is on disk now.
    /// - Returns: the scene's new revision. Throws when the file is not a valid scene.
    @discardableResult
    package func reloadSceneFromDisk(at index: Int) throws -> Int {
        try changeDesigner { designer, _ in try designer.reloadSceneFromDisk(at: index) }
    }

    /// Keeps scene `index`'s unsaved edits over the version changed on disk (saving overwrites it).
    package func keepSceneEdits(at index: Int) throws {
        try changeDesigner { designer, _ in try designer.keepSceneEdits(at: index) }
    }

    /// A monotonic clock, in seconds.
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func ms(_ seconds: Double) -> String {
        let tenths = (seconds * 10_000).rounded() / 10
        return "\(tenths) ms"
    }
}
