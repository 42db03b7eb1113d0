import EaselHost
import CCairo
import CEasel
import CPNG
import XCTest
@testable import EaselRender

/// RenderTarget: PNG with selectable compression, SVG, PDF, in memory and as atomic files; limits.
final class RenderOutputTests: XCTestCase {
    /// Draws a small scene with solid, translucent and gradient content.
    private func drawScene(on target: RenderTarget) {
        let c = target.canvas.pointer
        c.pointee.set_fill_color(c, color(1, 0, 0))
        c.pointee.fill_rect(c, rect(10, 10, 30, 20))
        c.pointee.set_fill_color(c, color(0, 0.5, 1, 0.4))
        c.pointee.add_ellipse(c, rect(20, 15, 50, 40))
        c.pointee.draw_path(c, EASEL_PATH_FILL)
        let stops = [easel_gradient_stop(location: 0, color: color(1, 1, 0, 1)),
                     easel_gradient_stop(location: 1, color: color(0, 1, 0, 0.2))]
        c.pointee.save(c)
        c.pointee.clip_to_rect(c, rect(0, 50, 100, 20))
        c.pointee.draw_linear_gradient(c, stops, 2, point(0, 0), point(100, 0), 0)
        c.pointee.restore(c)
    }

    func testPNGCompressionLevelsDecodeToIdenticalPixels() throws {
        var decoded: [OpaquePointer] = []
        var sizes: [Int] = []
        for level in [1, 6, 9, 0] {
            let target = try RenderTarget(format: .png(compressionLevel: level), options: RenderOptions(width: 100, height: 70, scale: 2))
            drawScene(on: target)
            let bytes = try target.encode()
            XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            sizes.append(bytes.count)
            let surface = try XCTUnwrap(decodePNG(bytes), "level \(level) decodes")
            XCTAssertEqual(cairo_image_surface_get_width(surface), 200)
            XCTAssertEqual(cairo_image_surface_get_height(surface), 140)
            decoded.append(surface)
        }
        defer { decoded.forEach { cairo_surface_destroy($0) } }
        for y in stride(from: 0, to: 140, by: 1) {
            for x in stride(from: 0, to: 200, by: 1) {
                let reference = readPixel(decoded[0], x, y)
                for other in decoded.dropFirst() where readPixel(other, x, y) != reference {
                    return XCTFail("pixel \(x),\(y) differs between compression levels")
                }
            }
        }
        XCTAssertLessThan(sizes[2], sizes[3], "level 9 is smaller than level 0")
        XCTAssertEqual(readPixel(decoded[0], 30, 30), .red)
        XCTAssertEqual(readPixel(decoded[0], 190, 10), .clear, "transparent without a background")
    }

    func testPNGRoundTripKeepsTranslucentColours() throws {
        let target = try RenderTarget(format: .png(), options: RenderOptions(width: 4, height: 4))
        let c = target.canvas.pointer
        c.pointee.set_fill_color(c, color(1, 0.5, 0, 0.5))
        c.pointee.fill_rect(c, rect(0, 0, 4, 4))
        let surface = try XCTUnwrap(decodePNG(try target.encode()))
        defer { cairo_surface_destroy(surface) }
        let p = readPixel(surface, 1, 1)
        XCTAssertTrue(p.isClose(to: RGBA(r: 255, g: 128, b: 0, a: 128), tolerance: 2), "\(p)")
    }

    func testOpaqueBackgroundWritesAnRGBPNG() throws {
        let target = try RenderTarget(format: .pngPreview,
                                      options: RenderOptions(width: 10, height: 10, background: color(0x38 / 255.0, 0x33 / 255.0, 0x4C / 255.0)))
        let bytes = try target.encode()
        XCTAssertEqual(bytes[25], 2, "IHDR colour type 2 (RGB): no alpha channel needed")
        let surface = try XCTUnwrap(decodePNG(bytes))
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(readPixel(surface, 5, 5), RGBA(r: 0x38, g: 0x33, b: 0x4C, a: 255))
    }

    func testSVGContainsRealDrawing() throws {
        let target = try RenderTarget(format: .svg, options: RenderOptions(width: 100, height: 70, scale: 3))
        drawScene(on: target)
        let svg = String(decoding: try target.encode(), as: UTF8.self)
        XCTAssertTrue(svg.contains("<svg"), svg)
        XCTAssertTrue(svg.contains("width=\"100\""), "points, not pixels: scale is for PNG only")
        XCTAssertTrue(svg.contains("<path"), "vector paths")
        XCTAssertTrue(svg.contains("rgb(100%, 0%, 0%)") || svg.contains("rgb(100%,0%,0%)"), "the red fill")
        XCTAssertTrue(svg.contains("linearGradient"), "the gradient stays a gradient")
    }

