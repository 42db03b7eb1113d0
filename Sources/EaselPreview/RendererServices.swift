import CCairo
import CEasel
import EaselHost
import EaselRender

/// The renderer as the host core sees it (``Renderer``): text and image metrics offered to plugins
/// through easel_host (measure_text, image_size), the canvas that answers a worker's queries while it
/// records a draw, and drawing an instance into pixels. Measures with a canvas on a 1×1 surface, so
/// results equal what draw-time measuring gives.
///
/// Make one after the fonts are pinned (``FontConfiguration/pin()``), and give it to the
/// ``HostEnvironment`` of every core that should draw with it.
package final class RendererServices: Renderer, @unchecked Sendable {
    private let target: RenderTarget
    /// The measuring canvas is one: a worker records one draw at a time, and plugins measuring from
    /// their own threads take turns.
    private let lock = Locked(())

    package init() {
        // A 1×1 PNG target cannot fail to be created.
        target = try! RenderTarget(format: .png(compressionLevel: 1), options: RenderOptions(width: 1, height: 1))
    }

    /// Loads what a first text measurement needs (fontconfig's configuration and caches, the Pango
    /// font map, the default font with CJK coverage), so that workers forked afterwards have it.
    package func warmUp() {
        var style = easel_text_style()
        style.font_size = 17
        style.font_weight = 400
        style.color = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
        _ = withUnsafePointer(to: &style) { measureText("Warm 暖 …", maxWidth: 100, style: $0) }
    }

    package func measureText(_ text: UnsafePointer<CChar>, maxWidth: Double,
                             style: UnsafePointer<easel_text_style>) -> easel_size {
        lock.withValue { _ in target.canvas.pointer.pointee.measure_text(target.canvas.pointer, text, maxWidth, style) }
    }

    package func imageSize(_ name: String, resourceDirectory: String) -> easel_size {
        lock.withValue { _ in
            target.canvas.resolver = ResourceImageResolver(resourceDirectory: resourceDirectory)
            return name.withCString { target.canvas.pointer.pointee.image_size(target.canvas.pointer, $0) }
        }
    }

    /// The measuring canvas, resolving images against `resourceDirectory` (for a worker's display
    /// list recorder: text and image queries answered exactly as the host's canvas would).
    package func queryCanvas(resourceDirectory: String) -> UnsafeMutablePointer<easel_canvas>? {
        lock.withValue { _ in
            target.canvas.resolver = ResourceImageResolver(resourceDirectory: resourceDirectory)
            return target.canvas.pointer
        }
    }

    package func rasterize(_ instance: DesignableInstance, size: Size, scale: Double) throws -> Raster {
        try InstanceRaster.draw(instance, size: size, scale: scale)
    }

    package func renderDirectly(_ instance: DesignableInstance, size: Size, scale: Double) throws -> RawImage {
        let image = try InstancePixels.render(instance, size: size, scale: scale)
        return RawImage(width: image.width, height: image.height, rgba: image.pixels)
    }
}
