import EaselHost
import Foundation

/// What an open scene's file on disk says against the open scene in a ``DesignSession``: the text
/// last read or written (a change on disk is a different text), why the file is not a scene now,
/// whether it changed under unsaved edits or was deleted, and the edits a previous serve kept for it.
struct SceneFileState {
    /// The file's text as last read or written; nil when it could not be read (or is not there).
    var diskText: String?
    /// Why the file on disk is not a scene now (the last good one stays open).
    var error: HostError?
    /// The file changed on disk while the scene had unsaved edits (kept until the designer chooses).
    var changedOnDisk = false
    /// The file was deleted on disk: the open scene stays, and saving writes the file again.
    var deletedOnDisk = false
    /// The file did not exist when the scene was opened, until the scene is saved.
    var isNew = false
    /// The edits a previous serve kept for the scene as it stopped (``DesignSession/unsavedEditsPath(for:)``),
    /// offered until the designer restores or discards them.
    var offeredKeptEdits: String?
    /// Kept edits restored into the scene: the file is removed when the scene is saved, not before
    /// (until then it is their only copy on disk).
    var restoredKeptEdits: String?

    init() {}

    /// The state of `file` as a scene is opened from it: a file that does not exist yet
    /// (`host serve --scene new.json`) is a new scene, not on disk until it is saved; edits a
    /// previous serve kept beside it are offered.
    init(opening file: String) {
        diskText = (try? Scene.contents(file)).map { String(decoding: $0, as: UTF8.self) }
        if access(file, F_OK) != 0 {
            deletedOnDisk = true
            isNew = true
        }
        let kept = DesignSession.unsavedEditsPath(for: file)
        if access(kept, F_OK) == 0 { offeredKeptEdits = kept }
    }

    /// The file was written with `text` (a save): it is the scene's file again.
    mutating func saved(_ text: String) {
        diskText = text
        error = nil
        changedOnDisk = false
        deletedOnDisk = false
        isNew = false
    }
}
