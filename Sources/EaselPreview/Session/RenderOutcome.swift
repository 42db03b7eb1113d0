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
