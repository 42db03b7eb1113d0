internal import CEasel

/// What a layout document archived for one instance, handed to ``UIView/decode(archive:)`` (Easel's
/// `init(coder:)`). The archived attributes are applied by the host through the property setters
/// right after decoding (as Interface Builder applies user-defined runtime attributes), then
/// ``UIView/awakeFromNib()`` runs; read them here only if you need them before that.
///
///     override func decode(archive: EaselArchive) throws {
///         try super.decode(archive: archive)
///         if archive["style"] == "legacy" { throw EaselArchive.Failure("legacy style is gone") }
///     }
public struct EaselArchive {
    /// The instance's frame in its document.
    public let frame: CGRect
    /// The archived attributes in document order: property name and value in the host's value syntax.
    public let attributes: [(key: String, value: String)]
    /// The document it came from, for messages.
    public let source: String?

    public init(frame: CGRect, attributes: [(key: String, value: String)] = [], source: String? = nil) {
        self.frame = frame
        self.attributes = attributes
        self.source = source
    }

    init(_ archive: easel_archive) {
        var attributes: [(key: String, value: String)] = []
        if let list = archive.attributes {
            for index in 0..<Int(archive.attribute_count) {
                // The host never passes NULL in an archive (easel.h, easel_attribute).
                attributes.append((list[index].key.map { String(cString: $0) } ?? "",
                                   list[index].value.map { String(cString: $0) } ?? ""))
            }
        }
        self.init(frame: CGRect(archive.frame), attributes: attributes, source: archive.source.map { String(cString: $0) })
    }

    /// The last value archived for `key`.
    public subscript(key: String) -> String? {
        attributes.last { $0.key == key }?.value
    }

    /// An error to throw from ``UIView/decode(archive:)``: its message is reported by the host.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}
