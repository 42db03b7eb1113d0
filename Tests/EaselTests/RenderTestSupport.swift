import CCairo
import CEasel
import XCTest
@testable import EaselRender

/// One pixel, straight (not premultiplied) RGBA.
struct RGBA: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int, a: Int

    var description: String { "rgba(\(r), \(g), \(b), \(a))" }

    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: RGBA, tolerance: Int = 3) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance
            && abs(b - other.b) <= tolerance && abs(a - other.a) <= tolerance
    }

    /// Perceived darkness against white: 0 for white, 255 for black.
    var darkness: Int { 255 - (r + g + b) / 3 }

    static let white = RGBA(r: 255, g: 255, b: 255, a: 255)
    static let black = RGBA(r: 0, g: 0, b: 0, a: 255)
    static let red = RGBA(r: 255, g: 0, b: 0, a: 255)
    static let green = RGBA(r: 0, g: 255, b: 0, a: 255)
    static let blue = RGBA(r: 0, g: 0, b: 255, a: 255)
    static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
}

/// Reads pixel (x, y) of a Cairo ARGB32/RGB24 image surface: premultiplied native-endian
/// 0xAARRGGBB → straight RGBA.
func readPixel(_ surface: OpaquePointer, _ x: Int, _ y: Int) -> RGBA {
    cairo_surface_flush(surface)
    let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
    precondition(x >= 0 && y >= 0 && x < width && y < height, "pixel \(x),\(y) outside \(width)×\(height)")
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    let word = (data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    let a = hasAlpha ? Int(word >> 24) : 255
    func straight(_ c: UInt32) -> Int {
        a == 0 ? 0 : min(255, (Int(c & 0xFF) * 255 + a / 2) / a)
    }
    return RGBA(r: straight(word >> 16), g: straight(word >> 8), b: straight(word), a: a)
}

/// A white (or transparent) image surface with a `CairoCanvas` on it, and shorthands for calling
/// the vtable exactly as a component would.
final class CanvasFixture {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let canvas: CairoCanvas
    let scale: Double

    /// `width`×`height` points at `scale` pixels per point, filled with `background` (nil: clear).
    init(width: Int, height: Int, scale: Double = 1, background: RGBA? = .white,
         resolver: ImageResolver? = nil) {
        self.scale = scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(Double(width) * scale), Int32(Double(height) * scale))
        cr = cairo_create(surface)
        if let background {
            cairo_set_source_rgba(cr, Double(background.r) / 255, Double(background.g) / 255,
                                  Double(background.b) / 255, Double(background.a) / 255)
            cairo_paint(cr)
        }
        cairo_scale(cr, scale, scale)
        canvas = CairoCanvas(context: cr, resolver: resolver)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// The vtable, as a component receives it.
    var c: UnsafeMutablePointer<easel_canvas> { canvas.pointer }

    /// The pixel under the point (x, y) in points.
    func pixel(_ x: Double, _ y: Double) -> RGBA {
        readPixel(surface, Int(x * scale), Int(y * scale))
    }

    /// Whether any pixel in the rect (points, half-open) differs from `background` by more than
    /// `tolerance`.
    func anyPixel(in rect: easel_rect, differsFrom background: RGBA, tolerance: Int = 8) -> Bool {
        countPixels(in: rect) { !$0.isClose(to: background, tolerance: tolerance) } > 0
    }

    /// How many pixels in the rect (points) satisfy `predicate`.
    func countPixels(in rect: easel_rect, where predicate: (RGBA) -> Bool) -> Int {
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let x0 = max(0, Int(rect.origin.x * scale)), y0 = max(0, Int(rect.origin.y * scale))
        let x1 = min(width, Int((rect.origin.x + rect.size.width) * scale))
        let y1 = min(height, Int((rect.origin.y + rect.size.height) * scale))
        var count = 0
        for y in stride(from: y0, to: y1, by: 1) {
            for x in stride(from: x0, to: x1, by: 1) where predicate(readPixel(surface, x, y)) { count += 1 }
        }
        return count
    }

    /// Finishes the canvas and fails the test on any Cairo error.
    func finish(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try canvas.finish(), file: file, line: line)
    }

    /// Writes the surface as a PNG under /tmp for a person to look at when a test fails.
    func dump(_ name: String) {
        cairo_surface_write_to_png(surface, "/tmp/easel-render-test-\(name).png")
    }
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> easel_rect {
    easel_rect(origin: easel_point(x: x, y: y), size: easel_size(width: w, height: h))
}

func point(_ x: Double, _ y: Double) -> easel_point { easel_point(x: x, y: y) }

func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> easel_color {
    easel_color(red: r, green: g, blue: b, alpha: a)
}

/// A text style with the host's default font.
func textStyle(size: Double = 20, color textColor: easel_color = color(0, 0, 0),
               alignment: easel_text_alignment = EASEL_TEXT_ALIGN_LEFT,
               vertical: easel_vertical_alignment = EASEL_VERTICAL_ALIGN_TOP,
               lineBreak: easel_line_break = EASEL_LINE_BREAK_WORD_WRAP, maxLines: UInt32 = 0) -> easel_text_style {
    easel_text_style(font_family: nil, font_size: size, font_weight: 400, italic: false, reserved0: 0, reserved1: 0, color: textColor,
                     alignment: alignment, vertical_alignment: vertical, line_break: lineBreak, max_lines: maxLines)
}

/// The directory of the test fixtures (Tests/EaselTests/Resources), found from this file's path.
func renderResourcesDirectory(file: String = #filePath) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast()
    return parts.joined(separator: "/") + "/Resources"
}

/// A fresh empty directory under /tmp.
func makeTemporaryDirectory(_ label: String) -> String {
    var template = Array("/tmp/easel-render-\(label)-XXXXXX".utf8CString)
    guard let path = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: path)
}

/// Names in a directory, without . and ..
func directoryEntries(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// Decodes PNG bytes back into a Cairo image surface with Cairo's own reader.
func decodePNG(_ bytes: [UInt8]) -> OpaquePointer? {
    final class Reader { var bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
    let reader = Reader(bytes)
    let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
        let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
        let n = Int(length)
        guard reader.offset + n <= reader.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
        reader.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + reader.offset, count: n) }
        reader.offset += n
        return CAIRO_STATUS_SUCCESS
    }, Unmanaged.passUnretained(reader).toOpaque())!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        cairo_surface_destroy(surface)
        return nil
    }
    return surface
}
