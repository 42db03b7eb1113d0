/// A type an `@IBInspectable` property may have.
///
/// The supported types are exactly those the Easel ABI can carry, as in Interface Builder plus enums
/// and insets: `Int`, `CGFloat`, `Double`, `String`, `Bool`, `CGPoint`, `CGSize`, `CGRect`, `UIColor`
/// (and `UIColor?`, nil being clear), `UIImage?` (nil: no image), `UIEdgeInsets`, and enums that
/// adopt ``InspectableEnum``. Declaring `@IBInspectable var x: Float` does not compile: `Float` does not
/// conform.
///
/// The requirement is an implementation detail; conform your own types only through
/// ``InspectableEnum``.
public protocol InspectableValue: Equatable {
    /// How EaselKit passes values of this type through the C ABI. Implementation detail.
    static var _inspectableCodec: InspectableCodec<Self> { get }
}

/// A numeric inspectable type (`Int`, `CGFloat`, `Double`): one that may have a `range:`.
public protocol InspectableNumber: InspectableValue, Comparable {}

/// A class whose optional form is inspectable: `UIColor?` and `UIImage?`.
public protocol OptionalInspectableValue: Equatable {
    /// How EaselKit passes `Self?` through the C ABI. Implementation detail.
    static var _optionalInspectableCodec: InspectableCodec<Self?> { get }
}

extension Optional: InspectableValue where Wrapped: OptionalInspectableValue {
    public static var _inspectableCodec: InspectableCodec<Wrapped?> { Wrapped._optionalInspectableCodec }
}
