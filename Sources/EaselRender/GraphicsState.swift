import CCairo
import CEasel

/// The part of CoreGraphics' graphics state that Cairo's own `cairo_save` does not keep.
/// Transform, clip, line width, cap, join, miter limit and dash live in the Cairo context.
struct GraphicsState {
    /// Colour used by fills and by text when a style does not say otherwise.
    var fillColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Colour used by strokes.
    var strokeColor = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
    /// CGContextSetAlpha: multiplied into everything painted.
    var alpha: Double = 1
    /// CGContextSetShadowWithColor; nil when no shadow is cast.
    var shadow: Shadow?
    /// Set when the user transform became non-invertible (e.g. scale(0, 0)). Cairo cannot hold such
    /// a matrix, so it is kept here, the Cairo matrix is left alone and painting does nothing, as
    /// CoreGraphics paints nothing through a degenerate transform.
    var singularMatrix: cairo_matrix_t?
}

/// A shadow as CoreGraphics defines it: offset and blur in base-space points (the device scale
/// applies, the user transform does not), and a colour whose alpha scales the shadow.
struct Shadow {
    var offset: easel_size
    var blur: Double
    var color: easel_color
}

/// One open transparency layer.
struct TransparencyLayer {
    /// The depth of the graphics-state stack right after the layer's own save.
    var stackDepth: Int
}
