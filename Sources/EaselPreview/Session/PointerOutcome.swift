import EaselRender

/// What a pointer event sent to a class's live instance did (``DesignSession/pointer(_:on:size:scale:background:format:)``):
/// whether the instance handled it, the control events it sent (easel.input/1's send_action, in
/// order), the properties it changed itself (now held), and the frame drawn after it.
package struct PointerOutcome {
    package var handled: Bool
    package var actions: [String]
    package var changed: [String]
    package var target: RenderTarget
}
