import CCairo
import EaselHost

/// What went wrong while rendering or writing an output, in words a person can act on.
///
/// Every case names what failed (the Cairo operation, the output path or the image name) and what
/// was expected. `description` is one line, ready for the CLI to print:
///
/// ```swift
/// do { try target.write(to: "out/button.png") }
/// catch { print("error: \(error)") }   // error: cannot write out/button.png: directory …
/// ```
package enum RenderError: Error, CustomStringConvertible, Equatable {
    /// The requested output size or scale is zero, negative or not a finite number.
    case invalidSize(width: Double, height: Double, scale: Double, reason: String)
    /// The output would exceed the documented limits (see `RenderTarget.maximumSide`,
    /// `RenderTarget.maximumPixels`).
    case tooLarge(width: Int, height: Int, reason: String)
    /// Cairo put a context or surface into an error state; `message` is `cairo_status_to_string`.
    case cairo(operation: String, status: Int, message: String)
    /// An image could not be found or decoded. `tried` lists every path that was looked at.
    case image(name: String, reason: String, tried: [String])
    /// PNG encoding failed inside libpng.
    case png(reason: String)
    /// An output file could not be written; `reason` includes the system's explanation (strerror).
    case write(path: String, reason: String)
    /// An option is out of its documented range (e.g. a PNG compression level outside 0…9).
    case invalidOption(name: String, value: String, expected: String)
    /// Text had characters that no installed font covers (they show as boxes).
    case missingGlyphs(text: String, count: Int)

    /// One line saying what failed, where, and what was expected.
    package var description: String {
        switch self {
        case let .invalidSize(width, height, scale, reason):
            return RenderLimits.problem(.invalid(reason: reason), width: width, height: height, scale: scale)!
        case let .tooLarge(width, height, reason):
            return RenderLimits.problem(.tooLarge(width: width, height: height, reason: reason), width: 0, height: 0, scale: 0)!
        case let .cairo(operation, status, message):
            return "cairo error in \(operation): \(message) (status \(status))"
        case let .image(name, reason, tried):
            if tried.isEmpty { return "image \"\(name)\": \(reason)" }
            return "image \"\(name)\": \(reason); tried: \(tried.joined(separator: ", "))"
        case let .png(reason):
            return "PNG encoding failed: \(reason)"
        case let .write(path, reason):
            return "cannot write \(path): \(reason)"
        case let .invalidOption(name, value, expected):
            return "invalid \(name) \(value): expected \(expected)"
        case let .missingGlyphs(text, count):
            return "text \"\(text)\" has \(count) character\(count == 1 ? "" : "s") that no installed font covers (drawn as boxes; the fonts are Noto Sans CJK and Noto Color Emoji)"
        }
    }

    /// A `.cairo` error for a failing status, or nil for `CAIRO_STATUS_SUCCESS`.
    static func checking(_ status: cairo_status_t, _ operation: String) -> RenderError? {
        if status == CAIRO_STATUS_SUCCESS { return nil }
        let message = cairo_status_to_string(status).map { String(cString: $0) } ?? "unknown status"
        return .cairo(operation: operation, status: Int(status.rawValue), message: message)
    }
}
