import EaselHost
import EaselRender

extension HostError {
    /// A renderer error as a host error with its documented kind: sizes and options are bad data
    /// (65), an output that cannot be written cannot be created (73), images not found are missing
    /// input (66), Cairo failures are internal (70) — except those of a class's drawing: a Cairo
    /// error found after a class drew (`phase` `.draw`: the context, a shadow mask, the document
    /// its drawing was written into) is what it drew breaking Cairo ("out of memory", "invalid
    /// matrix"), a plugin failure (69) in its draw phase, as the README's exit table counts it.
    package init(_ error: RenderError, file: String? = nil, className: String? = nil, phase: Phase? = nil) {
        let kind: Kind
        var phase = phase
        switch error {
        case .invalidSize, .tooLarge: kind = .badData
        case .invalidOption: kind = .usage
        case .write: kind = .cannotCreate
        case .image: kind = .notFound
        case .cairo(let operation, _, _) where className != nil && (phase == .draw || operation == "drawing"):
            kind = .pluginFailure
            phase = .draw
        default: kind = .internalError
        }
        self.init(kind, error.description, file: file, className: className, phase: kind == .pluginFailure ? phase : nil)
    }
}
