internal import CEasel
internal import CFFI

/// Typed C functions for a class's actions, made at run time with libffi closures as property
/// accessors are (``PropertyTrampolines``): `bool invoke(void *self)` or `bool invoke(void *self, T)`.
/// The host calls them through its own cached cifs; the generic handler below finds the action from
/// the closure's user data. Closures, targets and the table live for the process lifetime.
enum ActionTrampolines {
    /// The `easel_actions` table of `exportedClass`, or nil when it has no actions. Throws a message
    /// naming the class and action if libffi fails.
    static func table(for exportedClass: ExportedClass, _ actions: [DesignableAction]) throws -> UnsafeRawPointer? {
        guard !actions.isEmpty else { return nil }
        let list = UnsafeMutablePointer<easel_action>.allocate(capacity: actions.count)
        for (index, action) in actions.enumerated() {
            guard Identifier.isValid(action.name) else {
                throw ExportError("\(exportedClass.name): action name \"\(action.name)\" is not an identifier")
            }
            guard let cif = FFISignatures.shared.action(action.kind),
                  let invoke = makeFunction(cif: cif, target: ActionTarget(exportedClass: exportedClass, action: action))
            else { throw ExportError("\(exportedClass.name).\(action.name): libffi could not create the action's function") }
            var range: UnsafePointer<easel_range>?
            if let r = action.range {
                let pointer = UnsafeMutablePointer<easel_range>.allocate(capacity: 1)
                pointer.initialize(to: easel_range(min: r.min, max: r.max, step: r.step))
                range = UnsafePointer(pointer)
            }
            var cases: UnsafePointer<easel_enum_case>?
            if !action.enumCases.isEmpty {
                let pointer = UnsafeMutablePointer<easel_enum_case>.allocate(capacity: action.enumCases.count)
                for (i, c) in action.enumCases.enumerated() {
                    (pointer + i).initialize(to: easel_enum_case(
                        struct_size: UInt32(MemoryLayout<easel_enum_case>.size), reserved0: 0,
                        name: CStrings.persistent(c.name), value: c.value, display_name: nil))
                }
                cases = UnsafePointer(pointer)
            }
            (list + index).initialize(to: easel_action(
                struct_size: UInt32(MemoryLayout<easel_action>.size),
                argument_type: action.argumentType,
                name: CStrings.persistent(action.name),
                display_name: CStrings.persistent(action.displayName),
                summary: CStrings.persistent(action.summary),
                range: range,
                enum_case_count: UInt32(action.enumCases.count),
                reserved0: 0,
                enum_cases: cases,
                default_argument: action.defaultArgument,
                invoke: invoke))
        }
        let table = UnsafeMutablePointer<easel_actions>.allocate(capacity: 1)
        table.initialize(to: easel_actions(struct_size: UInt32(MemoryLayout<easel_actions>.size),
                                           action_count: UInt32(actions.count), actions: UnsafePointer(list)))
        return UnsafeRawPointer(table)
    }

    private typealias Handler = @convention(c) (
        UnsafeMutablePointer<ffi_cif>?, UnsafeMutableRawPointer?,
        UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?) -> Void

    private static func makeFunction(cif: UnsafeMutablePointer<ffi_cif>, target: ActionTarget) -> easel_fn? {
        var code: UnsafeMutableRawPointer?
        guard let memory = ffi_closure_alloc(MemoryLayout<ffi_closure>.stride, &code), let code else { return nil }
        let closure = memory.assumingMemoryBound(to: ffi_closure.self)
        let userData = Unmanaged.passRetained(target).toOpaque()
        guard ffi_prep_closure_loc(closure, cif, handler, userData, code) == FFI_OK else {
            Unmanaged<ActionTarget>.fromOpaque(userData).release()
            ffi_closure_free(memory)
            return nil
        }
        return unsafeBitCast(code, to: easel_fn.self)
    }

    /// `bool invoke(void *self[, T argument])`: arguments[0] points to `self`, arguments[1] to the
    /// argument; the bool is written as a full ffi_arg.
    private static let handler: Handler = { _, result, arguments, userData in
        guard let result, let arguments, let userData else { return }
        let target = Unmanaged<ActionTarget>.fromOpaque(userData).takeUnretainedValue()
        result.storeBytes(of: UInt64(target.call(arguments) ? 1 : 0), as: UInt64.self)
    }
}

/// What an action trampoline's user data points to.
final class ActionTarget {
    unowned let exportedClass: ExportedClass
    let action: DesignableAction

    init(exportedClass: ExportedClass, action: DesignableAction) {
        self.exportedClass = exportedClass
        self.action = action
    }

    func call(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Bool {
        let label = "\(exportedClass.name).\(action.name)"
        guard let selfPointer = arguments[0]?.load(as: UnsafeMutableRawPointer?.self) else {
            EaselPlugin.log(.error, "\(label): called with a NULL instance")
            return false
        }
        let box = InstanceBox.from(selfPointer)
        guard box.exportedClass === exportedClass else {
            EaselPlugin.log(.error, "\(label): called with an instance of \(box.exportedClass.name)")
            return false
        }
        let argument = action.kind == nil ? nil : arguments[1].map(UnsafeRawPointer.init)
        _ = PluginState.shared.takeFailure()
        let performed = box.runComponentCode { action.perform($0, argument) }
        if let failure = PluginState.shared.takeFailure() {
            box.designer.log(.error, failure)
            return false
        }
        if !performed { box.designer.log(.error, "\(label): the argument is not one the action takes") }
        return performed
    }
}
