internal import CEasel
internal import CFFI

/// The C types property accessors use (several type codes share one: CGFLOAT and DOUBLE are `double`,
/// INT and ENUM `int64_t`, STRING and IMAGE `const char *`).
enum FFIKind: Int, CaseIterable {
    case int64, double, cString, bool, point, size, rect, color, insets
}

/// The prepared libffi call interfaces, one per accessor signature, shared by every property of every
/// class and kept for the process lifetime (libffi keeps pointers to the cif, its argument array and
/// the struct element lists, so all of them live on the heap and are never freed). The tables are
/// read and written under `lock`.
///
///     getter: T    get(void *self)
///     setter: void set(void *self, T value)
///     action: bool invoke(void *self[, T argument])
final class FFISignatures: @unchecked Sendable {
    static let shared = FFISignatures()

    private var getters: [FFIKind: UnsafeMutablePointer<ffi_cif>] = [:]
    private var setters: [FFIKind: UnsafeMutablePointer<ffi_cif>] = [:]
    private var actions: [FFIKind?: UnsafeMutablePointer<ffi_cif>] = [:]
    private var types: [FFIKind: UnsafeMutablePointer<ffi_type>] = [:]
    private let lock = NSLock()

    /// The cif of `T get(void *self)`.
    func getter(_ kind: FFIKind) -> UnsafeMutablePointer<ffi_cif>? {
        lock.lock()
        defer { lock.unlock() }
        if let cif = getters[kind] { return cif }
        guard let cif = prepare(result: type(kind), arguments: [easel_ffi_type_pointer()]) else { return nil }
        getters[kind] = cif
        return cif
    }

    /// The cif of `void set(void *self, T value)`.
    func setter(_ kind: FFIKind) -> UnsafeMutablePointer<ffi_cif>? {
        lock.lock()
        defer { lock.unlock() }
        if let cif = setters[kind] { return cif }
        guard let cif = prepare(result: easel_ffi_type_void(), arguments: [easel_ffi_type_pointer(), type(kind)])
        else { return nil }
        setters[kind] = cif
        return cif
    }

    /// The cif of `bool invoke(void *self)` (kind nil) or `bool invoke(void *self, T argument)`.
    func action(_ kind: FFIKind?) -> UnsafeMutablePointer<ffi_cif>? {
        lock.lock()
        defer { lock.unlock() }
        if let cif = actions[kind] { return cif }
        var arguments: [UnsafeMutablePointer<ffi_type>] = [easel_ffi_type_pointer()]
        if let kind { arguments.append(type(kind)) }
        guard let cif = prepare(result: easel_ffi_type_uint8(), arguments: arguments) else { return nil }
        actions[kind] = cif
        return cif
    }

    private func prepare(result: UnsafeMutablePointer<ffi_type>,
                         arguments: [UnsafeMutablePointer<ffi_type>]) -> UnsafeMutablePointer<ffi_cif>? {
        let argumentTypes = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: arguments.count)
        for (index, argument) in arguments.enumerated() { argumentTypes[index] = argument }
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        let status = ffi_prep_cif(cif, easel_ffi_default_abi(), UInt32(arguments.count), result, argumentTypes)
        guard status == FFI_OK else {
            cif.deallocate()
            argumentTypes.deallocate()
            return nil
        }
        return cif
    }

    /// The ffi_type of a kind; caller holds the lock.
    private func type(_ kind: FFIKind) -> UnsafeMutablePointer<ffi_type> {
        if let type = types[kind] { return type }
        let made: UnsafeMutablePointer<ffi_type>
        switch kind {
        case .int64: made = easel_ffi_type_sint64()
        case .double: made = easel_ffi_type_double()
        case .cString: made = easel_ffi_type_pointer()
        case .bool: made = easel_ffi_type_uint8()
        case .point, .size: made = Self.structType(Array(repeating: easel_ffi_type_double(), count: 2))
        case .rect: made = Self.structType([type(.point), type(.size)])
        case .color, .insets: made = Self.structType(Array(repeating: easel_ffi_type_double(), count: 4))
        }
        types[kind] = made
        return made
    }

    /// A struct type with a heap-allocated, NULL-terminated element list; libffi fills in size and
    /// alignment when the first cif using it is prepared.
    private static func structType(_ elements: [UnsafeMutablePointer<ffi_type>]) -> UnsafeMutablePointer<ffi_type> {
        let list = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: elements.count + 1)
        for (index, element) in elements.enumerated() { list[index] = element }
        list[elements.count] = nil
        let type = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
        type.initialize(to: ffi_type(size: 0, alignment: 0, type: UInt16(FFI_TYPE_STRUCT), elements: list))
        return type
    }
}
