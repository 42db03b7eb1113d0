// easel-bench — in-process measurements for the scripts in Scripts/ (not shipped to users).
//
//   easel-bench property-set PLUGIN.so CLASS PROPERTY
//       ns per property set: direct typed C call, through libffi (cached cif), through the host API.
//   easel-bench render PLUGIN.so CLASS [--scale N] [--size WxH] [--runs N] [--set name=value]… [--draw-only]
//       ms per frame of one instance (in process, no worker), as medians: layout, draw only (new PNG
//       target + draw + finish), and draw + PNG encoding at level 6 (default) and 1 (fast). Used by
//       Scripts/bench-render. draw_instance_ms is the same frame with the instance's draw called on
//       the canvas directly (without DesignerInstance's per-draw work). --draw-only measures drawing
//       alone (for profilers: perf record easel-bench render … --draw-only).
//   easel-bench png-rainbow [--scale N] [--runs N]
//       PNG encoding of the Rainbow picture at levels 1 and 6 against raw zlib on the same pixels.
//   easel-bench canvas-rainbow [--scale N] [--runs N] [--no-shadows] [--display-list]
//       the Rainbow picture drawn straight through the easel_canvas vtable (no SDK, no plugin): what
//       the canvas alone costs, to separate EaselKit's share from the canvas's. Same keys as render.
//       With --display-list, each frame is recorded into a display list and replayed onto the
//       canvas, as a worker's drawing is: the difference is what isolation costs per frame.
import EaselHost
@preconcurrency import Glibc
import EaselPreview
import EaselRender
import CEasel
import Foundation

