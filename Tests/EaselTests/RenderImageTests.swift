import CCairo
import CEasel
import XCTest
@testable import EaselRender

/// Images: PNG, JPEG and SVG fixtures (40×20: left half red, right half blue) drawn through the
/// vtable with content modes, names resolved by a resolver, failures reported as diagnostics.
///
/// The fixtures in Resources/ were made once with gdk-pixbuf (wide.png, wide.jpg at quality 95,
/// square@2x.png: 20×20 px, a green 12×12 square in a transparent border) and by hand (wide.svg,
/// broken.png: text with a .png name).
final class RenderImageTests: XCTestCase {
    let resources = renderResourcesDirectory()
    /// A working directory inside this test's own folder, known not to exist (never a global path).
    var absentWorkingDirectory = ""
    var resolver: ResourceImageResolver!

    override func setUpWithError() throws {
        absentWorkingDirectory = try TestPaths.scratch(name) + "/absent-cwd"
        resolver = ResourceImageResolver(resourceDirectory: resources, workingDirectory: absentWorkingDirectory)
    }

    /// Aspect fit of a 40×20 image in a 100×100 rect: 100×50 at y = 25.
    private func assertAspectFit(_ name: String, tolerance: Int, file: StaticString = #filePath, line: UInt = #line) {
        let f = CanvasFixture(width: 100, height: 100, resolver: resolver)
        let size = f.c.pointee.image_size(f.c, name)
        XCTAssertEqual(size.width, 40, file: file, line: line)
        XCTAssertEqual(size.height, 20, file: file, line: line)
        XCTAssertTrue(f.c.pointee.draw_image(f.c, name, rect(0, 0, 100, 100), EASEL_CONTENT_SCALE_ASPECT_FIT),
                      "\(f.canvas.diagnostics)", file: file, line: line)
        f.finish(file: file, line: line)
        XCTAssertTrue(f.pixel(25, 50).isClose(to: .red, tolerance: tolerance), "\(name): \(f.pixel(25, 50))", file: file, line: line)
        XCTAssertTrue(f.pixel(75, 50).isClose(to: .blue, tolerance: tolerance), "\(name): \(f.pixel(75, 50))", file: file, line: line)
        XCTAssertTrue(f.pixel(2, 27).isClose(to: .red, tolerance: tolerance), "\(name): top-left of the image", file: file, line: line)
        XCTAssertEqual(f.pixel(50, 20), .white, "\(name): above the fitted image", file: file, line: line)
        XCTAssertEqual(f.pixel(50, 80), .white, "\(name): below the fitted image", file: file, line: line)
        XCTAssertEqual(f.canvas.diagnostics, [], file: file, line: line)
    }

    func testPNGAspectFit() { assertAspectFit("wide.png", tolerance: 2) }
    func testJPEGAspectFit() { assertAspectFit("wide.jpg", tolerance: 40) }
    func testSVGAspectFit() { assertAspectFit("wide.svg", tolerance: 2) }

    func testSVGStaysSharpWhenScaledUp() {
        // A 40×20 document drawn 10× larger at @2x: the red/blue edge is crisp, not interpolated.
        let f = CanvasFixture(width: 400, height: 200, scale: 2, resolver: resolver)
        XCTAssertTrue(f.c.pointee.draw_image(f.c, "wide.svg", rect(0, 0, 400, 200), EASEL_CONTENT_SCALE_TO_FILL))
        f.finish()
        XCTAssertEqual(readPixel(f.surface, 399, 200), .red)
        XCTAssertEqual(readPixel(f.surface, 400, 200), .blue)
    }

