import Foundation
import XCTest

/// Seed 001's FancyButton (Plugins/FancyButton), rendered by the real `host` and checked on its pixels.
///
/// The default button is 220×50: blue (41, 128, 185), a white star icon (Resources/icon.svg, 24×24)
/// and the white title "Fancy Button", image first, centred together as UIButton centres them.
final class SeedFancyButtonTests: XCTestCase {
    static let blue = RGBA(41, 128, 185)

    func project() throws -> String { try exampleComponents(["FancyButton"]) }

    static func isWhite(_ p: RGBA) -> Bool { p.a == 255 && p.r > 200 && p.g > 200 && p.b > 200 }

    /// The white pixels (icon and title) in rows 5…44.
    static func content(_ png: PNGFile) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        Seed.extent(of: png, x: 0, y: 5, width: png.width, height: 40, where: isWhite)
    }

    /// The star: white pixels in the 22 columns from the leftmost white one.
    static func star(_ png: PNGFile, from left: Int) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        Seed.extent(of: png, x: left, y: 0, width: 22, height: png.height, where: isWhite)
    }

    func testDefaultButtonShowsTheIconBeforeTheTitleCentredOnBlue() throws {
        let root = try project()
        let png = try Seed.render("FancyButton", in: root)
        XCTAssertEqual([png.width, png.height], [220, 50])
        XCTAssertTrue(png.pixel(0, 0).isClose(to: Self.blue, tolerance: 1), "square, opaque corner: \(png.pixel(0, 0))")
        XCTAssertTrue(png.pixel(219, 49).isClose(to: Self.blue, tolerance: 1))
        let content = try XCTUnwrap(Self.content(png), "icon and title are drawn")
        // Centred as a group (the star's points and the glyphs' side bearings leave a pixel or two).
        XCTAssertLessThan(abs((content.minX + content.maxX) - 219), 8, "centred: \(content)")
        let star = try XCTUnwrap(Self.star(png, from: content.minX))
        XCTAssertEqual(Double(star.maxY + star.minY) / 2, 24.5, accuracy: 2, "the icon is centred vertically: \(star)")
        XCTAssertGreaterThanOrEqual(star.maxY - star.minY, 18, "the 24-point icon (its star spans ~20): \(star)")
        // The icon comes from the plugin's resources: without them the host names the image and the paths it tried.
        try FileManager.default.removeItem(atPath: root + "/components/FancyButton.resources")
        let missing = try runHost(["render", "FancyButton", "-o", "missing.png"], directory: root)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("libFancyButton.so"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("'icon'"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("FancyButton.resources/icon"), "the path tried: \(missing.stderr)")
    }

    func testCornerRadiusMakesTheCornersTransparentAndZeroKeepsThemOpaque() throws {
        let root = try project()
        let square = try Seed.render("FancyButton", in: root, ["cornerRadius=0"])
        let round = try Seed.render("FancyButton", in: root, ["cornerRadius=20"])
        for (x, y) in [(0, 0), (219, 0), (0, 49), (219, 49)] {
            XCTAssertEqual(square.pixel(x, y).a, 255, "corner \(x),\(y) painted when the radius is 0")
            XCTAssertEqual(round.pixel(x, y).a, 0, "corner \(x),\(y) transparent when rounded")
        }
        XCTAssertTrue(round.pixel(110, 1).isClose(to: Self.blue, tolerance: 1), "the straight top edge is painted")
        XCTAssertTrue(round.pixel(0, 25).isClose(to: Self.blue, tolerance: 1), "the straight side is painted")
        XCTAssertEqual(round.pixel(3, 3).a, 0, "inside the corner's curve: transparent")
    }

    func testBorderIsDrawnInsideTheBoundsAndFollowsTheCorners() throws {
        let root = try project()
        let png = try Seed.render("FancyButton", in: root, ["borderWidth=4", "borderColor=#FF0000"])
        for (x, y) in [(1, 25), (3, 25), (218, 25), (110, 1), (110, 48), (0, 0)] {
            XCTAssertTrue(png.pixel(x, y).isClose(to: .red, tolerance: 1), "border at \(x),\(y): \(png.pixel(x, y))")
        }
        XCTAssertTrue(png.pixel(6, 25).isClose(to: Self.blue, tolerance: 1), "inside the border: \(png.pixel(6, 25))")
        let round = try Seed.render("FancyButton", in: root, ["borderWidth=4", "borderColor=#FF0000", "cornerRadius=25"])
        XCTAssertEqual(round.pixel(0, 0).a, 0, "a capsule: transparent corner")
        XCTAssertTrue(round.pixel(1, 25).isClose(to: .red, tolerance: 8), "the border runs round the end: \(round.pixel(1, 25))")
        XCTAssertTrue(round.pixel(110, 1).isClose(to: .red, tolerance: 1))
    }

    func testGradientRunsHorizontallyFromColourOneToColourTwo() throws {
        let root = try project()
        let png = try Seed.render("FancyButton", in: root,
                                  ["enableGradientBackground=true", "gradientColor1=#FF0000", "gradientColor2=#00FF00"])
        XCTAssertTrue(png.pixel(0, 3).isClose(to: .red, tolerance: 3), "left end: \(png.pixel(0, 3))")
        XCTAssertTrue(png.pixel(219, 3).isClose(to: .green, tolerance: 3), "right end: \(png.pixel(219, 3))")
        XCTAssertTrue(png.pixel(110, 3).isClose(to: RGBA(127, 128, 0), tolerance: 4), "half way: \(png.pixel(110, 3))")
        XCTAssertTrue(png.pixel(0, 46).isClose(to: png.pixel(0, 3), tolerance: 1), "horizontal: the same down a column")
        // The seed's defaults: black to white, under the icon and title (inserted at index 0).
        let defaults = try Seed.render("FancyButton", in: root, ["enableGradientBackground=true"])
        XCTAssertTrue(defaults.pixel(0, 3).isClose(to: .black, tolerance: 3), "\(defaults.pixel(0, 3))")
        XCTAssertTrue(defaults.pixel(219, 3).isClose(to: .white, tolerance: 3), "\(defaults.pixel(219, 3))")
        XCTAssertNotNil(Self.content(defaults), "the title and icon stay on top of the gradient")
        // With rounded corners the gradient is clipped too.
        let round = try Seed.render("FancyButton", in: root, ["enableGradientBackground=true", "cornerRadius=20"])
        XCTAssertEqual(round.pixel(0, 0).a, 0)
    }

    func testImageAndTitlePaddingsMoveTheirElementAsUIKitInsetsDo() throws {
        let root = try project()
        let base = try Seed.render("FancyButton", in: root)
        let baseContent = try XCTUnwrap(Self.content(base))
        let baseStar = try XCTUnwrap(Self.star(base, from: baseContent.minX))

        // Centred content: a left inset of 40 moves the element by half of it, right by 20.
        let image = try Seed.render("FancyButton", in: root, ["imageLeftPadding=40"])
        let imageContent = try XCTUnwrap(Self.content(image))
        XCTAssertEqual(imageContent.minX - baseContent.minX, 20, "the icon moves right by 20")
        XCTAssertEqual(imageContent.maxX, baseContent.maxX, "the title stays")

        let title = try Seed.render("FancyButton", in: root, ["titleLeftPadding=40"])
        let titleContent = try XCTUnwrap(Self.content(title))
        XCTAssertEqual(titleContent.maxX - baseContent.maxX, 20, "the title moves right by 20")
        XCTAssertEqual(titleContent.minX, baseContent.minX, "the icon stays")

        let down = try Seed.render("FancyButton", in: root, ["imageTopPadding=20"])
        let downStar = try XCTUnwrap(Self.star(down, from: baseContent.minX))
        XCTAssertEqual(downStar.minY - baseStar.minY, 10, "a top inset of 20 moves the centred icon down by 10")

        let up = try Seed.render("FancyButton", in: root, ["imageBottomPadding=20"])
        let upStar = try XCTUnwrap(Self.star(up, from: baseContent.minX))
        XCTAssertEqual(upStar.minY - baseStar.minY, -10, "a bottom inset of 20 moves it up by 10")
    }

    func testImageRightAlignedPutsTheIconAtTheRightEdgeOfLeftAlignedContent() throws {
        let root = try project()
        let aligned = try Seed.render("FancyButton", in: root, ["contentHorizontalAlignment=left", "enableImageRightAligned=true"])
        let content = try XCTUnwrap(Self.content(aligned))
        // The star spans about x 1.5…22.5 of its 24-point box: its box ends at the right edge.
        XCTAssertGreaterThanOrEqual(content.maxX, 216, "the icon at the right edge: \(content)")
        let star = try XCTUnwrap(Seed.extent(of: aligned, x: 190, y: 0, width: 30, height: 50, where: Self.isWhite))
        XCTAssertEqual(Double(star.maxY + star.minY) / 2, 24.5, accuracy: 2)
        // The title stays where left-aligned content puts it: after the image's width.
        XCTAssertGreaterThanOrEqual(content.minX, 24, "the title starts after the icon's width: \(content)")
        XCTAssertLessThan(content.minX, 30)

        let padded = try Seed.render("FancyButton", in: root, ["contentHorizontalAlignment=left", "enableImageRightAligned=true",
                                                                "imageRightPadding=10"])
        let paddedContent = try XCTUnwrap(Self.content(padded))
        XCTAssertEqual(content.maxX - paddedContent.maxX, 10, "the right padding keeps the icon 10 points from the edge")
    }

    func testEveryInspectableChangesThePicture() throws {
        let root = try project()
        let middle = (60, 5, 100, 40), everywhere = (0, 0, 220, 50), edges = (0, 0, 220, 6)
        let gradient = ["enableGradientBackground=true"], border = ["borderWidth=4"]
        try Seed.assertEffects("FancyButton", in: root, [
            .init("cornerRadius", "20", region: (0, 0, 12, 12)),
            .init("borderWidth", "4", region: edges),
            .init("borderColor", "#FF0000", base: border, region: edges),
            .init("titleLeftPadding", "40", region: middle),
            .init("titleRightPadding", "40", region: middle),
            .init("titleTopPadding", "20", region: middle),
            .init("titleBottomPadding", "20", region: middle),
            .init("imageLeftPadding", "40", region: middle),
            .init("imageRightPadding", "40", region: middle),
            .init("imageTopPadding", "20", region: middle),
            .init("imageBottomPadding", "20", region: middle),
            .init("enableImageRightAligned", "true", region: everywhere),
            .init("enableGradientBackground", "true", region: everywhere),
            .init("gradientColor1", "#FF0000", base: gradient, region: (0, 0, 60, 50)),
            .init("gradientColor2", "#FF0000", base: gradient, region: (160, 0, 60, 50)),
            .init("title", "Go", region: middle),
            .init("titleColor", "#000000", region: middle),
            .init("backgroundColor", "#00FF00", region: edges),
            .init("contentHorizontalAlignment", "left", region: everywhere),
        ])
    }
}
