import EaselHost

/// What a ``DesignSession`` reports, as structured data: `host watch` writes the previews it names
/// (``PreviewFileWriter``) and prints each event as lines (``lines``), `host serve` pushes them to
/// the page as Server-Sent Events.
///
/// A reload is one ``loaded`` event followed by its details (``schema``, ``notice``, ``failure``,
/// ``recovered``), which ``isDetail`` marks so that the CLI indents them under the reload's line.
package enum SessionEvent: Sendable {
    /// The session started: what it watches, and where previews go (nil from the session: kept in
    /// memory; a ``PreviewFileWriter`` names its folder).
    case started(directories: [String], plugins: Int, outputDirectory: String?)
    /// A build of a plugin file was loaded (its first, or a reload) and what it provides rendered.
    case loaded(BuildReport)
    /// A build was refused (not a complete ELF library, invalid, crashing or hanging while
    /// loading); `keptBuild` is the build that stays (rollback), nil if there is none.
    case rejected(file: String, label: String, failure: PluginFailure, keptBuild: Int?)
    /// A plugin file was removed: its classes are gone (or now come from another file).
    case removed(file: String, label: String, build: Int, outcomes: [RenderOutcome])
    /// A scene was rendered on its own (at start, or after an edit).
    case sceneRendered(scene: String, outcome: RenderOutcome)
    /// An open scene's file changed on disk (an editor, `git checkout`): see ``SceneFileChange``.
    case sceneFile(index: Int, file: String, change: SceneFileChange)
    /// A class's property table changed between two builds.
    case schema(className: String, diff: SchemaDiff)
    /// A held value was parked or restored.
    case value(HeldValues.Notice, scene: String?, instance: String?)
    /// A warning or a note; `detail` when it belongs to the reload reported just before.
    case notice(String, detail: Bool)
    /// A class (or scene) could not be rendered. Its last good preview is kept, marked stale and
    /// failing, until a build renders it again; `staleBuild` is the build that preview came from.
    case failure(className: String, failure: PluginFailure, staleBuild: Int?)
    /// A class that was failing rendered again.
    case recovered(className: String, file: String, build: Int)
    /// Output of the build command (`host serve --build`): `finished` carries its exit status.
    case buildOutput(command: String, line: String)
    case buildFinished(command: String, status: Int32, seconds: Double)
    /// A class's preview was drawn again because its instance asked (request_redraw: an animation
    /// frame), or its values changed as it drew; `frame` counts from the preview's first, and
    /// `preview` is the new frame, PNG at the session's scale, when the class's preview is a new
    /// one (nil when only values changed, or when the frame was a designer's render). Printed by
    /// nobody (60 a second); the designer redraws its canvas.
    case redrawn(className: String, frame: Int, preview: [UInt8]?)

    /// Whether the event belongs to the reload (or removal) reported just before it.
    package var isDetail: Bool {
        switch self {
        case .schema, .value, .failure, .recovered: return true
        case .notice(_, let detail): return detail
        default: return false
        }
    }

    /// The event as `host watch` prints it: one line, sometimes followed by a worker's last output.
    /// Details are indented by two spaces.
    package var lines: [String] {
        let lines = body
        guard isDetail, let first = lines.first else { return lines }
        return ["  " + first] + lines.dropFirst()
    }

    private var body: [String] {
        switch self {
        case .started(let dirs, let count, let out):
            let where_ = dirs.joined(separator: ", ")
            if count == 0 { return ["watching \(where_): no plugins yet"] }
            return ["watching \(where_) (\(count) plugin\(count == 1 ? "" : "s"))" + (out.map { "; previews in \($0)" } ?? "")]
        case .loaded(let r):
            return [r.summary]
        case .rejected(_, let label, let failure, let kept):
            // The rollback notice goes on the reason's line; the worker's output follows it.
            var e = failure.error
            e.file = nil
            let described = e.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let rollback = kept.map { "; keeping build \($0) (rollback)" } ?? ""
            return ["rejected \(label): \(described[0])\(rollback)"] + described.dropFirst()
        case .removed(_, let label, let build, let outcomes):
            return ["removed \(label) (build \(build))" + (outcomes.isEmpty ? "" : ": " + outcomes.map(\.text).joined(separator: ", "))]
        case .sceneRendered(let scene, let outcome):
            return ["rendered \(scene): \(outcome.text)"]
        case .sceneFile(_, let file, let change):
            switch change {
            case .reloaded: return ["read \(file) again: it changed on disk"]
            case .invalid(let e):
                let described = e.with(file: file).description
                return ["error: \(described); the last good scene stays open"]
            case .changedUnderEdits:
                return ["warning: \(file) changed on disk; the designer's unsaved edits of it are kept (reload it from disk, or save to overwrite it)"]
            case .removed:
                return ["warning: \(file) was deleted on disk; the scene stays open as it was (saving it in the designer writes the file again)"]
            }
        case .schema(let name, let diff):
            return ["\(name) schema: \(diff.summary)"]
        case .value(let notice, let scene, let instance):
            let prefix = [scene, instance].compactMap { $0 }.map { $0 + ": " }.joined()
            switch notice {
            case .dropped: return ["warning: " + prefix + notice.text]
            case .restored: return ["note: " + prefix + notice.text]
            }
        case .notice(let text, _):
            return [text]
        case .failure(let name, let failure, let stale):
            let described = failure.error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let kept = stale.map { "\(name): the last good preview (build \($0)) is kept, marked stale and failing until a build renders it" }
                ?? "\(name): no preview yet"
            return ["error: " + described[0]] + described.dropFirst() + ["  " + kept]
        case .recovered(let name, _, let build):
            return ["\(name) recovered: build \(build) renders it again"]
        case .buildOutput(_, let line):
            return ["build: " + line]
        case .buildFinished(let command, let status, let seconds):
            return ["build: `\(command)` " + (status == 0 ? "succeeded" : "failed with status \(status)") + " in \(BuildReport.ms(seconds))"]
        case .redrawn:
            return []
        }
    }
}

/// What became of an open scene when its file changed on disk.
package enum SceneFileChange: Sendable {
    /// The scene had no unsaved edits: it is the file's now.
    case reloaded
    /// The file is not a valid scene (the error names the file, instance and key): the last good
    /// scene stays open.
    case invalid(HostError)
    /// The scene had unsaved edits: they are kept until the designer reloads the file or saves.
    case changedUnderEdits
    /// The file is gone: the open scene stays.
    case removed
}