    func testScaleToFillAspectFillAndCenter() {
        let f = CanvasFixture(width: 300, height: 100, resolver: resolver)
        XCTAssertTrue(f.c.pointee.draw_image(f.c, "wide.png", rect(0, 0, 80, 80), EASEL_CONTENT_SCALE_TO_FILL))
        XCTAssertTrue(f.c.pointee.draw_image(f.c, "wide.png", rect(100, 0, 80, 80), EASEL_CONTENT_SCALE_ASPECT_FILL))
        XCTAssertTrue(f.c.pointee.draw_image(f.c, "wide.png", rect(200, 0, 80, 80), EASEL_CONTENT_CENTER))
        f.finish()
        XCTAssertEqual(f.pixel(20, 2), .red, "scale to fill covers the whole rect")
        XCTAssertEqual(f.pixel(60, 78), .blue)
        // Aspect fill: 160×80, centred → x from 60 to 220, clipped to 100…180: left half red 100…140.
        XCTAssertEqual(f.pixel(130, 40), .red)
        XCTAssertEqual(f.pixel(150, 40), .blue)
        XCTAssertEqual(f.pixel(185, 40), .white, "clipped to the rect")
        // Center: 40×20 at (220, 30).
        XCTAssertEqual(f.pixel(225, 40), .red)
        XCTAssertEqual(f.pixel(255, 40), .blue)
        XCTAssertEqual(f.pixel(240, 25), .white)
    }

    func testRetinaFileNameGivesPointSize() {
        let f = CanvasFixture(width: 40, height: 40, scale: 2, resolver: resolver)
        let size = f.c.pointee.image_size(f.c, "square@2x.png")
        XCTAssertEqual(size.width, 10)
        XCTAssertEqual(size.height, 10)
        XCTAssertTrue(f.c.pointee.draw_image(f.c, "square@2x.png", rect(0, 0, 10, 10), EASEL_CONTENT_CENTER))
        f.finish()
        XCTAssertEqual(readPixel(f.surface, 10, 10), RGBA(r: 0, g: 200, b: 0, a: 255), "pixel for pixel at @2x")
        XCTAssertEqual(readPixel(f.surface, 2, 2), .white, "transparent border")
    }

    func testGlobalAlphaAppliesToImages() {
        let f = CanvasFixture(width: 40, height: 20, resolver: resolver)
        f.c.pointee.set_alpha(f.c, 0.5)
        XCTAssertTrue(f.c.pointee.draw_image(f.c, "wide.png", rect(0, 0, 40, 20), EASEL_CONTENT_SCALE_TO_FILL))
        XCTAssertTrue(f.c.pointee.draw_image(f.c, "wide.svg", rect(0, 0, 40, 10), EASEL_CONTENT_SCALE_TO_FILL))
        f.finish()
        XCTAssertTrue(f.pixel(5, 15).isClose(to: RGBA(r: 255, g: 127, b: 127, a: 255), tolerance: 2), "\(f.pixel(5, 15))")
        XCTAssertTrue(f.pixel(5, 5).isClose(to: RGBA(r: 255, g: 64, b: 64, a: 255), tolerance: 3), "\(f.pixel(5, 5))")
    }

    /// An image drawn into a rect of 1e-300 (or 4.9e-324) points: Cairo could not invert the scale,
    /// an error that stopped every later drawing call (exit 70), and librsvg refused the context (66,
    /// a GLib warning on stderr). One 1e15 points wide took 2 GB in whichever process drew it.
    func testImagesTooSmallOrTooLargeToDrawAreSkippedAndWhatFollowsIsDrawn() {
        for name in ["wide.png", "wide.svg"] {
            let f = CanvasFixture(width: 40, height: 40, resolver: resolver)
            for r in [rect(0, 0, 1e-300, 1e-300), rect(0, 0, .leastNonzeroMagnitude, 20), rect(0, 0, 20, 1e-300)] {
                XCTAssertTrue(f.c.pointee.draw_image(f.c, name, r, EASEL_CONTENT_SCALE_TO_FILL), name)
            }
            XCTAssertEqual(f.canvas.diagnostics, [], "\(name): too small to see is not a mistake")
            XCTAssertTrue(f.c.pointee.draw_image(f.c, name, rect(0, 0, 1e15, 1e15), EASEL_CONTENT_SCALE_TO_FILL), name)
            XCTAssertEqual(f.canvas.diagnostics.count, 1, "\(name): \(f.canvas.diagnostics)")
            XCTAssertTrue(f.canvas.diagnostics.first?.description.contains("at most 1048576 pixels a side") ?? false,
                          "\(f.canvas.diagnostics)")
            f.c.pointee.set_fill_color(f.c, color(0, 1, 0))
            f.c.pointee.fill_rect(f.c, rect(20, 20, 20, 20))
            f.finish()
            XCTAssertEqual(f.pixel(30, 30), RGBA(r: 0, g: 255, b: 0, a: 255), "\(name): what follows is drawn")
            XCTAssertEqual(f.pixel(5, 5), .white, "\(name): nothing drawn by the skipped images")
        }
    }

