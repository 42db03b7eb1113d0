import CCairo
import CEasel
import CPango

/// Text, set by Pango (see `TextLayoutEngine`), modelled on NSString's draw(in:) and UILabel.
///
/// - The text is wrapped at the rect's width (word wrap breaks inside a word only when the word
///   alone is wider than a line; char wrap breaks anywhere), aligned left/centre/right/justified,
///   and the block is placed at the top, centre or bottom of the rect. It is clipped to the rect.
/// - EASEL_LINE_BREAK_CLIP shows the first line only, unwrapped, clipped at the rect.
/// - EASEL_LINE_BREAK_TRUNCATE_TAIL wraps up to `max_lines` lines (or as many as fit the rect's
///   height when max_lines is 0) and ends the last one with "…" when text remains.
/// - `max_lines` > 0 with word or char wrap shows the first max_lines lines without an ellipsis.
/// - measure_text lays out exactly as draw_text does with a rect max_width wide (or unwrapped
///   when max_width <= 0) and unlimited height, and rounds the size up to whole points, so a rect
///   of the measured size shows the whole text. Empty text measures {0, 0}.
extension CairoCanvas {
    /// The largest em, in device pixels, that text is set at: 2¹⁵, twice the largest surface's side
    /// (FreeType's sizes stop at 65 535 pixels per em, and Pango's scaled fonts fail well before).
    static let largestGlyph = 32_768.0

    func drawText(_ cText: UnsafePointer<CChar>?, rect: easel_rect, style: UnsafePointer<easel_text_style>?) {
        guard let cText, let style = style?.pointee else { return }
        let r = rect.standardized
        guard canBuild(r.origin.x, r.origin.y, r.size.width, r.size.height), r.size.width > 0, r.size.height > 0 else { return }
        let string = String(cString: cText)
        guard !string.isEmpty, style.font_size.isFinite, style.font_size > 0 else { return }
        guard let matrix = layoutMatrix(for: style) else { return }
        let wraps = style.line_break != EASEL_LINE_BREAK_CLIP
        let block = lay(string, style: style, under: matrix, width: wraps ? r.size.width : nil, height: r.size.height)
        guard block.visibleLines > 0 else { return }
        let unknown = Int(pango_layout_get_unknown_glyphs_count(text.layout))
        if unknown > 0 {
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            diagnose(.missingGlyphs(text: shown, count: unknown))
        }

        var x = r.origin.x
        if !wraps {
            switch style.alignment {
            case EASEL_TEXT_ALIGN_CENTER: x += (r.size.width - block.width) / 2 - block.x
            case EASEL_TEXT_ALIGN_RIGHT: x += r.size.width - block.width - block.x
            default: x -= block.x
            }
        }
        var y = r.origin.y
        switch style.vertical_alignment {
        case EASEL_VERTICAL_ALIGN_CENTER: y += (r.size.height - block.height) / 2
        case EASEL_VERTICAL_ALIGN_BOTTOM: y += r.size.height - block.height
        default: break
        }
        var clip = UserRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
        if block.visibleLines < block.totalLines {
            clip = clip.intersection(UserRect(x1: clip.x1, y1: y, x2: clip.x2, y2: y + block.height))
        }
        guard !clip.isEmpty else { return }
        let color = style.color
        let engine = text
        preservingPath {
            paint(extents: clip) { context in
                cairo_save(context)
                cairo_rectangle(context, clip.x1, clip.y1, clip.width, clip.height)
                cairo_clip(context)
                setSource(color, on: context)
                cairo_move_to(context, x, y)
                engine.show(on: context)
                cairo_new_path(context)
                cairo_restore(context)
            }
        }
    }

