import EaselHost
import EaselRender
import Foundation

/// What the designer holds in a ``DesignSession``, apart from the builds: the values held for classes
/// (`--set`, the inspector's edits, what actions report), their bookkeeping across builds, and the
/// open scenes with their unsaved edits (DesignerState+SceneEdits.swift) and their files' status
/// (DesignerState+SceneFiles.swift).
///
/// Thread rule: the session keeps it under its state lock (see ``DesignSession``),
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
    /// What each open scene's file on disk says against it (by index).
    var sceneFiles: [SceneFileState]
    /// The identity the next scene instance gets (``Scene/Instance/identity``): never reused.
    var nextInstanceIdentity = 1

    /// `files`: each scene's file as it was opened (``SceneFileState/init(opening:)``).
    init(assignments: [PropertyAssignment], scenes: [Scene], files: [SceneFileState]) {
        self.assignments = assignments
        var scenes = scenes
        for i in scenes.indices { Self.giveIdentities(&scenes[i], next: &nextInstanceIdentity) }
        self.scenes = scenes
        sceneFiles = files
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
}
