import EaselHost
import Glibc

/// Loading, reloading and unloading builds (with the engine lock held): what the ``ReloadQueue``
/// says is due goes through the ``BuildSet``, what changed is drawn again, and the reload is
/// reported as one ``SessionEvent/loaded(_:)`` (or ``SessionEvent/removed(file:label:build:outcomes:)``
/// or ``SessionEvent/rejected(file:label:failure:keptBuild:)``) followed by its details.
extension DesignSession {
    /// Handles the plugin files and scene files that are due.
    func handleDue() {
        let due = queue.takeDue(at: Self.now())
        for (path, pending) in due.plugins {
            switch pending {
            case .complete: reload(path, writerDone: true)
            case .writing: reload(path, writerDone: false)
            case .removed:
                if access(path, F_OK) == 0 { reload(path, writerDone: true) } else { unload(path) }
            }
        }
        for index in due.scenes { rereadScene(index) }
    }

    /// Loads a new build of `path` (a rejection is reported, and the old build stays); returns the
    /// load time.
    func load(_ path: String, writerDone: Bool) -> Double? {
        watcher.follow(link: path)
        switch builds.load(path, writerDone: writerDone) {
        case .loaded(_, let seconds): return seconds
        case .rejected(let event): emit(event); return nil
        case .skipped: return nil
        }
    }

    private func reload(_ path: String, writerDone: Bool) {
        let start = Self.now()
        let old = builds.loaded[path]
        guard let loadSeconds = load(path, writerDone: writerDone) else { return }
        var details: [SessionEvent] = []
        let changedProviders = updateProviders(details: &details)
        // This build's classes (and its old build's), but not those another file provides as before:
        // their pictures did not change, and this file's line would claim them (a warning names both).
        let affected = Set(builds.loaded[path]!.build.classes.map(\.name)).union(old?.build.classes.map(\.name) ?? [])
            .filter { builds.providers[$0] == nil || builds.providers[$0] == path }
            .union(changedProviders)
        finishReload(path, old: old, start: start, loadSeconds: loadSeconds, affected: affected, extra: details)
    }

    /// Renders what the new build changed, stops the old build's worker, and reports the reload.
    func finishReload(_ path: String, old: BuildSet.Loaded?, start: Double, loadSeconds: Double,
                      affected: Set<String>, extra: [SessionEvent]) {
        let loaded = builds.loaded[path]!
        let renderStart = Self.now()
        var details = extra
        let outcomes = render(affected, details: &details)
        let renderSeconds = Self.now() - renderStart
        // Report first: stopping the old worker and starting the next spare are not the user's wait.
        emit(.loaded(BuildReport(file: path, label: builds.label(path), build: loaded.number, isReload: old != nil,
                                 seconds: Self.now() - start, loadSeconds: loadSeconds, renderSeconds: renderSeconds,
                                 outcomes: outcomes, classes: loaded.build.classes.map(\.name))))
        // A first load is checked at once; a reload when the session is next idle, so that a burst
        // of rebuilds is not slowed by a check per build (only the latest build is then checked).
        if old == nil { details += defaultsWarnings(path, loaded.build) } else { defaultsDue[path] = loaded.number }
        details.forEach(emit)
        old?.build.stop()
        builds.replenishSpare()
    }

    private func unload(_ path: String) {
        guard let old = builds.remove(path) else { return }
        old.build.stop()
        var affected = Set(old.build.classes.map(\.name))
        var details: [SessionEvent] = []
        affected.formUnion(updateProviders(details: &details))
        let outcomes = render(affected, details: &details)
        emit(.removed(file: path, label: builds.label(path), build: old.number, outcomes: outcomes))
        details.forEach(emit)
    }

    /// Recomputes which file provides each class (a class two files provide is warned about in
    /// `details`); returns the classes whose provider changed.
    func updateProviders(details: inout [SessionEvent]) -> Set<String> {
        let (changed, warnings) = builds.updateProviders()
        details += warnings
        return changed
    }

    // MARK: - Checks

    /// Throws when a class of the filter is provided by no build (once some are loaded).
    func checkClassFilter() throws {
        guard !builds.loaded.isEmpty else {
            for name in options.classFilter.sorted() { emit(.notice("warning: --class \(name): no plugins loaded yet", detail: false)) }
            return
        }
        let known = builds.classNames
        for name in options.classFilter.sorted() where builds.providers[name] == nil {
            let close = Registry.closeNames(to: name, in: known)
            throw HostError.noClass(named: name, "--class \(name): no class named \(name.quoted) in the watched plugins"
                                      + (close.isEmpty ? " (they provide: \(known.joined(separator: ", ")))" : " (did you mean \(close.joined(separator: ", "))?)"))
        }
    }

    /// `--set` values that no loaded class takes (a mistyped class or property name) were silently
    /// never applied: each gets a warning at start. They are kept: a later build may provide them.
    func checkAssignments() {
        guard !builds.loaded.isEmpty else { return }
        let classes = builds.classNames.compactMap { builds.info(of: $0) }
        for a in withDesigner({ $0.assignments }) {
            let text = "\(a.className.map { $0 + "." } ?? "")\(a.name)=\(a.text)"
            if let name = a.className {
                guard builds.providers[name] == nil else { continue }
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

    /// Runs the defaults checks that are due, for builds still current.
    func checkDefaultsDue() {
        for (path, number) in defaultsDue.sorted(by: { $0.key < $1.key }) {
            guard let loaded = builds.loaded[path], loaded.number == number else { continue }
            defaultsWarnings(path, loaded.build).forEach(emit)
        }
        defaultsDue.removeAll()
    }

    /// The defaults check (``DefaultsCheck``) of every class `build` provides, once per build, as
    /// `host inspect` shows it: a property whose new instance does not read back its declared default
    /// is a warning. A check that cannot run says nothing: the render reported why already.
    private func defaultsWarnings(_ path: String, _ build: PluginBuild) -> [SessionEvent] {
        build.classes.filter { builds.providers[$0.name] == path && (options.classFilter.isEmpty || options.classFilter.contains($0.name)) }
            .compactMap { build.designableClass(named: $0.name) }
            .flatMap { cls in ((try? DefaultsCheck.check(cls)) ?? []).map { SessionEvent.notice("warning: " + $0.message, detail: true) } }
    }
}
