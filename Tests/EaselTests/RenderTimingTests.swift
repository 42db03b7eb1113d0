import CCairo
import CEasel
import Glibc
import XCTest
@testable import EaselRender

/// Timing sanity for the render path, not a correctness test: skipped unless EASEL_RENDER_TIMING=1.
/// Run in release for meaningful numbers:
///   EASEL_RENDER_TIMING=1 swift test -c release --filter RenderTimingTests
/// Draws the Rainbow seed picture (600×434, background #38334C, three rings with a shadowed cap
/// each) through the easel_canvas vtable and with direct Cairo calls, then encodes PNGs.
final class RenderTimingTests: XCTestCase {
    static let rings: [(radius: Double, color: easel_color)] = [
        (80, color(37 / 255.0, 252 / 255.0, 244 / 255.0)),
        (150, color(171 / 255.0, 250 / 255.0, 81 / 255.0)),
        (215, color(238 / 255.0, 32 / 255.0, 53 / 255.0)),
    ]
    static let background = color(0x38 / 255.0, 0x33 / 255.0, 0x4C / 255.0)

    /// The seed's drawRect through the vtable, as a component would call it.
    static func drawRainbow(_ c: UnsafeMutablePointer<easel_canvas>, shadows: Bool) {
        let x = 300.0, y = 217.0, cap = 20.0
        for ring in rings {
            c.pointee.set_stroke_color(c, ring.color)
            c.pointee.set_line_width(c, 20)
            c.pointee.arc(c, x, y, ring.radius / 2, 0, Double.pi, true) // bottom half
            c.pointee.draw_path(c, EASEL_PATH_STROKE)
            c.pointee.save(c)
            if shadows { c.pointee.set_shadow(c, easel_size(width: 0, height: 0), 5, color(0, 0, 0, 0.5)) }
            c.pointee.set_fill_color(c, ring.color)
            c.pointee.add_ellipse(c, rect(x - cap / 2 - ring.radius / 2, y - cap / 2, cap, cap))
            c.pointee.draw_path(c, EASEL_PATH_FILL)
            c.pointee.restore(c)
            c.pointee.arc(c, x, y, ring.radius / 2, Double.pi, 2 * Double.pi, true) // top half
            c.pointee.draw_path(c, EASEL_PATH_STROKE)
        }
    }

    static func drawRainbowDirect(_ cr: OpaquePointer) {
        let x = 300.0, y = 217.0, cap = 20.0
        cairo_set_line_width(cr, 20)
        for ring in rings {
            let k = ring.color
            cairo_set_source_rgba(cr, k.red, k.green, k.blue, k.alpha)
            cairo_arc(cr, x, y, ring.radius / 2, 0, Double.pi)
            cairo_stroke(cr)
            cairo_arc(cr, x - ring.radius / 2, y, cap / 2, 0, 2 * Double.pi)
            cairo_fill(cr)
            cairo_arc(cr, x, y, ring.radius / 2, Double.pi, 2 * Double.pi)
            cairo_stroke(cr)
        }
    }

    func time(_ label: String, runs: Int, _ body: () throws -> Void) rethrows -> Double {
        try body() // warm up
        var best = Double.infinity
        for _ in 0..<runs {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            try body()
            clock_gettime(CLOCK_MONOTONIC, &end)
            best = min(best, Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6)
        }
        print(String(format: "timing: %-52@ best of %2d: %8.3f ms", label as NSString, runs, best))
        return best
    }

    func testRainbowTimings() throws {
        guard getenv("EASEL_RENDER_TIMING") != nil else { throw XCTSkip("set EASEL_RENDER_TIMING=1 to measure") }
        for scale in [1.0, 2.0] {
            let options = RenderOptions(width: 600, height: 434, scale: scale, background: Self.background)
            _ = time("vtable, shadows, @\(Int(scale))x (target + draw)", runs: 20) {
                let target = try! RenderTarget(format: .png(), options: options)
                Self.drawRainbow(target.canvas.pointer, shadows: true)
                try! target.canvas.finish()
            }
            _ = time("vtable, no shadows, @\(Int(scale))x (target + draw)", runs: 20) {
                let target = try! RenderTarget(format: .png(), options: options)
                Self.drawRainbow(target.canvas.pointer, shadows: false)
                try! target.canvas.finish()
            }
            _ = time("direct cairo, no shadows, @\(Int(scale))x (surface + draw)", runs: 20) {
                let w = Int32(600 * scale), h = Int32(434 * scale)
                let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
                let cr = cairo_create(surface)!
                cairo_scale(cr, scale, scale)
                let b = Self.background
                cairo_set_source_rgb(cr, b.red, b.green, b.blue)
                cairo_paint(cr)
                Self.drawRainbowDirect(cr)
                cairo_surface_flush(surface)
                cairo_destroy(cr)
                cairo_surface_destroy(surface)
            }
            let target = try RenderTarget(format: .png(), options: options)
            Self.drawRainbow(target.canvas.pointer, shadows: true)
            try target.canvas.finish()
            let surface = cairo_get_target(target.canvas.cr)!
            for level in [1, 6, 9] {
                var size = 0
                _ = try time("PNG encode level \(level), @\(Int(scale))x", runs: 10) {
                    size = try PNGEncoder.encode(surface: surface, level: level).count
                }
                print("timing:   → \(size) bytes")
            }
            _ = time("cairo_surface_write_to_png, @\(Int(scale))x", runs: 10) {
                cairo_surface_write_to_png(surface, "/tmp/easel-rainbow-cairo.png")
            }
            try target.write(to: "/tmp/easel-rainbow@\(Int(scale))x.png")
        }
    }
}
