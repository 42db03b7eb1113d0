import XCTest
@testable import EaselPreview
@testable import EaselRender

/// The pixel comparison behind `host snapshot`: thresholds, anti-aliasing, transparency, sizes.
final class ImageComparisonTests: XCTestCase {
    let exact = SnapshotTolerance(threshold: 0, maxDifferingShare: 0, ignoresAntialiasing: false)

    func image(_ width: Int, _ height: Int, _ paint: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let p = paint(x, y); pixels += [p.0, p.1, p.2, p.3] } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testIdenticalImagesHaveNoDifference() {
        let a = image(8, 8) { x, y in (UInt8(x * 30), UInt8(y * 30), 7, 255) }
        let c = ImageComparison.compare(reference: a, actual: a, tolerance: .default)!
        XCTAssertEqual(c.differingPixels, 0)
        XCTAssertTrue(c.passes)
    }

    func testDifferentSizesCannotBeCompared() {
        XCTAssertNil(ImageComparison.compare(reference: RGBAImage(width: 2, height: 2), actual: RGBAImage(width: 2, height: 3), tolerance: .default))
    }

    func testTheThresholdDecidesWhichColourChangesCount() {
        let a = RGBAImage(width: 4, height: 4, fill: (100, 100, 100, 255))
        var b = a
        b.pixels[0] = 104 // a slight change of one pixel's red
        XCTAssertEqual(ImageComparison.compare(reference: a, actual: b, tolerance: .default)!.differingPixels, 0,
                       "below the default threshold")
        XCTAssertEqual(ImageComparison.compare(reference: a, actual: b, tolerance: exact)!.differingPixels, 1)
        b.pixels[0] = 250
        let c = ImageComparison.compare(reference: a, actual: b, tolerance: .default)!
        XCTAssertEqual(c.differingPixels, 1)
        XCTAssertFalse(c.passes)
        XCTAssertEqual(c.differingShare, 1.0 / 16)
        var lenient = SnapshotTolerance.default
        lenient.maxDifferingShare = 1.0 / 16
        XCTAssertTrue(ImageComparison.compare(reference: a, actual: b, tolerance: lenient)!.passes)
    }

    func testTransparentDiffersFromWhite() {
        let white = RGBAImage(width: 3, height: 3, fill: (255, 255, 255, 255))
        let clear = RGBAImage(width: 3, height: 3, fill: (0, 0, 0, 0))
        XCTAssertEqual(ImageComparison.compare(reference: white, actual: clear, tolerance: .default)!.differingPixels, 9)
        // Invisible colour changes under alpha 0 are no change.
        let clearRed = RGBAImage(width: 3, height: 3, fill: (255, 0, 0, 0))
        XCTAssertEqual(ImageComparison.compare(reference: clear, actual: clearRed, tolerance: exact)!.differingPixels, 0)
    }

    /// A vertical black/white edge whose grey column moves: anti-aliasing. A new dot in a flat
    /// area: a difference.
    func testAMovedEdgeIsAntialiasingAndANewDotIsNot() {
        func edge(_ grey: UInt8, at column: Int) -> RGBAImage {
            image(10, 10) { x, _ in x < column ? (0, 0, 0, 255) : x == column ? (grey, grey, grey, 255) : (255, 255, 255, 255) }
        }
        let a = edge(128, at: 5), b = edge(60, at: 5)
        let c = ImageComparison.compare(reference: a, actual: b, tolerance: .default)!
        XCTAssertEqual(c.antialiasedPixels, 10, "the edge column")
        XCTAssertEqual(c.differingPixels, 0)
        XCTAssertTrue(c.passes)
        var notIgnored = SnapshotTolerance.default
        notIgnored.ignoresAntialiasing = false
        XCTAssertEqual(ImageComparison.compare(reference: a, actual: b, tolerance: notIgnored)!.differingPixels, 10)

        var dotted = a
        let i = (2 * 10 + 8) * 4 // (8, 2): inside the white area
        dotted.pixels[i] = 255; dotted.pixels[i + 1] = 0; dotted.pixels[i + 2] = 0
        let d = ImageComparison.compare(reference: a, actual: dotted, tolerance: .default, drawDifference: true)!
        XCTAssertEqual(d.differingPixels, 1)
        XCTAssertEqual(d.antialiasedPixels, 0)
        let diff = d.difference!
        XCTAssertTrue(diff[8, 2] == (255, 0, 0, 255), "red where it differs")
        XCTAssertTrue(diff[1, 1].0 == diff[1, 1].1 && diff[1, 1].0 > 190, "the black area, faded to light grey: \(diff[1, 1])")
        XCTAssertTrue(diff[9, 9] == (255, 255, 255, 255), "white stays white")
    }

    func testPNGRoundTripIsExactWithAlpha() throws {
        let a = image(17, 5) { x, y in (UInt8(x * 15), UInt8(y * 50), UInt8((x * y) % 256), UInt8(x * 15 % 256)) }
        let path = try TestPaths.scratch() + "/a.png"
        try AtomicFile.write(a.encodePNG(level: 9), to: path)
        let b = try RGBAImage.readPNG(path)
        XCTAssertEqual(a, b)
        XCTAssertThrowsError(try RGBAImage.readPNG(path + ".missing")) { error in
            XCTAssertTrue("\(error)".contains("a.png.missing"), "\(error)")
        }
    }
}
