import EaselHost
import EaselRender

/// The designer's edits of the open scenes: a scene replaced by an edited version (checked against
/// the classes' property tables and the scene's revision), and a scene taken from its file (its
/// edits dropped). Instances keep who they are (``Scene/Instance/identity``) across both.
extension DesignerState {
    /// See ``DesignSession/replaceScene(at:with:basedOn:identities:)``; `info` gives each class's
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
        if let kept = sceneFiles[index].offeredKeptEdits {
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
                try Self.checkEditedFrame(instance, file: old.file)
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

    /// Makes `scene` (read from its file) the open scene `index`, its edits dropped (a new revision).
    mutating func takeScene(_ scene: Scene, at index: Int) {
        var s = scene
        s.file = scenes[index].file
        // The same instances keep who they are (by name, else by place and class).
        s.carryIdentities(from: scenes[index])
        giveIdentities(&s)
        scenes[index] = s
        editedScenes.remove(index)
        sceneFiles[index].changedOnDisk = false
        sceneRevisions[index] = (sceneRevisions[index] ?? 0) + 1
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
}
