import CCairo
import EaselHost
import EaselPreview
import EaselRender

/// One view of a component class in an application (easel_runtime.h's `easel_view`): a
/// ``DesignerInstance`` made as an application makes a view (no prepare-for-designer, its clock on
/// real time), the values it holds across reloads, the pointer sequence it is in, and the callbacks
/// through which it tells the application what its instance asked and did.
///
/// After every call that runs plugin code, what the instance said is passed on, in this order: the
/// control events it sent, the properties it changed (read back; held when an action, a pointer
/// event or a frame changed them, never when the component derived them from a value set: a clamp),
/// then a redraw.
package final class EmbeddedView {
    /// What the view tells the application (easel_view_callbacks).
    package struct Callbacks {
        package var redraw: ((_ layout: Bool) -> Void)?
        package var propertyChanged: ((_ name: String, _ value: String) -> Void)?
        package var actionSent: ((_ event: String) -> Void)?
        package init() {}
    }

    package let runtime: EmbeddingRuntime
    package let className: String
    package var callbacks = Callbacks()
    /// The order views were made in (reloads remake them in it).
    let serial: Int

    /// nil once destroyed.
    private(set) var component: DesignerInstance?
    package private(set) var frame: Rect
    /// The axes the application left to the natural size (0 in the frame it gave).
    private let naturalAxes: (width: Bool, height: Bool)
    package private(set) var traits: Traits
    /// The values the view holds, by name, in the order last set: the application's and those its
    /// instance changed itself after an action, a pointer event or a frame (not what it derived
    /// while a value was set). A remade instance gets them again (``HeldValues``).
    private var values: [PropertyAssignment] = []
    private var held = HeldValues()
    /// When the instance's clock started following real time (pointer events' timestamps).
    private var clockStart = 0.0
    /// Pointer input: whether the sequence in progress is the instance's (its down hit it).
    private var capturing = false
    /// Images decoded for this view, kept across frames.
    private let images = ImageCache()
    /// Names and strings lent to C callers (easel_view_property_name, easel_view_get_value, …).
    let propertyNameTable = CStringTable(), actionNameTable = CStringTable(), lent = LentString(), classNameCopy = LentString(),
        displayNameCopy = LentString()

    /// The class as the view's instance has it (its build's).
    package private(set) var info: ClassInfo

    /// Makes an instance of `className` for `traits`; a 0 width or height in `frame` takes the natural size.
    package init(runtime: EmbeddingRuntime, className: String, frame: Rect, traits: Traits) throws {
        try Self.checkFrame(frame)
        self.runtime = runtime
        self.className = className
        self.frame = frame
        self.traits = traits
        naturalAxes = (frame.width == 0, frame.height == 0)
        let cls = try runtime.designableClass(named: className)
        info = cls.info
        serial = runtime.adopt()
        component = try make(cls, values: [])
        runtime.follow(self)
    }

    /// Destroys the instance (its destroy runs) and leaves the runtime's views.
    package func destroy() {
        component = nil
        runtime.forget(self)
    }

    /// The instance, or an error once the view was destroyed.
    private func live() throws -> DesignerInstance {
        guard let component else { throw HostError(.usage, "the view was destroyed", className: className) }
        return component
    }

    private func make(_ cls: DesignableClass, values: [(name: String, value: PropertyValue)]) throws -> DesignerInstance {
        let info = cls.info
        let component = try DesignerInstance(cls, frame: Rect(x: frame.x, y: frame.y, width: frame.width == 0 ? info.defaultSize.width : frame.width,
                                                              height: frame.height == 0 ? info.defaultSize.height : frame.height),
                                             values: values, traits: traits, prepareForDesigner: false)
        try component.followRealTime()
        clockStart = AnimationTime.now()
        if naturalAxes.width || naturalAxes.height {
            let natural = try DesignerInstance.naturalSize(of: cls, instance: component.instance)
            var size = component.frame.size
            if naturalAxes.width { size.width = natural.width }
            if naturalAxes.height { size.height = natural.height }
            component.resize(to: size)
        }
        frame = component.frame
        self.info = info
        capturing = false
        return component
    }

    /// Makes the instance again from the build that provides its class now, with the values the view
    /// holds (those that no longer fit are set aside with a warning), its frame and traits; reported
    /// as a redraw with layout. On failure the view keeps its instance.
    package func remake() throws {
        guard component != nil else { return }
        let cls = try runtime.designableClass(named: className)
        let (resolved, notices) = held.resolve(values, owner: className, for: cls.info)
        for notice in notices { runtime.environment.diagnostics.warn(notice.text) }
        do {
            component = try make(cls, values: cls.info.inPropertyOrder(resolved))
        } catch let error as HostError {
            throw error.with(file: cls.info.plugin.path, className: className)
        }
        // What it derived while the values were set (a clamp) is told, not held.
        try report(component!, layout: true, holding: false)
    }

    // MARK: - Properties and actions

    /// Sets a property from text in the value syntax; the view is unchanged when it is refused.
    package func set(_ name: String, text: String) throws {
        let component = try live()
        let property = try component.info.requireProperty(name)
        let value: PropertyValue
        do { value = try property.parse(text) } catch let error as HostError {
            throw error.with(file: component.info.plugin.path, className: className, property: name)
        }
        try apply(name, value, component)
    }

    /// Sets a property from a typed value, which must be of the property's type.
    package func set(_ name: String, value: PropertyValue) throws {
        let component = try live()
        let property = try component.info.requireProperty(name)
        guard value.type == property.type else {
            throw HostError(.badData, "a \(value.type.name) value was given for a \(property.type.name) property (expected \(property.expectation))",
                            file: component.info.plugin.path, className: className, property: name)
        }
        do { try property.check(value) } catch let error as HostError {
            throw error.with(file: component.info.plugin.path, className: className, property: name)
        }
        try apply(name, value, component)
    }

    private func apply(_ name: String, _ value: PropertyValue, _ component: DesignerInstance) throws {
        try component.set(name, to: value)
        hold(name, component.info.property(named: name)!.format(value), info: component.info)
        try report(component, layout: true, holding: false)
    }

    /// Keeps `name=text` as the view's latest value of the property.
    private func hold(_ name: String, _ text: String, info: ClassInfo) {
        let assignment = PropertyAssignment(name: name, text: text)
        if let last = values.last, last.name == name {
            // The same property again (an animation reports it every frame): its type is known.
            values[values.count - 1] = assignment
            return
        }
        values.removeAll { $0.name == name }
        values.append(assignment)
        held.forget(owner: className, name: name)
        _ = held.resolve([assignment], owner: className, for: info)
    }

    /// Reads a property back through its getter.
    package func get(_ name: String) throws -> (value: PropertyValue, text: String) {
        let component = try live()
        let property = try component.info.requireProperty(name)
        let value = try component.instance.get(name)
        return (value, property.format(value))
    }

    /// Calls an action with its argument in the value syntax (nil: none, or its default).
    package func invoke(_ name: String, argument: String?) throws {
        let component = try live()
        let parsed = try component.info.parseActions([(name, argument)])[0]
        try component.invoke(name, argument: parsed.argument)
        try report(component, layout: true)
    }

    // MARK: - Geometry, layout and drawing

    package func setFrame(_ frame: Rect) throws {
        try Self.checkFrame(frame)
        let component = try live()
        component.move(to: frame)
        self.frame = component.frame
    }

    static func checkFrame(_ frame: Rect) throws {
        let numbers = [frame.x, frame.y, frame.width, frame.height]
        guard numbers.allSatisfy(\.isFinite), frame.width >= 0, frame.height >= 0 else {
            throw HostError(.usage, "the frame \(frame.x),\(frame.y),\(frame.width)x\(frame.height) is not a finite rectangle of positive size")
        }
    }

    package func intrinsicSize() throws -> Size { try live().instance.intrinsicSize() }

    package func naturalSize() throws -> Size {
        let component = try live()
        return try DesignerInstance.naturalSize(of: component.cls, instance: component.instance)
    }

    package func layout() throws { try live().layoutIfNeeded() }

    /// Lays out if needed and draws at the frame into `cr`, whose state is as it was afterwards.
    /// An instance that asks for another frame while it draws is reported as a redraw.
    package func draw(into cr: OpaquePointer) throws {
        let component = try live()
        cairo_save(cr)
        defer { cairo_restore(cr) }
        do {
            let canvas = CairoCanvas(context: cr, imageCache: images)
            try component.draw(on: canvas)
        }
        try report(component, layout: false)
    }

    // MARK: - Input and traits

    package var takesInput: Bool { component?.info.takesInput ?? false }

    /// Sends a pointer event, keeping easel.h's promises (see easel_view_send_pointer); returns
    /// whether the instance handled it.
    package func send(_ event: PointerEvent) throws -> Bool {
        let component = try live()
        guard component.info.takesInput else { return false }
        try component.layoutIfNeeded()
        switch event.phase {
        case .down:
            if !capturing {
                guard try component.instance.hitTest(event.location, size: component.frame.size) else { return false }
                capturing = true
            }
        case .move:
            if event.buttons != 0 && !capturing { return false }
        case .up, .cancel:
            guard capturing else { return false }
            if event.phase == .cancel || event.buttons == 0 { capturing = false }
        case .enter, .leave:
            break
        }
        var stamped = event
        stamped.timestamp = max(0, AnimationTime.now() - clockStart)
        let handled = try component.pointer(stamped)
        try report(component, layout: false)
        return handled
    }

    package func hitTest(_ point: Point) throws -> Bool {
        let component = try live()
        try component.layoutIfNeeded()
        return try component.instance.hitTest(point, size: component.frame.size)
    }

    /// Shows the view with new traits; a new layout direction makes the instance again.
    package func setTraits(_ traits: Traits) throws {
        let component = try live()
        guard traits != self.traits else { return }
        let previous = self.traits
        self.traits = traits
        do {
            if traits.direction != previous.direction {
                try remake()
                return
            }
            try component.setTraits(traits)
        } catch {
            self.traits = previous
            throw error
        }
        try report(component, layout: true, holding: false)
    }

    // MARK: - Telling the application

    /// Passes on what the instance sent and changed, then a redraw when it asked for one or changed a
    /// property (with layout when it asked for layout, or `layout`: the application changed it).
    /// `holding` false: what it changed was derived from what the application set (a clamp, a
    /// dependent value), told but not held, so that a reload sets again only the application's values.
    private func report(_ component: DesignerInstance, layout: Bool, holding: Bool = true) throws {
        for event in try component.takeSentActions() {
            guard self.component === component else { return }
            callbacks.actionSent?(event)
        }
        let changed = try component.takeChangedValues()
        for (name, value) in changed {
            guard self.component === component, let property = component.info.property(named: name) else { return }
            let text = property.format(value)
            if holding { hold(name, text, info: component.info) }
            callbacks.propertyChanged?(name, text)
        }
        guard self.component === component else { return }
        // A property the component changed itself is drawn again; its size changes only when it
        // asks for layout (an animation's progress reported each frame does not re-measure 50 views).
        if try layout || component.wantsLayout {
            callbacks.redraw?(true)
        } else if try !changed.isEmpty || component.wantsRedraw {
            callbacks.redraw?(false)
        }
    }
}
