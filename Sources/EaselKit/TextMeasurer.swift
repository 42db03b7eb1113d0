/// Text sizes, exactly as the host will draw them: during drawing from the canvas
/// (`easel_canvas.measure_text`), outside drawing — layout, `intrinsicContentSize`, `sizeThatFits` —
/// from the host (`easel_host.measure_text`), which measures the same way. Only a host that offers no
/// text metrics (it answers {0, 0} for non-empty text) leaves an estimate from per-character advance
/// widths typical of a sans-serif UI font (CJK characters one em).
enum TextMeasurer {
    static func size(of text: String, style: TextStyle, maxWidth: CGFloat = 0) -> CGSize {
        if let context = UIGraphicsGetCurrentContext() {
            return context.measureText(text, maxWidth: maxWidth, style: style)
        }
        return measuredByHost(text, style: style, maxWidth: maxWidth) ?? estimate(text, style: style, maxWidth: maxWidth)
    }

    /// The host's exact measurement; nil without a host, or from a host without text metrics.
    static func measuredByHost(_ text: String, style: TextStyle, maxWidth: CGFloat) -> CGSize? {
        guard let size = PluginState.shared.measureText(text, maxWidth: maxWidth, style: style) else { return nil }
        if size == .zero && !text.isEmpty { return nil }
        return size
    }

    /// The height of one line of `font` (`UIFont.lineHeight`), measured by the host when it can: the
    /// height of a laid-out line, which does not depend on the letters (a capital and a descender here).
    static func lineHeight(of font: UIFont) -> CGFloat {
        var style = TextStyle(attributes: nil)
        style.font = font
        style.numberOfLines = 1
        style.lineBreakMode = .byClipping
        if let context = UIGraphicsGetCurrentContext() {
            let height = context.measureText("Hg", maxWidth: 0, style: style).height
            if height > 0 { return height }
        }
        return measuredByHost("Hg", style: style, maxWidth: 0)?.height ?? font.estimatedLineHeight
    }

    static func estimate(_ text: String, style: TextStyle, maxWidth: CGFloat) -> CGSize {
        let em = style.font.pointSize
        let boldFactor: CGFloat = style.font.weight.rawValue >= 0.3 ? 1.06 : 1
        let lineHeight = style.font.estimatedLineHeight
        var widest: CGFloat = 0
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let width = paragraph.unicodeScalars.reduce(CGFloat(0)) { $0 + advance($1) } * em * boldFactor
            if maxWidth > 0 && width > maxWidth && style.lineBreakMode != .byClipping {
                lines += Int((width / maxWidth).rounded(.up))
                widest = maxWidth
            } else {
                lines += 1
                widest = max(widest, width)
            }
        }
        if style.numberOfLines > 0 { lines = min(lines, style.numberOfLines) }
        return CGSize(width: widest.rounded(.up), height: CGFloat(max(1, lines)) * lineHeight)
    }

    /// Advance width in ems.
    private static func advance(_ scalar: Unicode.Scalar) -> CGFloat {
        let v = scalar.value
        switch v {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 1
        case 0x20: return 0.27
        case 0x0300...0x036F, 0x200B...0x200F: return 0
        default: break
        }
        switch Character(scalar) {
        case "i", "j", "l", ".", ",", "'", "|", "!", ":", ";", "I", "t", "f": return 0.28
        case "m", "w", "M", "W": return 0.85
        case "A"..."Z": return 0.66
        case "0"..."9": return 0.57
        default: return 0.53
        }
    }
}
