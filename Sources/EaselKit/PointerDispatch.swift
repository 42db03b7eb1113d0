internal import CEasel

/// The easel.input/1 table every exported class offers, and its traits table (easel.traits/1): the
/// host's pointer events become UIKit touches (``PointerDispatch``), its hit tests `hitTest(_:with:)`,
/// and a trait change calls `traitCollectionDidChange(_:)` on every view of the instance.
enum InputCallbacks {
    static let hitTest: @convention(c) (UnsafeMutableRawPointer, easel_point) -> Bool = { instance, point in
        let box = InstanceBox.from(instance)
        return EaselDesigner.inCallback { box.withTraits { box.view.hitTest(CGPoint(point), with: nil) != nil } }
    }

    static let pointerEvent: @convention(c) (UnsafeMutableRawPointer, UnsafePointer<easel_pointer_event>) -> Bool = { instance, event in
        let box = InstanceBox.from(instance)
        return box.runInputCode { view in box.pointer.handle(event.pointee, root: view) }
    }

    static let traitsChanged: @convention(c) (UnsafeMutableRawPointer, UnsafePointer<easel_traits>) -> Void = { instance, previous in
        let box = InstanceBox.from(instance)
        let before = UITraitCollection(previous.pointee)
        box.runComponentCode { root in
            root.forEachView { $0.traitCollectionDidChange(before) }
            root.setNeedsLayout()
            root.setNeedsDisplay()
        }
    }

    /// easel_input for every class (static storage, never freed).
    nonisolated(unsafe) static let table: UnsafeRawPointer = {
        let p = UnsafeMutablePointer<easel_input>.allocate(capacity: 1)
        p.initialize(to: easel_input(struct_size: UInt32(MemoryLayout<easel_input>.size), reserved0: 0,
                                     hit_test: hitTest, pointer_event: pointerEvent))
        return UnsafeRawPointer(p)
    }()

    /// easel_class_traits for every class (static storage, never freed).
    nonisolated(unsafe) static let traitsTable: UnsafeRawPointer = {
        let p = UnsafeMutablePointer<easel_class_traits>.allocate(capacity: 1)
        p.initialize(to: easel_class_traits(struct_size: UInt32(MemoryLayout<easel_class_traits>.size), reserved0: 0,
                                            traits_changed: traitsChanged))
        return UnsafeRawPointer(p)
    }()
}

/// One instance's touch sequence: a pointer down hit-tests the view tree and begins a touch in the
/// view it finds; the moves, and the up or cancel, go to that view, wherever the pointer is (UIKit's
/// implicit capture). Enter and leave (hover) are not handled: UIKit has no touch for them.
struct PointerDispatch {
    private var touch: UITouch?

    /// Handles one event; returns whether a view took it.
    mutating func handle(_ event: easel_pointer_event, root: UIView) -> Bool {
        let location = CGPoint(event.location)
        switch event.phase {
        case EASEL_POINTER_DOWN:
            if let stale = touch { finish(stale, phase: .cancelled, event: event) } // a down without the previous up
            guard let target = root.hitTest(location, with: nil) else { return false }
            let new = UITouch(view: target, root: root, location: location, tapCount: max(1, Int(event.click_count)), timestamp: event.timestamp)
            touch = new
            target.touchesBegan([new], with: uiEvent(new, event))
            return true
        case EASEL_POINTER_MOVE:
            guard let touch, let view = touch.view else { return false }
            touch.update(location, phase: .moved, timestamp: event.timestamp)
            view.touchesMoved([touch], with: uiEvent(touch, event))
            return true
        case EASEL_POINTER_UP:
            guard let touch else { return false }
            touch.update(location, phase: .ended, timestamp: event.timestamp)
            finish(touch, phase: .ended, event: event)
            return true
        case EASEL_POINTER_CANCEL:
            guard let touch else { return false }
            finish(touch, phase: .cancelled, event: event)
            return true
        default:
            return false
        }
    }

    private mutating func finish(_ touch: UITouch, phase: UITouch.Phase, event: easel_pointer_event) {
        self.touch = nil
        touch.phase = phase
        guard let view = touch.view else { return }
        if phase == .ended { view.touchesEnded([touch], with: uiEvent(touch, event)) } else {
            view.touchesCancelled([touch], with: uiEvent(touch, event))
        }
    }

    private func uiEvent(_ touch: UITouch, _ event: easel_pointer_event) -> UIEvent {
        var flags: UIKeyModifierFlags = []
        if event.modifiers & EASEL_MODIFIER_SHIFT != 0 { flags.insert(.shift) }
        if event.modifiers & EASEL_MODIFIER_CONTROL != 0 { flags.insert(.control) }
        if event.modifiers & EASEL_MODIFIER_ALT != 0 { flags.insert(.alternate) }
        if event.modifiers & EASEL_MODIFIER_META != 0 { flags.insert(.command) }
        return UIEvent(touch: touch, modifierFlags: flags, buttonMask: UIEvent.ButtonMask(rawValue: Int(event.buttons)))
    }
}

extension UIView {
    /// Calls `body` on this view, then on every descendant, parents first.
    func forEachView(_ body: (UIView) -> Void) {
        body(self)
        for subview in subviews { subview.forEachView(body) }
    }
}
