import CCairo
import CPNG
import Glibc

/// Encodes images as PNG (the writer is in the CPNG shim, on zlib), with a selectable zlib level
/// (Cairo's own writer has none). Cairo's pixels are premultiplied native-endian ARGB; PNG wants
/// straight RGBA, so colours are un-premultiplied (rounded to nearest). A fully opaque image is
/// written as RGB, which is smaller and faster to compress.
///
/// Levels 0…2 (previews) use no row filter: at level 1 that is both the fastest and the smallest
/// (measured on the Rainbow frame); levels 3…9 (files) filter every row with Sub, which at level 6
/// compresses almost as well as trying every filter per row in 60 % of the time.
enum PNGEncoder {
    /// The PNG file for `surface` (ARGB32 or RGB24).
    static func encode(surface: OpaquePointer, level: Int) throws -> [UInt8] {
        try withPixels(of: surface, level: level) { data, width, height, stride, hasAlpha in
            try collect { out, size, message in
                easel_png_encode_cairo(data, UInt32(width), UInt32(height), stride, hasAlpha ? 1 : 0, Int32(level), out, size, message, 256)
            }
        }
    }

    /// The PNG file for `surface` (ARGB32 or RGB24), by `frames`: the encoder of the view's
    /// successive frames, which deflates again only the bands of rows that changed since its last
    /// frame (the file decodes to the same pixels as ``encode(surface:level:)``'s).
    static func encode(surface: OpaquePointer, level: Int, frames: LiveFrameEncoder) throws -> [UInt8] {
        try withPixels(of: surface, level: level) { data, width, height, stride, hasAlpha in
            try frames.encode { encoder in
                try collect { out, size, message in
                    easel_png_frames_encode(encoder, data, UInt32(width), UInt32(height), stride, hasAlpha ? 1 : 0,
                                            Int32(level), out, size, message, 256)
                }
            }
        }
    }

    /// Checks `level` and the finished `surface`, and runs `body` with its pixels, size, stride and
    /// whether it has alpha (ARGB32).
    private static func withPixels<T>(of surface: OpaquePointer, level: Int,
                                      _ body: (UnsafeMutablePointer<UInt8>, Int, Int, Int, Bool) throws -> T) throws -> T {
        guard (0...9).contains(level) else {
            throw RenderError.invalidOption(name: "PNG compression level", value: String(level), expected: "0…9")
        }
        cairo_surface_flush(surface)
        if let error = RenderError.checking(cairo_surface_status(surface), "the image surface") { throw error }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw RenderError.png(reason: "unsupported Cairo pixel format \(format.rawValue)")
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
            throw RenderError.png(reason: "empty image surface")
        }
        return try body(data, width, height, stride, format == CAIRO_FORMAT_ARGB32)
    }

    /// The PNG file for straight RGBA rows (`width * 4` bytes each); `opaque` writes RGB.
    static func encode(rgba: [UInt8], width: Int, height: Int, opaque: Bool, level: Int) throws -> [UInt8] {
        guard (0...9).contains(level) else {
            throw RenderError.invalidOption(name: "PNG compression level", value: String(level), expected: "0…9")
        }
        return try rgba.withUnsafeBufferPointer { pixels in
            try collect { out, size, message in
                easel_png_encode_rgba(pixels.baseAddress, UInt32(width), UInt32(height), width * 4, opaque ? 1 : 0,
                                      Int32(level), out, size, message, 256)
            }
        }
    }

    /// Runs an encoder that returns a malloc'd buffer, and copies the buffer out.
    private static func collect(_ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                                           UnsafeMutablePointer<CChar>) -> Int32) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        guard encode(&out, &size, &message) == 0, let out else {
            throw RenderError.png(reason: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// Premultiplied native-endian 0xAARRGGBB words → straight R, G, B, A bytes.
    /// Returns whether every pixel is opaque.
    static func convert(_ source: UnsafeRawPointer, width: Int, height: Int, stride: Int, hasAlpha: Bool,
                        into out: UnsafeMutablePointer<UInt8>) -> Bool {
        var opaque = true
        var o = out
        for y in 0..<height {
            let row = (source + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                let a = hasAlpha ? p >> 24 : 255
                var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
                if a == 0 {
                    r = 0; g = 0; b = 0
                    opaque = false
                } else if a < 255 {
                    r = min((r * 255 + a / 2) / a, 255)
                    g = min((g * 255 + a / 2) / a, 255)
                    b = min((b * 255 + a / 2) / a, 255)
                    opaque = false
                }
                o[0] = UInt8(truncatingIfNeeded: r)
                o[1] = UInt8(truncatingIfNeeded: g)
                o[2] = UInt8(truncatingIfNeeded: b)
                o[3] = UInt8(truncatingIfNeeded: a)
                o += 4
            }
        }
        return opaque
    }
}

/// Collects bytes written by a C callback (libpng, Cairo's SVG and PDF streams).
final class ByteSink {
    private(set) var bytes: [UInt8] = []

    func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
