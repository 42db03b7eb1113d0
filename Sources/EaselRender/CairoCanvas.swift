import CCairo
import CEasel

/// An `easel_canvas` (the drawing vtable of easel.h) that paints onto a Cairo context.
///
/// The canvas owns a heap-allocated `easel_canvas` whose every member is a C function that finds
/// this object again through `host_data`. Hand `pointer` to a component's `draw` callback; the
/// canvas must stay alive for as long as that call runs.
///
/// Coordinates are UIKit's: origin top-left, y down, in points. Apply the device scale to the
/// Cairo context *before* creating the canvas (`cairo_scale(cr, 2, 2)` for @2x): the transform in
/// force at creation is the canvas's base space, which shadows use as CoreGraphics does.
///
/// ```swift
/// let canvas = CairoCanvas(context: cr, resolver: ResourceImageResolver(resourceDirectory: dir))
/// _ = cls.draw(instance, canvas.pointer, bounds)
/// try canvas.finish()                          // closes what the component left open, checks Cairo
/// for problem in canvas.diagnostics { print("warning: \(problem)") }
/// ```
///
/// Not thread-safe: use a canvas on one thread at a time, as easel.h requires.
package final class CairoCanvas {
    /// The font family used when a text style's `font_family` is NULL: a sans-serif with CJK
    /// coverage, falling back to the system's sans-serif.
    package static let defaultFontFamily = "Noto Sans CJK SC, Noto Sans, DejaVu Sans, sans-serif"

    /// The vtable to pass to components. Valid while this canvas is alive.
    package let pointer: UnsafeMutablePointer<easel_canvas>

    /// Problems that did not stop drawing, in the order they happened: images that could not be
    /// found (with every path tried) or decoded, invalid arguments that were ignored. Each image
    /// name is reported once per canvas.
    package private(set) var diagnostics: [RenderError] = []

    let cr: OpaquePointer
    /// Turns image names into files. Replacing it (e.g. before drawing an instance of another
    /// plugin) forgets the names resolved so far.
    package var resolver: ImageResolver? {
        didSet {
            images.removeAll()
            reportedImageNames.removeAll()
        }
    }
    let imageCache: ImageCache
    /// The transform at creation: user space of the component → device pixels, without any user
    /// transform. Shadow offsets and blur radii are mapped through it.
    let baseMatrix: cairo_matrix_t
    /// Extra resolution for blurred shadows on vector surfaces (which have 1 device unit per point).
    let shadowRasterScale: Double

    var state = GraphicsState()
    var stateStack: [GraphicsState] = []
    var layers: [TransparencyLayer] = []
    /// The first failure that is not visible in `cairo_status(cr)` (e.g. a shadow surface that
    /// could not be created). Reported by `check()`.
    var recordedError: RenderError?
    var reportedImageNames: Set<String> = []
    var images: [String: ImageLookup] = [:]
    lazy var text = TextLayoutEngine()

    /// A canvas drawing onto `context` (a `cairo_t *`, which the canvas references until it is
    /// deinitialised).
    ///
    /// - Parameters:
    ///   - context: the Cairo context, with the device scale already applied.
    ///   - resolver: turns image names into files; nil makes every image lookup fail with a
    ///     diagnostic.
    ///   - imageCache: decoded images, shareable between canvases (e.g. across frames).
    package init(context: OpaquePointer, resolver: ImageResolver? = nil, imageCache: ImageCache = ImageCache()) {
        FontConfiguration.load() // before the first text layout
        cr = cairo_reference(context)
        self.resolver = resolver
        self.imageCache = imageCache
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        baseMatrix = matrix
        let surfaceType = cairo_surface_get_type(cairo_get_target(context))
        shadowRasterScale = surfaceType == CAIRO_SURFACE_TYPE_IMAGE ? 1 : 2
        // CoreGraphics' defaults where Cairo's differ (Cairo's line width is 2).
        cairo_set_line_width(context, 1)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(context, 10)
        cairo_set_dash(context, nil, 0, 0)
        pointer = UnsafeMutablePointer<easel_canvas>.allocate(capacity: 1)
        pointer.initialize(to: CairoCanvas.makeVTable())
        pointer.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
        cairo_destroy(cr)
    }

    /// The canvas behind a vtable pointer created by this class.
    static func from(_ canvas: UnsafeMutablePointer<easel_canvas>) -> CairoCanvas {
        Unmanaged<CairoCanvas>.fromOpaque(canvas.pointee.host_data!).takeUnretainedValue()
    }

    /// Throws the first Cairo error of the context or its target surface, or the first failure
    /// recorded while drawing. Call it after each draw.
    package func check() throws {
        if let error = RenderError.checking(cairo_status(cr), "drawing") { throw error }
        if let error = RenderError.checking(cairo_surface_status(cairo_get_target(cr)), "the target surface") {
            throw error
        }
        if let error = recordedError { throw error }
    }

    /// Ends the drawing: composites transparency layers the component left open, pops the
    /// graphics states it left saved (so the context is as it was at creation), then `check()`s.
    package func finish() throws {
        while !layers.isEmpty { endTransparencyLayer() }
        while !stateStack.isEmpty { restoreState() }
        try check()
    }

    /// Runs `body` (typically one component's draw) in its own graphics state, translated by
    /// (`x`, `y`): whatever state, transform, clip, path or transparency layer the component leaves
    /// behind is undone afterwards, so the next component starts from the same state.
    package func isolated<T>(translatedBy x: Double = 0, _ y: Double = 0, _ body: () throws -> T) rethrows -> T {
        let depth = stateStack.count, layerDepth = layers.count
        saveState()
        translate(x, y)
        defer {
            while layers.count > layerDepth { endTransparencyLayer() }
            while stateStack.count > depth { restoreState() }
            cairo_new_path(cr)
        }
        return try body()
    }

    /// At most this many diagnostics are kept (a component failing in a loop must not flood).
    static let maximumDiagnostics = 100

    /// Records a non-fatal problem, once.
    func diagnose(_ problem: RenderError) {
        guard diagnostics.count < CairoCanvas.maximumDiagnostics, !diagnostics.contains(problem) else { return }
        diagnostics.append(problem)
    }

    /// Records the first failure that Cairo's own status would not show.
    func record(_ error: RenderError?) {
        if recordedError == nil, let error { recordedError = error }
    }
}
