import CPNG
import EaselHost

/// The PNG encoder of one live view's successive frames (the designer's live component: a frame
/// after each pointer event, edit or animation step). The rows are cut into bands of about 64 KiB,
/// each deflated on its own; a band whose pixels are the same as in the previous frame keeps its
/// deflated bytes. A pointer event that changes nothing, or changes a button's few rows, costs the
/// conversion of the pixels and a comparison instead of deflating the whole picture; the file
/// decodes to the same pixels as a whole encoding (it is a little larger: each band starts without
/// a dictionary).
///
/// ```swift
/// let frames = LiveFrameEncoder()
/// let target = try RenderTarget(format: .pngPreview, options: options, frames: frames)
/// … draw …
/// let png = try target.encode()   // by `frames`
/// ```
///
/// Thread-safe: one frame is encoded at a time (the others wait).
package final class LiveFrameEncoder: @unchecked Sendable {
    private let state: Locked<UnsafeMutablePointer<easel_png_frames>?>

    package init() {
        state = Locked(easel_png_frames_new())
    }

    deinit {
        state.withValue { easel_png_frames_free($0) }
    }

    /// Bands of rows the last frame deflated (the others were kept from the frame before); nil
    /// before the first frame.
    package var lastDeflatedBands: Int? {
        state.withValue { encoder in encoder.flatMap { $0.pointee.previous_valid != 0 ? Int(easel_png_frames_last_deflated($0)) : nil } }
    }

    /// Runs `body` with the C encoder, holding the lock.
    func encode<T>(_ body: (UnsafeMutablePointer<easel_png_frames>) throws -> T) throws -> T {
        try state.withValue { encoder in
            guard let encoder else { throw RenderError.png(reason: "out of memory for the frame encoder") }
            return try body(encoder)
        }
    }
}
