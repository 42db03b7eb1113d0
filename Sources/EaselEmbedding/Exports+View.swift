import CEasel
import CEaselRuntime
import EaselHost
import Glibc

// The C functions of easel_runtime.h that concern views. A view handle is a retained EmbeddedView;
// each function holds its own reference for the length of the call, so that a callback may destroy
// the view it reports on.

extension EmbeddedView {
    /// The view behind a handle (borrowed).
    static func from(_ handle: OpaquePointer) -> EmbeddedView {
        Unmanaged<EmbeddedView>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// The handle a C caller knows this view by.
    var handle: OpaquePointer { OpaquePointer(Unmanaged.passUnretained(self).toOpaque()) }
}

/// A string argument that must not be NULL (easel_runtime.h says so; a NULL is a usage error, not a crash).
private func required(_ text: UnsafePointer<CChar>?, _ what: String) throws -> String {
    guard let text else { throw HostError(.usage, "\(what) is NULL (expected a string)") }
    return String(cString: text)
}

@_cdecl("easel_view_create")
public func viewCreate(_ runtime: OpaquePointer, _ className: UnsafePointer<CChar>?, _ frame: easel_rect,
                       _ traits: UnsafePointer<easel_traits>?, _ error: ErrorOut) -> OpaquePointer? {
    RuntimeError.catching(error, nil) {
        let view = try EmbeddedView(runtime: EmbeddingRuntime.from(runtime), className: required(className, "the class name"),
                                    frame: Rect(frame), traits: try traits.map { try checkedTraits($0.pointee) } ?? .default)
        return OpaquePointer(Unmanaged.passRetained(view).toOpaque())
    }
}

@_cdecl("easel_view_destroy")
public func viewDestroy(_ view: OpaquePointer?) {
    guard let view else { return }
    EmbeddedView.from(view).destroy()
    Unmanaged<EmbeddedView>.fromOpaque(UnsafeRawPointer(view)).release()
}

@_cdecl("easel_view_set_callbacks")
public func viewSetCallbacks(_ view: OpaquePointer, _ callbacks: UnsafePointer<easel_view_callbacks>?, _ context: UnsafeMutableRawPointer?) {
    let view = EmbeddedView.from(view)
    var swift = EmbeddedView.Callbacks()
    // A caller's struct smaller than this header's has only the members it was compiled with.
    if let c = callbacks?.pointee, c.struct_size >= UInt32(MemoryLayout<easel_view_callbacks>.size) {
        let handle = view.handle
        if let redraw = c.redraw { swift.redraw = { layout in redraw(handle, layout, context) } }
        if let changed = c.property_changed {
            swift.propertyChanged = { name, value in name.withCString { n in value.withCString { changed(handle, n, $0, context) } } }
        }
        if let sent = c.action_sent { swift.actionSent = { event in event.withCString { sent(handle, $0, context) } } }
    }
    view.callbacks = swift
}

@_cdecl("easel_view_class_name")
public func viewClassName(_ view: OpaquePointer) -> UnsafePointer<CChar> {
    let view = EmbeddedView.from(view)
    return view.classNameCopy.lend(view.className)!
}

@_cdecl("easel_view_display_name")
public func viewDisplayName(_ view: OpaquePointer) -> UnsafePointer<CChar> {
    let view = EmbeddedView.from(view)
    return view.displayNameCopy.lend(view.info.displayName)!
}

@_cdecl("easel_view_kind")
public func viewKind(_ view: OpaquePointer) -> easel_base_kind { EmbeddedView.from(view).info.kind.rawValue }

@_cdecl("easel_view_property_count")
public func viewPropertyCount(_ view: OpaquePointer) -> Int { EmbeddedView.from(view).info.properties.count }

@_cdecl("easel_view_property_name")
public func viewPropertyName(_ view: OpaquePointer, _ index: Int, _ type: UnsafeMutablePointer<easel_type>?) -> UnsafePointer<CChar>? {
    let view = EmbeddedView.from(view)
    let properties = view.info.properties
    guard properties.indices.contains(index) else { return nil }
    type?.pointee = properties[index].type.rawValue
    return view.propertyNameTable.name(index, of: properties.map(\.name))
}

@_cdecl("easel_view_set")
public func viewSet(_ view: OpaquePointer, _ property: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        try view.set(required(property, "the property name"), text: required(value, "the value"))
        return true
    }
}

@_cdecl("easel_view_set_value")
public func viewSetValue(_ view: OpaquePointer, _ property: UnsafePointer<CChar>?, _ type: easel_type,
                         _ value: UnsafePointer<easel_value>?, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        let name = try required(property, "the property name")
        guard let value, let typed = PropertyValue(value.pointee, type: type) else {
            throw HostError(.usage, value == nil ? "the value is NULL" : "type \(type) is no property type, or the string is not UTF-8 (expected an EASEL_TYPE_* code and its value)",
                            className: view.className, property: name)
        }
        try view.set(name, value: typed)
        return true
    }
}

@_cdecl("easel_view_get")
public func viewGet(_ view: OpaquePointer, _ property: UnsafePointer<CChar>?, _ error: ErrorOut) -> UnsafeMutablePointer<CChar>? {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, nil) { strdup(try view.get(required(property, "the property name")).text) }
}

