import CFFI

/// The prepared libffi call interfaces for property accessors, one per C signature, built once per
/// process and kept for its lifetime (libffi keeps pointers to the cif, its argument array and the
/// struct element lists, so all of them live on the heap and are never freed).
///
/// Getter: `T get(void *self)`; setter: `void set(void *self, T value)`; action:
/// `bool invoke(void *self[, T argument])`. Types that share a C
/// representation share a cif (Int and Enum; CGFloat and Double; String and Image; Rect, Color and
/// Insets, which are all four doubles).
final class FFISignatures: @unchecked Sendable {
    static let shared = FFISignatures()

    private var getters: [PropertyType: UnsafeMutablePointer<ffi_cif>] = [:]
    private var setters: [PropertyType: UnsafeMutablePointer<ffi_cif>] = [:]
    /// Actions (easel.actions/1): `bool invoke(void *self, T argument)`, by argument type.
    private var actions: [PropertyType: UnsafeMutablePointer<ffi_cif>] = [:]
    /// `bool invoke(void *self)`: an action without an argument.
    let actionWithoutArgument: UnsafeMutablePointer<ffi_cif>

    private init() {
        let pairOfDoubles = Self.structType(doubles: 2)
        let fourDoubles = Self.structType(doubles: 4)
        for type in PropertyType.allCases {
            let value: UnsafeMutablePointer<ffi_type>
            switch type {
            case .int, .enumeration: value = easel_ffi_type_sint64()
            case .cgFloat, .double: value = easel_ffi_type_double()
            case .string, .image: value = easel_ffi_type_pointer()
            case .bool: value = easel_ffi_type_uint8()
            case .point, .size: value = pairOfDoubles
            case .rect, .color, .insets: value = fourDoubles
            }
            getters[type] = Self.prepare(returning: value, arguments: [easel_ffi_type_pointer()])
            setters[type] = Self.prepare(returning: easel_ffi_type_void(),
                                         arguments: [easel_ffi_type_pointer(), value])
            actions[type] = Self.prepare(returning: easel_ffi_type_uint8(),
                                         arguments: [easel_ffi_type_pointer(), value])
        }
        actionWithoutArgument = Self.prepare(returning: easel_ffi_type_uint8(), arguments: [easel_ffi_type_pointer()])
    }

    func getter(_ type: PropertyType) -> UnsafeMutablePointer<ffi_cif> { getters[type]! }
    func setter(_ type: PropertyType) -> UnsafeMutablePointer<ffi_cif> { setters[type]! }
    func action(_ type: PropertyType) -> UnsafeMutablePointer<ffi_cif> { actions[type]! }

    /// A struct of `doubles` doubles, laid out as the C compiler lays out easel_rect and friends.
    private static func structType(doubles: Int) -> UnsafeMutablePointer<ffi_type> {
        let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: doubles + 1)
        for i in 0..<doubles { elements[i] = easel_ffi_type_double() }
        elements[doubles] = nil
        let type = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
        type.initialize(to: ffi_type())
        type.pointee.size = 0
        type.pointee.alignment = 0
        type.pointee.type = UInt16(FFI_TYPE_STRUCT)
        type.pointee.elements = elements
        return type
    }

    private static func prepare(returning result: UnsafeMutablePointer<ffi_type>,
                                arguments: [UnsafeMutablePointer<ffi_type>]) -> UnsafeMutablePointer<ffi_cif> {
        let args = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: arguments.count)
        for (i, a) in arguments.enumerated() { args[i] = a }
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        cif.initialize(to: ffi_cif())
        let status = ffi_prep_cif(cif, easel_ffi_default_abi(), UInt32(arguments.count), result, args)
        precondition(status == FFI_OK, "libffi could not prepare a property accessor signature")
        return cif
    }
}
