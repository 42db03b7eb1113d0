import EaselHost

/// What a ``DesignSession`` holds that can be read without calling a plugin: the loaded builds and
/// their classes, which file provides each class, each class's state and last good preview, the
/// files rejected, the values held, the open scenes and their files' status. An immutable value:
/// the session publishes a new one whenever its state may have changed (see
/// ``DesignSession/snapshot``), so that readers (the designer's GET requests) never wait for a plugin
/// call in progress, and what one reader reads is one consistent state.
package struct SessionSnapshot {
    /// The loaded builds, sorted by path: file, build number, classes.
    package internal(set) var loadedBuilds: [(file: String, build: Int, classes: [ClassInfo])] = []
    /// Files whose latest build was rejected (and that have no build loaded), with why.
    package internal(set) var rejectedFiles: [(file: String, failure: PluginFailure)] = []
    /// Class → the file whose build provides it.
    var winners: [String: String] = [:]
    var states: [String: ClassState] = [:]
    /// The traits the designer picked (``DesignSession/setTraits(_:)``); nil: none yet.
    package internal(set) var designerTraits: Traits?
    var held = HeldValues()
    var assignments: [PropertyAssignment] = []
    /// The scenes, with unsaved edits, and whether each was edited since it was read or saved.
    package internal(set) var openScenes: [(scene: Scene, edited: Bool)] = []
    var sceneRevisions: [Int: Int] = [:]
    /// What each open scene's file on disk says against it (by index).
    var sceneFiles: [SceneFileState] = []
    /// What the designer's renders read back of values the components changed themselves.
    var readBack: [String: ReadBackValues] = [:]

    /// Takes what the designer holds (values, scenes) from `designer`.
    mutating func take(_ designer: DesignerState) {
        held = designer.held
        assignments = designer.assignments
        openScenes = designer.scenes.enumerated().map { ($1, designer.editedScenes.contains($0)) }
        sceneRevisions = designer.sceneRevisions
        sceneFiles = designer.sceneFiles
    }

    /// Whether `className` of `file` is the one provided under that name (it may be shadowed).
    package func isProvider(_ file: String, of className: String) -> Bool { winners[className] == file }

    /// The current description of a class, from the build that provides it.
    package func classInfo(named name: String) -> ClassInfo? {
        guard let file = winners[name] else { return nil }
        return loadedBuilds.first { $0.file == file }?.classes.first { $0.name == name }
    }

    /// A class's preview state (nil: no build provides it).
    package func state(of className: String) -> ClassState? { states[className] }

    /// The values the host holds for a class, parsed against its current build (parked ones left out).
    package func values(for className: String) -> [(name: String, value: PropertyValue)] {
        guard let info = classInfo(named: className) else { return [] }
        var copy = held
        return copy.resolve(assignments, owner: className, for: info).values
    }

    /// Every property's value as the class's instance has it: the default, else the value held,
    /// else what the last render read back of a value the component changed itself (a setter's
    /// clamp) when that render had the values held now.
    package func currentValues(for className: String) -> [String: PropertyValue] {
        guard let info = classInfo(named: className) else { return [:] }
        let heldValues = values(for: className)
        var current = Dictionary(uniqueKeysWithValues: info.properties.map { ($0.name, $0.defaultValue) })
        for (name, value) in heldValues { current[name] = value }
        if let read = readBack[className], read.isFor(heldValues) {
            for (name, value) in read.changed where current[name] != nil { current[name] = value }
        }
        return current
    }

    /// How many edits scene `index` has taken since it was opened (0: none).
    package func sceneRevision(at index: Int) -> Int { sceneRevisions[index] ?? 0 }

    /// The identities of scene `index`'s instances, in order (``Scene/Instance/identity``).
    package func sceneInstanceIdentities(at index: Int) -> [Int] {
        openScenes.indices.contains(index) ? openScenes[index].scene.instances.map { $0.identity ?? 0 } : []
    }

    /// What scene `index`'s file on disk says against the open scene (``DesignSession/sceneFileStatus(at:)``).
    package func sceneFileStatus(at index: Int) -> (error: HostError?, changedOnDisk: Bool, deletedOnDisk: Bool, isNew: Bool) {
        guard sceneFiles.indices.contains(index) else { return (nil, false, false, false) }
        let f = sceneFiles[index]
        return (f.error, f.changedOnDisk, f.deletedOnDisk, f.isNew)
    }

    /// The file of edits a previous serve kept for scene `index`, while neither restored nor discarded.
    package func offeredKeptEditsFile(at index: Int) -> String? {
        sceneFiles.indices.contains(index) ? sceneFiles[index].offeredKeptEdits : nil
    }
}

/// What a render read back of the values an instance changed itself while it was set up (reported
/// with property_changed: a setter's clamp), with the values it was set up with: it describes the
/// instance only while those are the values held.
struct ReadBackValues: Equatable {
    var values: [(name: String, value: PropertyValue)]
    var changed: [String: PropertyValue]

    /// What was read back (`changed`, in the order reported: the last report of a name wins) of an
    /// instance set up with `values`.
    init(values: [(name: String, value: PropertyValue)], changed: [(name: String, value: PropertyValue)]) {
        self.values = values
        self.changed = Dictionary(changed.map { ($0.name, $0.value) }, uniquingKeysWith: { _, b in b })
    }

    func isFor(_ held: [(name: String, value: PropertyValue)]) -> Bool {
        held.map(\.name) == values.map(\.name) && held.map(\.value) == values.map(\.value)
    }

    static func == (a: ReadBackValues, b: ReadBackValues) -> Bool { a.isFor(b.values) && a.changed == b.changed }
}

