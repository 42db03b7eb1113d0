/// An enum shown in the inspector as a pop-up of its cases (`EASEL_TYPE_ENUM`).
///
/// Adopt it on an `Int`-backed, `CaseIterable` enum; the case names shown and accepted by the host are
/// the Swift case names (`String(describing:)`), the values passed through the ABI are the raw values.
///
///     enum Style: Int, InspectableEnum {
///         case plain, outlined, filled
///     }
///
///     @IBDesignable @Designable
///     class Badge: UIView {
///         @IBInspectable var style: Style = .filled
///     }
public protocol InspectableEnum: InspectableValue, CaseIterable, RawRepresentable where RawValue == Int {}

extension InspectableEnum {
    public static var _inspectableCodec: InspectableCodec<Self> { InspectableCodec<Self>.enumeration() }
}
