import EaselHost

/// One loaded build: what `loaded`/`reloaded … build N in … ms` reports.
package struct BuildReport: Sendable {
    package var file: String
    /// The file as printed: relative to the watched directory.
    package var label: String
    package var build: Int
    package var isReload: Bool
    package var seconds: Double
    package var loadSeconds: Double
    package var renderSeconds: Double
    package var outcomes: [RenderOutcome]
    /// The classes this build provides.
    package var classes: [String]

    package init(file: String, label: String, build: Int, isReload: Bool, seconds: Double, loadSeconds: Double,
                 renderSeconds: Double, outcomes: [RenderOutcome], classes: [String]) {
        self.file = file
        self.label = label
        self.build = build
        self.isReload = isReload
        self.seconds = seconds
        self.loadSeconds = loadSeconds
        self.renderSeconds = renderSeconds
        self.outcomes = outcomes
        self.classes = classes
    }

    /// Seconds as the lines say them: "12.3 ms".
    static func ms(_ seconds: Double) -> String {
        let tenths = (seconds * 10_000).rounded() / 10
        return "\(tenths) ms"
    }

    package var summary: String {
        "\(isReload ? "reloaded" : "loaded") \(label) build \(build) in \(Self.ms(seconds)) (load \(Self.ms(loadSeconds)), render \(Self.ms(renderSeconds))): "
            + (outcomes.isEmpty ? "no classes rendered" : outcomes.map(\.text).joined(separator: ", "))
    }
}

/// What became of one class or scene in a reload.
package enum RenderOutcome: Equatable, Sendable {
    /// Rendered: `preview` is the PNG drawn; `output` is the file a ``PreviewFileWriter`` wrote it
    /// to (nil when previews are kept in memory).
    case rendered(String, preview: [UInt8], output: String?)
    case failed(String)
    /// No build provides the class any more; `removedPreview` is the preview file a
    /// ``PreviewFileWriter`` deleted with it.
    case gone(String, removedPreview: String?)
    /// A scene (its file) rendered: the PNG drawn, and the file a ``PreviewFileWriter`` wrote it to.
    case scene(String, preview: [UInt8], output: String?)
    case sceneFailed(String)

    package var text: String {
        switch self {
        case .rendered(let c, _, let out): return out.map { "\(c) → \($0)" } ?? "\(c) rendered"
        case .failed(let c): return "\(c) failed"
        case .gone(let c, let removed): return "\(c) gone" + (removed.map { " (\($0) removed)" } ?? "")
        case .scene(_, _, let out): return out.map { "scene → \($0)" } ?? "scene rendered"
        case .sceneFailed: return "scene failed"
        }
    }
}
