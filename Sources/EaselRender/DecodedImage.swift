import CCairo
import CRsvg

/// A decoded image: a Cairo image surface (PNG, JPEG) or an SVG document kept as vectors.
final class DecodedImage {
    enum Content {
        /// Premultiplied ARGB32 (or RGB24) pixels.
        case raster(OpaquePointer)
        /// An SVG document, drawn as vectors at whatever size it is placed.
        case vector(OpaquePointer) // RsvgHandle *
    }

    let content: Content
    /// Natural size in points.
    let width: Double
    let height: Double

    init(content: Content, width: Double, height: Double) {
        self.content = content
        self.width = width
        self.height = height
    }

    deinit {
        switch content {
        case .raster(let surface): cairo_surface_destroy(surface)
        case .vector(let handle): g_object_unref(UnsafeMutableRawPointer(handle))
        }
    }

    /// Draws the whole image stretched into `dest` (user space of `cr`), with `alpha`. Raster
    /// images are sampled with Cairo's GOOD filter (box filtering when shrinking) and padded at
    /// their edges so that a scaled image has no translucent border.
    /// Returns a message when librsvg fails to render.
    func draw(on cr: OpaquePointer, into dest: UserRect, alpha: Double) -> String? {
        guard !dest.isEmpty, width > 0, height > 0 else { return nil }
        switch content {
        case .raster(let surface):
            let pixelWidth = Double(cairo_image_surface_get_width(surface))
            let pixelHeight = Double(cairo_image_surface_get_height(surface))
            let pattern = cairo_pattern_create_for_surface(surface)!
            defer { cairo_pattern_destroy(pattern) }
            // user → image pixels: move dest's origin to 0, then scale to the pixel grid.
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, pixelWidth / dest.width, pixelHeight / dest.height)
            cairo_matrix_translate(&matrix, -dest.x1, -dest.y1)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, dest.x1, dest.y1, dest.width, dest.height)
            cairo_clip(cr)
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
            return nil
        case .vector(let handle):
            // Rendered at the document's natural size under a scale to dest, so non-uniform
            // scaling works and everything stays vector (sharp at any device scale).
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, dest.x1, dest.y1, dest.width, dest.height)
            cairo_clip(cr)
            if alpha < 1 { cairo_push_group(cr) }
            cairo_translate(cr, dest.x1, dest.y1)
            cairo_scale(cr, dest.width / width, dest.height / height)
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            var error: UnsafeMutablePointer<GError>?
            let ok = rsvg_handle_render_document(handle, cr, &viewport, &error) != 0
            let message = ok ? nil : takeMessage(error, fallback: "librsvg could not render the document")
            if alpha < 1 {
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, alpha)
            }
            cairo_restore(cr)
            return message
        }
    }
}

/// The message of a GError (freed here), or `fallback`.
func takeMessage(_ error: UnsafeMutablePointer<GError>?, fallback: String) -> String {
    guard let error else { return fallback }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? fallback
}
