/// Text sizes. During drawing the host measures exactly (`easel_canvas.measure_text`); outside
/// drawing — layout, intrinsicContentSize — no canvas exists in the ABI, so the size is estimated from
/// per-character advance widths typical of a sans-serif UI font (CJK characters one em). Layout that
/// must be exact is redone at draw time by the toolkit (see UIButton).
enum TextMeasurer {
    static func size(of text: String, style: TextStyle, maxWidth: CGFloat = 0) -> CGSize {
        if let context = UIGraphicsGetCurrentContext() {
            return context.measureText(text, maxWidth: maxWidth, style: style)
        }
        return estimate(text, style: style, maxWidth: maxWidth)
    }

    static func estimate(_ text: String, style: TextStyle, maxWidth: CGFloat) -> CGSize {
        let em = style.font.pointSize
        let boldFactor: CGFloat = style.font.weight.rawValue >= 0.3 ? 1.06 : 1
        let lineHeight = style.font.lineHeight
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
