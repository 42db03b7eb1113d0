/// The largest pictures the renderer makes, for what describes them without the renderer
/// (`host render --help`). EaselRender's ``RenderTarget`` enforces its own copies of these (it does
/// not depend on EaselHost); a test keeps the two equal.
package enum RenderLimits {
    /// The largest side: 16384 pixels for PNG, 16384 points for SVG and PDF.
    package static let maximumSide = 16384
    /// The largest PNG: 100 megapixels.
    package static let maximumPixels = 100_000_000
}
