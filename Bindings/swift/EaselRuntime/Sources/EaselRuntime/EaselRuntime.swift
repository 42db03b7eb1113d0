// EaselRuntime — the embedding runtime (easel_runtime.h) for Swift applications: the same C library,
// its handles as classes, its errors thrown, its callbacks as closures. What each call does, who owns
// what and the thread rule (one thread at a time, callbacks inside the call) are the header's.
//
//     let runtime = try EaselRuntime(path: "components")
//     let gauge = try runtime.makeView("Gauge")
//     try gauge.set("value", "80")
//     gauge.onPropertyChanged = { name, value in print("\(name) = \(value)") }
//     try gauge.draw(into: cr)                  // any cairo_t (cairo is exported with this module)
@_exported import CEaselRuntime

/// An easel_runtime_error, thrown: its fields copied.
public struct EaselRuntimeError: Error, CustomStringConvertible, Sendable {
    /// The exit status `host` gives the same failure (EASEL_ERROR_*: 64, 65, 66, 69, 70, 73).
    public let kind: UInt32
    public let message: String
    public let file: String?
    public let className: String?
    public let property: String?
    public let phase: String?
    /// The whole message as `host` prints it.
    public let description: String

    init(taking error: UnsafeMutablePointer<easel_runtime_error>) {
        let e = error.pointee
        kind = e.kind
        message = String(cString: e.message)
        file = e.file.map { String(cString: $0) }
        className = e.class_name.map { String(cString: $0) }
        property = e.property.map { String(cString: $0) }
        phase = e.phase.map { String(cString: $0) }
        description = String(cString: e.description)
        easel_runtime_error_free(error)
    }
}

/// Runs a C call with an error out-parameter; throws the error it set.
func checked<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<easel_runtime_error>?>) -> T) throws -> T {
    var error: UnsafeMutablePointer<easel_runtime_error>?
    let result = body(&error)
    if let error { throw EaselRuntimeError(taking: error) }
    return result
}

/// Plugins opened for the application (easel_runtime).
public final class EaselRuntime {
    let handle: OpaquePointer

    /// Opens a plugin file, a folder, or several separated by ':' (nil: $EASEL_PLUGIN_PATH, else
    /// ./components). `workers`: each plugin file in a worker process; `reload`: rebuilt files are
    /// reloaded when ``dispatch()`` is called.
    public init(path: String? = nil, workers: Bool = false, reload: Bool = false) throws {
        var options = easel_runtime_options()
        easel_runtime_options_init(&options)
        options.isolation = workers ? EASEL_ISOLATION_WORKERS : EASEL_ISOLATION_IN_PROCESS
        options.reload = reload
        handle = try checked { error in easel_runtime_open(path, &options, error) }!
    }

    deinit { easel_runtime_close(handle) }

    /// The classes the plugins provide, sorted.
    public var classNames: [String] {
        (0..<easel_runtime_class_count(handle)).compactMap { easel_runtime_class_name(handle, $0).map { String(cString: $0) } }
    }

    /// A view of `className` at `frame` (a 0 width or height: the natural size on that axis).
    public func makeView(_ className: String, frame: easel_rect = easel_rect(), traits: easel_traits? = nil) throws -> EaselView {
        let view = try checked { error -> OpaquePointer? in
            if var traits { return easel_view_create(handle, className, frame, &traits, error) }
            return easel_view_create(handle, className, frame, nil, error)
        }!
        return EaselView(handle: view, runtime: self)
    }

    /// With `reload`: the descriptor to watch (-1 without).
    public var fileDescriptor: Int32 { easel_runtime_get_fd(handle) }

    /// Reloads what changed; the seconds after which to call again (negative: when the descriptor is readable).
    @discardableResult
    public func dispatch() -> Double { easel_runtime_dispatch(handle) }
}

/// One view of a component (easel_view). Its callbacks are closures, called inside the call that
/// caused them.
public final class EaselView {
    let handle: OpaquePointer
    /// The runtime, kept while the view lives.
    public let runtime: EaselRuntime
    /// The view wants to be drawn again (`layout`: measured again too).
    public var onRedraw: ((_ layout: Bool) -> Void)?
    /// The component changed a property itself.
    public var onPropertyChanged: ((_ name: String, _ value: String) -> Void)?
    /// The component sent a control event ("touchUpInside", "valueChanged", …).
    public var onAction: ((_ event: String) -> Void)?

    init(handle: OpaquePointer, runtime: EaselRuntime) {
        self.handle = handle
        self.runtime = runtime
        var callbacks = easel_view_callbacks()
        callbacks.struct_size = UInt32(MemoryLayout<easel_view_callbacks>.size)
        callbacks.redraw = { _, layout, context in EaselView.from(context).onRedraw?(layout) }
        callbacks.property_changed = { _, name, value, context in
            EaselView.from(context).onPropertyChanged?(String(cString: name), String(cString: value))
        }
        callbacks.action_sent = { _, event, context in EaselView.from(context).onAction?(String(cString: event)) }
        easel_view_set_callbacks(handle, &callbacks, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { easel_view_destroy(handle) }

    static func from(_ context: UnsafeMutableRawPointer?) -> EaselView {
        Unmanaged<EaselView>.fromOpaque(context!).takeUnretainedValue()
    }

    public var className: String { String(cString: easel_view_class_name(handle)) }

    /// The class's name as people read it ("Rounded Corner Button").
    public var displayName: String { String(cString: easel_view_display_name(handle)) }

    /// The kind of view the class says it is (`EASEL_KIND_BUTTON`, `EASEL_KIND_SLIDER`, …).
    public var kind: easel_base_kind { easel_view_kind(handle) }

    /// The properties' names and types, in the class's order.
    public var properties: [(name: String, type: easel_type)] {
        (0..<easel_view_property_count(handle)).compactMap { index in
            var type: easel_type = 0
            return easel_view_property_name(handle, index, &type).map { (String(cString: $0), type) }
        }
    }

    /// Sets a property in the value syntax of `host render --set`.
    public func set(_ property: String, _ value: String) throws {
        _ = try checked { easel_view_set(handle, property, value, $0) }
    }

    /// Reads a property back in the value syntax.
    public func get(_ property: String) throws -> String {
        let text = try checked { easel_view_get(handle, property, $0) }!
        defer { easel_runtime_free(text) }
        return String(cString: text)
    }

    /// Calls an action (`argument` in the value syntax, nil: none or its default).
    public func invoke(_ action: String, argument: String? = nil) throws {
        _ = try checked { easel_view_invoke(handle, action, argument, $0) }
    }

    public var frame: easel_rect {
        get { easel_view_get_frame(handle) }
    }

    public func setFrame(_ frame: easel_rect) throws {
        _ = try checked { easel_view_set_frame(handle, frame, $0) }
    }

    /// The size a toolkit should give the view.
    public func naturalSize() throws -> easel_size { try checked { easel_view_natural_size(handle, $0) } }

    /// Draws the view at its frame into `cr` (a cairo_t).
    public func draw(into cr: OpaquePointer) throws {
        _ = try checked { easel_view_draw(handle, cr, $0) }
    }

    /// Sends a pointer event in the view's coordinates; whether the component handled it.
    @discardableResult
    public func send(_ event: easel_pointer_event) throws -> Bool {
        var event = event
        var handled = false
        _ = try checked { easel_view_send_pointer(handle, &event, &handled, $0) }
        return handled
    }

    public var traits: easel_traits { easel_view_get_traits(handle) }

    public func setTraits(_ traits: easel_traits) throws {
        var traits = traits
        _ = try checked { easel_view_set_traits(handle, &traits, $0) }
    }
}
