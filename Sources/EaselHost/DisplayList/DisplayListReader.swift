import CEasel

/// Reads the argument types of `DisplayListFormat` from untrusted bytes. Every read checks that
/// the bytes are there first; counts are checked against the bytes that remain before anything is
/// allocated, so memory use is bounded by the list's size. Errors name the record and its offset.
struct DisplayListReader {
    private typealias F = DisplayListFormat

    let bytes: UnsafeRawBufferPointer
    /// The next byte to read.
    private(set) var offset: Int
    /// The record being read, for messages: its index, offset and opcode.
    private(set) var recordIndex = 0
    private(set) var recordOffset = 0
    private(set) var opcode: DisplayListOpcode?

    init(_ bytes: UnsafeRawBufferPointer, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    /// An error about the record being read.
    func failure(_ message: String) -> HostError {
        let name = opcode.map { " (\($0.memberName))" } ?? ""
        return DisplayListPlayer.failure("record \(recordIndex)\(name) at byte \(recordOffset): \(message)")
    }

    /// Reads the next opcode byte; nil at the end marker. Throws when the bytes run out first or
    /// the opcode is unknown.
    mutating func nextOpcode() throws -> DisplayListOpcode? {
        opcode = nil
        recordOffset = offset
        guard remaining > 0 else {
            throw DisplayListPlayer.failure(
                "the list ends at byte \(offset) without its end marker (truncated after \(recordIndex) records?)")
        }
        let byte = bytes[offset]
        offset += 1
        if byte == F.endMarker { return nil }
        recordIndex += 1
        guard let op = DisplayListOpcode(rawValue: byte) else {
            throw failure("unknown opcode \(Self.hex(byte))")
        }
        opcode = op
        return op
    }

    /// Throws unless `count` more bytes are there for `what`.
    private func need(_ count: Int, _ what: @autoclosure () -> String) throws {
        guard count <= remaining else {
            throw failure("truncated: \(what()) needs \(count) bytes at byte \(offset), only \(remaining) remain")
        }
    }

    mutating func uint32(_ what: @autoclosure () -> String) throws -> UInt32 {
        try need(F.uint32Size, what())
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        offset += F.uint32Size
        return UInt32(littleEndian: value)
    }

    mutating func double(_ what: @autoclosure () -> String) throws -> Double {
        try need(F.doubleSize, what())
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += F.doubleSize
        return Double(bitPattern: UInt64(littleEndian: value))
    }

    mutating func bool(_ what: @autoclosure () -> String) throws -> Bool {
        try need(F.boolSize, what())
        let byte = bytes[offset]
        guard byte <= 1 else { throw failure("\(what()) is \(byte), expected 0 or 1") }
        offset += 1
        return byte == 1
    }

    mutating func point(_ what: String) throws -> easel_point {
        try need(F.pointSize, what)
        return easel_point(x: try double(what), y: try double(what))
    }

    mutating func size(_ what: String) throws -> easel_size {
        try need(F.sizeSize, what)
        return easel_size(width: try double(what), height: try double(what))
    }

    mutating func rect(_ what: String) throws -> easel_rect {
        try need(F.rectSize, what)
        return easel_rect(origin: try point(what), size: try size(what))
    }

    mutating func color(_ what: String) throws -> easel_color {
        try need(F.colorSize, what)
        return easel_color(red: try double(what), green: try double(what), blue: try double(what),
                           alpha: try double(what))
    }

    mutating func transform(_ what: String) throws -> easel_affine_transform {
        try need(F.transformSize, what)
        return easel_affine_transform(a: try double(what), b: try double(what), c: try double(what),
                                      d: try double(what), tx: try double(what), ty: try double(what))
    }

    /// A count of `elementSize`-byte items, checked against the bytes that remain.
    private mutating func count(of what: String, elementSize: Int) throws -> Int {
        let count = Int(try uint32("the number of \(what)"))
        guard count <= remaining / elementSize else {
            throw failure("\(count) \(what) need \(count * elementSize) bytes, only \(remaining) remain")
        }
        return count
    }

    /// Dash lengths, copied into aligned memory.
    mutating func doubles(_ what: String) throws -> [Double] {
        let n = try count(of: what, elementSize: F.doubleSize)
        var values: [Double] = []
        values.reserveCapacity(n)
        for _ in 0..<n { values.append(try double(what)) }
        return values
    }

    /// Gradient stops, copied into aligned memory.
    mutating func stops() throws -> [easel_gradient_stop] {
        let n = try count(of: "gradient stops", elementSize: F.stopSize)
        var stops: [easel_gradient_stop] = []
        stops.reserveCapacity(n)
        for _ in 0..<n {
            stops.append(easel_gradient_stop(location: try double("a stop location"), color: try color("a stop colour")))
        }
        return stops
    }

    /// A `string`: a pointer to its NUL-terminated bytes inside the list (valid while `bytes` is),
    /// after checking the terminator, that there is no NUL inside and that it is valid UTF-8.
    mutating func string(_ what: String) throws -> UnsafePointer<CChar> {
        let length = try uint32("the length of \(what)")
        return try stringBody(length: length, what)
    }

    /// A `string?`: nil for the NULL marker.
    mutating func optionalString(_ what: String) throws -> UnsafePointer<CChar>? {
        let length = try uint32("the length of \(what)")
        if length == F.nullStringLength { return nil }
        return try stringBody(length: length, what)
    }

    private mutating func stringBody(length: UInt32, _ what: String) throws -> UnsafePointer<CChar> {
        let n = Int(length)
        guard n < remaining else {
            throw failure("\(what) of \(n) bytes needs \(n + 1) bytes with its terminator, only \(remaining) remain")
        }
        let body = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)])
        guard bytes[offset + n] == 0 else {
            throw failure("\(what) is not followed by its 0 terminator (byte \(offset + n) is \(Self.hex(bytes[offset + n])))")
        }
        if let bad = Self.firstInvalidUTF8(body) {
            let reason = body[bad] == 0 ? "contains a NUL byte" : "is not valid UTF-8"
            throw failure("\(what) \(reason) (byte \(Self.hex(body[bad])) at offset \(bad) of \(n))")
        }
        let pointer = (bytes.baseAddress! + offset).assumingMemoryBound(to: CChar.self)
        offset += n + 1
        return UnsafePointer(pointer)
    }

    /// The text style; `family` points into the list.
    mutating func style() throws -> easel_text_style {
        let family = try optionalString("the font family")
        try need(F.styleFixedSize, "the text style")
        return easel_text_style(
            font_family: family,
            font_size: try double("the font size"),
            font_weight: try uint32("the font weight"),
            italic: try bool("the italic flag"),
            reserved0: 0, reserved1: 0,
            color: try color("the text colour"),
            alignment: try uint32("the alignment"),
            vertical_alignment: try uint32("the vertical alignment"),
            line_break: try uint32("the line break mode"),
            max_lines: try uint32("the maximum number of lines"))
    }

    /// The offset of the first byte that makes `bytes` invalid UTF-8 (or is a NUL), nil if none.
    /// Strict: no overlong forms, no surrogates, nothing above U+10FFFF.
    static func firstInvalidUTF8(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let lead = bytes[i]
            if lead < 0x80 {
                if lead == 0 { return i }
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF // range of the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + 1 < n, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<length {
                guard i + k < n, (0x80...0xBF).contains(bytes[i + k]) else { return i }
            }
            i += length
        }
        return nil
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
