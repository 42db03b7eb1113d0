import CEasel

/// One pointer event the host sends an instance (easel.h, easel.input/1's easel_pointer_event):
/// from the designer in Interact mode, an embedding application, or `host render --play`.
package struct PointerEvent: Equatable, Sendable {
    package enum Phase: UInt32, Sendable, CaseIterable {
        case down = 0, move, up, cancel, enter, leave

        /// "down", "move", … as `--play` writes them.
        package var name: String { String(describing: self) }
    }

    package var phase: Phase
    /// In the instance's coordinates, points.
    package var location: Point
    /// The button that went down or up (0 primary, 1 secondary, 2 middle).
    package var button: UInt32 = 0
    /// EASEL_MODIFIER_* bits.
    package var modifiers: UInt32 = 0
    /// Down and up: 1 for a single click, 2 for a double one; otherwise 0.
    package var clickCount: UInt32 = 0
    /// The buttons held after the event (bit 1 << button each).
    package var buttons: UInt32 = 0
    /// Seconds on the instance's clock.
    package var timestamp: Double = 0

    package init(_ phase: Phase, at location: Point, button: UInt32 = 0, modifiers: UInt32 = 0, clickCount: UInt32? = nil,
                 buttons: UInt32? = nil, timestamp: Double = 0) {
        self.phase = phase
        self.location = location
        self.button = button
        self.modifiers = modifiers
        self.clickCount = clickCount ?? (phase == .down || phase == .up ? 1 : 0)
        self.buttons = buttons ?? (phase == .down ? 1 << button : 0)
        self.timestamp = timestamp
    }

    var c: easel_pointer_event {
        easel_pointer_event(phase: phase.rawValue, button: button, location: location.c, modifiers: modifiers,
                            click_count: clickCount, buttons: buttons, reserved0: 0, timestamp: timestamp)
    }
}
