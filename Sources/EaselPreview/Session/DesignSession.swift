import EaselHost
import EaselRender
import Foundation

/// The design session shared by `host watch` and `host serve`: watches plugin folders; when a `.so`
/// is added, replaced or removed, loads the new build in a worker of its own, re-applies the values
/// the host owns, re-renders every affected class and scene, and reports what happened as
/// ``SessionEvent``s. `host watch` writes the previews the events carry into its folder (a
/// ``PreviewFileWriter`` in front of its printer) and prints them as lines; `host serve` pushes
/// them to the page, keeps previews in memory and lets the designer edit values and scenes.
///
/// Reloads lose nothing: a build that is broken (not a complete ELF library, invalid, crashing or
/// hanging while loading) is rejected and the last good build stays (rollback). A build that loads
/// but cannot render a class (a crash, an exit or a hang in create, set, layout or draw) becomes
/// the file's build — it is what is on disk, and the next edit or build tries it again — but the
/// class's last good preview stays, marked stale and failing, until a build renders it again.
/// Values that stop fitting are parked and restored when a later build fits them (``HeldValues``).
/// A class that disappears is reported gone. A deleted file unloads its classes. Each build runs in
/// its own worker, which is stopped when the build is replaced, so memory stays bounded however
/// many reloads happen.
///
/// Its parts (Session/):
/// - ``ReloadQueue``: what changed on disk and when it is due (debouncing);
/// - ``BuildSet``: the builds loaded, which provides which class, rollback, the spare worker;
///   DesignSession+Reload.swift loads, reloads and unloads through it;
/// - ``ClassPreviews``: each class's state and live preview; DesignSession+Rendering.swift and
///   DesignSession+Live.swift draw them;
/// - ``DesignerState``: the values and scenes the designer holds (scene edits, scenes on disk);
///   DesignSession+Scenes.swift is the designer's API for scenes;
/// - ``SessionSnapshot``: what can be read without a plugin call.
///
/// Thread rule: plugin calls are not thread-safe. Two locks, taken in this order:
/// - the engine lock (``withLock(_:)``, recursive) is held by every method that calls a plugin or
///   changes the builds, the previews or the reload queue (renders, reloads, actions);
///   ``step(maximumWait:)`` waits for file events without it, so other threads (the HTTP
///   server's) can call in while nothing changes on disk. Events are reported with it held, on the
///   thread that caused them, one at a time.
/// - the state lock guards what the designer holds (``DesignerState``: values, scenes) and the
///   published ``SessionSnapshot``; it is held only for short sections that call no plugin and
///   report no event. The snapshot (the builds, classes, states and thumbnails, values held, scenes)
///   is published when the outermost section holding the engine lock ends, and before every event
///   (a page reading after an event sees what the event says); the readers (``snapshot``,
///   ``classInfo(named:)``, ``state(of:)``, ``values(for:)``, ``openScenes``, …) read it and never
///   wait for a plugin call in progress: a draw that hangs until its time budget delays only what
///   needs a plugin. The edits that need no plugin (``setValues(_:for:)``,
///   ``replaceScene(at:with:basedOn:identities:)``, saves, the choices about a scene's file or kept
///   edits) take the state lock alone, are checked against the snapshot's property tables and
///   publish at once, so they too answer while a plugin call hangs.
package final class DesignSession {
    package let options: SessionOptions
    /// The host core it loads builds with (its warnings, renderer and workers).
    package let environment: HostEnvironment
    /// The plugin folders' and scene files' events. Waited on by ``step(maximumWait:)`` without
    /// a lock, and told of links to follow as builds load: only the thread that runs the session
    /// (``start()``, ``step(maximumWait:)``) touches it.
    let watcher: DirectoryWatcher
    private let report: (SessionEvent) -> Void

    // MARK: The engine lock, and what it guards

    private let engineLock = NSRecursiveLock()
    /// How deep the current holder of `engineLock` is in nested ``withLock(_:)`` sections.
    private var engineDepth = 0
    /// Plugin files and scene files that changed on disk, until they are due.
    var queue: ReloadQueue
    /// The builds loaded and which provides which class.
    var builds: BuildSet
    /// Each class's state and live preview.
    var previews = ClassPreviews()
    /// The traits the designer shows everything with (its Appearance, Direction and Text Size
    /// controls); nil until it picks some: classes then show with the defaults, scenes with their own.
    var designerTraits: Traits?
    /// While ``start()`` loads the first builds (scenes are rendered once, after them).
    var starting = false
    /// Builds whose defaults check waits for an idle moment (path → build number).
    var defaultsDue: [String: Int] = [:]

    // MARK: The state lock, and what it guards

    /// What the designer holds and the last published snapshot.
    private struct Shared {
        var designer: DesignerState
        var published: SessionSnapshot
    }
    private let shared: Locked<Shared>

    /// Starts watching the folders and the scenes' files (nothing is loaded before ``start()``).
    /// `report` receives every event, with the engine lock held.
    package init(options: SessionOptions, environment: HostEnvironment, report: @escaping (SessionEvent) -> Void) throws {
        self.options = options
        self.environment = environment
        self.report = report
        watcher = try DirectoryWatcher(directories: options.directories)
        // Watched before they are read: a change made meanwhile is heard.
        for scene in options.scenes { watcher.watch(file: scene.file) }
        let designer = DesignerState(assignments: options.assignments, scenes: options.scenes,
                                     files: options.scenes.map { SceneFileState(opening: $0.file) })
        queue = ReloadQueue(options: options)
        builds = BuildSet(options: options, environment: environment)
        shared = Locked(Shared(designer: designer, published: SessionSnapshot()))
        publish()
    }

    // MARK: - Locks and the snapshot

    /// Runs `body` with the engine lock: plugin calls and changes of the builds and previews are
    /// serialized through it. When the outermost section ends, the state is published (``snapshot``).
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        engineLock.lock()
        engineDepth += 1
        defer {
            engineDepth -= 1
            if engineDepth == 0 { publish() }
            engineLock.unlock()
        }
        return try body()
    }

    /// What the session holds now, as far as it can be read without a plugin call: the state as
    /// the last section holding the engine lock left it (or as it was when the last event was
    /// reported), with the designer's latest edits. Never waits for a plugin call in progress.
    package var snapshot: SessionSnapshot { shared.withValue { $0.published } }

    /// Publishes the current state as the ``snapshot`` (with the engine lock held).
    private func publish() {
        var next = SessionSnapshot()
        builds.publish(into: &next)
        next.states = previews.states
        next.readBack = previews.readBack
        next.designerTraits = designerTraits
        // The designer's part is read and stored under the state lock: an edit made meanwhile
        // (which publishes its own) is never replaced by an older one.
        shared.withValue { shared in
            next.take(shared.designer)
            shared.published = next
        }
    }

    /// Runs `body` on what the designer holds, under the state lock (it calls no plugin, reports no
    /// event and takes no lock).
    func withDesigner<T>(_ body: (inout DesignerState) throws -> T) rethrows -> T {
        try shared.withValue { try body(&$0.designer) }
    }

    /// Changes what the designer holds (a value, a scene edit, a save) and publishes it at once,
    /// without the engine lock: it does not wait for a plugin call in progress. `body` gets the
    /// snapshot the change is checked against (the classes' property tables, host-side).
    func changeDesigner<T>(_ body: (inout DesignerState, SessionSnapshot) throws -> T) rethrows -> T {
        try shared.withValue { shared in
            var next = shared.published
            let result = try body(&shared.designer, next)
            next.take(shared.designer)
            shared.published = next
            return result
        }
    }

    // MARK: - Events

    /// Reports an event, unless a signal asked the program to stop (``HostProcess/stopOnSignal()``):
    /// what happens then is calls cut short by the stop, not news about the builds. The state is
    /// published first: a page that reads on the event sees what it says (the section that emits
    /// may go on with a plugin call). Call it with the engine lock held.
    func emit(_ event: SessionEvent) {
        guard !HostProcess.stopRequested else { return }
        publish()
        report(event)
    }

    /// Reports an event from elsewhere (the build command's runner) through the session's sink,
    /// with the engine lock held, so that it is ordered with the session's own events.
    package func report(_ event: SessionEvent) { withLock { emit(event) } }

    // MARK: - Running

    /// Loads every plugin already in the folders, checks the class filter, then renders every class
    /// and scene (scenes once, after every plugin has loaded). Throws when a class of the filter is
    /// not provided by any build (naming close names).
    package func start() throws {
        try withLock {
            starting = true
            defer { starting = false }
            builds.startSpare()
            var loads: [(String, Double)] = []
            for path in Self.pluginFiles(in: options.directories) {
                if let seconds = load(path, writerDone: true) { loads.append((path, seconds)) }
            }
            var details: [SessionEvent] = []
            _ = updateProviders(details: &details)
            try checkClassFilter()
            checkAssignments()
            for (path, seconds) in loads {
                let start = Self.now() - seconds
                finishReload(path, old: nil, start: start, loadSeconds: seconds,
                             affected: Set(builds.loaded[path]!.build.classes.map(\.name)), extra: details)
                details = []
            }
            for scene in withDesigner({ $0.scenes }) {
                var sceneDetails: [SessionEvent] = []
                let outcome = renderScene(scene, details: &sceneDetails)
                emit(.sceneRendered(scene: scene.file, outcome: outcome))
                sceneDetails.forEach(emit)
            }
            emit(.started(directories: options.directories, plugins: builds.loaded.count, outputDirectory: nil))
        }
    }

    /// Every plugin file in the folders, as `host list` finds them (symbolic links followed, each
    /// file once, sorted).
    static func pluginFiles(in directories: [String]) -> [String] {
        PluginSearchPath(directories: directories).pluginFiles().files
    }

    /// Waits for changes and handles them until `keepGoing` returns false (checked at least every
    /// `tick` seconds).
    package func run(tick: Double = 0.25, while keepGoing: () -> Bool) {
        while keepGoing() { step(maximumWait: tick) }
    }

    /// One round: waits up to `maximumWait` for file events (without a lock), then handles what is
    /// due (with the engine lock).
    package func step(maximumWait: Double) {
        // (Read under the engine lock alone: nothing changes, nothing to publish.)
        engineLock.lock()
        var wait = queue.wait(at: Self.now(), atMost: maximumWait)
        // An animating preview wants its next frame within 1/60 s.
        if previews.isAnimating { wait = min(wait, 1 / LivePreview.framesPerSecond) }
        engineLock.unlock()
        let events = watcher.next(timeout: wait)
        withLock {
            for event in events {
                queue.note(event, loadedFiles: Array(builds.loaded.keys), now: Self.now()).forEach(emit)
            }
            handleDue()
            advanceLivePreviews()
            refreshEditedThumbnails()
            if events.isEmpty && queue.isEmpty { checkDefaultsDue() }
        }
    }

    /// Stops every worker.
    package func stop() {
        withLock { builds.stopAll() }
    }

    deinit { stop() }

    // MARK: - What the designer reads

    /// How many builds were loaded (initial ones included), for tests and benchmarks.
    package var loadCount: Int { withLock { builds.loadCount } }

    /// The worker processes currently running builds.
    package var workerProcessIDs: [Int32] { withLock { builds.workerProcessIDs } }

    /// The loaded builds, sorted by path: file, build number, classes (from the ``snapshot``).
    package var loadedBuilds: [(file: String, build: Int, classes: [ClassInfo])] { snapshot.loadedBuilds }

    /// Files whose latest build was rejected (and that have no build loaded), with why (from the ``snapshot``).
    package var rejectedFiles: [(file: String, failure: PluginFailure)] { snapshot.rejectedFiles }

    /// Whether `className` of `file` is the one provided under that name (it may be shadowed).
    package func isProvider(_ file: String, of className: String) -> Bool { snapshot.isProvider(file, of: className) }

    /// The current description of a class, from the build that provides it (from the ``snapshot``).
    package func classInfo(named name: String) -> ClassInfo? { snapshot.classInfo(named: name) }

    /// The class as the current build provides it, ready to instantiate (call it with the engine
    /// lock held, inside ``withLock(_:)``, and use it there).
    package func designableClass(named name: String) -> DesignableClass? {
        withLock { builds.designableClass(named: name) }
    }

    /// A class's preview state (nil: no build provides it), from the ``snapshot``.
    package func state(of className: String) -> ClassState? { snapshot.state(of: className) }

    /// The values the host holds for a class, parsed against its current build (parked ones left
    /// out), from the ``snapshot``.
    package func values(for className: String) -> [(name: String, value: PropertyValue)] { snapshot.values(for: className) }

    /// The values held for a class now (with the engine lock held).
    func currentValues(for className: String) -> [(name: String, value: PropertyValue)] {
        guard let info = builds.info(of: className) else { return [] }
        return withDesigner { $0.values(for: className, info) }
    }

    /// Sets (or, with a nil text, resets to the default) values the host holds for one class. Each
    /// value is checked against the class's current build first: a wrong type, an out-of-range number
    /// or an unknown case throws the host's message and nothing changes.
    ///
    /// It takes the state lock, not the engine lock: it answers while another request's plugin
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

    /// A monotonic clock, in seconds.
    package static func now() -> Double { AnimationTime.now() }
}
