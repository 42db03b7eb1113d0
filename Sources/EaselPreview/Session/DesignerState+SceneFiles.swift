import EaselHost
import EaselRender
import Foundation

/// The open scenes' files on disk: saving a scene, a file changed on disk (read again, or kept aside
/// while the scene has unsaved edits), and the edits a serve keeps beside a scene as it stops, which
/// the next serve offers to restore or discard. What each file says against its scene is
/// ``SceneFileState``.
extension DesignerState {
    /// What became of an open scene when its file was read again (``readFromDisk(at:)``).
    enum DiskChange {
        /// Nothing to say: the file says what was read last (or it is still gone).
        case none
        /// To report (the scene stays as it was): see ``SceneFileChange``.
        case reported(SceneFileChange)
        /// The scene is the file's now (it had no unsaved edits): to report, and to draw again.
        case reloaded(Scene)
    }

    /// Reads scene `index`'s file again after it changed on disk (an editor, `git checkout`): a scene
    /// without unsaved edits becomes the file's (a new revision); one with edits keeps them, and the
    /// change is noted for the designer to choose (``reloadSceneFromDisk(at:)``, or
    /// ``keepSceneEdits(at:)`` and save). A file that is not a valid scene keeps the last good one.
    mutating func readFromDisk(at index: Int) -> DiskChange {
        let file = scenes[index].file
        let read: Data?
        // Only a regular file of a sane size is read: a 3 GB file put in its place held the
        // session's lock (every request) for half a minute and kept 3 GB; a FIFO was "removed".
        do { read = try Scene.contents(file) } catch {
            let e = error as? HostError ?? HostError(.badData, "\(error)", file: file)
            sceneFiles[index].diskText = nil
            sceneFiles[index].error = e
            sceneFiles[index].deletedOnDisk = false // something is there, just not a scene
            sceneFiles[index].isNew = false
            return .reported(.invalid(e))
        }
        guard let data = read else {
            guard !sceneFiles[index].deletedOnDisk, access(file, F_OK) != 0 else { return .none }
            sceneFiles[index].diskText = nil
            sceneFiles[index].error = nil // (the file's mistake went with it)
            sceneFiles[index].changedOnDisk = false
            sceneFiles[index].deletedOnDisk = true
            return .reported(.removed)
        }
        sceneFiles[index].deletedOnDisk = false
        sceneFiles[index].isNew = false
        let text = String(decoding: data, as: UTF8.self)
        guard text != sceneFiles[index].diskText else { return .none }
        sceneFiles[index].diskText = text
        let scene: Scene
        do { scene = try Scene.parse(data, file: file) } catch {
            let e = error as? HostError ?? HostError(.badData, "\(error)", file: file)
            sceneFiles[index].error = e
            return .reported(.invalid(e))
        }
        sceneFiles[index].error = nil
        if editedScenes.contains(index) {
            sceneFiles[index].changedOnDisk = true
            return .reported(.changedUnderEdits)
        }
        takeScene(scene, at: index)
        return .reloaded(scenes[index])
    }

    /// See ``DesignSession/reloadSceneFromDisk(at:)``.
    mutating func reloadSceneFromDisk(at index: Int) throws -> Int {
        try requireScene(index)
        let file = scenes[index].file
        let scene: Scene
        do { scene = try Scene.read(file) } catch let e as HostError {
            sceneFiles[index].error = e
            throw e
        }
        sceneFiles[index].diskText = (try? Scene.contents(file)).map { String(decoding: $0, as: UTF8.self) }
        sceneFiles[index].error = nil
        sceneFiles[index].deletedOnDisk = false
        takeScene(scene, at: index)
        return sceneRevisions[index]!
    }

    /// See ``DesignSession/keepSceneEdits(at:)``.
    mutating func keepSceneEdits(at index: Int) throws {
        try requireScene(index)
        sceneFiles[index].changedOnDisk = false
    }

    /// See ``DesignSession/saveScene(at:)``.
    mutating func saveScene(at index: Int) throws {
        try requireScene(index)
        let text = scenes[index].document.text
        // Atomic for readers, not flushed to disk (as previews are).
        try HostError.rendering { try AtomicFile.write(Array(text.utf8), to: scenes[index].file, durable: false) }
        sceneFiles[index].saved(text)
        editedScenes.remove(index)
        // The edits kept by a previous serve are the file's now (restored), or were passed over.
        for kept in [sceneFiles[index].offeredKeptEdits, sceneFiles[index].restoredKeptEdits].compactMap({ $0 }) {
            _ = unlink(kept)
        }
        sceneFiles[index].offeredKeptEdits = nil
        sceneFiles[index].restoredKeptEdits = nil
    }

    // MARK: - Edits kept as serve stops

    /// See ``DesignSession/restoreKeptEdits(at:)``.
    mutating func restoreKeptEdits(at index: Int) throws -> Int {
        try requireScene(index)
        guard let kept = sceneFiles[index].offeredKeptEdits else {
            throw HostError(.notFound, "no kept edits to restore (no \(DesignSession.unsavedEditsPath(for: scenes[index].file)) was offered, or it was restored or discarded already)", file: scenes[index].file)
        }
        var scene = try Scene.read(kept)
        scene.file = scenes[index].file
        scene.carryIdentities(from: scenes[index])
        giveIdentities(&scene)
        scenes[index] = scene
        editedScenes.insert(index)
        sceneFiles[index].offeredKeptEdits = nil
        sceneFiles[index].restoredKeptEdits = kept
        sceneRevisions[index] = (sceneRevisions[index] ?? 0) + 1
        return sceneRevisions[index]!
    }

    /// See ``DesignSession/discardKeptEdits(at:)``.
    mutating func discardKeptEdits(at index: Int) throws {
        try requireScene(index)
        guard let kept = sceneFiles[index].offeredKeptEdits else {
            throw HostError(.notFound, "no kept edits to discard (no \(DesignSession.unsavedEditsPath(for: scenes[index].file)) was offered, or it was restored or discarded already)", file: scenes[index].file)
        }
        guard unlink(kept) == 0 || errno == ENOENT else {
            throw HostError(.cannotCreate, "cannot remove the kept edits: \(String(cString: strerror(errno)))", file: kept)
        }
        sceneFiles[index].offeredKeptEdits = nil
    }

    /// See ``DesignSession/keepUnsavedEdits()``: writes the edits of every scene that has some not
    /// saved (or whose file was deleted on disk) beside it; returns the lines to print.
    func keepUnsavedEdits() -> [String] {
        var lines: [String] = []
        // (Edits kept by a previous serve and still offered are never written over.)
        for (index, scene) in scenes.enumerated() where sceneFiles[index].offeredKeptEdits == nil
            && (editedScenes.contains(index) || (sceneFiles[index].deletedOnDisk && !sceneFiles[index].isNew)) {
            let path = DesignSession.unsavedEditsPath(for: scene.file)
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
