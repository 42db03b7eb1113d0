import EaselHost
import EaselRender

/// Draws one instance onto a fresh PNG canvas and returns its pixels: layout for `size`, then draw
/// of its bounds, with images resolved against its plugin's resources. The validator renders this
/// way in the host (a worker's instance: its display list is replayed here) and, through
/// ``RendererServices/renderDirectly(_:size:scale:)``, inside a worker (straight onto Cairo), so the
/// two can be compared.
/// A size of 0 on an axis draws onto a 1-pixel canvas. Missing images are not errors here (the
/// validator's resources check reports them); Cairo errors are.
package enum InstancePixels {
    package static func render(_ instance: DesignableInstance, size: Size, scale: Double = 1, layout: Bool = true) throws -> RGBAImage {
        let info = instance.info
        let target = try HostError.rendering(info) {
            try RenderTarget(format: .png(compressionLevel: 1),
                             options: RenderOptions(width: max(size.width, 1e-3), height: max(size.height, 1e-3), scale: scale),
                             resolver: ResourceImageResolver(resourceDirectory: PluginLoader.resourceDirectory(for: info.plugin.path)))
        }
        if layout { try instance.layout(size: size) }
        try instance.draw(into: target.canvas.pointer, rect: Rect(size: size))
        return try HostError.rendering(info, phase: .draw) { try target.rgbaImage() }
    }
}
