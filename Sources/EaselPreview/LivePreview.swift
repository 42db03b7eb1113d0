import EaselHost
import EaselRender
import Glibc

/// A component in a live view (host watch, the designer) that keeps its instance, so that it can
/// animate: when the instance asks for another frame (request_redraw, or request_layout), the view
/// draws one — at most ``framesPerSecond`` a second — with the instance's animation clock following
/// real time (easel.clock/1).
///
/// ```swift
/// let (first, live) = try ComponentRender.renderLive(cls, values: values, request)
/// while live.wantsFrame { if let frame = try live.nextFrame() { show(frame) } }
/// ```
package final class LivePreview {
    package static let framesPerSecond = 60.0
    package let component: DesignerInstance
    package let request: ComponentRenderRequest
    /// The size the preview was made at: the request's, else the class's natural size
    /// (``DesignerInstance/naturalSize(of:instance:)``). A frame asked for without a size is drawn at
    /// it, whatever size an earlier frame was asked for (a designer's resize is not remembered).
    package let naturalSize: Size
    /// Frames drawn since the preview started (the first included).
    package private(set) var frames = 0
    private var lastFrame = 0.0
    /// Encodes the PNG frames, deflating again only the rows that changed since the last frame.
    private let encoder = LiveFrameEncoder()

    init(component: DesignerInstance, request: ComponentRenderRequest) {
        self.component = component
        self.request = request
        naturalSize = component.frame.size
    }

    package var className: String { component.info.name }

    /// Whether the instance asked to be drawn again.
    package var wantsFrame: Bool { (try? component.wantsRedraw) ?? false }

    /// The next frame if the instance asked for one and 1/60 s has passed since the last (`force`:
    /// whatever the time); else nil.
    package func nextFrame(force: Bool = false) throws -> RenderTarget? {
        let now = AnimationTime.now()
        guard force || now - lastFrame >= 1 / Self.framesPerSecond * 0.95, try component.wantsRedraw else { return nil }
        // The next frame of an animation, at the size the last frame was drawn at.
        return try frame(size: component.frame.size, now: now)
    }

    /// Draws the instance as it is now into a new target of the request's format and scale.
    /// `size` nil: the preview's ``naturalSize``. A PNG frame is encoded by the preview's
    /// ``LiveFrameEncoder``: the rows that did not change since the last frame are not deflated again.
    package func frame(size: Size? = nil, scale: Double? = nil, background: Color? = nil,
                      format: OutputFormat? = nil, now: Double = AnimationTime.now()) throws -> RenderTarget {
        component.resize(to: size ?? naturalSize)
        let info = component.info
        let target = try HostError.rendering(info) {
            try RenderTarget(format: format ?? request.format,
                             options: RenderOptions(width: component.frame.width, height: component.frame.height,
                                                    scale: scale ?? request.scale,
                                                    background: (background ?? request.background)?.c),
                             frames: encoder)
        }
        try component.draw(on: target.canvas)
        try HostError.rendering(info, phase: .draw) { try target.finishDrawing() }
        frames += 1
        lastFrame = now
        return target
    }
}
