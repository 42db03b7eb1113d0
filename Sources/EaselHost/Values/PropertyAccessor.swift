import CEasel
import CFFI
import Glibc

/// Calls one property's typed C accessors through libffi, converting between ``PropertyValue`` and
/// the C representation easel.h fixes for its type.
///
/// The plugin writes plain typed functions (`void set(void *self, double value)`); the host calls them
/// through the prepared cif for that signature (``FFISignatures``), never through a value union.
struct PropertyAccessor {
    let type: PropertyType
    let getter: easel_fn
    let setter: easel_fn?

    /// Reads the current value. `instance` is the plugin's `self`.
    func get(_ instance: UnsafeMutableRawPointer) -> PropertyValue {
        switch type {
        case .int: return .int(call(instance, returning: Int64.self))
        case .enumeration: return .enumeration(call(instance, returning: Int64.self))
        case .cgFloat: return .cgFloat(call(instance, returning: Double.self))
        case .double: return .double(call(instance, returning: Double.self))
        case .bool:
            // libffi widens small integer returns to a full ffi_arg.
            return .bool(UInt8(truncatingIfNeeded: call(instance, returning: UInt64.self)) != 0)
        case .string, .image:
            let pointer = call(instance, returning: UnsafePointer<CChar>?.self)
            let text = pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
            return type == .string ? .string(text ?? "") : .image(text.flatMap { $0.isEmpty ? nil : $0 })
        case .point: return .point(Point(call(instance, returning: easel_point.self)))
        case .size: return .size(Size(call(instance, returning: easel_size.self)))
        case .rect: return .rect(Rect(call(instance, returning: easel_rect.self)))
        case .color: return .color(Color(call(instance, returning: easel_color.self)))
        case .insets: return .insets(Insets(call(instance, returning: easel_insets.self)))
        }
    }

    /// Writes a value already checked against the property (type, range, cases).
    func set(_ instance: UnsafeMutableRawPointer, _ value: PropertyValue) {
        guard let setter else { return }
        _ = Self.invoke(FFISignatures.shared.setter(type), setter, instance, argument: value)
    }

    /// Calls `fn(self, value)` through `cif`, passing `value` in the C representation of its type,
    /// and returns the low byte of the result (the `bool` of an action; nothing for a setter).
    /// `value` nil calls `fn(self)`.
    static func invoke(_ cif: UnsafeMutablePointer<ffi_cif>, _ fn: easel_fn, _ instance: UnsafeMutableRawPointer,
                       argument value: PropertyValue?) -> UInt8 {
        guard let value else { return call(cif, fn, instance, Optional<Int64>.none) }
        switch value {
        case .int(let v), .enumeration(let v): return call(cif, fn, instance, v)
        case .cgFloat(let v), .double(let v): return call(cif, fn, instance, v)
        case .bool(let v): return call(cif, fn, instance, v)
        case .string(let s): return s.withCString { call(cif, fn, instance, $0) }
        case .image(let path):
            if let path { return path.withCString { call(cif, fn, instance, $0) } }
            return call(cif, fn, instance, UnsafePointer<CChar>?.none)
        case .point(let p): return call(cif, fn, instance, p.c)
        case .size(let s): return call(cif, fn, instance, s.c)
        case .rect(let r): return call(cif, fn, instance, r.c)
        case .color(let c): return call(cif, fn, instance, c.c)
        case .insets(let i): return call(cif, fn, instance, i.c)
        }
    }

    private func call<R>(_ instance: UnsafeMutableRawPointer, returning: R.Type) -> R {
        let cif = FFISignatures.shared.getter(type)
        // At least one ffi_arg of room: libffi writes small integer returns as a full register.
        return withUnsafeTemporaryAllocation(byteCount: max(MemoryLayout<R>.size, 8), alignment: 16) { result in
            var selfArgument: UnsafeMutableRawPointer? = instance
            return withUnsafeMutablePointer(to: &selfArgument) { selfPointer in
                withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 1) { args in
                    args[0] = UnsafeMutableRawPointer(selfPointer)
                    ffi_call(cif, getter, result.baseAddress, args.baseAddress)
                    return result.baseAddress!.load(as: R.self)
                }
            }
        }
    }

    /// `fn(self, value)`, or `fn(self)` when `value` is an absent optional marker (see above).
    private static func call<T>(_ cif: UnsafeMutablePointer<ffi_cif>, _ fn: easel_fn,
                                _ instance: UnsafeMutableRawPointer, _ value: T) -> UInt8 {
        var selfArgument: UnsafeMutableRawPointer? = instance
        var valueArgument = value
        var result: UInt64 = 0 // one ffi_arg: libffi widens small integer returns
        let argumentCount = Int(cif.pointee.nargs)
        withUnsafeMutablePointer(to: &selfArgument) { selfPointer in
            withUnsafeMutablePointer(to: &valueArgument) { valuePointer in
                withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 2) { args in
                    args[0] = UnsafeMutableRawPointer(selfPointer)
                    args[1] = UnsafeMutableRawPointer(valuePointer)
                    precondition(argumentCount <= 2)
                    ffi_call(cif, fn, &result, args.baseAddress)
                }
            }
        }
        return UInt8(truncatingIfNeeded: result)
    }
}

/// Calls one action of a class (extension `easel.actions/1`) through libffi with the cached cif of
/// its signature, `bool invoke(void *self[, T argument])`, exactly as properties are called.
struct ActionInvoker {
    let argumentType: PropertyType?
    let invoke: easel_fn

    /// Calls the action with an argument already checked against it; false if the plugin says it failed.
    func call(_ instance: UnsafeMutableRawPointer, _ argument: PropertyValue?) -> Bool {
        let cif = argumentType.map { FFISignatures.shared.action($0) } ?? FFISignatures.shared.actionWithoutArgument
        return PropertyAccessor.invoke(cif, invoke, instance, argument: argumentType == nil ? nil : argument) != 0
    }
}
