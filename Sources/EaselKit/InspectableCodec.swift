internal import CEasel

/// How one inspectable type crosses the C ABI: its type code, its C representation in libffi's
/// buffers, and its default-value form. An implementation detail of ``InspectableValue``: it cannot be
/// created outside EaselKit, which is what keeps the set of inspectable types closed.
///
/// Immutable (its closures capture nothing), so the codecs of the built-in types are shared constants.
public final class InspectableCodec<Value>: @unchecked Sendable {
    /// The EASEL_TYPE_* code.
    let type: easel_type
    /// The C type the accessors use.
    let kind: FFIKind
    /// Writes `value` as a getter's return value into libffi's return buffer. A C string is kept in
    /// `string` (the instance's slot for this property; the previous one is freed).
    let store: (Value, UnsafeMutableRawPointer, inout UnsafeMutablePointer<CChar>?) -> Void
    /// Reads a setter's argument from libffi's argument buffer; nil if the value is not representable
    /// (an enum value that is no case).
    let load: (UnsafeRawPointer) -> Value?
    /// The descriptor's default-value form (strings are copied and kept for the process lifetime).
    let defaultValue: (Value) -> easel_value
    /// The value as a number, for range checks; nil for non-numeric types.
    let number: (Value) -> Double?
    /// The cases of an enum, in declaration order; empty for other types.
    let enumCases: () -> [(name: String, value: Int64)]

    init(type: easel_type, kind: FFIKind,
         store: @escaping (Value, UnsafeMutableRawPointer, inout UnsafeMutablePointer<CChar>?) -> Void,
         load: @escaping (UnsafeRawPointer) -> Value?,
         defaultValue: @escaping (Value) -> easel_value,
         number: @escaping (Value) -> Double? = { _ in nil },
         enumCases: @escaping () -> [(name: String, value: Int64)] = { [] }) {
        self.type = type
        self.kind = kind
        self.store = store
        self.load = load
        self.defaultValue = defaultValue
        self.number = number
        self.enumCases = enumCases
    }

    /// A codec for a value type whose C form is a plain struct or scalar `C`.
    static func plain<C>(type: easel_type, kind: FFIKind, _ toC: @escaping (Value) -> C,
                         _ fromC: @escaping (C) -> Value, defaultValue: @escaping (C) -> easel_value,
                         number: @escaping (Value) -> Double? = { _ in nil }) -> InspectableCodec {
        InspectableCodec(type: type, kind: kind,
                         store: { value, result, _ in result.storeBytes(of: toC(value), as: C.self) },
                         load: { argument in fromC(argument.loadUnaligned(as: C.self)) },
                         defaultValue: { defaultValue(toC($0)) },
                         number: number)
    }

    /// A codec for a type whose C form is `const char *` (STRING, IMAGE): nil ↔ NULL.
    static func cString(type: easel_type, _ toString: @escaping (Value) -> String?,
                        _ fromString: @escaping (String?) -> Value) -> InspectableCodec {
        InspectableCodec(type: type, kind: .cString,
                         store: { value, result, slot in
                             free(slot)
                             slot = toString(value).map { strdup($0) }
                             result.storeBytes(of: UnsafePointer<CChar>(slot), as: UnsafePointer<CChar>?.self)
                         },
                         load: { argument in
                             let pointer = argument.load(as: UnsafePointer<CChar>?.self)
                             return fromString(pointer.map { String(cString: $0) })
                         },
                         defaultValue: { value in
                             var v = easel_value()
                             v.s = toString(value).map { CStrings.persistent($0) }
                             return v
                         })
    }
}

extension InspectableCodec where Value: InspectableEnum {
    static func enumeration() -> InspectableCodec {
        InspectableCodec(type: EASEL_TYPE_ENUM, kind: .int64,
                         store: { value, result, _ in result.storeBytes(of: Int64(value.rawValue), as: Int64.self) },
                         load: { argument in
                             let raw = argument.loadUnaligned(as: Int64.self)
                             guard let int = Int(exactly: raw) else { return nil }
                             return Value(rawValue: int)
                         },
                         defaultValue: { value in
                             var v = easel_value()
                             v.i = Int64(value.rawValue)
                             return v
                         },
                         enumCases: { Value.allCases.map { (String(describing: $0), Int64($0.rawValue)) } })
    }
}

// The codecs of the built-in types (generic classes cannot have static stored properties).

let intCodec = InspectableCodec<Int>.plain(
    type: EASEL_TYPE_INT, kind: .int64, { Int64($0) }, { Int(truncatingIfNeeded: $0) },
    defaultValue: { var v = easel_value(); v.i = $0; return v }, number: { Double($0) })

let cgFloatCodec = InspectableCodec<CGFloat>.plain(
    type: EASEL_TYPE_CGFLOAT, kind: .double, { Double($0) }, { CGFloat($0) },
    defaultValue: { var v = easel_value(); v.d = $0; return v }, number: { Double($0) })

let doubleCodec = InspectableCodec<Double>.plain(
    type: EASEL_TYPE_DOUBLE, kind: .double, { $0 }, { $0 },
    defaultValue: { var v = easel_value(); v.d = $0; return v }, number: { $0 })

/// C `bool`: libffi needs small integer return values widened to a full `ffi_arg`.
let boolCodec = InspectableCodec<Bool>(
    type: EASEL_TYPE_BOOL, kind: .bool,
    store: { value, result, _ in result.storeBytes(of: UInt64(value ? 1 : 0), as: UInt64.self) },
    load: { argument in argument.load(as: UInt8.self) != 0 },
    defaultValue: { var v = easel_value(); v.b = $0; return v })

let stringCodec = InspectableCodec<String>.cString(type: EASEL_TYPE_STRING, { $0 }, { $0 ?? "" })

let pointCodec = InspectableCodec<CGPoint>.plain(
    type: EASEL_TYPE_POINT, kind: .point, { $0.easel }, { CGPoint($0) },
    defaultValue: { var v = easel_value(); v.point = $0; return v })

let sizeCodec = InspectableCodec<CGSize>.plain(
    type: EASEL_TYPE_SIZE, kind: .size, { $0.easel }, { CGSize($0) },
    defaultValue: { var v = easel_value(); v.size = $0; return v })

let rectCodec = InspectableCodec<CGRect>.plain(
    type: EASEL_TYPE_RECT, kind: .rect, { $0.easel }, { CGRect($0) },
    defaultValue: { var v = easel_value(); v.rect = $0; return v })

let colorCodec = InspectableCodec<UIColor>.plain(
    type: EASEL_TYPE_COLOR, kind: .color, { $0.easel }, { UIColor($0) },
    defaultValue: { var v = easel_value(); v.color = $0; return v })

/// `UIColor?`: nil travels as transparent black and comes back as `UIColor.clear`.
let optionalColorCodec = InspectableCodec<UIColor?>.plain(
    type: EASEL_TYPE_COLOR, kind: .color, { $0?.easel ?? easelClearColor }, { UIColor($0) },
    defaultValue: { var v = easel_value(); v.color = $0; return v })

/// `UIImage?`: the image's resource name; NULL (or "") is nil.
let imageCodec = InspectableCodec<UIImage?>.cString(
    type: EASEL_TYPE_IMAGE, { $0?.name }, { name in name.flatMap { $0.isEmpty ? nil : UIImage(named: $0) } })

let insetsCodec = InspectableCodec<UIEdgeInsets>.plain(
    type: EASEL_TYPE_INSETS, kind: .insets, { $0.easel }, { UIEdgeInsets($0) },
    defaultValue: { var v = easel_value(); v.insets = $0; return v })
