import CCairo
import CPNG
import Glibc

/// A picture as straight (not premultiplied) 8-bit RGBA pixels, rows of `width * 4` bytes without
/// padding: what a PNG file holds, exactly. Snapshots compare these, so a reference read back from
/// its PNG equals the render it was recorded from, bit for bit.
///
/// ```swift
/// let actual = try target.rgbaImage()                   // a finished PNG render
/// let reference = try RGBAImage.readPNG("Snapshots/Gauge/default@1x.png")
/// if actual != reference { try AtomicFile.write(actual.encodePNG(), to: "actual.png") }
/// ```
package struct RGBAImage: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// R, G, B, A bytes, row by row.
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixels must hold width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    package init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.r; pixels[i + 1] = fill.g; pixels[i + 2] = fill.b; pixels[i + 3] = fill.a
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at (x, y).
    package subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Reads a PNG file (any bit depth or colour type; converted to 8-bit RGBA, values unchanged for
    /// 8-bit RGB and RGBA files).
    /// - Throws: `RenderError.image` naming the file and libpng's reason.
    package static func readPNG(_ path: String) throws -> RGBAImage {
        let bytes = try readRegularFile(path)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // The bytes stay alive (and unmoved) until png_image_finish_read below has read them.
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else {
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
        let ok = withExtendedLifetime(bytes) {
            pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        }
        guard ok != 0 else {
            defer { png_image_free(&image) }
            throw RenderError.image(name: path, reason: "cannot decode PNG: \(message(of: image))", tried: [])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The largest PNG file read (a reference of the largest render, 16384² RGBA, compresses far below).
    static let largestFile = 1 << 30

    /// The whole file, if it is a regular file of at most ``largestFile`` bytes. Opened without
    /// blocking and checked with fstat: a FIFO in place of a reference hung `host snapshot verify`
    /// for good in libpng's fopen and fread.
    static func readRegularFile(_ path: String) throws -> [UInt8] {
        func failure(_ reason: String) -> RenderError { .image(name: path, reason: reason, tried: []) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot read PNG: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure("cannot read PNG: \(String(cString: strerror(errno)))") }
        guard st.st_mode & S_IFMT == S_IFREG else { throw failure("cannot read PNG: not a regular file (a FIFO, a device or a directory)") }
        guard st.st_size <= largestFile else { throw failure("cannot read PNG: \(st.st_size) bytes, more than the \(largestFile >> 20) MiB a reference may have") }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw failure("cannot read PNG: \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            done += n
        }
        return done == bytes.count ? bytes : Array(bytes[0..<done])
    }

    private static func message(of image: png_image) -> String {
        var m = image.message
        return withUnsafeBytes(of: &m) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The PNG file (RGB when every pixel is opaque, else RGBA) at zlib `level`.
    package func encodePNG(level: Int = 6) throws -> [UInt8] {
        var opaque = true
        for i in stride(from: 3, to: pixels.count, by: 4) where pixels[i] != 255 { opaque = false; break }
        return try PNGEncoder.encode(rgba: pixels, width: width, height: height, opaque: opaque, level: level)
    }
}

extension RenderTarget {
    /// The finished picture's pixels (PNG targets only): the canvas is finished first, as by
    /// ``encode()``, and the pixels are exactly those the PNG file gets.
    /// - Throws: the canvas's Cairo errors; `RenderError.invalidOption` for SVG and PDF targets.
    package func rgbaImage() throws -> RGBAImage {
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
