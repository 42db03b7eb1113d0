import CEasel

/// Text and image metrics for plugins outside of draw (easel_host.measure_text and image_size).
///
/// EaselHost does not render, so the program installs an implementation once at startup (the CLI
/// installs the renderer's). Without one, plugins measure {0, 0}.
package protocol PluginServices: AnyObject {
    /// The size of `text` in `style`, wrapped at `maxWidth` (<= 0: no wrapping).
    func measureText(_ text: UnsafePointer<CChar>, maxWidth: Double, style: UnsafePointer<easel_text_style>) -> easel_size
    /// The natural size of image `name`, resolved against `resourceDirectory` first; {0, 0} if unknown.
    func imageSize(_ name: String, resourceDirectory: String) -> easel_size
}

/// Where the installed ``PluginServices`` lives.
package enum HostServices {
    nonisolated(unsafe) package static var current: PluginServices?
}
