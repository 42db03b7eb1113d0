import EaselHost

/// A class's last good preview in a ``DesignSession`` and whether it is failing now.
package struct ClassState: Sendable {
    /// The last good preview, PNG at the session's scale; nil if it never rendered.
    package var preview: [UInt8]?
    /// Counts the previews drawn (a thumbnail's address names it: a new one is fetched anew).
    package var previewRevision = 0
    /// The build number of the file whose build drew `preview`.
    package var previewBuild: Int?
    /// Why the class cannot be rendered now (then `preview` is stale); nil when it renders.
    package var failure: PluginFailure?
    /// The file providing the class.
    package var file: String
    /// The current build number of that file.
    package var build: Int
}
