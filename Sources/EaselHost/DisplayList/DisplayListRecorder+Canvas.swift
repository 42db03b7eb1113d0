import CEasel
import Glibc

/// What each `easel_canvas` member does on a recorder: append one record (see
/// `DisplayListFormat`), keep the transform stack, answer the queries.
extension DisplayListRecorder {
    private typealias F = DisplayListFormat

    // MARK: Graphics state and transforms

    func save() {
        record(.save, payload: 0) { _ in }
        states.save()
    }

    /// Not recorded when the canvas would ignore it (nothing saved since the innermost open layer).
    func restore() {
        guard states.canRestore else { return }
        record(.restore, payload: 0) { _ in }
        states.restore()
    }

    func translate(_ tx: Double, _ ty: Double) {
        record(.translate, payload: 2 * F.doubleSize) { $0.double(tx); $0.double(ty) }
        concat(easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty))
    }

    func scale(_ sx: Double, _ sy: Double) {
        record(.scale, payload: 2 * F.doubleSize) { $0.double(sx); $0.double(sy) }
        concat(easel_affine_transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0))
    }

    /// The host's canvas ignores a rotation by an angle that is not finite; so does the tracked
    /// transform (the call is still recorded).
    func rotate(_ radians: Double) {
        record(.rotate, payload: F.doubleSize) { $0.double(radians) }
        guard radians.isFinite else { return }
        // cairo_matrix_init_rotate: (c, s, −s, c).
        let s = sin(radians), c = cos(radians)
        concat(easel_affine_transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0))
    }

    func concatTransform(_ t: easel_affine_transform) {
        record(.concatTransform, payload: F.transformSize) { $0.transform(t) }
        concat(t)
    }

    // MARK: Path construction

    func beginPath() {
        record(.beginPath, payload: 0) { _ in }
    }

    func moveTo(_ x: Double, _ y: Double) {
        record(.moveTo, payload: F.pointSize) { $0.double(x); $0.double(y) }
    }

    func lineTo(_ x: Double, _ y: Double) {
        record(.lineTo, payload: F.pointSize) { $0.double(x); $0.double(y) }
    }

    func curveTo(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, _ x: Double, _ y: Double) {
        record(.curveTo, payload: 6 * F.doubleSize) {
            $0.double(c1x); $0.double(c1y); $0.double(c2x); $0.double(c2y); $0.double(x); $0.double(y)
        }
    }

    func quadCurveTo(_ cx: Double, _ cy: Double, _ x: Double, _ y: Double) {
        record(.quadCurveTo, payload: 4 * F.doubleSize) {
            $0.double(cx); $0.double(cy); $0.double(x); $0.double(y)
        }
    }

    func arc(_ cx: Double, _ cy: Double, _ radius: Double, _ start: Double, _ end: Double, clockwise: Bool) {
        record(.arc, payload: 5 * F.doubleSize + F.boolSize) {
            $0.double(cx); $0.double(cy); $0.double(radius); $0.double(start); $0.double(end)
            $0.bool(clockwise)
        }
    }

    func closePath() {
        record(.closePath, payload: 0) { _ in }
    }

    func addRect(_ rect: easel_rect) {
        record(.addRect, payload: F.rectSize) { $0.rect(rect) }
    }

    func addRoundedRect(_ rect: easel_rect, radius: Double) {
        record(.addRoundedRect, payload: F.rectSize + F.doubleSize) { $0.rect(rect); $0.double(radius) }
    }

    func addEllipse(_ rect: easel_rect) {
        record(.addEllipse, payload: F.rectSize) { $0.rect(rect) }
    }

    // MARK: Paint style

    func setFillColor(_ color: easel_color) {
        record(.setFillColor, payload: F.colorSize) { $0.color(color) }
    }

    func setStrokeColor(_ color: easel_color) {
        record(.setStrokeColor, payload: F.colorSize) { $0.color(color) }
    }

    func setLineWidth(_ width: Double) {
        record(.setLineWidth, payload: F.doubleSize) { $0.double(width) }
    }

    func setLineCap(_ cap: easel_line_cap) {
        record(.setLineCap, payload: F.uint32Size) { $0.uint32(cap) }
    }

    func setLineJoin(_ join: easel_line_join) {
        record(.setLineJoin, payload: F.uint32Size) { $0.uint32(join) }
    }

    func setMiterLimit(_ limit: Double) {
        record(.setMiterLimit, payload: F.doubleSize) { $0.double(limit) }
    }

    /// A NULL `lengths` is recorded as count 0 (solid lines), which is what the host's canvas makes
    /// of it.
    func setLineDash(phase: Double, lengths: UnsafePointer<Double>?, count: UInt32) {
        let values = UnsafeBufferPointer(start: lengths, count: lengths == nil ? 0 : Int(count))
        record(.setLineDash, payload: F.doubleSize + F.uint32Size + values.count * F.doubleSize) {
            $0.double(phase)
            $0.doubles(values)
        }
    }

    func setAlpha(_ alpha: Double) {
        record(.setAlpha, payload: F.doubleSize) { $0.double(alpha) }
    }

    func setShadow(offset: easel_size, blur: Double, color: easel_color) {
        record(.setShadow, payload: F.sizeSize + F.doubleSize + F.colorSize) {
            $0.size(offset); $0.double(blur); $0.color(color)
        }
    }

    // MARK: Painting

    func drawPath(_ mode: easel_path_mode) {
        record(.drawPath, payload: F.uint32Size) { $0.uint32(mode) }
    }

    func fillRect(_ rect: easel_rect) {
        record(.fillRect, payload: F.rectSize) { $0.rect(rect) }
    }

    func strokeRect(_ rect: easel_rect) {
        record(.strokeRect, payload: F.rectSize) { $0.rect(rect) }
    }

    func clip(_ rule: easel_fill_rule) {
        record(.clip, payload: F.uint32Size) { $0.uint32(rule) }
    }

    func clipToRect(_ rect: easel_rect) {
        record(.clipToRect, payload: F.rectSize) { $0.rect(rect) }
    }

    // MARK: Gradients

    /// NULL `stops` are recorded as count 0.
    func drawLinearGradient(_ stops: UnsafePointer<easel_gradient_stop>?, _ count: UInt32,
                            start: easel_point, end: easel_point, options: easel_gradient_options) {
        let copied = UnsafeBufferPointer(start: stops, count: stops == nil ? 0 : Int(count))
        record(.drawLinearGradient,
               payload: F.uint32Size + copied.count * F.stopSize + 2 * F.pointSize + F.uint32Size) {
            $0.stops(copied); $0.point(start); $0.point(end); $0.uint32(options)
        }
    }

    /// NULL `stops` are recorded as count 0.
    func drawRadialGradient(_ stops: UnsafePointer<easel_gradient_stop>?, _ count: UInt32,
                            startCenter: easel_point, startRadius: Double,
                            endCenter: easel_point, endRadius: Double, options: easel_gradient_options) {
        let copied = UnsafeBufferPointer(start: stops, count: stops == nil ? 0 : Int(count))
        record(.drawRadialGradient,
               payload: F.uint32Size + copied.count * F.stopSize + 2 * (F.pointSize + F.doubleSize) + F.uint32Size) {
            $0.stops(copied)
            $0.point(startCenter); $0.double(startRadius)
            $0.point(endCenter); $0.double(endRadius)
            $0.uint32(options)
        }
    }

    // MARK: Transparency layers

    func beginTransparencyLayer() {
        record(.beginTransparencyLayer, payload: 0) { _ in }
        states.beginLayer()
    }

    /// Not recorded when no layer is open (the canvas would ignore it).
    func endTransparencyLayer() {
        guard states.layerDepth > 0 else { return }
        record(.endTransparencyLayer, payload: 0) { _ in }
        states.endLayer()
    }

    // MARK: Text

    /// Not recorded when `text` or `style` is NULL (the host's canvas draws nothing then).
    func drawText(_ text: UnsafePointer<CChar>?, rect: easel_rect, style: UnsafePointer<easel_text_style>?) {
        guard let text, let style else { return }
        let string = Self.text(text)
        let family = style.pointee.font_family.map(Self.text)
        // The C bool read as a byte: any non-zero value means italic, as C would read it.
        let italic = UnsafeRawPointer(style)
            .load(fromByteOffset: MemoryLayout<easel_text_style>.offset(of: \.italic)!, as: UInt8.self) != 0
        let familySize = family.map { F.stringSize($0.utf8.count) } ?? F.uint32Size
        record(.drawText, payload: F.stringSize(string.utf8.count) + F.rectSize + familySize + F.styleFixedSize) {
            $0.string(string.utf8)
            $0.rect(rect)
            $0.style(style.pointee, family: family?.utf8, italic: italic)
        }
    }

    /// Forwarded to the query canvas; {0, 0} without one.
    func measureText(_ text: UnsafePointer<CChar>?, maxWidth: Double,
                     style: UnsafePointer<easel_text_style>?) -> easel_size {
        guard let query = queryCanvas, let text, let style else { return easel_size(width: 0, height: 0) }
        return query.pointee.measure_text(query, text, maxWidth, style)
    }

    // MARK: Images

    /// Recorded (unless `name` is NULL); returns whether the query canvas knows the image's size.
    /// Nothing is drawn on the query canvas.
    func drawImage(_ name: UnsafePointer<CChar>?, rect: easel_rect, mode: easel_content_mode) -> Bool {
        guard let name else { return false }
        let string = Self.text(name)
        record(.drawImage, payload: F.stringSize(string.utf8.count) + F.rectSize + F.uint32Size) {
            $0.string(string.utf8); $0.rect(rect); $0.uint32(mode)
        }
        let size = imageSize(name)
        return size.width != 0 || size.height != 0
    }

    /// Forwarded to the query canvas; {0, 0} without one.
    func imageSize(_ name: UnsafePointer<CChar>?) -> easel_size {
        guard let query = queryCanvas, let name else { return easel_size(width: 0, height: 0) }
        return query.pointee.image_size(query, name)
    }
}
