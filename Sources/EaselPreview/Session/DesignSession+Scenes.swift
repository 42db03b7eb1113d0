import EaselHost
import EaselRender

/// The scenes the designer edits: reading them (from the ``snapshot``), editing, rendering and
/// saving them, their files changed on disk, and the edits a serve keeps beside them as it stops.
/// Edits, saves and the choices about a file take the state lock alone (see ``DesignSession``);
/// renders and a file read again take the engine lock.
extension DesignSession {
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
        // (The state lock only: the checks are host-side, see setValues.)
        try changeDesigner { designer, snapshot in
            try designer.replaceScene(at: index, with: scene, basedOn: revision, identities: identities, info: snapshot.classInfo(named:))
        }
    }

    /// Renders scene `index` as it is now (unsaved edits included).
    package func renderScene(at index: Int, scale: Double?, format: OutputFormat) throws -> RenderTarget {
        try withLock {
            let scene = try withDesigner { d in try d.requireScene(index); return d.scenes[index] }
            var details: [SessionEvent] = []
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

    // MARK: - Scene files changed on disk

    /// What scene `index`'s file on disk says against the open scene: why it is not a scene now
    /// (the last good one stays open), whether it changed while the scene had unsaved edits, and
    /// whether it was deleted (the open scene stays, as an editor keeps a buffer whose file was
    /// deleted: saving writes the file again; a file put back is read again).
    package func sceneFileStatus(at index: Int) -> (error: HostError?, changedOnDisk: Bool, deletedOnDisk: Bool, isNew: Bool) {
        snapshot.sceneFileStatus(at: index)
    }

    /// Scene `index`'s file changed on disk (with the engine lock held): what the file says is taken
    /// into the designer's state under the state lock (an edit arriving meanwhile is checked against
    /// the scene as it is before or after, never in between, see
    /// ``DesignerState/readFromDisk(at:)``); the change is reported and the scene drawn after.
    func rereadScene(_ index: Int) {
        let file = queue.sceneFiles[index]
        let change = withDesigner { $0.readFromDisk(at: index) }
        switch change {
        case .none: return
        case .reported(let change): emit(.sceneFile(index: index, file: file, change: change))
        case .reloaded(let scene):
            emit(.sceneFile(index: index, file: file, change: .reloaded))
            var details: [SessionEvent] = []
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

    // MARK: - Edits kept as serve stops

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
        withDesigner { $0.keepUnsavedEdits() }
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
}