    func testMissingImageIsADiagnosticListingEveryPathTried() {
        let f = CanvasFixture(width: 20, height: 20, resolver: resolver)
        XCTAssertFalse(f.c.pointee.draw_image(f.c, "missing.png", rect(0, 0, 20, 20), EASEL_CONTENT_SCALE_TO_FILL))
        let size = f.c.pointee.image_size(f.c, "missing.png")
        XCTAssertEqual(size.width, 0)
        XCTAssertEqual(size.height, 0)
        f.finish()
        XCTAssertEqual(f.canvas.diagnostics.count, 1, "reported once per name")
        let message = f.canvas.diagnostics.first?.description ?? ""
        XCTAssertTrue(message.contains("\"missing.png\""), message)
        XCTAssertTrue(message.contains(resources + "/missing.png"), message)
        XCTAssertTrue(message.contains(absentWorkingDirectory + "/missing.png"), message)
        XCTAssertEqual(f.canvas.diagnostics.first,
                       .image(name: "missing.png", reason: "not found",
                              tried: [resources + "/missing.png", absentWorkingDirectory + "/missing.png"]))
        XCTAssertEqual(f.pixel(10, 10), .white, "nothing drawn")
    }

    func testUndecodableImageIsADiagnosticNamingThePath() {
        let f = CanvasFixture(width: 20, height: 20, resolver: resolver)
        XCTAssertFalse(f.c.pointee.draw_image(f.c, "broken.png", rect(0, 0, 20, 20), EASEL_CONTENT_SCALE_TO_FILL))
        f.finish()
        let message = f.canvas.diagnostics.first?.description ?? ""
        XCTAssertTrue(message.contains("broken.png"), message)
        XCTAssertTrue(message.contains("not a PNG, JPEG or SVG"), message)
    }

    func testWithoutAResolverEveryImageIsADiagnostic() {
        let f = CanvasFixture(width: 20, height: 20)
        XCTAssertFalse(f.c.pointee.draw_image(f.c, "wide.png", rect(0, 0, 20, 20), EASEL_CONTENT_SCALE_TO_FILL))
        f.finish()
        XCTAssertEqual(f.canvas.diagnostics.count, 1)
    }

    func testAbsoluteNamesAndTheImageCacheSeeFileChanges() throws {
        let dir = makeTemporaryDirectory("images")
        let path = dir + "/changing.svg"
        func write(_ width: Int) {
            let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"10\"/>"
            let file = fopen(path, "w")!
            fputs(svg, file)
            fclose(file)
        }
        write(10)
        let cache = ImageCache()
        let resolver = ResourceImageResolver(resourceDirectory: nil)
        let fixture = CanvasFixture(width: 1, height: 1)
        let first = CairoCanvas(context: fixture.cr, resolver: resolver, imageCache: cache)
        XCTAssertEqual(first.pointer.pointee.image_size(first.pointer, path).width, 10)
        write(123) // a different size on disk: re-read by the next canvas
        let second = CairoCanvas(context: fixture.cr, resolver: resolver, imageCache: cache)
        XCTAssertEqual(second.pointer.pointee.image_size(second.pointer, path).width, 123)
        XCTAssertEqual(cache.count, 1)
        unlink(path)
        rmdir(dir)
    }

    func testResourceResolverOrder() {
        let r = ResourceImageResolver(resourceDirectory: resources, workingDirectory: "/tmp")
        XCTAssertEqual(r.resolve("wide.png"), ImageResolution(path: resources + "/wide.png",
                                                              tried: [resources + "/wide.png", "/tmp/wide.png"]))
        XCTAssertEqual(r.resolve("/abs/x.png"), ImageResolution(path: nil, tried: ["/abs/x.png"]))
    }
}
