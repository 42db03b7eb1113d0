/// The byte format of a display list: what `DisplayListRecorder` writes and `DisplayListPlayer` reads.
///
/// ```
/// list    := header record* end
/// header  := "EZDL" u32(version = 1)                       8 bytes
/// record  := u8(opcode) arguments                           arguments in the C member's order
/// end     := u8(0xFF)                                       must be the last byte
///
/// f64     := 8 bytes, IEEE 754 bit pattern, little-endian (NaN payloads and -0 kept)
/// u32     := 4 bytes, little-endian        (enum codes: cap, join, mode, rule, options, …)
/// bool    := 1 byte, 0 or 1
/// point   := f64 x, f64 y                  size  := f64 width, f64 height
/// rect    := point origin, size size       color := f64 red, green, blue, alpha
/// string  := u32 n, n bytes of UTF-8 without NUL, one 0 byte
/// string? := u32 0xFFFFFFFF (NULL) | string
/// stops   := u32 n, n × (f64 location, color)
/// dash    := f64 phase, u32 n, n × f64
/// style   := string? family, f64 size, u32 weight, bool italic, color, u32 alignment,
///            u32 vertical alignment, u32 line break, u32 max lines
/// ```
///
/// The list ends with an explicit end marker so that a list cut at any byte, even between two
/// records, is recognised as truncated.
enum DisplayListFormat {
    /// "EZDL".
    static let magic: [UInt8] = [0x45, 0x5A, 0x44, 0x4C]
    /// Bumped whenever the meaning of any byte changes; readers accept only their own version.
    static let version: UInt32 = 1
    /// Magic and version.
    static let headerSize = 8
    /// The byte after the last record.
    static let endMarker: UInt8 = 0xFF
    /// The `string?` length that stands for NULL.
    static let nullStringLength: UInt32 = 0xFFFF_FFFF

    /// The header bytes of the current version.
    static var header: [UInt8] {
        magic + [UInt8(version & 0xFF), UInt8((version >> 8) & 0xFF), UInt8((version >> 16) & 0xFF),
                 UInt8(version >> 24)]
    }

    // Sizes of the encoded argument types, in bytes.
    static let doubleSize = 8
    static let uint32Size = 4
    static let boolSize = 1
    static let pointSize = 16
    static let sizeSize = 16
    static let rectSize = 32
    static let colorSize = 32
    static let transformSize = 48
    static let stopSize = 40
    /// A text style without its font family string.
    static let styleFixedSize = 8 + 4 + 1 + 32 + 4 * 4

    /// The encoded size of a non-NULL string of `utf8Count` bytes.
    static func stringSize(_ utf8Count: Int) -> Int { uint32Size + utf8Count + 1 }
}

/// One record type per `easel_canvas` member that changes the picture or the graphics state.
/// The queries (`get_transform`, `measure_text`, `image_size`) are answered by the recorder and
/// never recorded. Raw values are part of the format: never renumber, only add.
enum DisplayListOpcode: UInt8, CaseIterable {
    case save = 1
    case restore = 2
    case translate = 3
    case scale = 4
    case rotate = 5
    case concatTransform = 6
    case beginPath = 7
    case moveTo = 8
    case lineTo = 9
    case curveTo = 10
    case quadCurveTo = 11
    case arc = 12
    case closePath = 13
    case addRect = 14
    case addRoundedRect = 15
    case addEllipse = 16
    case setFillColor = 17
    case setStrokeColor = 18
    case setLineWidth = 19
    case setLineCap = 20
    case setLineJoin = 21
    case setMiterLimit = 22
    case setLineDash = 23
    case setAlpha = 24
    case setShadow = 25
    case drawPath = 26
    case fillRect = 27
    case strokeRect = 28
    case clip = 29
    case clipToRect = 30
    case drawLinearGradient = 31
    case drawRadialGradient = 32
    case beginTransparencyLayer = 33
    case endTransparencyLayer = 34
    case drawText = 35
    case drawImage = 36

    /// The `easel_canvas` member the record stands for, for error messages.
    var memberName: String {
        switch self {
        case .save: return "save"
        case .restore: return "restore"
        case .translate: return "translate"
        case .scale: return "scale"
        case .rotate: return "rotate"
        case .concatTransform: return "concat_transform"
        case .beginPath: return "begin_path"
        case .moveTo: return "move_to"
        case .lineTo: return "line_to"
        case .curveTo: return "curve_to"
        case .quadCurveTo: return "quad_curve_to"
        case .arc: return "arc"
        case .closePath: return "close_path"
        case .addRect: return "add_rect"
        case .addRoundedRect: return "add_rounded_rect"
        case .addEllipse: return "add_ellipse"
        case .setFillColor: return "set_fill_color"
        case .setStrokeColor: return "set_stroke_color"
        case .setLineWidth: return "set_line_width"
        case .setLineCap: return "set_line_cap"
        case .setLineJoin: return "set_line_join"
        case .setMiterLimit: return "set_miter_limit"
        case .setLineDash: return "set_line_dash"
        case .setAlpha: return "set_alpha"
        case .setShadow: return "set_shadow"
        case .drawPath: return "draw_path"
        case .fillRect: return "fill_rect"
        case .strokeRect: return "stroke_rect"
        case .clip: return "clip"
        case .clipToRect: return "clip_to_rect"
        case .drawLinearGradient: return "draw_linear_gradient"
        case .drawRadialGradient: return "draw_radial_gradient"
        case .beginTransparencyLayer: return "begin_transparency_layer"
        case .endTransparencyLayer: return "end_transparency_layer"
        case .drawText: return "draw_text"
        case .drawImage: return "draw_image"
        }
    }
}
