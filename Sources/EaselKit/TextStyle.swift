internal import CEasel

/// How EaselKit asks the host to set text: font, colour, alignment and line breaking.
struct TextStyle {
    enum VerticalAlignment { case top, center, bottom }

    var font: UIFont = .systemFont(ofSize: 17)
    var color: UIColor = .black
    var alignment: NSTextAlignment = .natural
    var verticalAlignment: VerticalAlignment = .top
    var lineBreakMode: NSLineBreakMode = .byWordWrapping
    var numberOfLines = 0

    /// Reads `.font`, `.foregroundColor` and `.paragraphStyle` from string-drawing attributes.
    init(attributes: [NSAttributedString.Key: Any]?) {
        if let font = attributes?[.font] as? UIFont { self.font = font }
        if let color = attributes?[.foregroundColor] as? UIColor {
            self.color = color
        } else if let color = attributes?[.foregroundColor] as? CGColor {
            self.color = UIColor(cgColor: color)
        }
        if let paragraph = attributes?[.paragraphStyle] as? NSParagraphStyle {
            alignment = paragraph.alignment
            lineBreakMode = paragraph.lineBreakMode
        }
    }

    init(font: UIFont, color: UIColor, alignment: NSTextAlignment, verticalAlignment: VerticalAlignment,
         lineBreakMode: NSLineBreakMode, numberOfLines: Int) {
        self.font = font
        self.color = color
        self.alignment = alignment
        self.verticalAlignment = verticalAlignment
        self.lineBreakMode = lineBreakMode
        self.numberOfLines = numberOfLines
    }

    /// Calls `body` with the C form (valid only during the call).
    func withCStyle<R>(_ body: (UnsafePointer<easel_text_style>) -> R) -> R {
        func call(_ family: UnsafePointer<CChar>?) -> R {
            var style = easel_text_style(
                font_family: family,
                font_size: Double(font.pointSize),
                font_weight: font.weight.cssWeight,
                italic: font.isItalic,
                reserved0: 0, reserved1: 0,
                color: color.easel,
                alignment: alignment.cValue,
                vertical_alignment: verticalAlignment == .top ? EASEL_VERTICAL_ALIGN_TOP
                    : verticalAlignment == .center ? EASEL_VERTICAL_ALIGN_CENTER : EASEL_VERTICAL_ALIGN_BOTTOM,
                line_break: lineBreakMode.cValue,
                max_lines: UInt32(max(0, numberOfLines)))
            return withUnsafePointer(to: &style) { body($0) }
        }
        if let family = font.familyName { return family.withCString { call($0) } }
        return call(nil)
    }
}

extension CGContext {
    /// Draws `text` inside `rect`, wrapped and aligned as `style` says.
    func drawText(_ text: String, in rect: CGRect, style: TextStyle) {
        style.withCStyle { cStyle in
            text.withCString { canvas.pointee.draw_text(canvas, $0, rect.easel, cStyle) }
        }
    }

    /// The size `text` takes, wrapped at `maxWidth` (<= 0: no wrapping).
    func measureText(_ text: String, maxWidth: CGFloat, style: TextStyle) -> CGSize {
        style.withCStyle { cStyle in
            text.withCString { CGSize(canvas.pointee.measure_text(canvas, $0, Double(maxWidth), cStyle)) }
        }
    }
}
