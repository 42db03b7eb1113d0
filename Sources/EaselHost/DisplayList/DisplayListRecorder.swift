import CEasel
import Glibc

/// An `easel_canvas` that draws nothing and records every call into a compact display list,
/// to be replayed later (typically in another process) onto a real canvas with
/// `DisplayListPlayer.replay(_:onto:)`.
///
/// A component worker hands `pointer` to the plugin's `draw`, sends `bytes` to the host, and the
/// host replays them onto its Cairo canvas, so vector outputs stay vectors:
///
/// ```swift
/// // worker
/// let recorder = DisplayListRecorder(initialTransform: hostTransform, queryCanvas: measuring.pointer)
/// _ = cls.draw(instance, recorder.pointer, bounds)
/// guard !recorder.overflowed else { /* report: the drawing is too large */ }
/// send(recorder.bytes)
///
/// // host
/// try DisplayListPlayer.replay(received, onto: target.canvas.pointer)
/// ```
///
/// - Queries: `get_transform` is answered from a transform stack the recorder keeps itself,
///   starting at `initialTransform` and following save/restore and transparency layers as the
///   host's canvas does. `measure_text` and `image_size` are forwarded to the query canvas;
///   `draw_image` is recorded and returns whether the query canvas knows the image's size
///   (nothing is drawn on the query canvas). Without a query canvas they return {0, 0}, {0, 0}
///   and false.
/// - Copies: strings (text, font family, image name), dash lengths and gradient stops are copied
///   into the list during the call; nothing the plugin passes is kept. Invalid UTF-8 is recorded
///   with U+FFFD replacement characters, as the host's canvas would read it. Numbers are recorded
///   exactly as given, NaN and infinities included: the replaying canvas decides what they mean.
/// - Normalised: a NULL dash array or NULL gradient stops are recorded with a count of 0;
///   draw_text with a NULL text or style and draw_image with a NULL name are not recorded (the
///   host's canvas ignores them); a restore or end_transparency_layer that the canvas would ignore
///   (nothing to pop) is not recorded.
/// - Size: a list never exceeds `maximumByteCount`. The first call that would exceed it sets
///   `overflowed`, and that call and every later one are dropped; `bytes` stays a valid list of
///   what fitted.
///
/// Not thread-safe: one draw call at a time, as easel.h requires of any canvas.
package final class DisplayListRecorder {
    /// The largest list recorded or replayed: 64 MiB.
    package static let maximumByteCount = DisplayListPlayer.maximumByteCount

    /// The vtable to hand to a component's `draw`; every member is non-NULL. Valid while this
    /// recorder is alive.
    package let pointer: UnsafeMutablePointer<easel_canvas>

    /// The list recorded since creation or the last `reset()`: header, records, end marker.
    package var bytes: [UInt8] { writer.finished }

    /// Whether a call was dropped because the list would have grown beyond the limit. The list
    /// is then an incomplete picture: report it rather than show it as if nothing was wrong.
    package private(set) var overflowed = false

    let queryCanvas: UnsafeMutablePointer<easel_canvas>?
    let initialTransform: easel_affine_transform
    let byteLimit: Int
    var writer = DisplayListWriter()
    var states: DisplayListStateStack<easel_affine_transform>

    /// A recorder with an empty list.
    ///
    /// - Parameters:
    ///   - initialTransform: what `get_transform` returns before any transform call: the user →
    ///     device transform of the canvas the list will be replayed onto (e.g. its scale).
    ///   - queryCanvas: answers `measure_text` and `image_size` (and `draw_image`'s result); it must
    ///     outlive the recorder's use. In a worker, a Cairo canvas on a 1×1 surface that resolves
    ///     images as the host would. Nil: measurements are {0, 0} and images are not found.
    package convenience init(initialTransform: easel_affine_transform = DisplayListRecorder.identity,
                            queryCanvas: UnsafeMutablePointer<easel_canvas>? = nil) {
        self.init(initialTransform: initialTransform, queryCanvas: queryCanvas,
                  byteLimit: DisplayListRecorder.maximumByteCount)
    }

    /// A recorder whose lists stop growing at `byteLimit` bytes (tests use small limits).
    init(initialTransform: easel_affine_transform, queryCanvas: UnsafeMutablePointer<easel_canvas>?,
         byteLimit: Int) {
        self.initialTransform = initialTransform
        self.queryCanvas = queryCanvas
        self.byteLimit = min(byteLimit, DisplayListRecorder.maximumByteCount)
        states = DisplayListStateStack(initialTransform)
        pointer = UnsafeMutablePointer<easel_canvas>.allocate(capacity: 1)
        pointer.initialize(to: DisplayListRecorder.makeVTable())
        pointer.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Empties the list, returns the transform to the initial one, clears `overflowed`.
    package func reset() {
        writer.reset()
        states = DisplayListStateStack(initialTransform)
        overflowed = false
    }

    /// The identity transform.
    package static let identity = easel_affine_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The recorder behind a vtable pointer created by this class.
    static func from(_ canvas: UnsafeMutablePointer<easel_canvas>) -> DisplayListRecorder {
        Unmanaged<DisplayListRecorder>.fromOpaque(canvas.pointee.host_data!).takeUnretainedValue()
    }

    /// Starts a record of `payload` argument bytes; false (and `overflowed` set) when it would
    /// not fit under the limit together with the end marker.
    func begin(_ op: DisplayListOpcode, payload: Int) -> Bool {
        guard !overflowed, payload <= byteLimit, writer.count + 1 + payload + 1 <= byteLimit else {
            overflowed = true
            return false
        }
        writer.opcode(op)
        return true
    }

    /// Records an opcode with a fixed-size payload written by `body`.
    func record(_ op: DisplayListOpcode, payload: Int, _ body: (inout DisplayListWriter) -> Void) {
        guard begin(op, payload: payload) else { return }
        let start = writer.count
        body(&writer)
        assert(writer.count - start == payload, "\(op.memberName): wrote \(writer.count - start) bytes, declared \(payload)")
    }

    // MARK: Transform tracking

    /// Post-multiplies `user` onto the current transform: the point goes through `user` first,
    /// then through the current transform. The same products, in the same order, as
    /// `cairo_matrix_multiply(result, user, current)`, so the result is bit-identical to the
    /// Cairo canvas's.
    func concat(_ user: easel_affine_transform) {
        let m = states.current
        states.current = easel_affine_transform(
            a: user.a * m.a + user.b * m.c,
            b: user.a * m.b + user.b * m.d,
            c: user.c * m.a + user.d * m.c,
            d: user.c * m.b + user.d * m.d,
            tx: user.tx * m.a + user.ty * m.c + m.tx,
            ty: user.tx * m.b + user.ty * m.d + m.ty)
    }

    /// The transform `get_transform` returns.
    var currentTransform: easel_affine_transform { states.current }

    // MARK: Strings

    /// The text of a C string as the host's canvas reads it (invalid UTF-8 repaired).
    static func text(_ pointer: UnsafePointer<CChar>) -> String {
        String(cString: pointer)
    }
}
