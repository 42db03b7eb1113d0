import Foundation
import XCTest

/// Layout documents (Docs/layout-documents.md) as the real TaxRateRow plugin loads them: its own
/// document rewritten in the test's copy of its resources, rendered by the real `host`. A document
/// that cannot be loaded fails the creation with one error naming the plugin, the class, the document
/// and the field path (or the line and column of a JSON syntax error), and what was expected.
final class SeedLayoutDocumentTests: XCTestCase {
    static let original: String = {
        let path = TestPaths.repoRoot + "/Plugins/TaxRateRow/Resources/TaxRateRow.layout.json"
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    var root = ""
    var documentPath: String { root + "/components/TaxRateRow.resources/TaxRateRow.layout.json" }

    override func setUpWithError() throws {
        root = try exampleComponents(["TaxRateRow"])
        XCTAssertFalse(Self.original.isEmpty, "the plugin's document is readable")
    }

    /// Renders TaxRateRow with `document` in place of the plugin's own.
    func render(_ document: String, _ settings: [String] = []) throws -> ProcessResult {
        try document.write(toFile: documentPath, atomically: true, encoding: .utf8)
        var arguments = ["render", "TaxRateRow", "-o", "row.png"]
        for setting in settings { arguments += ["--set", setting] }
        try? FileManager.default.removeItem(atPath: root + "/row.png")
        return try runHost(arguments, directory: root)
    }

    /// The original document with one replacement (which must apply).
    func edited(_ target: String, _ replacement: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertTrue(Self.original.contains(target), "the document contains \(target)", file: file, line: line)
        guard let range = Self.original.range(of: target) else { return Self.original }
        return Self.original.replacingCharacters(in: range, with: replacement)
    }

    /// Renders a broken document and checks the one-line error: plugin, class, create, the
    /// document's path, and each of `parts`.
    func assertFails(_ document: String, _ parts: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try render(document)
        XCTAssertNotEqual(result.status, 0, "the render fails", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/row.png"), "no picture is written", file: file, line: line)
        // The plugin's own warnings (logged when the worker loaded it) may come first; the error is one line.
        let message = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("warning: ") }.joined(separator: "\n")
        XCTAssertEqual(message.split(separator: "\n").count, 1, "one line: \(message)", file: file, line: line)
        for part in ["libTaxRateRow.so", "TaxRateRow", "create", "layout document"] + parts {
            XCTAssertTrue(message.contains(part), "the error names \(part): \(message)", file: file, line: line)
        }
    }

    func testTheOriginalDocumentRendersAndEquivalentSpellingsGiveTheSamePicture() throws {
        let result = try render(Self.original)
        XCTAssertEqual(result.status, 0, result.stderr)
        let reference = try PNGFile(root + "/row.png")
        // Arrays and objects for sizes and frames, fonts as objects: the same document.
        var variant = Self.original.replacingOccurrences(of: "\"size\": \"375x44\"", with: "\"size\": { \"width\": 375, \"height\": 44 }")
        variant = variant.replacingOccurrences(of: "\"frame\": \"16,0,76,44\"", with: "\"frame\": [16, 0, 76, 44]")
        variant = variant.replacingOccurrences(of: "\"frame\": \"96,7,64,30\"", with: "\"frame\": { \"x\": 96, \"y\": 7, \"width\": 64, \"height\": 30 }")
        variant = variant.replacingOccurrences(of: "\"font\": 15,", with: "\"font\": { \"size\": 15 },")
        XCTAssertNotEqual(variant, Self.original)
        let again = try render(variant)
        XCTAssertEqual(again.status, 0, again.stderr)
        let other = try PNGFile(root + "/row.png")
        XCTAssertEqual(Seed.differingPixels(reference, other, x: 0, y: 0, width: 375, height: 44, tolerance: 0), 0)
    }

    func testTextFieldBorderStylesFromTheDocument() throws {
        func field(_ style: String) throws -> PNGFile {
            let result = try render(edited("\"borderStyle\": \"roundedRect\"", "\"borderStyle\": \"\(style)\""))
            XCTAssertEqual(result.status, 0, result.stderr)
            return try PNGFile(root + "/row.png")
        }
        // The employee field is 96,7,64,30: its top edge is row 7, its left edge column 96.
        let rounded = try field("roundedRect"), line = try field("line"), bezel = try field("bezel"), none = try field("none")
        XCTAssertTrue(rounded.pixel(128, 7).isClose(to: RGBA(204, 204, 204), tolerance: 3), "light hairline: \(rounded.pixel(128, 7))")
        XCTAssertTrue(rounded.pixel(96, 7).brightness > 230, "rounded corner")
        XCTAssertTrue(line.pixel(128, 7).isClose(to: .black, tolerance: 3), "thin dark frame: \(line.pixel(128, 7))")
        XCTAssertTrue(line.pixel(96, 7).isClose(to: .black, tolerance: 3), "square corner: \(line.pixel(96, 7))")
        XCTAssertTrue(line.pixel(96, 20).isClose(to: .black, tolerance: 3), "left edge: \(line.pixel(96, 20))")
        XCTAssertLessThan(bezel.pixel(128, 7).brightness, bezel.pixel(96, 20).brightness, "bezel: darker top edge")
        XCTAssertTrue(bezel.pixel(96, 20).isClose(to: RGBA(153, 153, 153), tolerance: 3), "bezel's grey side: \(bezel.pixel(96, 20))")
        XCTAssertEqual(none.pixel(128, 7), .white, "no border")
        XCTAssertEqual(none.pixel(96, 20), .white)
    }

    func testAMissingDocumentNamesThePathTriedAndThePlugin() throws {
        try FileManager.default.removeItem(atPath: root + "/components/TaxRateRow.resources")
        let result = try runHost(["render", "TaxRateRow", "-o", "row.png"], directory: root)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("TaxRateRow.layout.json: not found: tried " + root
                                             + "/components/TaxRateRow.resources/TaxRateRow.layout.json"), result.stderr)
        XCTAssertTrue(result.stderr.contains("resources of plugin " + root + "/components/libTaxRateRow.so"), result.stderr)
        // Listing still works: the class is there, its instances cannot be made.
        let list = try runHost(["list"], directory: root)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("TaxRateRow"), list.stdout)
    }

    func testJSONSyntaxErrorsGiveLineAndColumnCountingCharacters() throws {
        // A missing comma on line 8, after 养老保险 (4 characters, 12 bytes): column 38 is the "font" key.
        try assertFails(edited("\"养老保险\", \"font\"", "\"养老保险\" \"font\""), ["TaxRateRow.layout.json: line 8, column 38: invalid JSON"])
        try assertFails(String(Self.original.dropLast(3)), ["invalid JSON", "line "])
        // A string left open by a line break: JSONSerialization says "Unescaped control character
        // around character N", and the first "character " is not the position (it gave no place at all).
        try assertFails(edited("\"养老保险\"", "\"养老保险\n\""), ["TaxRateRow.layout.json: line 8, column ", "Unescaped control character"])
    }

    func testStructuralErrorsNameTheFieldPathAndWhatWasExpected() throws {
        try assertFails(edited("\"frame\": \"164,0,64,44\"", "\"frame\": \"164,0,64\""),
                        ["views[2].frame: expected x,y,width,height", "found a string \"164,0,64\""])
        try assertFails(edited("\"size\": \"375x44\",", ""), ["size: missing (expected the root view's size"])
        try assertFails(edited("\"size\": \"375x44\"", "\"size\": \"375x0\""), ["size: expected a positive width and height"])
        try assertFails(edited("\"size\": \"375x44\"", "\"frame\": \"0,0,375,44\""), ["frame: unknown key (the root view has a \"size\""])
        try assertFails(edited("\"textColor\": \"#FF6600\" }", "\"textColor\": \"orange\" }"),
                        ["views[2].properties.textColor: expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or a system colour name (systemBlue", "found a string \"orange\""])
        try assertFails(edited("\"borderStyle\": \"roundedRect\"", "\"borderStyle\": \"rounded\""),
                        ["views[1].properties.borderStyle: expected one of none, line, bezel, roundedRect"])
        try assertFails(edited("\"placeholder\": \"0\"", "\"placeholdr\": \"0\""),
                        ["views[1].properties.placeholdr: UITextField has no property \"placeholdr\"", "placeholder"])
        try assertFails(edited("\"font\": { \"size\": 16, \"weight\": \"medium\" }", "\"font\": { \"size\": 16, \"weight\": \"heavyish\" }"),
                        ["views[0].properties.font.weight: expected one of ultraLight"])
        try assertFails(edited("\"autoresizing\": [\"flexibleWidth\", \"flexibleTopMargin\"]", "\"autoresizing\": [\"flexibleWidth\", \"flexibleTop\"]"),
                        ["views[5].autoresizing[1]: expected one of flexibleLeftMargin"])
        try assertFails(edited("\"class\": \"UIView\", \"frame\": \"16,43,359,1\",",
                               "\"class\": \"UIView\", \"frame\": \"16,43,359,1\", \"views\": [ { \"class\": \"UILabel\" } ],"),
                        ["views[5].views[0]: missing \"frame\""])
        try assertFails(edited("\"class\": \"UIView\"", "\"class\": \"UIVeiw\""),
                        ["views[5].class: no class \"UIVeiw\" (expected one of: UIView, UILabel, UITextField"])
    }

    func testOutletsAreTypeCheckedAndMustAllBeConnected() throws {
        try assertFails(edited("\"class\": \"UILabel\", \"outlet\": \"titleLabel\"", "\"class\": \"UITextField\", \"outlet\": \"titleLabel\""),
                        ["views[0].outlet: TaxRateRow.titleLabel is a UILabel, but views[0] is a UITextField"])
        try assertFails(edited("\"outlet\": \"companyTaxResultLabel\", ", ""),
                        ["TaxRateRow.companyTaxResultLabel is not connected: no view in the document has \"outlet\": \"companyTaxResultLabel\""])
        try assertFails(edited("\"outlet\": \"titleLabel\"", "\"outlet\": \"titelLabel\""),
                        ["views[0].outlet: TaxRateRow has no @Outlet named \"titelLabel\"", "titleLabel"])
        try assertFails(edited("\"outlet\": \"selfTaxResultLabel\"", "\"outlet\": \"titleLabel\""),
                        ["views[2].outlet: outlet \"titleLabel\" is already connected to views[0]"])
    }

    func testAViewOfTheOwnersOwnClassIsCaughtInsteadOfRecursing() throws {
        try assertFails(edited("\"class\": \"UIView\"", "\"class\": \"TaxRateRow\""),
                        ["views[5]: creating TaxRateRow failed", "is already being loaded"])
    }

    func testOwnerPropertiesAreSetOnTheOwnerAfterItsOutletsAreConnected() throws {
        let withTitle = try render(Self.original, ["title=公积金"])
        XCTAssertEqual(withTitle.status, 0, withTitle.stderr)
        let expected = try PNGFile(root + "/row.png")
        let owner = Self.original.replacingOccurrences(of: "\"size\": \"375x44\",",
                                                       with: "\"size\": \"375x44\", \"owner\": { \"properties\": { \"title\": \"公积金\" } },")
        let result = try render(owner)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try PNGFile(root + "/row.png")
        XCTAssertEqual(Seed.differingPixels(expected, png, x: 0, y: 0, width: 375, height: 44, tolerance: 0), 0,
                       "the document's owner title shows as a set title does")
        try assertFails(owner.replacingOccurrences(of: "{ \"title\"", with: "{ \"titel\""),
                        ["owner.properties.titel: TaxRateRow has no property \"titel\"", "title"])
    }
}