    func testPDFContainsRealDrawingOperators() throws {
        let target = try RenderTarget(format: .pdf, options: RenderOptions(width: 100, height: 70))
        drawScene(on: target)
        let pdf = try target.encode()
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        let content = inflatedStreams(pdf).joined(separator: "\n")
        XCTAssertTrue(content.contains(" re"), "rectangle operator in:\n\(content.prefix(600))")
        XCTAssertTrue(content.contains(" rg"), "fill colour operator")
        XCTAssertTrue(content.contains(" f") || content.contains("f\n"), "fill operator")
        XCTAssertTrue(content.contains(" c\n") || content.contains(" c "), "Bézier curve operator (the ellipse)")
    }

    /// Shadows (a blurred mask), text (glyphs) and images work on vector surfaces too.
    private func drawRichScene(on target: RenderTarget) {
        let c = target.canvas.pointer
        c.pointee.save(c)
        c.pointee.set_shadow(c, easel_size(width: 3, height: 3), 6, color(0, 0, 0, 0.5))
        c.pointee.fill_rect(c, rect(10, 10, 40, 30))
        c.pointee.restore(c)
        var style = textStyle(size: 14)
        c.pointee.draw_text(c, "公积金 Easel", rect(10, 50, 120, 20), &style)
        XCTAssertTrue(c.pointee.draw_image(c, "wide.png", rect(60, 10, 40, 20), EASEL_CONTENT_SCALE_TO_FILL))
        XCTAssertTrue(c.pointee.draw_image(c, "wide.svg", rect(100, 10, 40, 20), EASEL_CONTENT_SCALE_TO_FILL))
    }

    func testVectorOutputsCarryShadowsTextAndImages() throws {
        let resolver = ResourceImageResolver(resourceDirectory: renderResourcesDirectory())
        let svgTarget = try RenderTarget(format: .svg, options: RenderOptions(width: 150, height: 80), resolver: resolver)
        drawRichScene(on: svgTarget)
        let svg = String(decoding: try svgTarget.encode(), as: UTF8.self)
        XCTAssertTrue(svg.contains("<image"), "the shadow mask and the PNG are embedded images")
        XCTAssertTrue(svg.contains("glyph"), "text is drawn as glyphs")
        XCTAssertEqual(svgTarget.canvas.diagnostics, [])

        let pdfTarget = try RenderTarget(format: .pdf, options: RenderOptions(width: 150, height: 80), resolver: resolver)
        drawRichScene(on: pdfTarget)
        let pdf = String(decoding: try pdfTarget.encode(), as: UTF8.self)
        XCTAssertTrue(pdf.contains("/FontFile"), "fonts are embedded")
        XCTAssertTrue(pdf.contains("/Image"), "images and the shadow mask are image XObjects")
        XCTAssertTrue(pdf.contains("/SMask") || pdf.contains("/Mask"), "the shadow is a soft mask")
    }

    /// Every FlateDecode stream of a PDF, inflated with zlib.
    private func inflatedStreams(_ pdf: [UInt8]) -> [String] {
        var results: [String] = []
        let start = Array("stream".utf8), end = Array("endstream".utf8)
        var i = 0
        while i + start.count < pdf.count {
            guard pdf[i..<(i + start.count)].elementsEqual(start), i == 0 || pdf[i - 1] != UInt8(ascii: "d") else { i += 1; continue }
            var begin = i + start.count
            if pdf[begin] == 0x0D { begin += 1 }
            if pdf[begin] == 0x0A { begin += 1 }
            var j = begin
            while j + end.count <= pdf.count && !pdf[j..<(j + end.count)].elementsEqual(end) { j += 1 }
            let data = Array(pdf[begin..<j])
            var outLength = uLong(1 << 22)
            var out = [UInt8](repeating: 0, count: Int(outLength))
            if uncompress(&out, &outLength, data, uLong(data.count)) == Z_OK {
                results.append(String(decoding: out.prefix(Int(outLength)), as: UTF8.self))
            }
            i = j + end.count
        }
        return results
    }

    func testAtomicWriteCreatesTheFileAndLeavesNoTemporaryFile() throws {
        let dir = makeTemporaryDirectory("write")
        defer { for name in directoryEntries(dir) { unlink(dir + "/" + name) }; rmdir(dir) }
        let target = try RenderTarget(format: .png(), options: RenderOptions(width: 8, height: 8))
        try target.write(to: dir + "/out.png")
        try target.write(to: dir + "/out.png") // replacing works too
        XCTAssertEqual(directoryEntries(dir), ["out.png"])
        var info = stat()
        XCTAssertEqual(stat(dir + "/out.png", &info), 0)
        XCTAssertEqual(Int(info.st_size), try target.encode().count)
        XCTAssertEqual(info.st_mode & 0o777, 0o644)
    }

