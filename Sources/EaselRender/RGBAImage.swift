import CCairo
import CPNG

/// A picture as straight (not premultiplied) 8-bit RGBA pixels, rows of `width * 4` bytes without
/// padding: what a PNG file holds, exactly. Snapshots compare these, so a reference read back from
/// its PNG equals the render it was recorded from, bit for bit.
///
/// ```swift
/// let actual = try target.rgbaImage()                   // a finished PNG render
/// let reference = try RGBAImage.readPNG("Snapshots/Gauge/default@1x.png")
/// if actual != reference { try AtomicFile.write(actual.encodePNG(), to: "actual.png") }
/// ```
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// R, G, B, A bytes, row by row.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixels must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.r; pixels[i + 1] = fill.g; pixels[i + 2] = fill.b; pixels[i + 3] = fill.a
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at (x, y).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Reads a PNG file (any bit depth or colour type; converted to 8-bit RGBA, values unchanged for
    /// 8-bit RGB and RGBA files).
    /// - Throws: `RenderError.image` naming the file and libpng's reason.
    public static func readPNG(_ path: String) throws -> RGBAImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            defer { png_image_free(&image) }
            throw RenderError.image(name: path, reason: "cannot read PNG: \(message(of: image))", tried: [])
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= RenderTarget.maximumSide, height <= RenderTarget.maximumSide else {
            png_image_free(&image)
            throw RenderError.image(name: path, reason: "PNG of \(width)×\(height) pixels is outside the sizes a render can have", tried: [])
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        guard ok != 0 else {
            defer { png_image_free(&image) }
            throw RenderError.image(name: path, reason: "cannot decode PNG: \(message(of: image))", tried: [])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func message(of image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The PNG file (RGB when every pixel is opaque, else RGBA) at zlib `level`.
    public func encodePNG(level: Int = 6) throws -> [UInt8] {
        var opaque = true
        for i in stride(from: 3, to: pixels.count, by: 4) where pixels[i] != 255 { opaque = false; break }
        return try PNGEncoder.encode(rgba: pixels, width: width, height: height, opaque: opaque, level: level)
    }
}

extension RenderTarget {
    /// The finished picture's pixels (PNG targets only): the canvas is finished first, as by
    /// ``encode()``, and the pixels are exactly those the PNG file gets.
    /// - Throws: the canvas's Cairo errors; `RenderError.invalidOption` for SVG and PDF targets.
    public func rgbaImage() throws -> RGBAImage {
        guard case .png = format else {
            throw RenderError.invalidOption(name: "format for pixels", value: format.fileExtension, expected: "png")
        }
        try canvas.finish()
        let surface = cairo_get_target(canvas.cr)!
        cairo_surface_flush(surface)
        if let error = RenderError.checking(cairo_surface_status(surface), "the image surface") { throw error }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if width > 0, height > 0, let data = cairo_image_surface_get_data(surface) {
            pixels.withUnsafeMutableBufferPointer { out in
                _ = PNGEncoder.convert(UnsafeRawPointer(data), width: width, height: height, stride: stride,
                                       hasAlpha: cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
                                       into: out.baseAddress!)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
