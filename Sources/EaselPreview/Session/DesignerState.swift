import EaselHost
import EaselRender
import Foundation

/// What the designer holds in a ``WatchSession``, apart from the builds: the values held for classes
/// (`--set`, the inspector's edits, what actions report), their bookkeeping across builds, and the
/// open scenes with their unsaved edits and their files' status.
///
/// Thread rule: the session keeps it under a lock of its own (``WatchSession``'s designer lock),
/// held only for the short sections that read or change it, never across a plugin call nor while an
/// event is reported. So an edit (a value set or reset, a scene edit, a save, a choice about the
/// file on disk or kept edits) is checked and stored while another request's plugin call hangs:
/// what it is checked against is host-side (a class's property table from the session's snapshot,
/// the scene's revision and instances), and the plugin call in progress read what it draws before it
/// began. The engine (renders, reloads) copies what it needs under the same lock and draws the copy.
struct DesignerState {
    var held = HeldValues()
    var assignments: [PropertyAssignment]
    /// The scenes, with the designer's unsaved edits (they survive reloads); which ones are edited.
    var scenes: [Scene]
    var editedScenes: Set<Int> = []
    /// How many edits each open scene took (by index): an edit made on an older revision is refused.
    var sceneRevisions: [Int: Int] = [:]
    /// Each open scene's file as last read or written (by index): a change on disk is a different text.
    var sceneDiskTexts: [Int: String] = [:]
    /// Why a scene's file on disk is not a scene now (the last good one stays open).
    var sceneFileErrors: [Int: HostError] = [:]
    /// Scenes whose file changed on disk while they had unsaved edits (kept until the designer chooses).
    var scenesChangedOnDisk: Set<Int> = []
    /// Scenes whose file was deleted on disk: the open scene stays, and saving writes the file again.
    var scenesDeletedOnDisk: Set<Int> = []
    /// Scenes whose file did not exist when they were opened, until they are saved.
    var newScenes: Set<Int> = []
    /// The edits a previous serve kept for a scene as it stopped (``WatchSession/unsavedEditsPath(for:)``),
    /// offered until the designer restores or discards them (by index).
    var offeredKeptEdits: [Int: String] = [:]
    /// Kept edits restored into their scene (by index): the file is removed when the scene is
    /// saved, not before (until then it is their only copy on disk).
    var restoredKeptEdits: [Int: String] = [:]
    /// The identity the next scene instance gets (``Scene/Instance/identity``): never reused.
    var nextInstanceIdentity = 1

    init(assignments: [PropertyAssignment], scenes: [Scene]) {
        self.assignments = assignments
        var scenes = scenes
        for i in scenes.indices { Self.giveIdentities(&scenes[i], next: &nextInstanceIdentity) }
        self.scenes = scenes
    }

    /// The values held for a class, parsed against `info` (parked ones left out), without changing
    /// the bookkeeping.
    func values(for className: String, _ info: ClassInfo) -> [(name: String, value: PropertyValue)] {
        var copy = held
        return copy.resolve(assignments, owner: className, for: info).values
    }

    /// Gives every instance without an identity a new one.
    mutating func giveIdentities(_ scene: inout Scene) { Self.giveIdentities(&scene, next: &nextInstanceIdentity) }

    private static func giveIdentities(_ scene: inout Scene, next: inout Int) {
        for i in scene.instances.indices where scene.instances[i].identity == nil {
            scene.instances[i].identity = next
            next += 1
        }
    }

    // MARK: - Values

    /// Sets (a nil text: resets to the default) values held for one class, each checked against
    /// `info` (the class's current property table) first: a problem throws and nothing changes.
    mutating func setValues(_ changes: [(name: String, text: String?)], for className: String, _ info: ClassInfo) throws {
        for (name, text) in changes {
            let property = try info.requireProperty(name)
            if let text {
                do { _ = try property.parse(text) } catch let e as HostError {
                    throw e.with(file: info.plugin.path, className: className, property: name)
                }
            }
        }
        for (name, text) in changes {
            assignments.removeAll { $0.className == className && $0.name == name }
            held.forget(owner: className, name: name)
            let global = assignments.contains { $0.className == nil && $0.name == name }
            if let text {
                assignments.append(PropertyAssignment(className: className, name: name, text: text))
            } else if global, let p = info.property(named: name) {
                // Reset wins over a global --set value for this class.
                assignments.append(PropertyAssignment(className: className, name: name, text: p.format(p.defaultValue)))
            }
        }
    }

