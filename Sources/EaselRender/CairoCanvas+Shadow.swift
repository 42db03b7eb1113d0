import CCairo
import CEasel

/// Blurred shadows as CGContextSetShadowWithColor casts them.
///
/// For each painting operation: the operation is drawn once more, unclipped, into an 8-bit alpha
/// mask in device space (so the shadow of a shape outside the clip can still fall inside it, as in
/// CoreGraphics); the mask is blurred, moved by the offset and painted through the shadow colour;
/// then the operation itself is painted on top.
///
/// Blur: CoreGraphics does not document its kernel. Measured renders match a Gaussian whose
/// standard deviation is half the blur radius (the convention CSS `box-shadow` also uses), so
/// σ = blur / 2 in base-space points, approximated by three box blurs (see `BoxBlur`).
/// Offset and blur go through the base transform (the device scale at canvas creation) only: the
/// current rotation or scale does not turn or stretch them. Offsets are in UIKit's orientation:
/// a positive height moves the shadow down.
extension CairoCanvas {
    /// The largest standard deviation, in mask pixels, of a blur cast at the mask's full resolution.
    static let widestMaskSigma = 64.0

    func castShadow(_ shadow: Shadow, extents: UserRect, path: UnsafeMutablePointer<cairo_path_t>?,
                    _ draw: (OpaquePointer) -> Void) {
        guard !extents.isEmpty else { return }
        var base = baseMatrix
        var dx = shadow.offset.width, dy = shadow.offset.height
        cairo_matrix_transform_distance(&base, &dx, &dy)
        let baseScale = abs(base.xx * base.yy - base.xy * base.yx).squareRoot()
        // σ in device pixels, at most the largest surface's side (wider, a shadow looks no different).
        // A wide blur is cast on a coarser mask (at most `widestMaskSigma` mask pixels of σ): a
        // blurred shadow holds no detail to lose, and a blur of 1e9 points stays a small mask.
        let sigma = min(shadow.blur / 2 * baseScale, Double(RenderTarget.maximumSide))
        var k = shadowRasterScale
        if sigma * k > Self.widestMaskSigma { k = Self.widestMaskSigma / sigma }
        let blur = BoxBlur(sigma: sigma * k)
        let margin = Double(blur.reach + 1) / k

        let matrix = currentMatrix
        let content = extents.transformed(by: matrix)
        let visible = UserRect.deviceClipExtents(cr)
        // Mask pixels that can land inside the clip once offset, plus what the blur pulls in.
        let needed = content.insetBy(-margin).intersection(visible.offsetBy(-dx, -dy).insetBy(-margin))
        guard !needed.isEmpty else { return }
        let area = needed.roundedOut
        // Compared as Doubles first: a side too large for an Int must not trap.
        let wide = (area.width * k).rounded(.up), high = (area.height * k).rounded(.up)
        guard wide > 0, high > 0 else { return }
        let largest = Double(RenderTarget.maximumSide * 2)
        guard wide <= largest, high <= largest else {
            return record(.tooLarge(width: Int(min(wide, Double(Int.max / 2))), height: Int(min(high, Double(Int.max / 2))),
                                    reason: "shadow mask exceeds \(RenderTarget.maximumSide * 2) pixels per side"))
        }
        let width = Int(wide), height = Int(high)

        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(mask) }
        if let error = RenderError.checking(cairo_surface_status(mask), "creating a \(width)×\(height) shadow mask") {
            return record(error)
        }
        let context = cairo_create(mask)!
        // user → device (the canvas's matrix), then device → mask pixels.
        var toMask = cairo_matrix_t(xx: k, yx: 0, xy: 0, yy: k, x0: -area.x1 * k, y0: -area.y1 * k)
        var user = matrix
        var combined = cairo_matrix_t()
        cairo_matrix_multiply(&combined, &user, &toMask)
        cairo_set_matrix(context, &combined)
        if let path { cairo_append_path(context, path) }
        draw(context)
        let status = cairo_status(context)
        cairo_destroy(context)
        if let error = RenderError.checking(status, "drawing a shadow mask") { return record(error) }

        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            blur.apply(to: data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(mask)))
        }
        cairo_surface_mark_dirty(mask)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_translate(cr, area.x1 + dx, area.y1 + dy)
        cairo_scale(cr, 1 / k, 1 / k)
        let c = shadow.color
        cairo_set_source_rgba(cr, clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.alpha))
        cairo_mask_surface(cr, mask, 0, 0)
        cairo_restore(cr)
    }
}
