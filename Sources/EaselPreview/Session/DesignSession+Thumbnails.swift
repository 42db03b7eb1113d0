import EaselHost
import EaselRender

/// Thumbnails that follow the designer's edits (issue 24): a class's preview (the library's
/// thumbnail, `GET /api/thumbnail/NAME`) is drawn again with the values held once they differ from
/// those it was drawn with, at most every ``thumbnailInterval`` seconds per class, by the session's
/// own loop (``step(maximumWait:)``), never on an edit's request (edits take no engine lock). Each
/// new thumbnail is said as a ``SessionEvent/redrawn(className:frame:preview:)`` with its PNG.
extension DesignSession {
    /// The least time between two thumbnails of one class drawn for edits (a slider dragged).
    static let thumbnailInterval = 0.3

    /// Draws again the thumbnails whose values were edited since they were drawn (with the engine lock).
    func refreshEditedThumbnails() {
        let now = Self.now()
        for (className, drawnWith) in previews.previewValues.sorted(by: { $0.key < $1.key }) {
            guard previews.states[className]?.failure == nil, previews.animating[className] == nil,
                  now - (previews.previewTimes[className] ?? 0) >= Self.thumbnailInterval,
                  let cls = builds.designableClass(named: className) else { continue }
            let values = currentValues(for: className)
            guard values.map(\.name) != drawnWith.map(\.name) || values.map(\.value) != drawnWith.map(\.value) else { continue }
            previews.previewValues[className] = values
            previews.previewTimes[className] = now
            var request = ComponentRenderRequest(className: className, scale: options.scale ?? 1,
                                                 format: .png(compressionLevel: options.pngLevel))
            request.traits = classTraits
            request.drawsInWorker = false
            // A failure is the canvas's to report (its render with the same values says it).
            guard let target = try? ComponentRender.render(cls, values: values, request),
                  let bytes = try? Self.encode(target, className: className, file: cls.info.plugin.path) else { continue }
            previews.drewFrame(className, preview: bytes)
            emit(.redrawn(className: className, frame: previews.live[className]?.frames ?? 0, preview: bytes))
        }
    }
}
