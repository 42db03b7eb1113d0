import Foundation
import XCTest

/// Seed 002's MyCustomView as TaxRateRow (Plugins/TaxRateRow): a row loaded from a layout document
/// with outlets, rendered by the real `host` and checked on its pixels.
///
/// Document geometry (375×44): title label 16,0,76,44; employee rate field 96,7,64,30 with its "%"
/// right view (20 wide, as tall as the row) at x 140…160; employee result 164,0,64,44; employer rate
/// field 240,7,64,30 ("%" at 284…304); employer result 308,0,59,44; a grey separator at y 43.
final class SeedTaxRateRowTests: XCTestCase {
    static let orange = RGBA(255, 102, 0)

    func project() throws -> String { try exampleComponents(["TaxRateRow"]) }

    static func isInk(_ p: RGBA) -> Bool { p.a == 255 && p.brightness < 140 }
    static func isOrange(_ p: RGBA) -> Bool { p.r > 200 && p.g > 60 && p.g < 160 && p.b < 80 }

    func testDefaultRowIsBuiltFromItsLayoutDocument() throws {
        let root = try project()
        let png = try Seed.render("TaxRateRow", in: root)
        XCTAssertEqual([png.width, png.height], [375, 44])
        XCTAssertEqual(png.pixel(2, 2), .white, "the document's white root view fills the row")
        XCTAssertGreaterThan(png.count(x: 16, y: 0, width: 76, height: 44, where: Self.isInk), 40, "the document's title (养老保险)")
        XCTAssertTrue(png.pixel(200, 43).isClose(to: RGBA(224, 224, 224), tolerance: 2), "separator: \(png.pixel(200, 43))")
        XCTAssertTrue(png.pixel(128, 7).isClose(to: RGBA(204, 204, 204), tolerance: 3), "rounded-rect field border: \(png.pixel(128, 7))")
        XCTAssertEqual(png.pixel(96, 7).a, 255)
        XCTAssertTrue(png.pixel(96, 7).brightness > 230, "the field's corner is rounded off: \(png.pixel(96, 7))")
        XCTAssertGreaterThan(png.count(x: 164, y: 0, width: 64, height: 44, where: Self.isOrange), 20, "employee amount 800.00")
        XCTAssertGreaterThan(png.count(x: 308, y: 0, width: 67, height: 44, where: Self.isOrange), 20, "employer amount 2000.00")
    }

    func testPercentRightViewsSitAtTheFieldsRightEdges() throws {
        let root = try project()
        let png = try Seed.render("TaxRateRow", in: root, scale: 2)
        // "%" in each field's last 20 points, vertically centred on the row.
        for left in [140, 284] {
            let ink = try XCTUnwrap(Seed.extent(of: png, x: left * 2, y: 16, width: 40, height: 56, where: Self.isInk),
                                    "a % at x \(left)…\(left + 20)")
            XCTAssertGreaterThanOrEqual(ink.minX, left * 2, "inside the right view")
            XCTAssertLessThanOrEqual(ink.maxX, (left + 20) * 2)
            XCTAssertEqual(Double(ink.minY + ink.maxY) / 2, 44, accuracy: 4, "vertically centred: \(ink)")
        }
        // The rate is right-aligned in what is left of the field, just before the "%".
        let rate = try XCTUnwrap(Seed.extent(of: png, x: 192, y: 16, width: 88, height: 56, where: Self.isInk), "the rate 8")
        XCTAssertGreaterThan(rate.maxX, 260, "right-aligned against the % view: \(rate)")
        XCTAssertLessThanOrEqual(rate.maxX, 280)
    }

