/// The graphics-state stack as the host's canvas keeps it, for a value `State` that save/restore
/// push and pop (the recorder's transform; nothing for the player, which only counts).
///
/// The rules are those of easel.h and the Cairo canvas: `save` pushes; `restore` pops, and is
/// ignored when nothing is saved or when only the save of an open transparency layer remains;
/// `begin_transparency_layer` saves and opens a layer; `end_transparency_layer` pops what was saved
/// inside the layer, then the layer's own save, and is ignored when no layer is open.
struct DisplayListStateStack<State> {
    /// The state in force.
    var current: State
    private var saved: [State] = []
    /// For each open layer, the depth of `saved` right after the layer's own save.
    private var layerFloors: [Int] = []

    init(_ initial: State) {
        current = initial
    }

    /// How many states are saved (the saves of open layers included).
    var depth: Int { saved.count }
    /// How many transparency layers are open.
    var layerDepth: Int { layerFloors.count }

    mutating func save() {
        saved.append(current)
    }

    /// Whether a restore would pop a state (false: the canvas ignores it).
    var canRestore: Bool { saved.count > (layerFloors.last ?? 0) }

    /// Pops a state; returns false (and changes nothing) when the restore is ignored.
    @discardableResult
    mutating func restore() -> Bool {
        guard canRestore, let state = saved.popLast() else { return false }
        current = state
        return true
    }

    mutating func beginLayer() {
        save()
        layerFloors.append(saved.count)
    }

    /// Closes the innermost layer; returns false (and changes nothing) when none is open.
    @discardableResult
    mutating func endLayer() -> Bool {
        guard let floor = layerFloors.popLast() else { return false }
        while saved.count > floor, let state = saved.popLast() { current = state }
        if let state = saved.popLast() { current = state }
        return true
    }
}
