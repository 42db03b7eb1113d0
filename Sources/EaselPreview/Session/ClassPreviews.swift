import EaselHost

/// Each class's preview in a ``DesignSession``: its state (the last good preview, a failure that
/// makes it stale), the description it was last rendered with (for schema diffs), and its live
/// preview (its instance kept, so that it can animate: DesignSession+Live.swift).
///
/// What happens to a preview is decided here and said as events; drawing is the session's (it
/// needs the builds and the values held), and writing files a ``PreviewFileWriter``'s. A value,
/// kept under the session's engine lock.
struct ClassPreviews {
    var states: [String: ClassState] = [:]
    /// The description each class was last rendered with.
    private var lastInfo: [String: ClassInfo] = [:]
    /// Each class's live preview: its instance kept, so that it can animate.
    var live: [String: LivePreview] = [:]
    /// The values each live preview was made with.
    var liveValues: [String: [(name: String, value: PropertyValue)]] = [:]
    /// Classes whose live preview is animating (asked for frames), with the frame it started at.
    var animating: [String: Int] = [:]
    /// What the designer's last render of each class read back of the values its instance changed
    /// itself while being set up (a setter's clamp, a dependent value: property_changed).
    var readBack: [String: ReadBackValues] = [:]
    /// The values each class's preview (its thumbnail) was drawn with, and when (``DesignSession``'s
    /// thumbnails follow the designer's edits).
    var previewValues: [String: [(name: String, value: PropertyValue)]] = [:]
    var previewTimes: [String: Double] = [:]

    /// A class no build provides any more: its state, description and live preview go.
    mutating func forget(_ className: String) {
        lastInfo[className] = nil
        previewValues[className] = nil
        previewTimes[className] = nil
        states[className] = nil
        readBack[className] = nil
        dropLive(className)
    }

    /// Takes the class's description for the render about to happen; returns how its property table
    /// changed since the last render, if it did.
    mutating func schemaChange(_ info: ClassInfo) -> SessionEvent? {
        defer { lastInfo[info.name] = info }
        guard let previous = lastInfo[info.name] else { return nil }
        let diff = SchemaDiff(old: previous, new: info)
        return diff.isEmpty ? nil : .schema(className: info.name, diff: diff)
    }

    /// The class is provided by build `build` of `file` (said before it is drawn: a failure is then
    /// the new build's).
    mutating func provided(_ className: String, file: String, build: Int) {
        var state = states[className] ?? ClassState(file: file, build: build)
        state.file = file
        state.build = build
        states[className] = state
    }

    /// A new preview, drawn by build `build` (of the file ``provided(_:file:build:)`` named).
    mutating func rendered(_ className: String, preview: [UInt8], build: Int) {
        states[className]?.preview = preview
        states[className]?.previewBuild = build
        states[className]?.previewRevision += 1
    }

    /// A live preview's new frame: the class's preview now (drawn by the same build).
    mutating func drewFrame(_ className: String, preview: [UInt8]) {
        states[className]?.preview = preview
        states[className]?.previewRevision += 1
    }

    // MARK: - Failing and recovering

    /// Marks the class failing (its preview stale); returns the event to report. Without `repeated`,
    /// nil when it was failing the same way already (a designer's edits retrying a broken build
    /// report it once; every new build reports).
    mutating func markFailing(_ className: String, _ error: HostError, repeated: Bool = true) -> SessionEvent? {
        // A call cut short by a stop request is not the build's failure: no stale mark is left.
        guard !HostProcess.stopRequested else { return nil }
        let failure = PluginFailure(error)
        let known = states[className]?.failure
        states[className]?.failure = failure
        if !repeated, let known, known.reason == failure.reason, known.phase == failure.phase, known.file == failure.file { return nil }
        return .failure(className: className, failure: failure, staleBuild: states[className]?.previewBuild)
    }

    /// Clears the class's failure, if it had one; returns the event to report.
    mutating func markRecovered(_ className: String) -> SessionEvent? {
        guard let state = states[className], state.failure != nil else { return nil }
        states[className]!.failure = nil
        return .recovered(className: className, file: state.file, build: state.build)
    }

    // MARK: - Live previews

    /// Whether a live preview is animating (the session then wakes for its next frame).
    var isAnimating: Bool { !animating.isEmpty }

    mutating func keepLive(_ preview: LivePreview, values: [(name: String, value: PropertyValue)]) {
        live[preview.className] = preview
        liveValues[preview.className] = values
    }

    mutating func dropLive(_ className: String) {
        live[className] = nil
        liveValues[className] = nil
        animating[className] = nil
    }
}
