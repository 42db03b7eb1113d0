import CEasel
import EaselHost

/// The size and look of an output: size in points, pixels per point (PNG only; SVG and PDF are
/// in points), and an optional background colour filled before anything is drawn (nil leaves
/// PNGs transparent and vector pages empty).
package struct RenderOptions: Equatable {
    /// The scales a render accepts (``RenderLimits/scales``): every reader of a scale (options,
    /// scenes, snapshot settings, HTTP requests) checks it against these.
    package static let scales = RenderLimits.scales
    /// ``scales`` for messages: "0.1 to 16".
    package static var scalesText: String { RenderLimits.scalesText }

    /// Width in points.
    package var width: Double
    /// Height in points.
    package var height: Double
    /// Pixels per point for PNG output (2 for @2x). Ignored by SVG and PDF.
    package var scale: Double
    /// Filled over the whole output first; nil for none.
    package var background: easel_color?

    /// Options for a `width`×`height` point output.
    package init(width: Double, height: Double, scale: Double = 1, background: easel_color? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }

    /// Equal when size, scale and background (component by component) are equal.
    package static func == (lhs: RenderOptions, rhs: RenderOptions) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.scale == rhs.scale
            && lhs.background.map { [$0.red, $0.green, $0.blue, $0.alpha] }
                == rhs.background.map { [$0.red, $0.green, $0.blue, $0.alpha] }
    }
}
