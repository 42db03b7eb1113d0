/// One pointer's contact with a view during a touch sequence (down, moves, up or cancel), as
/// UIKit's UITouch. Easel's pointer is a mouse or pen: ``type`` is `.indirectPointer`.
public final class UITouch: Hashable {
    /// Where the touch is in its sequence.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// What kind of device made the touch.
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    public internal(set) var phase: Phase
    /// 1 for a single click, 2 for a double click, …
    public internal(set) var tapCount: Int
    /// Seconds on the instance's animation clock.
    public internal(set) var timestamp: Double
    /// The view the sequence began in (it gets every event of the sequence).
    public internal(set) weak var view: UIView?
    public var type: TouchType { .indirectPointer }

    /// The location in the root view's coordinates, now and at the previous event.
    var rootLocation: CGPoint
    var previousRootLocation: CGPoint
    /// The root view of the instance (locations are converted from it).
    weak var root: UIView?

    init(view: UIView, root: UIView, location: CGPoint, tapCount: Int, timestamp: Double) {
        self.view = view
        self.root = root
        rootLocation = location
        previousRootLocation = location
        self.tapCount = tapCount
        self.timestamp = timestamp
        phase = .began
    }

    /// The touch's location in `view`'s coordinates (nil: the root view's).
    public func location(in view: UIView?) -> CGPoint {
        guard let view, let root else { return rootLocation }
        return view.convert(rootLocation, from: root)
    }

    /// Where the touch was at the previous event, in `view`'s coordinates.
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view, let root else { return previousRootLocation }
        return view.convert(previousRootLocation, from: root)
    }

    /// Moves the touch to `location` (root coordinates) in `phase`.
    func update(_ location: CGPoint, phase: Phase, timestamp: Double) {
        previousRootLocation = rootLocation
        rootLocation = location
        self.phase = phase
        self.timestamp = timestamp
    }

    public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The keyboard modifiers held during an event (UIKeyModifierFlags).
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
}

/// One pointer event as a view receives it with its touches (UIEvent of type `.touches`).
public final class UIEvent {
    /// The kinds of event (only touches reach an Easel view).
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    /// The pointer buttons held (UIEvent.ButtonMask).
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let primary = ButtonMask(rawValue: 1 << 0)
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// The mask of button `number` (0 primary, 1 secondary, 2 middle, …).
        public static func button(_ number: Int) -> ButtonMask { ButtonMask(rawValue: 1 << number) }
    }

    public var type: EventType { .touches }
    public let timestamp: Double
    public let modifierFlags: UIKeyModifierFlags
    public let buttonMask: ButtonMask
    public let allTouches: Set<UITouch>?

    init(touch: UITouch, modifierFlags: UIKeyModifierFlags, buttonMask: ButtonMask) {
        timestamp = touch.timestamp
        self.modifierFlags = modifierFlags
        self.buttonMask = buttonMask
        allTouches = [touch]
    }

    /// The event's touches that belong to `view`.
    public func touches(for view: UIView) -> Set<UITouch>? {
        allTouches?.filter { $0.view === view }
    }
}
