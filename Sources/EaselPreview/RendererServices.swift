import CCairo
import CEasel
import EaselHost
import EaselRender

/// The renderer's text and image metrics, offered to plugins through easel_host (measure_text,
/// image_size). Measures with a canvas on a 1×1 surface, so results equal what draw-time
/// measuring gives.
package final class RendererServices: PluginServices {
    private let target: RenderTarget
    private let images = ImageCache()

    package init() {
        // A 1×1 PNG target cannot fail to be created.
        target = try! RenderTarget(format: .png(compressionLevel: 1), options: RenderOptions(width: 1, height: 1))
    }

    /// Installs a shared instance as ``HostServices/current`` (idempotent), and makes workers forked
    /// by the ``WorkerLauncher`` run ``runWorker()``.
    package static func install() {
        if HostServices.current == nil { HostServices.current = RendererServices() }
        WorkerLauncher.workerMain = { runWorker() }
        WorkerLauncher.warmUp = { warmUp() }
        InstancePixels.install()
    }

    /// Loads what a first text measurement needs (fontconfig's configuration and caches, the Pango
    /// font map, the default font with CJK coverage), so that workers forked afterwards have it.
    static func warmUp() {
        guard let services = HostServices.current as? RendererServices else { return }
        var style = easel_text_style()
        style.font_size = 17
        style.font_weight = 400
        style.color = easel_color(red: 0, green: 0, blue: 0, alpha: 1)
        _ = withUnsafePointer(to: &style) { services.measureText("Warm 暖 …", maxWidth: 100, style: $0) }
    }

    /// Makes this process a worker launcher (`host __launcher`, started when the host could not fork
    /// one itself). Returns its exit status.
    package static func runLauncher() -> Int32 {
        install()
        return WorkerLauncher.serve(control: 3)
    }

    package func measureText(_ text: UnsafePointer<CChar>, maxWidth: Double,
                            style: UnsafePointer<easel_text_style>) -> easel_size {
        target.canvas.pointer.pointee.measure_text(target.canvas.pointer, text, maxWidth, style)
    }

    /// The measuring canvas, resolving images against `resourceDirectory` (for a worker's display
    /// list recorder: text and image queries answered exactly as the host's canvas would).
    package func queryCanvas(resourceDirectory: String) -> UnsafeMutablePointer<easel_canvas> {
        target.canvas.resolver = ResourceImageResolver(resourceDirectory: resourceDirectory)
        return target.canvas.pointer
    }

    /// Makes this process a worker: installs the services and the query canvas, then serves the
    /// worker protocol on fd 3 until the host is done. Returns the exit status.
    package static func runWorker() -> Int32 {
        let services = HostServices.current as? RendererServices ?? RendererServices()
        HostServices.current = services
        WorkerServer.queryCanvas = { services.queryCanvas(resourceDirectory: $0) }
        WorkerServer.rasterizer = { try InstanceRaster.draw($0, size: $1, scale: $2) }
        InstancePixels.install()
        return WorkerServer.run()
    }

    package func imageSize(_ name: String, resourceDirectory: String) -> easel_size {
        target.canvas.resolver = ResourceImageResolver(resourceDirectory: resourceDirectory)
        return name.withCString { target.canvas.pointer.pointee.image_size(target.canvas.pointer, $0) }
    }
}
