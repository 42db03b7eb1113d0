import Foundation
import XCTest

/// `host gallery` shows each class's default picture in dark appearance and right to left beside
/// the light one (issue 22: Interface Builder's trait variations), each with the command line that
/// draws it, the same picture as that command.
final class GalleryTraitsTests: XCTestCase {
    func testTheDefaultPictureIsShownDarkAndRightToLeftBesideTheLightOne() throws {
        let root = try exampleComponents(["RoundedCornerButton", "TaxRateRow"])
        let result = try runHost(["gallery", "--out", "gallery", "--no-validate"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let gallery = root + "/gallery/"
        for name in ["RoundedCornerButton", "TaxRateRow"] {
            let light = try Data(contentsOf: URL(fileURLWithPath: gallery + "\(name).png"))
            for (suffix, trait) in [("dark", "appearance=dark"), ("rtl", "direction=rtl")] {
                let file = "\(name)+\(suffix).png"
                let picture = try Data(contentsOf: URL(fileURLWithPath: gallery + file))
                XCTAssertTrue(result.stdout.contains("rendered \(name) (\(trait)) → gallery/\(file)"), result.stdout)
                // The command line beside it draws the same picture.
                XCTAssertEqual(try runHost(["render", name, "--trait", trait, "--scale", "2", "-o", file], directory: root).status, 0)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)), picture, "\(file): as host render --trait \(trait)")
                if suffix == "dark" || name == "TaxRateRow" { XCTAssertNotEqual(picture, light, "\(file) differs from the light picture") }
            }
        }
        let html = try String(contentsOfFile: gallery + "index.html", encoding: .utf8)
        // Beside the default picture: after it, before the first variant.
        let order = ["id=\"RoundedCornerButton.default\"", "id=\"RoundedCornerButton.default.dark\"",
                     "id=\"RoundedCornerButton.default.rtl\"", "id=\"RoundedCornerButton.square\""]
        let places = order.map { html.range(of: $0)?.lowerBound }
        XCTAssertFalse(places.contains(nil), "\(places)")
        XCTAssertEqual(places.compactMap { $0 }, places.compactMap { $0 }.sorted(), "the dark and right-to-left pictures follow the default")
        XCTAssertTrue(html.contains("host render RoundedCornerButton --trait appearance=dark --scale 2 -o RoundedCornerButton+dark.png"), html)
        XCTAssertTrue(html.contains("<img src=\"TaxRateRow+rtl.png\""), html)
    }
}
