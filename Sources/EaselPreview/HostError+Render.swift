import EaselHost
import EaselRender

extension HostError {
    /// A renderer error as a host error with its documented kind: sizes and options are bad data
    /// (65), an output that cannot be written cannot be created (73), images not found are missing
    /// input (66), Cairo failures are internal (70) — except the drawing of a class that left Cairo
    /// in an error state (what it drew overflowed Cairo: "out of memory"), a plugin failure (69) in
    /// its draw phase, as the README's exit table counts it.
    public init(_ error: RenderError, file: String? = nil, className: String? = nil) {
        let kind: Kind
        var phase: Phase?
        switch error {
        case .invalidSize, .tooLarge: kind = .badData
        case .invalidOption: kind = .usage
        case .write: kind = .cannotCreate
        case .image: kind = .notFound
        case .cairo(let operation, _, _) where operation == "drawing" && className != nil:
            kind = .pluginFailure
            phase = .draw
        default: kind = .internalError
        }
        self.init(kind, error.description, file: file, className: className, phase: phase)
    }
}