    func measureText(_ cText: UnsafePointer<CChar>?, maxWidth: Double, style: UnsafePointer<easel_text_style>?) -> easel_size {
        guard let cText, var style = style?.pointee else { return easel_size(width: 0, height: 0) }
        let string = String(cString: cText)
        guard !string.isEmpty, style.font_size.isFinite, style.font_size > 0 else {
            return easel_size(width: 0, height: 0)
        }
        var width: Double? = maxWidth.isFinite && maxWidth > 0 ? maxWidth : nil
        // Measured as it would be drawn (hinting follows the transform), unless text cannot be set
        // under the current transform: then in plain points at a reference size, scaled (a text's
        // extents are linear in its size, hinting aside).
        var factor = 1.0
        var matrix = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        if let layoutMatrix = layoutMatrix(for: style), Self.measuresSafely(style, under: layoutMatrix) {
            matrix = layoutMatrix
        } else {
            factor = TextLayoutEngine.settableSize(style.font_size) / Self.referenceSize
            style.font_size = Self.referenceSize
            width = width.map { $0 / factor }
        }
        let block = lay(string, style: style, under: matrix, width: width, height: nil)
        return easel_size(width: (block.width * factor).rounded(.up), height: (block.height * factor).rounded(.up))
    }

    /// Whether Pango measures text in `style` under `matrix` without failing its scaled font: it
    /// did when the em in device pixels times the transform's scale passed about 2¹⁷ (5 pt under a
    /// uniform scale of 316, an em of 1581 pixels, was a Pango warning), so past 2¹⁵ text is
    /// measured in plain points. Drawing is not affected (see ``layoutMatrix(for:)``).
    static func measuresSafely(_ style: easel_text_style, under matrix: cairo_matrix_t) -> Bool {
        let scale = max(abs(matrix.xx), abs(matrix.xy), abs(matrix.yx), abs(matrix.yy))
        return TextLayoutEngine.settableSize(style.font_size) * scale * scale <= largestGlyph
    }

    /// The size text is measured at when it cannot be set under the current transform.
    static let referenceSize = 12.0

    /// The transform text is laid out under, if it can be set under the current one.
    /// - The current transform, when it scales both axes alike (within 1%).
    /// - Else a uniform scale by the geometric mean of the two: Pango lays text out under a
    ///   stretched transform as if both axes had the larger scale (5 pt under 100×500 measured five
    ///   times too wide, glyphs drawn far apart) and, stretched further, fails its scaled fonts (a
    ///   GLib critical). The glyphs are still drawn under the current transform: stretched, with
    ///   the advances of unstretched text, as CoreGraphics draws them.
    /// - nil when glyphs there would be far larger than any surface or far below a pixel (nothing
    ///   would show; Pango, asked for them, overflows its font size), or the transform is singular
    ///   (see CairoCanvas+State).
    func layoutMatrix(for style: easel_text_style) -> cairo_matrix_t? {
        guard state.singularMatrix == nil else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let x = (m.xx * m.xx + m.yx * m.yx).squareRoot(), y = (m.xy * m.xy + m.yy * m.yy).squareRoot()
        if max(x, y) > 1.01 * min(x, y) {
            let s = (x * y).squareRoot()
            m = cairo_matrix_t(xx: s, yx: 0, xy: 0, yy: s, x0: m.x0, y0: m.y0)
        }
        let pixelsPerEm = max(abs(m.xx), abs(m.xy), abs(m.yx), abs(m.yy)) * TextLayoutEngine.settableSize(style.font_size)
        guard pixelsPerEm.isFinite, pixelsPerEm >= 1e-3, pixelsPerEm <= Self.largestGlyph else { return nil }
        return m
    }

    /// Lays `string` out with Pango under `matrix`; the context keeps its own transform.
    func lay(_ string: String, style: easel_text_style, under matrix: cairo_matrix_t, width: Double?, height: Double?) -> TextLayoutEngine.Block {
        var current = cairo_matrix_t(), layout = matrix
        cairo_get_matrix(cr, &current)
        cairo_set_matrix(cr, &layout)
        defer { cairo_set_matrix(cr, &current) }
        return text.lay(string, style: style, on: cr, width: width, height: height)
    }
}
