import CCairo
import CEasel

/// Whole pictures drawn elsewhere (a worker's ``RenderTarget/premultipliedPixels()``), painted
/// onto this canvas at its device origin.
extension CairoCanvas {
    /// Whether the canvas paints into pixels (a PNG target), rather than SVG or PDF.
    package var isRaster: Bool {
        guard let surface = cairo_get_target(cr) else { return false }
        return cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
    }

    /// The size in pixels of what the canvas paints into (0×0 unless ``isRaster``).
    package var pixelSize: (width: Int, height: Int) {
        guard isRaster, let surface = cairo_get_target(cr) else { return (0, 0) }
        return (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
    }

    /// Paints premultiplied native-endian ARGB32 pixels (rows of `width * 4` bytes) over what is
    /// there, at device pixel (0, 0), whatever the transform: compositing a picture drawn on a
    /// transparent surface of the same size gives the picture drawing it here would have given.
    package func paintPremultiplied(_ pixels: ArraySlice<UInt8>, width: Int, height: Int) throws {
        guard width > 0, height > 0 else { return }
        guard pixels.count == width * height * 4, Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) == width * 4 else {
            throw RenderError.invalidOption(name: "picture", value: "\(pixels.count) bytes for \(width)×\(height)", expected: "width × height × 4 bytes")
        }
        // Cairo only reads a source surface: the pixels are painted where they are, not copied.
        try pixels.withUnsafeBytes { raw in
            let data = UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: UInt8.self)
            let image = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32,
                                                            Int32(width), Int32(height), Int32(width * 4))!
            defer { cairo_surface_destroy(image) }
            if let error = RenderError.checking(cairo_surface_status(image), "wrapping a \(width)×\(height) picture") { throw error }
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }
}

extension RenderTarget {
    /// The PNG target's pixels as they are (premultiplied native-endian ARGB32, rows of `width * 4`
    /// bytes), after finishing the canvas.
    package func premultipliedPixels() throws -> (pixels: [UInt8], width: Int, height: Int) {
        guard case .png = format, let surface = imageSurface else {
            throw RenderError.invalidOption(name: "format for pixels", value: format.fileExtension, expected: "png")
        }
        try canvas.finish()
        cairo_surface_flush(surface)
        if let error = RenderError.checking(cairo_surface_status(surface), "the image surface") { throw error }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else {
            return ([UInt8](repeating: 0, count: width * height * 4), width, height)
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            for y in 0..<height {
                UnsafeMutableRawPointer(out.baseAddress! + y * width * 4).copyMemory(from: data + y * stride, byteCount: width * 4)
            }
            count = width * height * 4
        }
        return (pixels, width, height)
    }
}
