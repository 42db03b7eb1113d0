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

    /// The events a control sends (UIControl.Event), with UIKit's raw values.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// Each single event with its name, as the host is told of it (easel.input/1's send_action).
        static let named: [(Event, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
            (.menuActionTriggered, "menuActionTriggered"), (.editingDidBegin, "editingDidBegin"),
            (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]
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

    // MARK: Tracking (UIKit's, driven by the touches the host sends)

    /// Whether a touch sequence that began in the control is in progress.
    open private(set) var isTracking = false
    /// Whether the current touch is inside the control (with UIKit's 70-point margin while dragging).
    open private(set) var isTouchInside = false
    /// The targets' actions, by event (``addTarget(_:action:for:)``, ``addAction(_:for:)``).
    var targetActions: [ControlTargetAction] = []
    /// Whether a touch sequence began in the control (it gets the sequence's events).
    private var hasTouch = false

    /// A touch began in the control: return false to stop tracking it.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The touch moved: return false to stop tracking it.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The touch ended (nil: tracking stopped early).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// The sequence was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    /// Sends the actions of every event in `controlEvents` to their targets, and tells the host of
    /// each (easel.input/1), as UIKit's `sendActions(for:)` does.
    open func sendActions(for controlEvents: Event) {
        for (event, name) in Event.named where controlEvents.contains(event) {
            for entry in targetActions where entry.events.contains(event) { entry.perform(self) }
            designer?.sendAction(name)
        }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return super.touchesBegan(touches, with: event) }
        hasTouch = true
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard hasTouch, let touch = touches.first else { return super.touchesMoved(touches, with: event) }
        let wasInside = isTouchInside
        isTouchInside = touchArea.contains(touch.location(in: self))
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        switch (wasInside, isTouchInside) {
        case (true, true): sendActions(for: .touchDragInside)
        case (true, false): sendActions(for: [.touchDragExit, .touchDragOutside])
        case (false, true): sendActions(for: [.touchDragEnter, .touchDragInside])
        case (false, false): sendActions(for: .touchDragOutside)
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard hasTouch, let touch = touches.first else { return super.touchesEnded(touches, with: event) }
        hasTouch = false
        isTouchInside = touchArea.contains(touch.location(in: self))
        isHighlighted = false
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        sendActions(for: isTouchInside ? [.touchUpInside, .primaryActionTriggered] : .touchUpOutside)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard hasTouch else { return super.touchesCancelled(touches, with: event) }
        hasTouch = false
        isHighlighted = false
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isTouchInside = false
        sendActions(for: .touchCancel)
    }

    /// Where a touch still counts as inside while it moves: the bounds and 70 points around them, as
    /// UIKit measures touchDragInside and touchUpInside.
    private var touchArea: CGRect { bounds.insetBy(dx: -70, dy: -70) }
}
