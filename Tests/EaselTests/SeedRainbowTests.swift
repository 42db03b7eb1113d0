import Foundation
import XCTest

/// Seeds 000/004, the Rainbow (Plugins/Rainbow), rendered by the real `host` and checked on its pixels.
///
/// Geometry at the default 600×434: centre (300, 217); oval widths 80, 150, 215, so the rings'
/// radii are 40, 75 and 107.5, each stroke 20 wide (±10); each ring's cap (a 20-point circle with a
/// black shadow of radius 5 at 50 %) sits at its left end, (300 − R, 217), under the top half.
final class SeedRainbowTests: XCTestCase {
    static let background = RGBA(0x38, 0x33, 0x4C)
    static let rings: [(radius: Double, color: RGBA)] = [
        (40, RGBA(37, 252, 244)), (75, RGBA(171, 250, 81)), (107.5, RGBA(238, 32, 53)),
    ]

    func project() throws -> String { try exampleComponents(["Rainbow"]) }

    func testDefaultPictureIsTheTutorialsThreeRingsOnItsBackground() throws {
        let root = try project()
        let png = try Seed.render("Rainbow", in: root)
        XCTAssertEqual([png.width, png.height], [600, 434], "the seed's 600×434 view")
        for (x, y) in [(0, 0), (599, 433), (300, 217), (20, 217)] {
            XCTAssertTrue(png.pixel(x, y).isClose(to: Self.background, tolerance: 1), "background #38334C at \(x),\(y): \(png.pixel(x, y))")
        }
        for ring in Self.rings {
            let r = Int(ring.radius)
            // The ring's centre line: bottom (bottom half), right end, top (top half).
            for (x, y) in [(300, 217 + r), (300 + r, 217), (300, 217 - r)] {
                XCTAssertTrue(png.pixel(x, y).isClose(to: ring.color, tolerance: 2), "ring r=\(ring.radius) at \(x),\(y): \(png.pixel(x, y))")
            }
            // Half a line width in from either edge is still the ring; 3 points beyond is not.
            XCTAssertTrue(png.pixel(300, 217 + r + 8).isClose(to: ring.color, tolerance: 2))
            XCTAssertTrue(png.pixel(300, 217 + r - 8).isClose(to: ring.color, tolerance: 2))
        }
        // The gaps between the rings (radii 50…65 and 85…97.5) and the middle show the background.
        for y in [217 + 57, 217 + 91, 217 - 57, 217 - 91, 217 + 20, 217 + 125] {
            XCTAssertTrue(png.pixel(300, y).isClose(to: Self.background, tolerance: 1), "gap at 300,\(y): \(png.pixel(300, y))")
        }
    }

    func testEachCapCastsASoftShadowOverTheBottomArcAndTheBackground() throws {
        let root = try project()
        let png = try Seed.render("Rainbow", in: root)
        let noCaps = try Seed.render("Rainbow", in: root, ["capRadius=0"])
        for ring in Self.rings {
            let x = Int((300 - ring.radius).rounded(.down))
            // 2 points below the cap: on the bottom arc, which the cap's shadow falls on.
            let shaded = png.pixel(x, 217 + 12), plain = noCaps.pixel(x, 217 + 12)
            XCTAssertTrue(plain.isClose(to: ring.color, tolerance: 2), "without a cap the arc is plain: \(plain)")
            func sum(_ p: RGBA) -> Double { Double(p.r + p.g + p.b) }
            XCTAssertLessThan(sum(shaded), 0.96 * sum(ring.color), "the shadow darkens the arc under the cap: \(shaded) vs \(ring.color)")
            XCTAssertTrue(shaded.r <= ring.color.r && shaded.g <= ring.color.g && shaded.b <= ring.color.b,
                          "darker on every channel (a black shadow): \(shaded)")
            XCTAssertGreaterThan(shaded.brightness, ring.color.brightness / 2, "a soft shadow, not a black one: \(shaded)")
            // Above the cap the top half, drawn after it, covers both the cap and its shadow.
            XCTAssertTrue(png.pixel(x, 217 - 12).isClose(to: ring.color, tolerance: 2), "top arc over the cap: \(png.pixel(x, 217 - 12))")
            // 2 points left of the cap, outside the ring: the shadow darkens the background.
            let outside = png.pixel(x - 12, 217), bare = noCaps.pixel(x - 12, 217)
            XCTAssertTrue(bare.isClose(to: Self.background, tolerance: 1), "no cap, no shadow: \(bare)")
            XCTAssertLessThan(outside.brightness, Self.background.brightness - 2, "shadow beyond the ring's end: \(outside)")
            // Far from the cap the same arc is untouched.
            XCTAssertTrue(png.pixel(300, 217 + Int(ring.radius)).isClose(to: ring.color, tolerance: 2))
        }
    }

