import EaselHost
import EaselRender

/// The designer's live component (issue 22): the traits everything is shown with (its Appearance,
/// Direction and Text Size controls) and pointer events sent to a class's live instance (its
/// Interact mode), each answered with the frame drawn after it.
extension DesignSession {
    /// The traits a class is shown with: the designer's, else the session's (`watch --trait`). (With the engine lock held.)
    var classTraits: Traits { designerTraits ?? options.traits }

    /// Shows every class and scene with `traits` from now on (the display scale is each render's
    /// own). A live instance of the same layout direction hears the change (easel.traits/1) and is
    /// drawn again; any other class is made anew with them (a new direction needs a new instance),
    /// and so are the scenes that use them. Each class drawn says so with a
    /// ``SessionEvent/redrawn(className:frame:preview:)`` carrying its new preview; a class that
    /// fails is reported as a failure, as a reload's would be.
    package func setTraits(_ traits: Traits) {
        withLock {
            let before = classTraits
            designerTraits = traits
            var again = Set(builds.classNames)
            for (className, preview) in previews.live.sorted(by: { $0.key < $1.key }) where traits.direction == before.direction {
                var shown = traits
                shown.displayScale = preview.component.traits.displayScale
                do {
                    try preview.component.setTraits(shown)
                    let bytes = try Self.encode(try preview.frame(), className: className, file: preview.component.info.plugin.path)
                    previews.drewFrame(className, preview: bytes)
                    noteChangedValues(preview)
                    again.remove(className)
                    emit(.redrawn(className: className, frame: preview.frames, preview: bytes))
                } catch {
                    previews.dropLive(className) // (drawn afresh below, where a failure is reported)
                }
            }
            var details: [SessionEvent] = []
            for outcome in render(again, details: &details) {
                if case .rendered(let className, let bytes, _) = outcome {
                    emit(.redrawn(className: className, frame: previews.live[className]?.frames ?? 1, preview: bytes))
                }
            }
            details.forEach(emit)
        }
    }

    /// Sends `event` (in the instance's points) to class `className`'s live instance, shown at `size`
    /// (nil: its natural size), made now from the values held when there is none; answers whether
    /// it handled it, the control events it sent, the properties it changed (held from now on, as
    /// an action's are) and the frame drawn after it at `scale` in `format`.
    ///
    /// A class that takes no input (offers no easel.input/1) is bad data; a plugin that fails marks
    /// the class failing, as a render does.
    package func pointer(_ event: PointerEvent, on className: String, size: Size?, scale: Double, background: Color?,
                         format: OutputFormat) throws -> PointerOutcome {
        try withLock {
            guard let cls = designableClass(named: className) else {
                throw HostError.noClass(named: className, "no class named \(className.quoted) is loaded")
            }
            guard cls.info.takesInput else {
                throw HostError(.badData, "takes no pointer input (it offers no \(ExtensionID.input)): turn Interact off to edit it",
                                file: cls.info.plugin.path, className: className, phase: .input)
            }
            if let size {
                try ComponentRender.validate(size, ComponentRenderRequest(className: className, size: size, scale: scale, format: format))
            }
            let preview = try livePreview(of: cls)
            do {
                preview.component.resize(to: size ?? preview.naturalSize)
                try preview.component.layoutIfNeeded()
                let handled = try preview.component.pointer(event)
                let actions = try preview.component.takeSentActions()
                let changed = adoptChangedValues(preview)
                let target = try preview.frame(size: size, scale: scale, background: background, format: format)
                if let e = previews.markRecovered(className) { emit(e) }
                return PointerOutcome(handled: handled, actions: actions, changed: changed, target: target)
            } catch let error as HostError {
                previews.dropLive(className)
                if error.kind == .pluginFailure, let event = previews.markFailing(className, error, repeated: false) { emit(event) }
                throw error
            }
        }
    }
}
