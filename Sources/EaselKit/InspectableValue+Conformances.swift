// The built-in inspectable types (see InspectableCodec.swift for their C forms).

extension Int: InspectableNumber {
    public static var _inspectableCodec: InspectableCodec<Int> { intCodec }
}

extension CGFloat: InspectableNumber {
    public static var _inspectableCodec: InspectableCodec<CGFloat> { cgFloatCodec }
}

extension Double: InspectableNumber {
    public static var _inspectableCodec: InspectableCodec<Double> { doubleCodec }
}

extension Bool: InspectableValue {
    public static var _inspectableCodec: InspectableCodec<Bool> { boolCodec }
}

extension String: InspectableValue {
    public static var _inspectableCodec: InspectableCodec<String> { stringCodec }
}

extension CGPoint: InspectableValue {
    public static var _inspectableCodec: InspectableCodec<CGPoint> { pointCodec }
}

extension CGSize: InspectableValue {
    public static var _inspectableCodec: InspectableCodec<CGSize> { sizeCodec }
}

extension CGRect: InspectableValue {
    public static var _inspectableCodec: InspectableCodec<CGRect> { rectCodec }
}

extension UIEdgeInsets: InspectableValue {
    public static var _inspectableCodec: InspectableCodec<UIEdgeInsets> { insetsCodec }
}

extension UIColor: InspectableValue, OptionalInspectableValue {
    public static var _inspectableCodec: InspectableCodec<UIColor> { colorCodec }
    public static var _optionalInspectableCodec: InspectableCodec<UIColor?> { optionalColorCodec }
}

extension UIImage: OptionalInspectableValue {
    public static var _optionalInspectableCodec: InspectableCodec<UIImage?> { imageCodec }
}
