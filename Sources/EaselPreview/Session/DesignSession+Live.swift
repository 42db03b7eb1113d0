import EaselHost
import EaselRender

/// Live previews (with the engine lock held): each class's preview keeps its instance, with its
/// animation clock following real time, so that what the instance asks for through its instance
/// host (easel.h) is honoured in `host watch` and the designer: a request_redraw draws the next
/// frame (at most 60 a second), reported as ``SessionEvent/redrawn(className:frame:preview:)`` with
/// the frame (`host watch` replaces the preview file); the values it reports changing
/// (property_changed) after an action, a pointer event or a frame are read back and kept as the
/// values the host holds. (Added by the abi work, issue 9.)
///
/// What it reports while it is set up with the values held (a setter's clamp, a dependent value)
/// is not the user's: it is read back (``ClassPreviews/readBack``: the designer shows it, as the
/// instance has it) and never held, so that a reload sets again only what the user set.
extension DesignSession {
    /// Keeps a live preview just made with `values` (the values held); what the instance changed
    /// itself while they were set is read back, not held.
    func keepLivePreview(_ preview: LivePreview, values: [(name: String, value: PropertyValue)]) {
        previews.keepLive(preview, values: values)
        guard let changed = try? preview.component.takeChangedValues(), !changed.isEmpty else { return }
        previews.readBack[preview.className] = ReadBackValues(values: values, changed: changed)
    }

    /// The live instance's current frame for a designer's render with these values and request (it
    /// may be animating, or show where an action left it), if it was made with exactly these values;
    /// nil otherwise (the caller renders afresh).
    func liveFrame(_ className: String, values: [(name: String, value: PropertyValue)],
                   _ request: ComponentRenderRequest) throws -> RenderTarget? {
        guard let preview = previews.live[className], let kept = previews.liveValues[className],
              kept.map(\.name) == values.map(\.name), kept.map(\.value) == values.map(\.value) else { return nil }
        let target = try preview.frame(size: request.size, scale: request.scale, background: request.background, format: request.format)
        // A draw may change values (an animation's last step, taken in the designer's render rather
        // than in a frame of its own): they are held as a frame's are, and the designer is told (it
        // showed the step before, and the host held it).
        if noteChangedValues(preview) { emit(.redrawn(className: className, frame: preview.frames, preview: nil)) }
        return target
    }

    /// Calls an action on a class's live instance (the designer's button; easel.actions/1): made now
    /// from the values the host holds when there is none; what the action asks for is then honoured
    /// frame by frame. Call it with the engine lock held (inside ``withLock(_:)``).
    package func invoke(_ action: String, argument: PropertyValue?, on className: String) throws {
        guard let cls = designableClass(named: className) else {
            throw HostError.noClass(named: className, "no class named \(className.quoted) is loaded")
        }
        _ = try cls.info.requireAction(action).check(argument, file: cls.info.plugin.path, className: className)
        let preview = try livePreview(of: cls)
        try preview.component.invoke(action, argument: argument)
        noteChangedValues(preview)
        advanceLivePreviews(immediately: true) // the first frame at once
    }

    /// The class's live preview, made now from the values the host holds (and the designer's
    /// traits) when there is none or its values are not those held. With the engine lock held.
    func livePreview(of cls: DesignableClass) throws -> LivePreview {
        let className = cls.info.name
        let values = currentValues(for: className)
        if let preview = previews.live[className], previews.liveValues[className].map({ $0.map(\.value) == values.map(\.value) }) ?? false {
            return preview
        }
        var request = ComponentRenderRequest(className: className, scale: options.scale ?? 1,
                                             format: .png(compressionLevel: options.pngLevel))
        request.traits = classTraits
        let (_, preview) = try ComponentRender.renderLive(cls, values: values, request)
        keepLivePreview(preview, values: values)
        return preview
    }

    /// Draws the next frame of every live preview whose instance asked for one (called by `step`);
    /// `immediately`: without waiting for the 1/60 s pace.
    func advanceLivePreviews(immediately: Bool = false) {
        for (className, preview) in previews.live.sorted(by: { $0.key < $1.key }) {
            do {
                guard preview.wantsFrame else {
                    if let first = previews.animating.removeValue(forKey: className) {
                        let frames = preview.frames - first
                        emit(.notice("\(className): animated, \(frames) frame\(frames == 1 ? "" : "s")", detail: false))
                    }
                    // A value reported with no frame asked for (property_changed from the
                    // component's own thread): held all the same, and the designer reads it.
                    if noteChangedValues(preview) { emit(.redrawn(className: className, frame: preview.frames, preview: nil)) }
                    continue
                }
                if previews.animating[className] == nil { previews.animating[className] = preview.frames }
                guard let target = try preview.nextFrame(force: immediately) else { continue }
                let bytes = try Self.encode(target, className: className, file: preview.component.info.plugin.path)
                previews.drewFrame(className, preview: bytes)
                noteChangedValues(preview)
                emit(.redrawn(className: className, frame: preview.frames, preview: bytes))
            } catch let error as HostError {
                previews.dropLive(className)
                if let event = previews.markFailing(className, error) { emit(event) }
            } catch {
                previews.dropLive(className)
            }
        }
    }

    /// Values the instance said it changed itself become the values the host holds for the class,
    /// so that a reload re-applies them (as if given with --set).
    /// Returns whether any value changed.
    @discardableResult
    func noteChangedValues(_ preview: LivePreview) -> Bool { !adoptChangedValues(preview).isEmpty }

    /// The same, returning the names of the properties changed, in the order reported.
    func adoptChangedValues(_ preview: LivePreview) -> [String] {
        guard let changed = try? preview.component.takeChangedValues(), !changed.isEmpty else { return [] }
        let info = preview.component.info
        withDesigner { designer in
            for (name, value) in changed {
                guard let property = info.property(named: name), !property.isReadOnly else { continue }
                designer.adoptReportedValue(property.format(value), name: name, className: preview.className)
            }
        }
        previews.liveValues[preview.className] = currentValues(for: preview.className)
        return changed.map(\.name)
    }
}
