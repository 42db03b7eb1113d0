import CEasel

/// What the host core needs from a renderer, which it does not link (EaselRender sits above it):
/// metrics for plugins outside of draw, the canvas that answers a worker's text and image queries
/// while it records a draw, and drawing an instance straight into pixels.
///
/// The program gives one to its ``HostEnvironment`` (the renderer's, or a stand-in that loads the
/// drawing library on its first question); a worker is given one by its ``WorkerProgram``. Without
/// one, plugins measure {0, 0} and a worker cannot draw pictures.
package protocol Renderer: AnyObject, Sendable {
    /// easel_host.measure_text: the size of `text` in `style`, wrapped at `maxWidth` (<= 0: no wrapping).
    func measureText(_ text: UnsafePointer<CChar>, maxWidth: Double, style: UnsafePointer<easel_text_style>) -> easel_size
    /// easel_host.image_size: the natural size of image `name`, resolved against `resourceDirectory`
    /// first; {0, 0} if unknown.
    func imageSize(_ name: String, resourceDirectory: String) -> easel_size
    /// The canvas that answers text and image queries while a display list is recorded (images
    /// resolved against `resourceDirectory`); owned by the renderer, valid until the next call; nil
    /// when the renderer cannot be reached (measurements are {0, 0} then).
    func queryCanvas(resourceDirectory: String) -> UnsafeMutablePointer<easel_canvas>?
    /// Draws `instance` onto a transparent picture in this process (a worker's side of
    /// ``RasterizingInstance/rasterize(size:scale:)``).
    func rasterize(_ instance: DesignableInstance, size: Size, scale: Double) throws -> Raster
    /// Draws `instance` straight onto a new canvas, laid out for `size`, at `scale`: no display list
    /// (`host validate` compares it with a replayed one).
    func renderDirectly(_ instance: DesignableInstance, size: Size, scale: Double) throws -> RawImage
    /// Loads what a first text measurement needs, so that worker processes forked afterwards start with it.
    func warmUp()
}
