import EaselHost
import EaselRender

/// The worker's side of ``RasterizingInstance/rasterize(size:scale:)``: draws an instance, already
/// laid out, onto a transparent PNG-sized surface with its plugin's resources, and returns the
/// pixels with what the canvas noticed (missing images as DesignerInstance words them).
enum InstanceRaster {
    static func draw(_ instance: DesignableInstance, size: Size, scale: Double) throws -> Raster {
        let info = instance.info
        let target = try HostError.rendering(info) {
            try RenderTarget(format: .png(), options: RenderOptions(width: size.width, height: size.height, scale: scale),
                             resolver: ResourceImageResolver(resourceDirectory: PluginLoader.resourceDirectory(for: info.plugin.path)))
        }
        try instance.draw(into: target.canvas.pointer, rect: Rect(size: size))
        let picture = try HostError.rendering(info, phase: .draw) { try target.premultipliedPixels() }
        var raster = Raster(width: picture.width, height: picture.height, pixels: picture.pixels[...])
        for problem in target.canvas.diagnostics {
            if let missing = DesignerInstance.missingImageMessage(problem) { raster.missingImages.append(missing) }
            else { raster.warnings.append("\(problem)") }
        }
        return raster
    }
}
