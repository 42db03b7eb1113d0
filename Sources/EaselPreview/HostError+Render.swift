import EaselHost
import EaselRender

extension HostError {
    /// A renderer error as a host error with its documented kind: sizes and options are bad data
    /// (65), an output that cannot be written cannot be created (73), images not found are missing
    /// input (66), Cairo failures are internal (70).
    public init(_ error: RenderError, file: String? = nil, className: String? = nil) {
        let kind: Kind
        switch error {
        case .invalidSize, .tooLarge: kind = .badData
        case .invalidOption: kind = .usage
        case .write: kind = .cannotCreate
        case .image: kind = .notFound
        default: kind = .internalError
        }
        self.init(kind, error.description, file: file, className: className)
    }
}
