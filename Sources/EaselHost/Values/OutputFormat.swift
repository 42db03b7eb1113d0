/// The file formats a `RenderTarget` produces.
///
/// ```swift
/// OutputFormat(fileExtension: "png")   // .png(compressionLevel: 6)
/// OutputFormat.pngPreview              // level 1: about 4× faster to encode, larger files
/// ```
package enum OutputFormat: Equatable, Sendable {
    /// A PNG at `scale` pixels per point, compressed with zlib level `compressionLevel` (0…9).
    case png(compressionLevel: Int = 6)
    /// An SVG document in points (one SVG user unit per point; width and height without units).
    case svg
    /// A one-page PDF, the page size in points.
    case pdf

    /// PNG at the fast compression level used for live previews.
    package static let pngPreview = OutputFormat.png(compressionLevel: 1)

    /// The format for a file extension ("png", "svg", "pdf", any case), or nil.
    package init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png()
        case "svg": self = .svg
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// The conventional file extension: "png", "svg" or "pdf".
    package var fileExtension: String {
        switch self {
        case .png: return "png"
        case .svg: return "svg"
        case .pdf: return "pdf"
        }
    }
}