    /// A value the component reported changing itself (property_changed, easel.h): it becomes the
    /// value held for the class, as one set by the user is, so a reload re-applies it.
    mutating func adoptReportedValue(_ text: String, name: String, className: String) {
        assignments.removeAll { $0.className == className && $0.name == name }
        held.forget(owner: className, name: name)
        assignments.append(PropertyAssignment(className: className, name: name, text: text))
    }

    // MARK: - Scenes

    func requireScene(_ index: Int) throws {
        guard scenes.indices.contains(index) else { throw HostError(.notFound, "no scene number \(index)") }
    }

    /// See ``WatchSession/replaceScene(at:with:basedOn:identities:)``; `info` gives each class's
    /// current property table.
    mutating func replaceScene(at index: Int, with scene: Scene, basedOn revision: Int?, identities: [Int?]?,
                               info: (String) -> ClassInfo?) throws -> Int {
        try requireScene(index)
        let old = scenes[index]
        let current = sceneRevisions[index] ?? 0
        if let revision, revision != current {
            throw HostError(.badData, "the scene was edited meanwhile elsewhere (another tab or a script: revision \(current), this edit was made on \(revision)); it is shown as it is now, make the edit again",
                            file: old.file)
        }
        if let kept = offeredKeptEdits[index] {
            throw HostError(.badData, "the edits a previous serve kept in \(kept) are not restored or discarded yet: choose one first (POST /api/scenes/\(index)/restore or /discard; the page's Restore unsaved edits or Discard), so that neither is lost",
                            file: old.file)
        }
        var s = scene
        s.file = old.file
        if let identities {
            guard identities.count == s.instances.count else {
                throw HostError(.badData, "request body: instanceIds: expected one identity per instance (\(s.instances.count)), found \(identities.count)", file: old.file)
            }
            var seen: Set<Int> = []
            for (i, id) in identities.enumerated() {
                guard let id, id > 0, id < nextInstanceIdentity else { continue }
                guard seen.insert(id).inserted else {
                    throw HostError(.badData, "request body: instanceIds[\(i)]: identity \(id) is given to two instances (expected each instance's own, from GET /api/scenes/\(index))", file: old.file)
                }
                s.instances[i].identity = id
            }
        } else {
            s.carryIdentities(from: old)
        }
        let before = Dictionary(old.instances.compactMap { i in i.identity.map { ($0, i) } }, uniquingKeysWith: { a, _ in a })
        for instance in s.instances {
            // Compared with the same instance before the edit (not the one at its place: removing
            // an instance put the next one's file frame, however large, under the edit check).
            let was = instance.identity.flatMap { before[$0] }
            // A frame the edit made (moved, resized, typed) is at most as large as the largest
            // canvas the renderer makes (what `host render CLASS --size` accepts); a file's own
            // frames, however absurd, are rendered as `host render` renders them.
            if was?.frame != instance.frame {
                try WatchSession.checkEditedFrame(instance, file: old.file)
            }
            guard let info = info(instance.className) else { continue }
            let held = was.map { $0.className == instance.className ? $0.attributes : [] } ?? []
            let previous = Dictionary(held.map { ($0.key, $0.value) }, uniquingKeysWith: { _, b in b })
            let changed = instance.attributes.filter { previous[$0.key] != $0.value }
            do { _ = try info.parse(changed.map { ($0.key, $0.value) }, file: scene.file).map(\.name) } catch var e as HostError {
                // Which instance (a scene of several Gauges: the class and property said too little).
                e.message += " (in \(instance.path)\(instance.name.map { ", '\($0)'" } ?? ""))"
                throw e
            }
        }
        giveIdentities(&s)
        scenes[index] = s
        editedScenes.insert(index)
        sceneRevisions[index] = current + 1
        return current + 1
    }

