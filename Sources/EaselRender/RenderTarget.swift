import CCairo
import CEasel
import EaselHost
import Glibc

/// A surface to draw one picture on, and the file it becomes.
///
/// PNG renders into an ARGB32 image of ⌈width·scale⌉×⌈height·scale⌉ pixels (the canvas already
/// carries the scale, so components draw in points); SVG and PDF render vectors in points.
///
/// ```swift
/// let target = try RenderTarget(format: .png(), options: RenderOptions(width: 600, height: 434, scale: 2),
///                               resolver: ResourceImageResolver(resourceDirectory: plugin.resourceDir))
/// _ = cls.draw(instance, target.canvas.pointer, easel_rect(origin: .init(x: 0, y: 0),
///                                                          size: .init(width: 600, height: 434)))
/// try target.write(to: "rainbow.png")          // or: try target.writeToStandardOutput()
/// for warning in target.canvas.diagnostics { print("warning: \(warning)") }
/// ```
///
/// Limits (``RenderLimits``): at most `maximumSide` pixels (PNG) or points (SVG, PDF) per side and
/// `maximumPixels` pixels in a PNG; sizes and scales must be finite and positive.
package final class RenderTarget {
    /// The largest side (``RenderLimits/maximumSide``).
    package static let maximumSide = RenderLimits.maximumSide
    /// The largest PNG (``RenderLimits/maximumPixels``).
    package static let maximumPixels = RenderLimits.maximumPixels

    /// The output format.
    package let format: OutputFormat
    /// Size, scale and background.
    package let options: RenderOptions
    /// The canvas to hand to components (`canvas.pointer`). Its user space is the output in points.
    package let canvas: CairoCanvas
    /// The output's width in pixels (PNG) or points (SVG, PDF).
    package let pixelWidth: Int
    /// The output's height in pixels (PNG) or points (SVG, PDF).
    package let pixelHeight: Int

    private let surface: OpaquePointer
    /// The image surface of a PNG target (for the benchmarks), nil for SVG and PDF.
    var imageSurface: OpaquePointer? {
        if case .png = format { return surface }
        return nil
    }
    private let context: OpaquePointer
    private let stream: ByteSink?
    private var encoded: [UInt8]?
    /// The encoder of the live view this target is a frame of, if any (PNG only).
    private let frames: LiveFrameEncoder?

    /// A fresh surface for `format` with `options`, background filled, ready to draw on.
    ///
    /// - Parameters:
    ///   - resolver: resolves image names for the canvas (nil: every image is a diagnostic).
    ///   - imageCache: decoded images, shared between frames to avoid decoding again.
    ///   - frames: the encoder of a live view's successive frames, when this target is one of them
    ///     (``LiveFrameEncoder``: a PNG deflates again only what changed since the last frame).
    /// - Throws: `RenderError.invalidSize`, `.tooLarge`, `.invalidOption` (PNG level outside 0…9),
    ///   `.cairo` if the surface cannot be created (e.g. out of memory).
    package init(format: OutputFormat, options: RenderOptions, resolver: ImageResolver? = nil,
                imageCache: ImageCache = ImageCache(), frames: LiveFrameEncoder? = nil) throws {
        let (w, h) = try RenderTarget.validatedSize(format: format, options: options)
        self.format = format
        self.options = options
        self.frames = frames
        pixelWidth = w
        pixelHeight = h

        switch format {
        case .png(let level):
            guard (0...9).contains(level) else {
                throw RenderError.invalidOption(name: "PNG compression level", value: String(level), expected: "0…9")
            }
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
            stream = nil
        case .svg, .pdf:
            let sink = ByteSink()
            let write: cairo_write_func_t = { closure, data, length in
                guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
                if let data, length > 0 {
                    Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                        .append(UnsafeBufferPointer(start: data, count: Int(length)))
                }
                return CAIRO_STATUS_SUCCESS
            }
            let closure = Unmanaged.passUnretained(sink).toOpaque()
            if format == .svg {
                surface = cairo_svg_surface_create_for_stream(write, closure, options.width, options.height)!
                cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER)
            } else {
                surface = cairo_pdf_surface_create_for_stream(write, closure, options.width, options.height)!
            }
            stream = sink
        }
        if let error = RenderError.checking(cairo_surface_status(surface), "creating a \(w)×\(h) \(format.fileExtension) surface") {
            cairo_surface_destroy(surface)
            throw error
        }
        context = cairo_create(surface)!
        if case .png = format { cairo_scale(context, options.scale, options.scale) }
        if let background = options.background {
            cairo_save(context)
            cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(context, clamp(background.red), clamp(background.green),
                                  clamp(background.blue), clamp(background.alpha))
            cairo_paint(context)
            cairo_restore(context)
        }
        canvas = CairoCanvas(context: context, resolver: resolver, imageCache: imageCache)
        // Fully initialised from here on: a throw runs deinit, which releases context and surface.
        if let error = RenderError.checking(cairo_status(context), "preparing the canvas") { throw error }
    }

    deinit {
        // Finish while the byte sink is certainly alive: the canvas's reference could otherwise
        // keep the surface until after this object's properties are gone.
        if stream != nil { cairo_surface_finish(surface) }
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The pixel (PNG) or point (SVG, PDF) size for `options`, or the error saying why it is not
    /// acceptable.
    package static func validatedSize(format: OutputFormat, options: RenderOptions) throws -> (Int, Int) {
        let (width, height, scale) = (options.width, options.height, options.scale)
        switch RenderLimits.check(width: width, height: height, scale: scale, format: format) {
        case .fits(let w, let h): return (w, h)
        case .invalid(let reason): throw RenderError.invalidSize(width: width, height: height, scale: scale, reason: reason)
        case .tooLarge(let w, let h, let reason): throw RenderError.tooLarge(width: w, height: h, reason: reason)
        }
    }

    /// Ends the drawing and, for SVG and PDF, writes the document (into memory: ``encode()`` then
    /// returns those bytes). A vector surface paints what it recorded only when the document is
    /// finished, so a drawing that breaks Cairo there ("out of memory") is found here, while the
    /// caller still knows whose drawing it was, and not when the file is written.
    /// - Throws: the canvas's Cairo errors and the document's.
    package func finishDrawing() throws {
        if case .png = format { return try canvas.finish() }
        _ = try encode()
    }

    /// The finished file's bytes. Ends the drawing first (`canvas.finish()`): after this the
    /// target cannot be drawn on any more; later calls return the same bytes.
    /// - Throws: the canvas's Cairo errors, `RenderError.png` when libpng fails.
    package func encode() throws -> [UInt8] {
        if let encoded { return encoded }
        try canvas.finish()
        let bytes: [UInt8]
        switch format {
        case .png(let level):
            if let frames {
                bytes = try PNGEncoder.encode(surface: surface, level: level, frames: frames)
            } else {
                bytes = try PNGEncoder.encode(surface: surface, level: level)
            }
        case .svg, .pdf:
            cairo_surface_finish(surface)
            if let error = RenderError.checking(cairo_surface_status(surface), "finishing the \(format.fileExtension) document") {
                throw error
            }
            bytes = stream?.bytes ?? []
        }
        encoded = bytes
        return bytes
    }

    /// Encodes and writes the file atomically (temporary file in the same directory, fsync,
    /// rename). Nothing is left at `path` or beside it when this throws.
    /// - Throws: `RenderError.write` naming `path` and the reason (e.g. "No such file or directory").
    package func write(to path: String) throws {
        try AtomicFile.write(try encode(), to: path)
    }

    /// Encodes and writes the file to standard output (for `-o -`).
    package func writeToStandardOutput() throws {
        try AtomicFile.write(try encode(), toDescriptor: STDOUT_FILENO, name: "standard output")
    }
}