    func testTitleShowsCJKTextInsideTheTitleLabel() throws {
        let root = try project()
        let base = try Seed.render("TaxRateRow", in: root)
        let png = try Seed.render("TaxRateRow", in: root, ["title=公积金"])
        let ink = try XCTUnwrap(Seed.extent(of: png, x: 0, y: 0, width: 94, height: 42, where: Self.isInk), "公积金 is drawn")
        XCTAssertGreaterThanOrEqual(ink.minX, 16, "inside the title label: \(ink)")
        XCTAssertLessThan(ink.maxX, 92)
        XCTAssertGreaterThanOrEqual(ink.maxX - ink.minX, 40, "three CJK characters of about 16 points each: \(ink)")
        XCTAssertGreaterThan(png.count(x: 16, y: 0, width: 76, height: 44, where: Self.isInk), 60, "non-background pixels in the box")
        XCTAssertGreaterThan(Seed.differingPixels(base, png, x: 16, y: 0, width: 76, height: 44), 30, "the title replaced 养老保险")
        XCTAssertEqual(Seed.differingPixels(base, png, x: 96, y: 0, width: 279, height: 44, tolerance: 0), 0,
                       "the rest of the row is unchanged")
    }

    func testRatesAndBaseComputeTheAmounts() throws {
        let root = try project()
        let base = try Seed.render("TaxRateRow", in: root)
        let zero = try Seed.render("TaxRateRow", in: root, ["base=0"])
        XCTAssertGreaterThan(Seed.differingPixels(base, zero, x: 164, y: 0, width: 64, height: 44), 10, "800.00 → 0.00")
        XCTAssertEqual(Seed.differingPixels(base, zero, x: 96, y: 0, width: 64, height: 44, tolerance: 0), 0, "the rate stays")
        let rate = try Seed.render("TaxRateRow", in: root, ["selfTaxRate=12.5"])
        XCTAssertGreaterThan(Seed.differingPixels(base, rate, x: 96, y: 7, width: 44, height: 30), 10, "8 → 12.5 in the field")
        XCTAssertGreaterThan(Seed.differingPixels(base, rate, x: 164, y: 0, width: 64, height: 44), 10, "800.00 → 1250.00")
        XCTAssertEqual(Seed.differingPixels(base, rate, x: 240, y: 0, width: 135, height: 44, tolerance: 0), 0, "the employer's side stays")
    }

    func testAutoresizingStretchesTheDocumentToTheRenderedSize() throws {
        let root = try project()
        let png = try Seed.render("TaxRateRow", in: root, size: "600x60")
        XCTAssertEqual([png.width, png.height], [600, 60])
        // Flexible margins and widths scale each view by 600/375 = 1.6 across; the fields keep their
        // height (30) and share the extra height between their margins (top 7 → 15).
        XCTAssertTrue(png.pixel(200, 15).isClose(to: RGBA(204, 204, 204), tolerance: 3), "field top border at y 15: \(png.pixel(200, 15))")
        XCTAssertTrue(png.pixel(200, 44).isClose(to: RGBA(204, 204, 204), tolerance: 3), "field bottom border at y 44: \(png.pixel(200, 44))")
        // The employee field now spans x 153.6…256: its "%" view is at 236…256, where the unstretched
        // row has only the empty left part of the employer's field.
        XCTAssertGreaterThan(png.count(x: 237, y: 15, width: 18, height: 30, where: Self.isInk), 10, "the % moved with the field")
        let unstretched = try Seed.render("TaxRateRow", in: root)
        XCTAssertEqual(unstretched.count(x: 237, y: 7, width: 18, height: 30, where: Self.isInk), 0)
        XCTAssertTrue(png.pixel(300, 59).isClose(to: RGBA(224, 224, 224), tolerance: 2), "the separator stays at the bottom")
    }

    func testEveryInspectableChangesThePicture() throws {
        let root = try project()
        try Seed.assertEffects("TaxRateRow", in: root, [
            .init("title", "公积金", region: (16, 0, 76, 44)),
            .init("selfTaxRate", "50", region: (96, 0, 132, 44)),
            .init("companyTaxRate", "50", region: (240, 0, 135, 44)),
            .init("base", "123", region: (164, 0, 211, 44)),
            .init("alpha", "0.5", region: (0, 0, 375, 44)),
        ])
    }
}
