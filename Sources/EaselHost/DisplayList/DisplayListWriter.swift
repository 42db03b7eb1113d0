import CEasel

/// Appends records in the layout `DisplayListFormat` describes. Knows nothing about limits: the
/// recorder checks a record's size before writing it.
struct DisplayListWriter {
    /// The header and the records so far, without the end marker.
    private(set) var bytes: [UInt8]

    init() {
        bytes = DisplayListFormat.header
        bytes.reserveCapacity(4096)
    }

    /// Bytes written so far (header included, end marker not).
    var count: Int { bytes.count }

    /// A complete list: what was written and the end marker.
    var finished: [UInt8] {
        var list = bytes
        list.append(DisplayListFormat.endMarker)
        return list
    }

    /// Back to the header alone, keeping the allocated capacity.
    mutating func reset() {
        bytes.removeSubrange(DisplayListFormat.headerSize...)
    }

    mutating func opcode(_ op: DisplayListOpcode) {
        bytes.append(op.rawValue)
    }

    mutating func uint32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func point(_ p: easel_point) {
        double(p.x)
        double(p.y)
    }

    mutating func size(_ s: easel_size) {
        double(s.width)
        double(s.height)
    }

    mutating func rect(_ r: easel_rect) {
        point(r.origin)
        size(r.size)
    }

    mutating func color(_ c: easel_color) {
        double(c.red)
        double(c.green)
        double(c.blue)
        double(c.alpha)
    }

    mutating func transform(_ t: easel_affine_transform) {
        double(t.a)
        double(t.b)
        double(t.c)
        double(t.d)
        double(t.tx)
        double(t.ty)
    }

    /// A `string`: length, the UTF-8 bytes, a terminating 0.
    mutating func string(_ utf8: String.UTF8View) {
        uint32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    /// A `string?`.
    mutating func optionalString(_ utf8: String.UTF8View?) {
        guard let utf8 else { return uint32(DisplayListFormat.nullStringLength) }
        string(utf8)
    }

    mutating func doubles(_ values: UnsafeBufferPointer<Double>) {
        uint32(UInt32(values.count))
        for value in values { double(value) }
    }

    mutating func stops(_ stops: UnsafeBufferPointer<easel_gradient_stop>) {
        uint32(UInt32(stops.count))
        for stop in stops {
            double(stop.location)
            color(stop.color)
        }
    }

    /// A `style`, with the font family already copied (and made valid UTF-8) by the caller.
    mutating func style(_ style: easel_text_style, family: String.UTF8View?, italic: Bool) {
        optionalString(family)
        double(style.font_size)
        uint32(style.font_weight)
        bool(italic)
        color(style.color)
        uint32(style.alignment)
        uint32(style.vertical_alignment)
        uint32(style.line_break)
        uint32(style.max_lines)
    }
}
