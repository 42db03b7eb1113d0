import CCairo
import CEasel
import CPango

/// Lays text out with Pango for one canvas: one Pango context and one layout, reused for every
/// draw_text and measure_text call so that both see exactly the same layout.
///
/// Units: the context's resolution is irrelevant because sizes are set as absolute sizes in user
/// units (points). Metric hinting is off and glyph positions are not rounded, so a layout does not
/// change with the device scale: what measure_text reports at @1x is what draw_text fills at @3x.
final class TextLayoutEngine {
    /// The placed block of text: its logical size and how many of the layout's lines it shows.
    struct Block {
        var width: Double
        var height: Double
        /// Left edge of the widest shown line relative to the layout's origin (used when there is
        /// no wrapping width and the engine aligns the block itself).
        var x: Double
        var visibleLines: Int
        var totalLines: Int
    }

    let context: OpaquePointer
    let layout: OpaquePointer
    /// How many characters the last ``lay(_:style:on:width:height:)`` laid out (tests).
    private(set) var lastLaidOutCharacters = 0
    /// Whether the last layout ended in an ellipsis (tests).
    var lastLayoutWasEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    init() {
        context = pango_font_map_create_context(FontConfiguration.fontMap())!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        layout = pango_layout_new(context)!
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The most characters one draw_text or measure_text lays out; longer text is laid out up to
    /// there. Pango wraps a run without break opportunities in time quadratic in its length.
    static let maximumCharacters = 20_000

    /// Lays `text` out with `style`, wrapped at `width` (nil: no wrapping) and, for tail
    /// truncation without a line limit, ellipsized to fit `height` (nil: no height limit).
    ///
    /// Only what can be visible is laid out: one line (ellipsized by Pango) when `max_lines` is 1,
    /// and otherwise, when the lines are bounded (`max_lines`, or a height), a prefix of the text
    /// long enough to fill them (no glyph is narrower than a tenth of the font size), so that the
    /// time a label takes does not grow with the length of the text it truncates.
    func lay(_ text: String, style: easel_text_style, on cr: OpaquePointer, width: Double?, height: Double?) -> Block {
        pango_cairo_update_context(cr, context)
        pango_layout_context_changed(layout)
        let fontSize = setFont(style)

        let mode = style.line_break
        let firstLineOnly = mode == EASEL_LINE_BREAK_CLIP
            || (style.max_lines == 1 && mode == EASEL_LINE_BREAK_TRUNCATE_TAIL && width != nil)
        var shown = firstLineOnly ? String(text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\u{2028}" && $0 != "\u{2029}" }) : text
        if let width, width.isFinite, mode != EASEL_LINE_BREAK_CLIP {
            let lines = style.max_lines > 0 ? Double(style.max_lines)
                : height.map { $0.isFinite ? max(1, ($0 / fontSize).rounded(.up)) : Double.infinity } ?? Double.infinity
            let perLine = max(1, (max(width, 0) / (fontSize * 0.1)).rounded(.up)) + 1
            let bound = lines * perLine
            if bound < Double(Self.maximumCharacters) { shown = String(shown.prefix(Int(bound) + 1)) }
        }
        if shown.utf8.count > Self.maximumCharacters { shown = String(shown.prefix(Self.maximumCharacters)) }
        lastLaidOutCharacters = shown.count
        let l = layout
        pango_layout_set_text(l, shown, -1)
        pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_NONE)
        pango_layout_set_height(l, -1)
        let singleLine = mode == EASEL_LINE_BREAK_CLIP
        let wraps = !singleLine && width != nil
        pango_layout_set_width(l, wraps ? pangoUnits(max(width!, 0)) : -1)
        pango_layout_set_wrap(l, mode == EASEL_LINE_BREAK_CHAR_WRAP ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        switch style.alignment {
        case EASEL_TEXT_ALIGN_CENTER: pango_layout_set_alignment(l, PANGO_ALIGN_CENTER)
        case EASEL_TEXT_ALIGN_RIGHT: pango_layout_set_alignment(l, PANGO_ALIGN_RIGHT)
        default: pango_layout_set_alignment(l, PANGO_ALIGN_LEFT)
        }
        pango_layout_set_justify(l, style.alignment == EASEL_TEXT_ALIGN_JUSTIFIED ? 1 : 0)

        let maxLines = singleLine ? 1 : Int(style.max_lines)
        if mode == EASEL_LINE_BREAK_TRUNCATE_TAIL && wraps {
            if maxLines == 1 {
                // One line, ellipsized to the width: Pango's -1 height is one line per paragraph,
                // and only the first paragraph is shown.
                pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END)
                pango_layout_set_height(l, -1)
            } else if maxLines > 0 {
                // Pango's negative heights count lines per paragraph; UILabel counts them in
                // total. So the limit becomes a height between the bottom of the last line shown
                // and the bottom of the next (an exact bottom can round below the line's own
                // height at some scales, and the ellipsis was lost).
                let bottoms = lineBottoms()
                if bottoms.count > maxLines {
                    pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END)
                    pango_layout_set_height(l, bottoms[maxLines - 1] + (bottoms[maxLines] - bottoms[maxLines - 1]) / 2)
                }
            } else if let height {
                pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END)
                pango_layout_set_height(l, pangoUnits(max(height, 0)))
            }
        }

        let lines = lineExtents()
        let visible = maxLines > 0 ? min(lines.count, maxLines) : lines.count
        var block = Block(width: 0, height: 0, x: 0, visibleLines: visible, totalLines: lines.count)
        if visible > 0 {
            let shownLines = lines[0..<visible]
            let left = shownLines.map { $0.x }.min()!
            let right = shownLines.map { $0.x + $0.width }.max()!
            block.x = Double(left) / Double(PANGO_SCALE)
            block.width = Double(right - left) / Double(PANGO_SCALE)
            block.height = Double(shownLines.last!.y + shownLines.last!.height) / Double(PANGO_SCALE)
        }
        return block
    }

    /// Sets the layout's font; returns the size used.
    /// Font sizes are clamped to 0.01…4096 points.
    static let largestFontSize = 4096.0
    static let smallestFontSize = 0.01

    /// The size text of `size` points is set at: clamped to ``smallestFontSize``…``largestFontSize``,
    /// 17 when it is not finite.
    static func settableSize(_ size: Double) -> Double {
        size.isFinite ? min(max(size, smallestFontSize), largestFontSize) : 17
    }

    @discardableResult
    private func setFont(_ style: easel_text_style) -> Double {
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        let family = style.font_family.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        pango_font_description_set_family(description, family ?? CairoCanvas.defaultFontFamily)
        let size = Self.settableSize(style.font_size)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        let weight = Int32(min(max(style.font_weight == 0 ? 400 : style.font_weight, 100), 900))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight)))
        pango_font_description_set_style(description, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(layout, description)
        return size
    }

    /// Logical extents of every line, in layout coordinates (Pango units).
    private func lineExtents() -> [PangoRectangle] {
        var result: [PangoRectangle] = []
        guard let iter = pango_layout_get_iter(layout) else { return result }
        defer { pango_layout_iter_free(iter) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            result.append(logical)
        } while pango_layout_iter_next_line(iter) != 0
        return result
    }

    private func lineBottoms() -> [Int32] {
        lineExtents().map { $0.y + $0.height }
    }

    /// Draws the laid-out text with its top-left corner at the current point of `cr`.
    func show(on cr: OpaquePointer) {
        pango_cairo_show_layout(cr, layout)
    }
}

func pangoUnits(_ value: Double) -> Int32 {
    Int32(min(value * Double(PANGO_SCALE), Double(Int32.max)).rounded(.down))
}
