import CEasel

/// One designable component class, whatever language it was written in and wherever its code runs.
///
/// This is the host's one view of a component: commands query ``info``, create instances, set and get
/// properties, lay out and draw through it, and never learn whether the class came from a C or a Swift
/// plugin, or whether it runs in this process or in a worker.
///
/// ```swift
/// let registry = Registry(searchPath: PluginSearchPath(directories: ["components"]))
/// guard let button = registry.designableClass(named: "RoundedCornerButton") else { … }
/// let instance = try button.makeInstance(frame: Rect(size: button.info.defaultSize))
/// try instance.set("cornerRadius", to: .cgFloat(12))
/// try instance.prepareForDesigner()
/// try instance.layout(size: button.info.defaultSize)
/// try instance.draw(into: canvas, rect: Rect(size: button.info.defaultSize))
/// ```
package protocol DesignableClass: AnyObject {
    /// The class's description: name, plugin, property table. Pure data.
    var info: ClassInfo { get }
    /// init(frame:): a new instance with every property at its default, made for `traits`
    /// (easel.traits/1: from inside create the instance reads them).
    func makeInstance(frame: Rect, traits: Traits) throws -> DesignableInstance
    /// init(coder:): a new instance from an archive, made for `traits`. The caller then sets the
    /// archived attributes and calls ``DesignableInstance/awakeFromArchive()``.
    func makeInstance(archive: Archive, traits: Traits) throws -> DesignableInstance
    /// Where warnings about this class and its instances go (its host core's).
    var diagnostics: Diagnostics { get }
}

/// One live instance of a ``DesignableClass``. It is destroyed when the last reference goes away.
/// Every call may throw a ``HostError`` naming the file, class, property and phase.
package protocol DesignableInstance: AnyObject {
    var info: ClassInfo { get }
    /// Sets a property through its typed setter after checking type, range and enum cases.
    func set(_ property: String, to value: PropertyValue) throws
    /// Reads a property back through its typed getter.
    func get(_ property: String) throws -> PropertyValue
    /// prepareForInterfaceBuilder.
    func prepareForDesigner() throws
    /// awakeFromNib.
    func awakeFromArchive() throws
    /// layoutSubviews for the given bounds size.
    func layout(size: Size) throws
    /// draw(_ rect:) into a host canvas.
    func draw(into canvas: UnsafeMutablePointer<easel_canvas>, rect: Rect) throws
    /// intrinsicContentSize; an axis without one is `EASEL_NO_INTRINSIC_METRIC` (-1).
    func intrinsicSize() throws -> Size
    /// Calls an action (extension `easel.actions/1`) after checking its argument as a property value
    /// is checked; `argument` is nil for an action without one.
    func invoke(_ action: String, argument: PropertyValue?) throws
    /// What the instance asked for through its instance host since the last call (consumed). Cheap:
    /// a worker is asked only after it said that it has requests.
    func takeRequests() throws -> InstanceRequests
    /// Controls the instance's animation clock (extension `easel.clock/1`).
    func clock(_ control: ClockControl) throws
    /// The traits the instance is shown with now (easel.traits/1).
    var traits: Traits { get }
    /// Gives the instance new traits; one that listens (easel.traits/1) hears of the change. The
    /// caller lays it out and draws it again. A new layout direction needs a new instance: the
    /// caller makes one (a view is laid out for one direction, as an iOS app restarts for another).
    func setTraits(_ traits: Traits) throws
    /// Sends a pointer event (easel.input/1); returns whether the instance handled it. Its requests
    /// (``takeRequests()``) say what it changed and what it sent. A class without easel.input/1
    /// handles nothing (``ClassInfo/takesInput``).
    func pointerEvent(_ event: PointerEvent) throws -> Bool
    /// Whether `point` (instance coordinates) belongs to the instance for pointer input (its hit
    /// test, else its bounds).
    func hitTest(_ point: Point, size: Size) throws -> Bool
}

extension DesignableClass {
    /// init(frame:) with the default traits.
    package func makeInstance(frame: Rect) throws -> DesignableInstance { try makeInstance(frame: frame, traits: .default) }
    /// init(coder:) with the default traits.
    package func makeInstance(archive: Archive) throws -> DesignableInstance { try makeInstance(archive: archive, traits: .default) }
}

/// How the host drives an instance's animation clock (easel.h, easel.clock/1).
package enum ClockControl: Equatable, Sendable {
    /// Moves a virtual clock forward (one-shot renders: 1/60 s per redraw the instance asked for).
    case advance(Double)
    /// Follow real time from now on (live views).
    case realTime
}

/// An instance whose code runs in another process and can draw a whole picture there: a one-shot
/// PNG render of one class composites that picture instead of replaying a display list, so the
/// host never lays out text or decodes images itself (and never starts fontconfig for them).
package protocol RasterizingInstance: DesignableInstance {
    /// Draws (without laying out) onto a transparent picture of `size` points at `scale`.
    func rasterize(size: Size, scale: Double) throws -> Raster
}

/// What a layout document or scene archived for one instance (init(coder:)).
package struct Archive: Equatable, Sendable {
    package var frame: Rect
    /// Property names and values in the command-line value syntax, in document order.
    package var attributes: [(key: String, value: String)]
    /// The document it came from, for messages.
    package var source: String?

    package init(frame: Rect, attributes: [(key: String, value: String)] = [], source: String? = nil) {
        self.frame = frame
        self.attributes = attributes
        self.source = source
    }

    package static func == (a: Archive, b: Archive) -> Bool {
        a.frame == b.frame && a.source == b.source
            && a.attributes.map(\.key) == b.attributes.map(\.key)
            && a.attributes.map(\.value) == b.attributes.map(\.value)
    }
}

/// What an instance asked of the host through its instance host (easel.h, easel_instance_host)
/// since it was last asked: coalesced, each property once.
package struct InstanceRequests: Equatable, Sendable {
    /// request_layout: lay out (then draw) again.
    package var layout = false
    /// request_redraw: draw again (the next frame of an animation, an image that arrived).
    package var redraw = false
    /// property_changed: properties the component changed itself, in the order first reported.
    package var changedProperties: [String] = []
    /// easel.input/1's send_action: the control events the instance sent, every one, in order.
    package var sentActions: [String] = []

    package init(layout: Bool = false, redraw: Bool = false, changedProperties: [String] = [], sentActions: [String] = []) {
        self.layout = layout
        self.redraw = redraw
        self.changedProperties = changedProperties
        self.sentActions = sentActions
    }

    package var isEmpty: Bool { !layout && !redraw && changedProperties.isEmpty && sentActions.isEmpty }

    /// Adds `other`'s requests to these.
    package mutating func merge(_ other: InstanceRequests) {
        layout = layout || other.layout
        redraw = redraw || other.redraw
        for name in other.changedProperties where !changedProperties.contains(name) { changedProperties.append(name) }
        sentActions += other.sentActions
    }
}
