import CEasel

/// The extensions of ABI 1.2 a class offers (easel.h): easel.input/1 (pointer events and hit tests)
/// and the plugin's half of easel.traits/1 (told when traits change). Read from
/// get_extension(cls, id) while the class is validated; their functions are called in the process
/// that loaded the plugin.
struct ClassExtensions {
    typealias HitTest = @convention(c) (UnsafeMutableRawPointer, easel_point) -> Bool
    typealias PointerEventFunction = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<easel_pointer_event>) -> Bool
    typealias TraitsChanged = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<easel_traits>) -> Void

    /// easel.input/1: nil when the class takes no input.
    var pointerEvent: PointerEventFunction?
    /// easel.input/1's hit test; nil: the bounds.
    var hitTest: HitTest?
    /// easel.traits/1's traits_changed; nil: the class does not listen.
    var traitsChanged: TraitsChanged?

    /// Reads the tables `getExtension` answers for the class at `address`; a table that breaks the
    /// header's rules is a problem naming the extension (the class does not load).
    static func read(at address: UnsafeRawPointer, getExtension: DescriptorFields.GetExtension) throws -> ClassExtensions {
        var result = ClassExtensions()
        if let table = EASEL_EXTENSION_INPUT.withCString({ getExtension(address, $0) }) {
            let size = try PluginTable.structSize(at: table, minimum: MemoryLayout<easel_input>.size, cName: "easel_input", abi: "1.2")
            let input = PluginTable.load(table, size: size, as: easel_input.self)
            guard let pointerEvent = input.pointer_event else {
                throw PluginTable.Problem(message: "\(EASEL_EXTENSION_INPUT): pointer_event is NULL (it is required)")
            }
            result.pointerEvent = pointerEvent
            result.hitTest = input.hit_test
        }
        if let table = EASEL_EXTENSION_TRAITS.withCString({ getExtension(address, $0) }) {
            let size = try PluginTable.structSize(at: table, minimum: MemoryLayout<easel_class_traits>.size,
                                                  cName: "easel_class_traits", abi: "1.2")
            let traits = PluginTable.load(table, size: size, as: easel_class_traits.self)
            guard let changed = traits.traits_changed else {
                throw PluginTable.Problem(message: "\(EASEL_EXTENSION_TRAITS): traits_changed is NULL (it is required)")
            }
            result.traitsChanged = changed
        }
        return result
    }
}
