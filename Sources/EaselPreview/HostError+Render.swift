import EaselHost
import EaselRender

/// The one place where the renderer's errors become the host's: a step of rendering that can throw
/// a `RenderError` runs inside ``HostError/rendering(file:className:phase:_:)`` (or its form for a
/// class), which maps it with ``HostError/init(_:file:className:phase:)``. (A scene's document that
/// Cairo refuses as it is finished names every class the scene draws: SceneRender refines this.)
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

    /// Runs `body`, a step of the renderer's; a `RenderError` it throws comes out as the host error
    /// that ``init(_:file:className:phase:)`` makes of it, naming `file`, `className` and `phase`.
    /// Any other error passes through unchanged.
    ///
    /// ```swift
    /// let png = try HostError.rendering(file: scene.file) { try target.encode() }
    /// ```
    package static func rendering<T>(file: String? = nil, className: String? = nil, phase: Phase? = nil,
                                     _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as RenderError {
            throw HostError(error, file: file, className: className, phase: phase)
        }
    }

    /// ``rendering(file:className:phase:_:)`` for a step of rendering the class `info`: the error
    /// names its plugin's file and the class.
    package static func rendering<T>(_ info: ClassInfo, phase: Phase? = nil, _ body: () throws -> T) throws -> T {
        try rendering(file: info.plugin.path, className: info.name, phase: phase, body)
    }
}
