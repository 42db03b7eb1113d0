internal import CEasel

/// Line ends (CGLineCap).
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square

    var cValue: easel_line_cap {
        switch self {
        case .butt: return EASEL_LINE_CAP_BUTT
        case .round: return EASEL_LINE_CAP_ROUND
        case .square: return EASEL_LINE_CAP_SQUARE
        }
    }
}

/// Line corners (CGLineJoin).
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel

    var cValue: easel_line_join {
        switch self {
        case .miter: return EASEL_LINE_JOIN_MITER
        case .round: return EASEL_LINE_JOIN_ROUND
        case .bevel: return EASEL_LINE_JOIN_BEVEL
        }
    }
}

/// How `drawPath(using:)` paints (CGPathDrawingMode).
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill, stroke, fillStroke, eoFillStroke

    var cValue: easel_path_mode {
        switch self {
        case .fill: return EASEL_PATH_FILL
        case .eoFill: return EASEL_PATH_EO_FILL
        case .stroke: return EASEL_PATH_STROKE
        case .fillStroke: return EASEL_PATH_FILL_STROKE
        case .eoFillStroke: return EASEL_PATH_EO_FILL_STROKE
        }
    }
}

/// Fill rule (CGPathFillRule).
public enum CGPathFillRule: Int, Sendable {
    case winding = 0, evenOdd

    var cValue: easel_fill_rule { self == .winding ? EASEL_FILL_RULE_WINDING : EASEL_FILL_RULE_EVEN_ODD }
}

/// Whether a gradient also paints before its start and after its end (CGGradientDrawingOptions).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