@_cdecl("easel_view_get_value")
public func viewGetValue(_ view: OpaquePointer, _ property: UnsafePointer<CChar>?, _ type: UnsafeMutablePointer<easel_type>,
                         _ value: UnsafeMutablePointer<easel_value>, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        let read = try view.get(required(property, "the property name")).value
        type.pointee = read.type.rawValue
        value.pointee = read.c(string: view.lent.lend(read.text))
        return true
    }
}

@_cdecl("easel_view_action_count")
public func viewActionCount(_ view: OpaquePointer) -> Int { EmbeddedView.from(view).info.actions.count }

@_cdecl("easel_view_action_name")
public func viewActionName(_ view: OpaquePointer, _ index: Int) -> UnsafePointer<CChar>? {
    let view = EmbeddedView.from(view)
    return view.actionNameTable.name(index, of: view.info.actions.map(\.name))
}

@_cdecl("easel_view_invoke")
public func viewInvoke(_ view: OpaquePointer, _ action: UnsafePointer<CChar>?, _ argument: UnsafePointer<CChar>?, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        try view.invoke(required(action, "the action name"), argument: argument.map { String(cString: $0) })
        return true
    }
}

@_cdecl("easel_view_get_frame")
public func viewGetFrame(_ view: OpaquePointer) -> easel_rect { EmbeddedView.from(view).frame.c }

@_cdecl("easel_view_set_frame")
public func viewSetFrame(_ view: OpaquePointer, _ frame: easel_rect, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        try view.setFrame(Rect(frame))
        return true
    }
}

@_cdecl("easel_view_intrinsic_size")
public func viewIntrinsicSize(_ view: OpaquePointer, _ error: ErrorOut) -> easel_size {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, easel_size(width: -1, height: -1)) { try view.intrinsicSize().c }
}

@_cdecl("easel_view_natural_size")
public func viewNaturalSize(_ view: OpaquePointer, _ error: ErrorOut) -> easel_size {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, easel_size(width: 0, height: 0)) { try view.naturalSize().c }
}

@_cdecl("easel_view_layout")
public func viewLayout(_ view: OpaquePointer, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        try view.layout()
        return true
    }
}

@_cdecl("easel_view_draw")
public func viewDraw(_ view: OpaquePointer, _ cr: OpaquePointer?, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        guard let cr else { throw HostError(.usage, "the cairo_t is NULL", className: view.className) }
        try view.draw(into: cr)
        return true
    }
}

@_cdecl("easel_view_recreate")
public func viewRecreate(_ view: OpaquePointer, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        try view.remake()
        return true
    }
}

@_cdecl("easel_view_takes_input")
public func viewTakesInput(_ view: OpaquePointer) -> Bool { EmbeddedView.from(view).takesInput }

@_cdecl("easel_view_send_pointer")
public func viewSendPointer(_ view: OpaquePointer, _ event: UnsafePointer<easel_pointer_event>?,
                            _ handled: UnsafeMutablePointer<Bool>?, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    handled?.pointee = false
    return RuntimeError.catching(error, false) {
        guard let e = event?.pointee else { throw HostError(.usage, "the pointer event is NULL", className: view.className) }
        guard let phase = PointerEvent.Phase(rawValue: e.phase) else {
            throw HostError(.usage, "pointer phase \(e.phase) is not one of EASEL_POINTER_DOWN … EASEL_POINTER_LEAVE", className: view.className)
        }
        guard e.location.x.isFinite, e.location.y.isFinite else {
            throw HostError(.usage, "the pointer's location is not finite", className: view.className)
        }
        let result = try view.send(PointerEvent(phase, at: Point(e.location), button: e.button, modifiers: e.modifiers,
                                                clickCount: e.click_count, buttons: e.buttons))
        handled?.pointee = result
        return true
    }
}

@_cdecl("easel_view_hit_test")
public func viewHitTest(_ view: OpaquePointer, _ point: easel_point, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) { try view.hitTest(Point(point)) }
}

@_cdecl("easel_view_get_traits")
public func viewGetTraits(_ view: OpaquePointer) -> easel_traits { EmbeddedView.from(view).traits.c }

@_cdecl("easel_view_set_traits")
public func viewSetTraits(_ view: OpaquePointer, _ traits: UnsafePointer<easel_traits>?, _ error: ErrorOut) -> Bool {
    let view = EmbeddedView.from(view)
    return RuntimeError.catching(error, false) {
        guard let traits else { throw HostError(.usage, "the traits are NULL", className: view.className) }
        try view.setTraits(checkedTraits(traits.pointee))
        return true
    }
}

/// Traits a caller gave, refused when a value is none easel.h defines.
private func checkedTraits(_ c: easel_traits) throws -> Traits {
    var c = c
    if c.display_scale == 0 { c.display_scale = 1 }   // a zeroed struct: scale 1
    guard c.appearance <= 1, c.layout_direction <= 1, c.content_size <= 11, c.display_scale.isFinite, c.display_scale > 0 else {
        throw HostError(.usage, "traits appearance \(c.appearance), direction \(c.layout_direction), content size \(c.content_size), "
                        + "scale \(c.display_scale) (expected EASEL_APPEARANCE_*, EASEL_LAYOUT_*, EASEL_CONTENT_SIZE_* and a scale > 0)")
    }
    return Traits(c)
}