    /// See ``WatchSession/saveScene(at:)``.
    mutating func saveScene(at index: Int) throws {
        try requireScene(index)
        let text = scenes[index].document.text
        try WatchSession.write(Array(text.utf8), to: scenes[index].file)
        sceneDiskTexts[index] = text
        sceneFileErrors[index] = nil
        scenesChangedOnDisk.remove(index)
        scenesDeletedOnDisk.remove(index)
        newScenes.remove(index)
        editedScenes.remove(index)
        // The edits kept by a previous serve are the file's now (restored), or were passed over.
        for kept in [offeredKeptEdits.removeValue(forKey: index), restoredKeptEdits.removeValue(forKey: index)].compactMap({ $0 }) {
            _ = unlink(kept)
        }
    }

    /// See ``WatchSession/restoreKeptEdits(at:)``.
    mutating func restoreKeptEdits(at index: Int) throws -> Int {
        try requireScene(index)
        guard let kept = offeredKeptEdits[index] else {
            throw HostError(.notFound, "no kept edits to restore (no \(WatchSession.unsavedEditsPath(for: scenes[index].file)) was offered, or it was restored or discarded already)", file: scenes[index].file)
        }
        var scene = try Scene.read(kept)
        scene.file = scenes[index].file
        scene.carryIdentities(from: scenes[index])
        giveIdentities(&scene)
        scenes[index] = scene
        editedScenes.insert(index)
        offeredKeptEdits[index] = nil
        restoredKeptEdits[index] = kept
        sceneRevisions[index] = (sceneRevisions[index] ?? 0) + 1
        return sceneRevisions[index]!
    }

    /// See ``WatchSession/discardKeptEdits(at:)``.
    mutating func discardKeptEdits(at index: Int) throws {
        try requireScene(index)
        guard let kept = offeredKeptEdits[index] else {
            throw HostError(.notFound, "no kept edits to discard (no \(WatchSession.unsavedEditsPath(for: scenes[index].file)) was offered, or it was restored or discarded already)", file: scenes[index].file)
        }
        guard unlink(kept) == 0 || errno == ENOENT else {
            throw HostError(.cannotCreate, "cannot remove the kept edits: \(String(cString: strerror(errno)))", file: kept)
        }
        offeredKeptEdits[index] = nil
    }

    /// Makes `scene` (read from its file) the open scene `index`, its edits dropped (a new revision).
    mutating func takeScene(_ scene: Scene, at index: Int) {
        var s = scene
        s.file = scenes[index].file
        // The same instances keep who they are (by name, else by place and class).
        s.carryIdentities(from: scenes[index])
        giveIdentities(&s)
        scenes[index] = s
        editedScenes.remove(index)
        scenesChangedOnDisk.remove(index)
        sceneRevisions[index] = (sceneRevisions[index] ?? 0) + 1
    }

    /// See ``WatchSession/reloadSceneFromDisk(at:)``.
    mutating func reloadSceneFromDisk(at index: Int) throws -> Int {
        try requireScene(index)
        let file = scenes[index].file
        let scene: Scene
        do { scene = try Scene.read(file) } catch let e as HostError {
            sceneFileErrors[index] = e
            throw e
        }
        sceneDiskTexts[index] = (try? Scene.contents(file)).map { String(decoding: $0, as: UTF8.self) }
        sceneFileErrors[index] = nil
        scenesDeletedOnDisk.remove(index)
        takeScene(scene, at: index)
        return sceneRevisions[index]!
    }

    /// See ``WatchSession/keepSceneEdits(at:)``.
    mutating func keepSceneEdits(at index: Int) throws {
        try requireScene(index)
        scenesChangedOnDisk.remove(index)
    }
}
