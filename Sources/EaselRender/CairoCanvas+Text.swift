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
    /// The largest em, in device pixels, that text is set at (six times the largest surface's side).
    static let largestGlyph = 1e5

    func drawText(_ cText: UnsafePointer<CChar>?, rect: easel_rect, style: UnsafePointer<easel_text_style>?) {
        guard let cText, let style = style?.pointee else { return }
        let r = rect.standardized
        guard canBuild(r.origin.x, r.origin.y, r.size.width, r.size.height), r.size.width > 0, r.size.height > 0 else { return }
        let string = String(cString: cText)
        guard !string.isEmpty, style.font_size.isFinite, style.font_size > 0 else { return }
        // Glyphs far larger than any surface, or far below a pixel, show nothing; Pango, asked for
        // them, overflows its font size (a GLib critical on stderr) and fails the scaled font.
        let m = currentMatrix
        let pixelsPerEm = max(abs(m.xx), abs(m.xy), abs(m.yx), abs(m.yy)) * min(style.font_size, TextLayoutEngine.largestFontSize)
        guard pixelsPerEm.isFinite, pixelsPerEm >= 1e-3, pixelsPerEm <= Self.largestGlyph else { return }
        let wraps = style.line_break != EASEL_LINE_BREAK_CLIP
        let block = text.lay(string, style: style, on: cr, width: wraps ? r.size.width : nil, height: r.size.height)
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
        guard let cText, let style = style?.pointee else { return easel_size(width: 0, height: 0) }
        let string = String(cString: cText)
        guard !string.isEmpty, style.font_size.isFinite, style.font_size > 0 else {
            return easel_size(width: 0, height: 0)
        }
        let width: Double? = maxWidth.isFinite && maxWidth > 0 ? maxWidth : nil
        let block = text.lay(string, style: style, on: cr, width: width, height: nil)
        return easel_size(width: block.width.rounded(.up), height: block.height.rounded(.up))
    }
}
