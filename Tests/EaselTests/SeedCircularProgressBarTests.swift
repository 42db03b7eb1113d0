import CCairo
import Foundation
import XCTest
@testable import EaselHost
@testable import EaselRender

/// Seed 003's CircularProgressBar (Plugins/CircularProgressBar): a 300×300 view from a layout document
/// with a grey track and a green progress arc drawn by BorderLayer with ctx.addArc from 12 o'clock.
///
/// Geometry: centre (150, 150); the arcs' radius is bounds.height / 2 − lineWidth (148 for the seed's
/// 2-point line, 142 with lineWidth 8); progress p ends at 360° · p / 100 clockwise from 12 o'clock
/// (25 → 3 o'clock, 50 → 6, 75 → 9).
final class SeedCircularProgressBarTests: XCTestCase {
    static let grey = RGBA(134, 133, 148)
    static let green = RGBA(168, 207, 45)
    static let background = RGBA(0x2E, 0x2D, 0x3D)

    func project() throws -> String { try exampleComponents(["CircularProgressBar"]) }

    /// The pixel on the arcs' centre line at `degrees` clockwise from 12 o'clock.
    static func ring(_ png: PNGFile, _ degrees: Double, radius: Double = 142, scale: Double = 1) -> RGBA {
        let a = degrees * .pi / 180
        return png.pixel(Int(((150 + radius * sin(a)) * scale).rounded(.down)), Int(((150 - radius * cos(a)) * scale).rounded(.down)))
    }

    static func isGreen(_ p: RGBA) -> Bool { p.isClose(to: green, tolerance: 40) && p.g > 150 }

    func testDefaultIsTheTutorialsGreyTrackAroundTitleAndSubtitle() throws {
        let root = try project()
        let png = try Seed.render("CircularProgressBar", in: root, scale: 2)
        XCTAssertEqual([png.width, png.height], [600, 600], "the xib's 300×300 at scale 2")
        XCTAssertTrue(png.pixel(300, 120).isClose(to: Self.background, tolerance: 1), "the document's background: \(png.pixel(300, 120))")
        // The seed's 2-point track at radius 148, all the way round; no progress yet (progress 0).
        for degrees in stride(from: 0.0, to: 360, by: 30) {
            XCTAssertTrue(Self.ring(png, degrees, radius: 148, scale: 2).isClose(to: Self.grey, tolerance: 6),
                          "track at \(degrees)°: \(Self.ring(png, degrees, radius: 148, scale: 2))")
        }
        XCTAssertTrue(Self.ring(png, 45, radius: 145, scale: 2).isClose(to: Self.background, tolerance: 1), "a thin line")
        XCTAssertEqual(png.count(x: 0, y: 0, width: 600, height: 600, where: Self.isGreen), 0, "progress 0 draws no arc")
        // The outlets' labels from the document: a white title and a grey subtitle, centred.
        let title = try XCTUnwrap(Seed.extent(of: png, x: 60, y: 208, width: 480, height: 96, where: { $0.brightness > 200 }), "Title")
        XCTAssertEqual(Double(title.minX + title.maxX) / 2, 300, accuracy: 6, "centred: \(title)")
        XCTAssertGreaterThan(png.count(x: 60, y: 312, width: 480, height: 56, where: { $0.isClose(to: Self.grey, tolerance: 30) && $0.brightness > 110 }), 20,
                             "the grey subtitle")
    }