let args = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: easel-bench property-set PLUGIN.so CLASS PROPERTY
           easel-bench render PLUGIN.so CLASS [--scale N] [--size WxH] [--runs N] [--set name=value]... [--draw-only]
           easel-bench canvas-rainbow [--scale N] [--runs N] [--no-shadows]
    """

func fail(_ message: String, _ code: Int32) -> Never {
    fputs("easel-bench: \(message)\n", stderr)
    exit(code)
}

/// The host core of this measurement: the renderer's, with plugins loaded in this process.
let environment: HostEnvironment = {
    FontConfiguration.pin()
    return HostEnvironment(renderer: RendererServices())
}()

func loadClass(_ file: String, _ name: String) -> DesignableClass {
    let registry = Registry(files: [file], environment: environment)
    if let failure = registry.failures.first { fail("\(failure)", 69) }
    do {
        guard let cls = try registry.designableClass(named: name) else { fail("no class \(name) in \(file)", 66) }
        return cls
    } catch {
        fail("\(error)", 69)
    }
}

/// Milliseconds taken by `body`.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    try body()
    clock_gettime(CLOCK_MONOTONIC, &end)
    let seconds = Double(end.tv_sec - start.tv_sec)
    let nanoseconds = Double(end.tv_nsec - start.tv_nsec)
    return seconds * 1000 + nanoseconds / 1_000_000
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return (sorted[middle - 1] + sorted[middle]) / 2
}

func propertySet(_ args: [String]) {
    guard args.count == 3 else { fail(usage, 64) }
    let cls = loadClass(args[0], args[1])
    do {
        let instance = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
        let r = try PropertyCallBenchmark.measure(instance, property: args[2])
        func f(_ v: Double) -> String { String(Double(Int(v * 10)) / 10) }
        print("property set, ns per call (median of 7 rounds of 200000):")
        print("  direct C call        \(f(r.direct))")
        print("  libffi, cached cif   \(f(r.ffi))   (\(f(r.ffi / r.direct))x direct)")
        print("  host API set(_:to:)  \(f(r.host))   (\(f(r.host / r.direct))x direct)")
    } catch {
        fail("\(error)", 70)
    }
}

/// What `render` was asked for.
struct RenderArguments {
    var file = "", className = ""
    var scale = 1.0, runs = 51, drawOnly = false
    var size: Size?
    var values: [(String, String)] = []

    init(_ args: [String]) {
        guard args.count >= 2 else { fail(usage, 64) }
        file = args[0]
        className = args[1]
        var index = 2
        func value() -> String {
            index += 1
            guard index < args.count else { fail("\(args[index - 1]) needs a value\n\(usage)", 64) }
            return args[index]
        }
        while index < args.count {
            switch args[index] {
            case "--scale": scale = Double(value()) ?? 0
            case "--runs": runs = Int(value()) ?? 0
            case "--draw-only": drawOnly = true
            case "--size":
                let parts = value().split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2 else { fail("--size expects WxH", 64) }
                size = Size(width: parts[0], height: parts[1])
            case "--set":
                let assignment = value()
                guard let eq = assignment.firstIndex(of: "=") else { fail("--set expects name=value", 64) }
                values.append((String(assignment[..<eq]), String(assignment[assignment.index(after: eq)...])))
            default:
                fail("unknown argument \(args[index])\n\(usage)", 64)
            }
            index += 1
        }
        guard scale > 0, runs > 0 else { fail("--scale and --runs must be positive", 64) }
    }
}

/// One frame's work, measured `runs` times after a warm-up; prints `key=value` lines.
func render(_ arguments: RenderArguments) throws {
    let cls = loadClass(arguments.file, arguments.className)
    var parsed: [(name: String, value: PropertyValue)] = []
    for (name, text) in arguments.values {
        guard let property = cls.info.property(named: name) else { fail("no property \(name)", 64) }
        parsed.append((name, try property.parse(text)))
    }
    let frameSize = arguments.size ?? cls.info.defaultSize
    let component = try DesignerInstance(cls, frame: Rect(size: frameSize), values: parsed)
    let options = RenderOptions(width: frameSize.width, height: frameSize.height, scale: arguments.scale)

    /// A new PNG target, the instance drawn on it, finished; encoded at `level` if given.
    func frame(level: Int?) throws {
        let target = try RenderTarget(format: .png(compressionLevel: level ?? 6), options: options)
        try component.draw(on: target.canvas)
        try target.canvas.finish()
        if level != nil { _ = try target.encode() }
    }
    /// `runs` timings of `body`.
    func series(_ body: () throws -> Void) throws -> [Double] {
        var times: [Double] = []
        for _ in 0..<arguments.runs { times.append(try milliseconds(body)) }
        return times
    }

    try frame(level: nil) // lays the instance out, warms caches
    // Each kind of frame in its own series, so that one does not leave the allocator or the caches
    // in a state that favours or hurts another (Scripts/bench/rainbow_direct.c does the same).
    let draw = try series { try frame(level: nil) }
    // The same frame with the instance's draw called straight on the canvas (no DesignerInstance:
    // no image resolver, isolation or diagnostics around it): the plugin's and EaselKit's share.
    let bounds = Rect(size: frameSize)
    let drawDirect = try series {
        let target = try RenderTarget(format: .png(), options: options)
        try component.instance.draw(into: target.canvas.pointer, rect: bounds)
        try target.canvas.finish()
    }
    func f(_ v: Double) -> String { String(format: "%.4f", v) }
    print("class=\(cls.info.name) size=\(Int(frameSize.width))x\(Int(frameSize.height)) scale=\(arguments.scale) runs=\(arguments.runs)")
    print("draw_ms=\(f(median(draw)))")
    print("draw_instance_ms=\(f(median(drawDirect)))")
    if arguments.drawOnly { return }
    let layout = try series { try component.instance.layout(size: frameSize) }
    let png6 = try series { try frame(level: 6) }
    let png1 = try series { try frame(level: 1) }
    print("layout_ms=\(f(median(layout)))")
    print("draw_png6_ms=\(f(median(png6)))")
    print("draw_png1_ms=\(f(median(png1)))")
}

/// The Rainbow seed's picture through the vtable, as a hand-written C component would draw it:
/// background, then per ring the bottom half, the cap with its shadow, the top half.
func drawRainbow(_ c: UnsafeMutablePointer<easel_canvas>, shadows: Bool) {
    let rings: [(width: Double, color: easel_color)] = [
        (80, easel_color(red: 37 / 255.0, green: 252 / 255.0, blue: 244 / 255.0, alpha: 1)),
        (150, easel_color(red: 171 / 255.0, green: 250 / 255.0, blue: 81 / 255.0, alpha: 1)),
        (215, easel_color(red: 238 / 255.0, green: 32 / 255.0, blue: 53 / 255.0, alpha: 1)),
    ]
    let x = 300.0, y = 217.0, cap = 20.0
    c.pointee.set_fill_color(c, easel_color(red: 0x38 / 255.0, green: 0x33 / 255.0, blue: 0x4C / 255.0, alpha: 1))
    c.pointee.fill_rect(c, easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: 600, height: 434)))
    c.pointee.set_line_width(c, 20)
    for ring in rings {
        c.pointee.set_stroke_color(c, ring.color)
        c.pointee.arc(c, x, y, ring.width / 2, 0, Double.pi, true)
        c.pointee.draw_path(c, EASEL_PATH_STROKE)
        c.pointee.save(c)
        if shadows {
            c.pointee.set_shadow(c, easel_size(width: 0, height: 0), 5, easel_color(red: 0, green: 0, blue: 0, alpha: 0.5))
        }
        c.pointee.set_fill_color(c, ring.color)
        let box = easel_rect(origin: easel_point(x: x - ring.width / 2 - cap / 2, y: y - cap / 2),
                             size: easel_size(width: cap, height: cap))
        c.pointee.add_ellipse(c, box)
        c.pointee.draw_path(c, EASEL_PATH_FILL)
        c.pointee.restore(c)
        c.pointee.arc(c, x, y, ring.width / 2, Double.pi, 2 * Double.pi, true)
        c.pointee.draw_path(c, EASEL_PATH_STROKE)
    }
}

func canvasRainbow(_ args: [String]) throws {
    let shadows = !args.contains("--no-shadows")
    let throughDisplayList = args.contains("--display-list")
    var arguments = RenderArguments(["-", "-"] + args.filter { $0 != "--no-shadows" && $0 != "--display-list" })
    arguments.drawOnly = true
    let options = RenderOptions(width: 600, height: 434, scale: arguments.scale)
    let recorder = DisplayListRecorder()
    func frame() throws {
        let target = try RenderTarget(format: .png(), options: options)
        if throughDisplayList {
            recorder.reset()
            drawRainbow(recorder.pointer, shadows: shadows)
            try DisplayListPlayer.replay(recorder.bytes, onto: target.canvas.pointer)
        } else {
            drawRainbow(target.canvas.pointer, shadows: shadows)
        }
        try target.canvas.finish()
    }
    try frame()
    var times: [Double] = []
    for _ in 0..<arguments.runs { times.append(try milliseconds(frame)) }
    print("class=canvas-rainbow\(throughDisplayList ? "+display-list" : "") size=600x434 scale=\(arguments.scale) runs=\(arguments.runs)")
    print("draw_ms=\(String(format: "%.4f", median(times)))")
}

/// `easel-bench png-rainbow [--scale N] [--runs N]`: the Rainbow picture, then its PNG encoding at
/// level 1 (previews) and 6 (files) against raw zlib at the same level on the same pixels.
func pngRainbow(_ args: [String]) throws {
    let arguments = RenderArguments(["-", "-"] + args)
    let target = try RenderTarget(format: .png(), options: RenderOptions(width: 600, height: 434, scale: arguments.scale))
    drawRainbow(target.canvas.pointer, shadows: true)
    try target.canvas.finish()
    print("class=png-rainbow size=600x434 scale=\(arguments.scale) runs=\(arguments.runs)")
    for level in [1, 6] {
        let m = try PNGBenchmark.measure(target, level: level, runs: arguments.runs)
        print("level=\(level) zlib_ms=\(String(format: "%.3f", m.zlib)) png_ms=\(String(format: "%.3f", m.png)) ratio=\(String(format: "%.2f", m.png / m.zlib)) png_bytes=\(m.bytes)")
    }
}

switch args.first {
case "png-rainbow":
    do { try pngRainbow(Array(args.dropFirst())) } catch { fail("\(error)", 70) }
case "canvas-rainbow":
    do { try canvasRainbow(Array(args.dropFirst())) } catch { fail("\(error)", 70) }
case "property-set":
    propertySet(Array(args.dropFirst()))
case "render":
    do { try render(RenderArguments(Array(args.dropFirst()))) } catch { fail("\(error)", 70) }
default:
    fail(usage, 64)
}
