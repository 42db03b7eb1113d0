import EaselHost
import EaselRender
import Glibc

/// Writes a ``DesignSession``'s previews into a folder, as `host watch --out DIR` keeps them: the
/// session reports what it drew (the PNGs travel in its events) and this subscriber writes it.
/// `host serve` has none: it writes no previews.
///
/// - a class rendered: `<Class>.png`; one no build provides any more: its `<Class>.png` and
///   `<Class>.error.txt` are removed, so that it is not left looking current;
/// - a class failing: `<Class>.error.txt` beside its last good preview, saying why and that the
///   preview is stale; removed when it recovers;
/// - a live preview's new frame (an animation): `<Class>.png` again;
/// - a scene rendered: `<scene name>.png` (`board.json` → `board.png`).
///
/// Each file is replaced atomically (readers see the old file or the new one) and not flushed to
/// disk: previews are rewritten on every change. The events passed on name the files (the lines
/// `host watch` prints: "Gauge → previews/Gauge.png"); a file that cannot be written is a notice.
///
/// ```swift
/// let previews = try PreviewFileWriter(directory: "previews")
/// let session = try DesignSession(options: options, environment: environment,
///                                 report: previews.writing { event in event.lines.forEach { print($0) } })
/// ```
///
/// Thread rule: the session reports events one at a time, with its engine lock held; this is called
/// the same way, and keeps no lock of its own.
package final class PreviewFileWriter {
    /// The folder the previews go into.
    package let directory: String
    /// Classes whose last frame could not be written: said once, not at every frame.
    private var unwritableFrames: Set<String> = []

    /// Makes the folder (and its parents) if needed; throws when it is not a writable folder.
    package init(directory: String) throws {
        makeDirectories(directory)
        var st = stat()
        guard stat(directory, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, access(directory, W_OK) == 0 else {
            throw HostError(.cannotCreate, "cannot write previews here (expected a writable directory)", file: directory)
        }
        self.directory = directory
    }

    /// A session's sink that writes what each event says, then passes on to `next` the events
    /// ``write(_:)`` returns.
    package func writing(then next: @escaping (SessionEvent) -> Void) -> (SessionEvent) -> Void {
        { event in self.write(event).forEach(next) }
    }

    /// Writes (or removes) the files `event` says changed. Returns the events to pass on: `event`
    /// naming the files written or removed (and the folder, in ``SessionEvent/started(directories:plugins:outputDirectory:)``),
    /// then an error notice for each file that could not be written.
    package func write(_ event: SessionEvent) -> [SessionEvent] {
        var notices: [SessionEvent] = []
        switch event {
        case .started(let directories, let plugins, _):
            return [.started(directories: directories, plugins: plugins, outputDirectory: directory)]
        case .loaded(var report):
            report.outcomes = report.outcomes.map { write($0, notices: &notices) }
            return [.loaded(report)] + notices
        case .removed(let file, let label, let build, let outcomes):
            let written = outcomes.map { write($0, notices: &notices) }
            return [.removed(file: file, label: label, build: build, outcomes: written)] + notices
        case .sceneRendered(let scene, let outcome):
            return [.sceneRendered(scene: scene, outcome: write(outcome, notices: &notices))] + notices
        case .failure(let className, let failure, let staleBuild):
            let stale = staleBuild.map {
                "The preview \(className).png is the last good one (build \($0)); it is stale until a build renders \(className) again.\n"
            } ?? "No build has rendered \(className) yet.\n"
            try? Self.write(Array((failure.error.description + "\n\n" + stale).utf8), to: path(className, ".error.txt"))
            return [event]
        case .recovered(let className, _, _):
            unlink(path(className, ".error.txt"))
            return [event]
        case .redrawn(let className, _, let preview?):
            do {
                try Self.write(preview, to: path(className))
                unwritableFrames.remove(className)
            } catch let error as HostError {
                if unwritableFrames.insert(className).inserted { notices.append(.notice("error: " + error.description, detail: false)) }
            } catch {}
            return [event] + notices
        default:
            return [event]
        }
    }

    /// Writes one outcome's file (or removes a gone class's); returns the outcome naming it.
    private func write(_ outcome: RenderOutcome, notices: inout [SessionEvent]) -> RenderOutcome {
        switch outcome {
        case .rendered(let className, let preview, _):
            let output = path(className)
            do {
                try Self.write(preview, to: output)
                return .rendered(className, preview: preview, output: output)
            } catch {
                notices.append(.notice("error: " + Self.describe(error), detail: true))
                return .failed(className)
            }
        case .gone(let className, _):
            let png = path(className)
            let removed = unlink(png) == 0 ? png : nil
            unlink(path(className, ".error.txt"))
            return .gone(className, removedPreview: removed)
        case .scene(let file, let preview, _):
            let output = path(Self.sceneName(file))
            do {
                try Self.write(preview, to: output)
                return .scene(file, preview: preview, output: output)
            } catch {
                notices.append(.notice("error: " + Self.describe(error), detail: true))
                return .sceneFailed(file)
            }
        case .failed, .sceneFailed:
            return outcome
        }
    }

    /// The file of a class's (or scene's) preview, or of what goes beside it.
    private func path(_ name: String, _ suffix: String = ".png") -> String {
        "\(directory)/\(name)\(suffix)"
    }

    /// A scene's preview name: its file's name up to the first dot (`boards/main.json` → `main`).
    static func sceneName(_ file: String) -> String {
        String((file.split(separator: "/").last ?? "scene").split(separator: ".").first ?? "scene")
    }

    /// Writes a preview atomically for readers, not flushed to disk (it is rewritten on every change).
    static func write(_ bytes: [UInt8], to path: String) throws {
        try HostError.rendering { try AtomicFile.write(bytes, to: path, durable: false) }
    }

    private static func describe(_ error: Error) -> String {
        (error as? HostError)?.description ?? "\(error)"
    }
}
