import CCairo
import CPNG
import Glibc

/// PNG encoding of a finished PNG target, timed against raw zlib on the same pixels: what
/// `Scripts/bench-render` reports (not used by the host itself).
package enum PNGBenchmark {
    /// Median milliseconds over `runs` of: raw zlib (`compress2`, `level`) of the straight RGBA
    /// pixels, and this renderer's whole PNG encoding (conversion included) at `level`; plus the
    /// PNG's size in bytes.
    package static func measure(_ target: RenderTarget, level: Int, runs: Int) throws -> (zlib: Double, png: Double, bytes: Int) {
        guard let surface = target.imageSurface else { throw RenderError.png(reason: "not a PNG target") }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        _ = rgba.withUnsafeMutableBufferPointer {
            PNGEncoder.convert(UnsafeRawPointer(cairo_image_surface_get_data(surface)!), width: width, height: height,
                               stride: stride, hasAlpha: true, into: $0.baseAddress!)
        }
        var zlibTimes: [Double] = [], pngTimes: [Double] = []
        var size = 0
        var output = [UInt8](repeating: 0, count: Int(compressBound(uLong(rgba.count))))
        for _ in 0..<max(runs, 1) {
            var length = uLongf(output.count)
            let start = now()
            _ = compress2(&output, &length, rgba, uLong(rgba.count), Int32(level))
            zlibTimes.append(now() - start)
            let pngStart = now()
            size = try PNGEncoder.encode(surface: surface, level: level).count
            pngTimes.append(now() - pngStart)
        }
        return (median(zlibTimes), median(pngTimes), size)
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1_000_000
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
