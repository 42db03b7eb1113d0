import EaselHost
import Glibc

/// What changed on disk and when it is due: the plugin files and scene files a ``DesignSession``
/// has heard about from its watcher, each waiting for the writer to be done.
///
/// How builds really write files is handled here: a file being written is due once it is closed or
/// renamed into place (after `settle`), or after `writeQuiet` without events; a deleted file is due
/// after `deleteGrace`, so that an atomic rename over the old file, or delete then re-create, is one
/// reload, not an unload and a load; a burst of events on one file is one entry (the latest).
///
/// A value: the session keeps it under its engine lock (see ``DesignSession``); the embedding
/// runtime (EaselEmbedding) keeps one for its reloads.
package struct ReloadQueue {
    /// What happened to a file last, and when.
    package enum Pending: Equatable {
        /// Closed after writing, renamed into place, or a link that appeared: the writer is done.
        case complete(Double)
        /// Created or written to: the writer may still be writing.
        case writing(Double)
        /// Deleted or renamed away: it may come back.
        case removed(Double)
    }

    let directories: [String]
    /// The open scenes' files (by index).
    let sceneFiles: [String]
    let settle: Double
    let writeQuiet: Double
    let deleteGrace: Double
    /// Plugin files waiting (path → what happened).
    private(set) var plugins: [String: Pending] = [:]
    /// Scene files waiting (scene index → what happened).
    private(set) var scenes: [Int: Pending] = [:]

    init(options: SessionOptions) {
        self.init(directories: options.directories, sceneFiles: options.scenes.map(\.file), settle: options.settle,
                  writeQuiet: options.writeQuiet, deleteGrace: options.deleteGrace)
    }

    /// A queue for plugin files in `directories` and the scene files given, with the session's
    /// default delays unless others are given.
    package init(directories: [String], sceneFiles: [String] = [], settle: Double = SessionOptions(directories: []).settle,
                 writeQuiet: Double = SessionOptions(directories: []).writeQuiet,
                 deleteGrace: Double = SessionOptions(directories: []).deleteGrace) {
        self.directories = directories
        self.sceneFiles = sceneFiles
        self.settle = settle
        self.writeQuiet = writeQuiet
        self.deleteGrace = deleteGrace
    }

    /// Whether nothing waits.
    package var isEmpty: Bool { plugins.isEmpty && scenes.isEmpty }

    /// When a file that waits is due.
    func due(_ p: Pending) -> Double {
        switch p {
        case .complete(let t): return t + settle
        case .writing(let t): return t + writeQuiet
        case .removed(let t): return t + deleteGrace
        }
    }

    /// How long the watcher may wait for events at `now` before something is due, at most `maximum`.
    package func wait(at now: Double, atMost maximum: Double) -> Double {
        var wait = maximum
        for p in Array(plugins.values) + Array(scenes.values) { wait = min(wait, max(0, due(p) - now)) }
        return wait
    }

    /// A name ending in .so that is not hidden: `host list` skips hidden files, and a build tool's
    /// temporary (`.libX.so.tmp.so`, renamed into place) is not a build of its own.
    package static func isPlugin(_ path: String) -> Bool {
        path.hasSuffix(".so") && !(path.split(separator: "/").last?.hasPrefix(".") ?? false)
    }

    /// Takes note of a watcher's event at `now`. `loadedFiles` are the plugin files with a build
    /// loaded (a folder removed, or events lost, makes them due). Returns the notices to report.
    package mutating func note(_ event: DirectoryWatcher.Event, loadedFiles: [String], now: Double) -> [SessionEvent] {
        if event.change == .overflow {
            for dir in directories {
                for file in DirectoryWatcher.files(in: dir) where Self.isPlugin(file) { plugins[file] = .complete(now) }
            }
            for path in loadedFiles where access(path, F_OK) != 0 { plugins[path] = .removed(now) }
            for i in sceneFiles.indices { scenes[i] = .complete(now) }
            return [.notice("watch: the kernel dropped events; looking at every file again", detail: false)]
        }
        for (i, file) in sceneFiles.enumerated() where file == event.path {
            switch event.change {
            case .written, .movedIn: scenes[i] = .complete(now)
            case .created, .modified: scenes[i] = .writing(now)
            case .deleted, .movedOut: scenes[i] = .removed(now)
            case .overflow: break
            }
        }
        if directories.contains(event.path), event.change == .deleted {
            for path in loadedFiles where path.hasPrefix(event.path + "/") { plugins[path] = .removed(now) }
            return [.notice("watch: \(event.path) itself was removed; its plugins are unloaded", detail: false)]
        }
        guard Self.isPlugin(event.path) else { return [] }
        switch event.change {
        case .written, .movedIn: plugins[event.path] = .complete(now)
        case .created:
            // A symbolic link is complete when it appears; a file may still be being written.
            var st = stat()
            let isLink = lstat(event.path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK
            plugins[event.path] = isLink ? .complete(now) : .writing(now)
        case .modified: plugins[event.path] = .writing(now)
        case .deleted, .movedOut: plugins[event.path] = .removed(now)
        case .overflow: break
        }
        return []
    }

    /// Takes what is due at `now` out of the queue: plugin files (sorted by path) with what happened
    /// to them, then scene indexes (sorted).
    package mutating func takeDue(at now: Double) -> (plugins: [(path: String, pending: Pending)], scenes: [Int]) {
        let duePlugins = plugins.sorted { $0.key < $1.key }.filter { due($0.value) <= now }.map { (path: $0.key, pending: $0.value) }
        for p in duePlugins { plugins[p.path] = nil }
        let dueScenes = scenes.sorted { $0.key < $1.key }.filter { due($0.value) <= now }.map(\.key)
        for i in dueScenes { scenes[i] = nil }
        return (duePlugins, dueScenes)
    }
}
