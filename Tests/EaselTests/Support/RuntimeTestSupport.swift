import CCairo
import CEasel
import CEaselRuntime
@testable import EaselRender
import Foundation
import XCTest

/// An easel_runtime_error copied out of the C struct (which is freed).
struct RuntimeFailure: Error, CustomStringConvertible {
    var kind: UInt32
    var message: String
    var file: String?
    var className: String?
    var property: String?
    var phase: String?
    var description: String

    /// Copies and frees `error`.
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

/// Calls a runtime function with an error out-parameter: the result, or the error it set thrown.
/// Fails the test when the function set an error without failing, or failed without one.
func runtimeCall<T>(_ failed: (T) -> Bool, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<easel_runtime_error>?>) -> T) throws -> T {
    var error: UnsafeMutablePointer<easel_runtime_error>?
    let result = body(&error)
    if let error {
        let failure = RuntimeFailure(taking: error)
        XCTAssertTrue(failed(result), "an error was set but the call succeeded: \(failure)")
        throw failure
    }
    XCTAssertFalse(failed(result), "the call failed without an error")
    return result
}

/// What a view's callbacks reported, in order ("redraw layout", "redraw", "changed value=70",
/// "action touchUpInside").
final class ViewEvents {
    var lines: [String] = []
    var actions: [String] { lines.filter { $0.hasPrefix("action ") }.map { String($0.dropFirst(7)) } }
    var changes: [String] { lines.filter { $0.hasPrefix("changed ") }.map { String($0.dropFirst(8)) } }
    var redraws: Int { lines.filter { $0.hasPrefix("redraw") }.count }

    /// Listens to `view` (the events object must outlive the view's use).
    func listen(to view: OpaquePointer) {
        var callbacks = easel_view_callbacks()
        callbacks.struct_size = UInt32(MemoryLayout<easel_view_callbacks>.size)
        callbacks.redraw = { _, layout, context in
            ViewEvents.from(context).lines.append(layout ? "redraw layout" : "redraw")
        }
        callbacks.property_changed = { _, name, value, context in
            ViewEvents.from(context).lines.append("changed \(String(cString: name))=\(String(cString: value))")
        }
        callbacks.action_sent = { _, event, context in
            ViewEvents.from(context).lines.append("action \(String(cString: event))")
        }
        easel_view_set_callbacks(view, &callbacks, Unmanaged.passUnretained(self).toOpaque())
    }

    static func from(_ context: UnsafeMutableRawPointer?) -> ViewEvents {
        Unmanaged<ViewEvents>.fromOpaque(context!).takeUnretainedValue()
    }
}

/// What a runtime's warning and reloaded callbacks reported.
final class RuntimeEvents {
    var warnings: [String] = []
    var reloads: [(file: String, error: String?)] = []

    /// Options that report to this object (it must outlive the runtime).
    func options(isolation: easel_isolation = EASEL_ISOLATION_IN_PROCESS, reload: Bool = false) -> easel_runtime_options {
        var options = easel_runtime_options()
        easel_runtime_options_init(&options)
        options.isolation = isolation
        options.reload = reload
        options.context = Unmanaged.passUnretained(self).toOpaque()
        options.warning = { line, context in
            Unmanaged<RuntimeEvents>.fromOpaque(context!).takeUnretainedValue().warnings.append(String(cString: line))
        }
        options.reloaded = { file, error, context in
            Unmanaged<RuntimeEvents>.fromOpaque(context!).takeUnretainedValue().reloads
                .append((String(cString: file), error.map { String(cString: $0.pointee.description) }))
        }
        return options
    }
}

/// Opens `path` through the C API.
func openRuntime(_ path: String, _ options: easel_runtime_options? = nil) throws -> OpaquePointer {
    try runtimeCall({ $0 == nil }) { error -> OpaquePointer? in
        if var options { return easel_runtime_open(path, &options, error) }
        return easel_runtime_open(path, nil, error)
    }!
}

/// Makes a view at its natural size (or `size`) through the C API.
func makeView(_ runtime: OpaquePointer, _ className: String, size: (Double, Double) = (0, 0),
              traits: easel_traits? = nil) throws -> OpaquePointer {
    let frame = easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: size.0, height: size.1))
    return try runtimeCall({ $0 == nil }) { error -> OpaquePointer? in
        if var traits { return easel_view_create(runtime, className, frame, &traits, error) }
        return easel_view_create(runtime, className, frame, nil, error)
    }!
}

/// Sets a value in the value syntax through the C API.
func setValue(_ view: OpaquePointer, _ name: String, _ value: String) throws {
    _ = try runtimeCall({ !$0 }) { easel_view_set(view, name, value, $0) }
}

/// Reads a value back in the value syntax through the C API.
func getValue(_ view: OpaquePointer, _ name: String) throws -> String {
    let text = try runtimeCall({ $0 == nil }) { easel_view_get(view, name, $0) }!
    defer { easel_runtime_free(text) }
    return String(cString: text)
}

/// Draws the view onto a transparent image surface of its frame's size (at `scale`) and reads it back.
func drawView(_ view: OpaquePointer, scale: Double = 1) throws -> RGBAImage {
    let frame = easel_view_get_frame(view)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((frame.size.width * scale).rounded()),
                                             Int32((frame.size.height * scale).rounded()))!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    defer { cairo_destroy(cr) }
    cairo_scale(cr, scale, scale)
    _ = try runtimeCall({ !$0 }) { easel_view_draw(view, cr, $0) }
    return try imageOfSurface(surface)
}

/// A Cairo ARGB32 image surface as straight RGBA.
func imageOfSurface(_ surface: OpaquePointer) throws -> RGBAImage {
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    if width > 0, height > 0, let data = cairo_image_surface_get_data(surface) {
        // The PNG encoder's own conversion: pixels equal what `host render` writes.
        pixels.withUnsafeMutableBufferPointer { out in
            _ = PNGEncoder.convert(UnsafeRawPointer(data), width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)),
                                   hasAlpha: true, into: out.baseAddress!)
        }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

/// `host render` of a class into a PNG, read back.
func hostRender(_ className: String, plugins: String, arguments: [String] = [], inProcess: Bool = false) throws -> RGBAImage {
    let output = try TestPaths.scratch("render") + "/\(className).png"
    let result = try runHost(["render", className, "--plugins", plugins, "-o", output] + arguments + (inProcess ? ["--in-process"] : []))
    guard result.status == 0 else { throw NSError(domain: "host render", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
    return try RGBAImage.readPNG(output)
}