    func testEveryInspectableChangesThePicture() throws {
        let root = try project()
        // Pixel regions (scale 1) where each change must show.
        let inner = (290, 247, 20, 20), middle = (290, 282, 20, 20), outer = (290, 314, 20, 20)
        try Seed.assertEffects("Rainbow", in: root, [
            .init("firstColor", "#FF00FF", region: inner),
            .init("secondColor", "#FF00FF", region: middle),
            .init("thirdColor", "#FF00FF", region: outer),
            .init("firstArcRadius", "200", region: inner),
            .init("secondArcRadius", "300", region: middle),
            .init("thirdArcRadius", "380", region: outer),
            .init("capRadius", "40", region: (230, 190, 40, 25)),   // a bigger cap pokes out of the inner ring
            .init("backgroundColor", "#FFFFFF", region: (0, 0, 40, 40)),
        ])
    }

    func testArcSizesMoveTheRingsWhereTheyAreExpected() throws {
        let root = try project()
        let png = try Seed.render("Rainbow", in: root, ["firstArcRadius=300"])
        // Radius 150: the inner colour now runs outside the others, 10 points each side of its line.
        XCTAssertTrue(png.pixel(300, 217 + 150).isClose(to: Self.rings[0].color, tolerance: 2), "\(png.pixel(300, 367))")
        XCTAssertTrue(png.pixel(300, 217 + 150 + 8).isClose(to: Self.rings[0].color, tolerance: 2), "the tutorial's 20-point line")
        XCTAssertTrue(png.pixel(300, 217 + 150 + 13).isClose(to: Self.background, tolerance: 1), "\(png.pixel(300, 380))")
        XCTAssertTrue(png.pixel(300, 217 + 40).isClose(to: Self.background, tolerance: 1), "the old inner ring is gone")
        XCTAssertTrue(png.pixel(300, 217 + 75 + 4).isClose(to: Self.rings[1].color, tolerance: 2), "the middle ring stays")
    }

    func testScaleTwoDoublesThePixels() throws {
        let root = try project()
        let png = try Seed.render("Rainbow", in: root, scale: 2)
        XCTAssertEqual([png.width, png.height], [1200, 868])
        XCTAssertTrue(png.pixel(600, 434 + 80).isClose(to: Self.rings[0].color, tolerance: 2), "\(png.pixel(600, 514))")
        XCTAssertTrue(png.pixel(600, 434 + 115).isClose(to: Self.background, tolerance: 1))
    }

    func testSVGAndPDFCarryTheRingsAndTheCapsShadows() throws {
        let root = try project()
        let svgRun = try runHost(["render", "Rainbow", "-o", "rainbow.svg"], directory: root)
        XCTAssertEqual(svgRun.status, 0, svgRun.stderr)
        let svg = try String(contentsOfFile: root + "/rainbow.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"), "an SVG document")
        XCTAssertTrue(svg.contains("width=\"600\""), "in points")
        XCTAssertGreaterThanOrEqual(svg.components(separatedBy: "<path").count - 1, 9, "the background, six half rings and three caps")
        // The ring colours as Cairo writes them (percentages of 255).
        for percent in ["14.509804%", "67.058824%", "93.333333%"] {
            XCTAssertTrue(svg.contains(percent), "ring colour component \(percent)")
        }
        XCTAssertTrue(svg.contains("<image"), "the caps' blurred shadows are embedded masks")

        let pdfRun = try runHost(["render", "Rainbow", "-o", "rainbow.pdf"], directory: root)
        XCTAssertEqual(pdfRun.status, 0, pdfRun.stderr)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: root + "/rainbow.pdf"))
        let text = String(decoding: pdf, as: UTF8.self)
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertTrue(text.contains("/MediaBox [ 0 0 600 434 ]"), "one 600×434 page")
        XCTAssertTrue(text.contains("/SMask"), "the shadows are soft masks")
    }
}