    func testProgressArcEndsWhereTheValueSays() throws {
        let root = try project()
        for (progress, end) in [(25.0, 90.0), (50, 180), (75, 270)] {
            let png = try Seed.render("CircularProgressBar", in: root, ["progress=\(Int(progress))", "lineWidth=8"])
            XCTAssertTrue(Self.isGreen(Self.ring(png, 5)), "progress \(progress) starts at 12 o'clock: \(Self.ring(png, 5))")
            XCTAssertTrue(Self.isGreen(Self.ring(png, end - 8)), "green just before \(end)°: \(Self.ring(png, end - 8))")
            XCTAssertTrue(Self.ring(png, end + 8).isClose(to: Self.grey, tolerance: 6), "grey just after \(end)°: \(Self.ring(png, end + 8))")
            XCTAssertTrue(Self.ring(png, 352).isClose(to: Self.grey, tolerance: 6), "grey before 12 o'clock: \(Self.ring(png, 352))")
        }
        // 25 ends exactly at 3 o'clock: the butt end is the horizontal through the centre.
        let quarter = try Seed.render("CircularProgressBar", in: root, ["progress=25", "lineWidth=8"], scale: 4)
        XCTAssertTrue(Self.isGreen(quarter.pixel(4 * 292, 4 * 150 - 3)), "above the 3 o'clock line: \(quarter.pixel(1168, 597))")
        XCTAssertTrue(quarter.pixel(4 * 292, 4 * 150 + 3).isClose(to: Self.grey, tolerance: 6), "below it: \(quarter.pixel(1168, 603))")
        let full = try Seed.render("CircularProgressBar", in: root, ["progress=100", "lineWidth=8"])
        for degrees in stride(from: 0.0, to: 360, by: 15) {
            XCTAssertTrue(Self.isGreen(Self.ring(full, degrees)), "100: green at \(degrees)°: \(Self.ring(full, degrees))")
        }
    }

    func testProgressWithoutADeclaredRangeIsClampedByTheComponentItself() throws {
        let root = try project()
        // `progress` declares no range, so the host passes any value to the setter, and the seed's
        // sanitizeValue clamps it: 150 draws what 100 draws (a full ring), -20 what 0 draws (none).
        let inspect = try runHost(["inspect", "CircularProgressBar", "--json"], directory: root)
        let json = try JSONSerialization.jsonObject(with: inspect.stdoutData) as! [String: Any]
        let properties = (json["classes"] as! [[String: Any]])[0]["properties"] as! [[String: Any]]
        XCTAssertTrue(properties.first { $0["name"] as? String == "progress" }?["range"] is NSNull, "no range declared")
        func ring(_ progress: Int) throws -> [RGBA] {
            let png = try Seed.render("CircularProgressBar", in: root, ["progress=\(progress)", "lineWidth=8"])
            return stride(from: 0.0, to: 360, by: 10).map { Self.ring(png, $0) }
        }
        let over = try ring(150), hundred = try ring(100), under = try ring(-20), zero = try ring(0)
        XCTAssertEqual(over, hundred, "150 is clamped to 100: a full green ring")
        XCTAssertTrue(over.allSatisfy(Self.isGreen), "\(over)")
        XCTAssertEqual(under, zero, "-20 is clamped to 0: no arc")
        XCTAssertTrue(under.allSatisfy { $0.isClose(to: Self.grey, tolerance: 6) }, "\(under)")
        // The inspector still refuses what is not a number.
        let text = try runHost(["render", "CircularProgressBar", "--set", "progress=lots", "-o", "x.png"], directory: root)
        XCTAssertEqual(text.status, 65, text.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/x.png"))
    }

    func testTitleAndSubtitleReplaceTheDocumentsTexts() throws {
        let root = try project()
        let base = try Seed.render("CircularProgressBar", in: root)
        let png = try Seed.render("CircularProgressBar", in: root, ["title=公积金", "subtitle=Stage 4 of 4"])
        XCTAssertGreaterThan(Seed.differingPixels(base, png, x: 30, y: 104, width: 240, height: 48), 30, "the title")
        XCTAssertGreaterThan(Seed.differingPixels(base, png, x: 30, y: 156, width: 240, height: 28), 20, "the subtitle")
        XCTAssertEqual(Seed.differingPixels(base, png, x: 0, y: 0, width: 300, height: 100, tolerance: 0), 0, "the rest is unchanged")
    }

    func testEveryInspectableChangesThePicture() throws {
        let root = try project()
        try Seed.assertEffects("CircularProgressBar", in: root, [
            .init("title", "42%", region: (30, 104, 240, 48)),
            .init("subtitle", "Downloading", region: (30, 156, 240, 28)),
            .init("progress", "30", region: (150, 0, 150, 150)),
            .init("lineWidth", "12", region: (0, 140, 20, 20)),
        ])
    }
}