    func testWriteIntoAMissingDirectoryNamesThePathAndTheReason() throws {
        let target = try RenderTarget(format: .svg, options: RenderOptions(width: 8, height: 8))
        let absent = try TestPaths.scratch() + "/absent/out.svg"
        XCTAssertThrowsError(try target.write(to: absent)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains(absent), message)
            XCTAssertTrue(message.contains("No such file or directory"), message)
        }
    }

    func testFailedWriteLeavesNoFileBehind() throws {
        let dir = makeTemporaryDirectory("unwritable")
        defer { for name in directoryEntries(dir) { rmdir(dir + "/" + name); unlink(dir + "/" + name) }; chmod(dir, 0o755); rmdir(dir) }
        let target = try RenderTarget(format: .pdf, options: RenderOptions(width: 8, height: 8))
        // The destination is a directory: the temporary file is written, the rename fails, and
        // the temporary file must be gone afterwards.
        mkdir(dir + "/taken.pdf", 0o755)
        XCTAssertThrowsError(try target.write(to: dir + "/taken.pdf")) { error in
            XCTAssertTrue("\(error)".contains("taken.pdf"), "\(error)")
        }
        XCTAssertEqual(directoryEntries(dir), ["taken.pdf"])
        // A directory without write permission (only enforced when not running as root).
        if geteuid() != 0 {
            chmod(dir, 0o555)
            XCTAssertThrowsError(try target.write(to: dir + "/out.pdf")) { error in
                XCTAssertTrue("\(error)".contains("Permission denied"), "\(error)")
            }
            XCTAssertEqual(directoryEntries(dir), ["taken.pdf"])
        }
        // A file system that refuses new files.
        XCTAssertThrowsError(try target.write(to: "/proc/easel-test.pdf")) { error in
            XCTAssertTrue("\(error)".contains("/proc/easel-test.pdf"), "\(error)")
        }
    }

    func testSizeLimitsAndInvalidSizes() {
        func error(_ format: OutputFormat, _ options: RenderOptions) -> String? {
            do { _ = try RenderTarget(format: format, options: options); return nil } catch { return "\(error)" }
        }
        XCTAssertNil(error(.png(), RenderOptions(width: 8192, height: 8192, scale: 1)))
        XCTAssertEqual(try RenderTarget.validatedSize(format: .png(), options: RenderOptions(width: 600, height: 434, scale: 3)).0, 1800)
        XCTAssertEqual(try RenderTarget.validatedSize(format: .svg, options: RenderOptions(width: 600, height: 434, scale: 3)).0, 600)
        XCTAssertTrue(error(.png(), RenderOptions(width: 0, height: 10))?.contains("greater than 0") ?? false)
        XCTAssertTrue(error(.pdf, RenderOptions(width: -5, height: 10))?.contains("greater than 0") ?? false)
        XCTAssertTrue(error(.png(), RenderOptions(width: .nan, height: 10))?.contains("finite") ?? false)
        XCTAssertTrue(error(.png(), RenderOptions(width: 10, height: 10, scale: 0))?.contains("scale") ?? false)
        XCTAssertTrue(error(.png(), RenderOptions(width: 20000, height: 10))?.contains("16384 pixels per side") ?? false)
        XCTAssertTrue(error(.png(), RenderOptions(width: 9000, height: 9000, scale: 2))?.contains("per side") ?? false)
        XCTAssertTrue(error(.png(), RenderOptions(width: 12000, height: 12000))?.contains("100 megapixels") ?? false)
        XCTAssertTrue(error(.svg, RenderOptions(width: 20000, height: 10))?.contains("16384 points per side") ?? false)
        XCTAssertTrue(error(.png(compressionLevel: 10), RenderOptions(width: 10, height: 10))?.contains("0…9") ?? false)
    }

    func testFormatFromFileExtension() {
        XCTAssertEqual(OutputFormat(fileExtension: "PNG"), .png(compressionLevel: 6))
        XCTAssertEqual(OutputFormat(fileExtension: "svg"), .svg)
        XCTAssertEqual(OutputFormat(fileExtension: "pdf"), .pdf)
        XCTAssertNil(OutputFormat(fileExtension: "gif"))
        XCTAssertEqual(OutputFormat.pngPreview, .png(compressionLevel: 1))
    }

    func testCairoErrorsAreReportedWithCairosMessage() {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 4)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let canvas = CairoCanvas(context: cr)
        cairo_restore(cr) // an unbalanced restore behind the canvas's back: CAIRO_STATUS_INVALID_RESTORE
        XCTAssertThrowsError(try canvas.check()) { error in
            XCTAssertTrue("\(error)".contains("cairo error"), "\(error)")
            XCTAssertTrue("\(error)".contains("restore"), "\(error)")
        }
    }
}
