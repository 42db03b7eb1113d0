/// A view with control state (enabled, selected, highlighted) and content alignment, the base of
/// ``UIButton``. There is no event delivery in a designer: target–action is not offered.
open class UIControl: UIView {
    /// Control states (UIControl.State).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// Horizontal placement of the content (UIControl.ContentHorizontalAlignment).
    public enum ContentHorizontalAlignment: Int, InspectableEnum, Sendable {
        case center, left, right, fill, leading, trailing
    }

    /// Vertical placement of the content (UIControl.ContentVerticalAlignment).
    public enum ContentVerticalAlignment: Int, InspectableEnum, Sendable {
        case center, top, bottom, fill
    }

    open var isEnabled = true { didSet { stateDidChange() } }
    open var isSelected = false { didSet { stateDidChange() } }
    open var isHighlighted = false { didSet { stateDidChange() } }

    open var state: State {
        var state: State = []
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isHighlighted { state.insert(.highlighted) }
        return state
    }

    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }

    open override class var designableKind: DesignableKind { .control }

    open override class func _makeDesignable(frame: CGRect) -> UIView { UIControl(frame: frame) }

    /// Interface Builder's "Control" section: the content alignment.
    open override class var _inspectableProperties: [InspectableProperty] {
        [
            .toolkit(UIControl.self, ContentHorizontalAlignment.self, "contentHorizontalAlignment", group: "Control",
                     displayName: "Horizontal Alignment", get: { $0.contentHorizontalAlignment }, set: { $0.contentHorizontalAlignment = $1 }),
            .toolkit(UIControl.self, ContentVerticalAlignment.self, "contentVerticalAlignment", group: "Control",
                     displayName: "Vertical Alignment", get: { $0.contentVerticalAlignment }, set: { $0.contentVerticalAlignment = $1 }),
        ] + super._inspectableProperties
    }

    private func stateDidChange() {
        setNeedsLayout()
        setNeedsDisplay()
    }
}
