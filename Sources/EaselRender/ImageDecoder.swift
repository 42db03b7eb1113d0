import CCairo
import CRsvg
import Glibc

/// Reads PNG (Cairo), JPEG (gdk-pixbuf, converted to premultiplied ARGB32 here: there is no GDK)
/// and SVG (librsvg) files. The format is recognised by the file's first bytes, not its name.
///
/// A raster file named with an `@2x` / `@3x` suffix ("icon@2x.png") has that many pixels per point,
/// as UIImage reads it; its natural size in points is its pixel size divided by that scale.
/// SVG sizes are CSS pixels, taken as points (librsvg at 96 DPI: "1in" is 96 points); a document
/// with only a viewBox takes the viewBox's size.
enum ImageDecoder {
    enum Format: String { case png = "PNG", jpeg = "JPEG", svg = "SVG" }

    /// The decoded image, or a message saying why it could not be read.
    static func decode(path: String) -> Result<DecodedImage, DecodeFailure> {
        guard let format = sniff(path: path) else {
            return .failure(DecodeFailure("not a PNG, JPEG or SVG file (unrecognised content)"))
        }
        // A raster image is decoded whole: a 1 MB PNG of 16000×16000 pixels took 1 GB and longer
        // than a call's budget, in the worker (blamed as "an endless loop") and again in the host.
        if let (width, height) = pixelSize(path: path, format), width * height > largestImage {
            return .failure(DecodeFailure("a \(format.rawValue) of \(width)×\(height) pixels, more than the \(largestImage / 1_000_000) megapixels an image may have"))
        }
        switch format {
        case .png: return decodePNG(path: path)
        case .jpeg: return decodeJPEG(path: path)
        case .svg: return decodeSVG(path: path)
        }
    }

    struct DecodeFailure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static func sniff(path: String) -> Format? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 512)
        let count = fread(&head, 1, head.count, file)
        let bytes = head[0..<count]
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x1F, 0x8B]) && path.lowercased().hasSuffix(".svgz") { return .svg }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("<svg") { return .svg }
        return nil
    }

    /// The largest raster image decoded: as large as the largest picture the renderer makes
    /// (``RenderTarget/maximumPixels``).
    static let largestImage = RenderTarget.maximumPixels

    /// A PNG's or JPEG's size in pixels, from its header (PNG: IHDR; JPEG: the first start-of-frame
    /// marker, within the first MiB); nil for SVG or when the header does not say.
    static func pixelSize(path: String, _ format: Format) -> (Int, Int)? {
        guard format != .svg, let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 1 << 20)
        let count = fread(&head, 1, head.count, file)
        func be16(_ i: Int) -> Int { Int(head[i]) << 8 | Int(head[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if format == .png {
            guard count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
            return (be32(16), be32(20))
        }
        var i = 2 // after SOI: segments of marker FF xx and a 16-bit length
        while i + 9 <= count, head[i] == 0xFF {
            let marker = head[i + 1]
            if marker == 0xFF { i += 1; continue }           // fill byte
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (be16(i + 7), be16(i + 5))           // SOFn: precision, height, width
            }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            i += 2 + be16(i + 2)
        }
        return nil
    }

    /// The pixels-per-point scale in a raster file name ("name@2x.png" → 2), 1 without one.
    static func scale(inFileName path: String) -> Double {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? file
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
              let value = Double(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]),
              value >= 1, value <= 8 else { return 1 }
        return value
    }

    static func decodePNG(path: String) -> Result<DecodedImage, DecodeFailure> {
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let message = String(cString: cairo_status_to_string(status))
            return .failure(DecodeFailure("cannot decode PNG: \(message)"))
        }
        let scale = scale(inFileName: path)
        return .success(DecodedImage(content: .raster(surface),
                                     width: Double(cairo_image_surface_get_width(surface)) / scale,
                                     height: Double(cairo_image_surface_get_height(surface)) / scale))
    }

    static func decodeJPEG(path: String) -> Result<DecodedImage, DecodeFailure> {
        if let why = easel_image_libraries_error() { return .failure(DecodeFailure("cannot decode JPEG: " + String(cString: why))) }
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gdk_pixbuf_new_from_file(path, &error) else {
            return .failure(DecodeFailure("cannot decode JPEG: " + takeMessage(error, fallback: "gdk-pixbuf failed")))
        }
        // Honour the EXIF orientation, as UIImage does. The result is a new reference (possibly
        // to the same pixbuf), so both are released.
        let oriented = gdk_pixbuf_apply_embedded_orientation(loaded)
        let pixbuf = oriented ?? loaded
        defer {
            if let oriented { g_object_unref(UnsafeMutableRawPointer(oriented)) }
            g_object_unref(UnsafeMutableRawPointer(loaded))
        }
        switch surface(from: pixbuf) {
        case .failure(let failure): return .failure(failure)
        case .success(let surface):
            let scale = scale(inFileName: path)
            return .success(DecodedImage(content: .raster(surface),
                                         width: Double(cairo_image_surface_get_width(surface)) / scale,
                                         height: Double(cairo_image_surface_get_height(surface)) / scale))
        }
    }

    /// Copies a pixbuf (8-bit RGB or RGBA, not premultiplied) into a premultiplied ARGB32 surface.
    static func surface(from pixbuf: OpaquePointer) -> Result<OpaquePointer, DecodeFailure> {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == (hasAlpha ? 4 : 3),
              let source = gdk_pixbuf_read_pixels(pixbuf) else {
            return .failure(DecodeFailure("unsupported pixel layout (\(channels) channels)"))
        }
        let surface = cairo_image_surface_create(hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                                 Int32(width), Int32(height))!
        if let error = RenderError.checking(cairo_surface_status(surface), "creating a \(width)×\(height) image") {
            cairo_surface_destroy(surface)
            return .failure(DecodeFailure(error.description))
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!)
        for y in 0..<height {
            let inRow = source + y * rowstride
            let outRow = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = inRow + x * channels
                let a = hasAlpha ? UInt32(p[3]) : 255
                func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                outRow[x] = a << 24 | premultiplied(p[0]) << 16 | premultiplied(p[1]) << 8 | premultiplied(p[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return .success(surface)
    }

    static func decodeSVG(path: String) -> Result<DecodedImage, DecodeFailure> {
        if let why = easel_image_libraries_error() { return .failure(DecodeFailure("cannot parse SVG: " + String(cString: why))) }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else {
            return .failure(DecodeFailure("cannot parse SVG: " + takeMessage(error, fallback: "librsvg failed")))
        }
        rsvg_handle_set_dpi(handle, 96)
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            if hasViewBox != 0 {
                width = viewBox.width
                height = viewBox.height
            }
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            return .failure(DecodeFailure("SVG has no usable size (needs width and height, or a viewBox)"))
        }
        return .success(DecodedImage(content: .vector(handle), width: width, height: height))
    }
}
