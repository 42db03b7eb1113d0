internal import CEasel
internal import CFFI

/// Typed C accessors made at run time: for each property, one libffi closure with the exact signature
/// `T get(void *self)` and one with `void set(void *self, T value)`. The host calls them through its own
/// libffi cifs as ordinary C functions; libffi hands the call to one of the two generic handlers below,
/// with the closure's user data (a ``PropertyTrampolineTarget``: class and property index) and the
/// instance pointer, so no per-property Swift code is needed. Closures and targets live for the
/// process lifetime.
enum PropertyTrampolines {
    /// The getter and setter of property `index` of `exportedClass`; nil if libffi fails (logged).
    static func make(for exportedClass: ExportedClass, index: Int, kind: FFIKind,
                     readOnly: Bool) -> (get: easel_fn, set: easel_fn?)? {
        let target = PropertyTrampolineTarget(exportedClass: exportedClass, index: index, kind: kind)
        guard let getterCIF = FFISignatures.shared.getter(kind),
              let get = makeFunction(cif: getterCIF, handler: getterHandler, target: target)
        else { return nil }
        if readOnly { return (get, nil) }
        guard let setterCIF = FFISignatures.shared.setter(kind),
              let set = makeFunction(cif: setterCIF, handler: setterHandler, target: target)
        else { return nil }
        return (get, set)
    }

    private typealias Handler = @convention(c) (
        UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?) -> Void

    private static func makeFunction(cif: UnsafeMutablePointer<ffi_cif>, handler: Handler,
                                     target: PropertyTrampolineTarget) -> easel_fn? {
        var code: UnsafeMutableRawPointer?
        guard let memory = ffi_closure_alloc(MemoryLayout<ffi_closure>.stride, &code), let code else { return nil }
        let closure = memory.assumingMemoryBound(to: ffi_closure.self)
        let userData = Unmanaged.passRetained(target).toOpaque()
        guard ffi_prep_closure_loc(closure, cif, handler, userData, code) == FFI_OK else {
            Unmanaged<PropertyTrampolineTarget>.fromOpaque(userData).release()
            ffi_closure_free(memory)
            return nil
        }
        return unsafeBitCast(code, to: easel_fn.self)
    }

    /// `T get(void *self)`: arguments[0] points to `self`; the value is written to `result`.
    private static let getterHandler: Handler = { _, result, arguments, userData in
        guard let result, let arguments, let userData else { return }
        let target = Unmanaged<PropertyTrampolineTarget>.fromOpaque(userData).takeUnretainedValue()
        guard let box = target.instance(arguments) else {
            result.initializeMemory(as: UInt8.self, repeating: 0, count: target.kind.resultSize)
            return
        }
        box.get(target.index, into: result)
    }

    /// `void set(void *self, T value)`: arguments[0] points to `self`, arguments[1] to the value.
    private static let setterHandler: Handler = { _, _, arguments, userData in
        guard let arguments, let userData, let value = arguments[1] else { return }
        let target = Unmanaged<PropertyTrampolineTarget>.fromOpaque(userData).takeUnretainedValue()
        guard let box = target.instance(arguments) else { return }
        box.set(target.index, from: UnsafeRawPointer(value))
    }
}

/// What a trampoline's user data points to: which property of which class it serves.
final class PropertyTrampolineTarget {
    unowned let exportedClass: ExportedClass
    let index: Int
    let kind: FFIKind

    init(exportedClass: ExportedClass, index: Int, kind: FFIKind) {
        self.exportedClass = exportedClass
        self.index = index
        self.kind = kind
    }

    /// The instance box `self` designates, checked to be an instance of this property's class.
    func instance(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> InstanceBox? {
        guard let selfPointer = arguments[0]?.load(as: UnsafeMutableRawPointer?.self) else {
            EaselPlugin.log(.error, "\(exportedClass.name).\(exportedClass.propertyName(index)): called with a NULL instance")
            return nil
        }
        let box = InstanceBox.from(selfPointer)
        guard box.exportedClass === exportedClass else {
            EaselPlugin.log(.error, "\(exportedClass.name).\(exportedClass.propertyName(index)): called with an "
                                + "instance of \(box.exportedClass.name)")
            return nil
        }
        return box
    }
}

extension FFIKind {
    /// Bytes of libffi's return buffer a getter of this kind fills (small integers are widened to ffi_arg).
    var resultSize: Int {
        switch self {
        case .int64, .double, .cString, .bool: return 8
        case .point, .size: return 16
        case .rect, .color, .insets: return 32
        }
    }
}
