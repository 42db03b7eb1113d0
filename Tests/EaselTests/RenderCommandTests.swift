import Foundation
import XCTest

/// `host render` of a class, run as a user runs it, checked on the real pixels it writes.
final class RenderCommandTests: XCTestCase {
    func project() throws -> String { try exampleComponents(["Gauge", "RoundedCornerButton"]) }

    func testGaugeRendersItsRingAtTheDefaultSize() throws {
        let root = try project()
        let result = try runHost(["render", "Gauge", "-o", "gauge.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let png = try PNGFile(root + "/gauge.png")
        XCTAssertEqual([png.width, png.height], [120, 120], "the class's default size")
        // 42%: the ring starts at 12 o'clock and runs clockwise, so 3 o'clock is tinted (#2E7D32)…
        let east = png.pixel(114, 60)
        XCTAssertTrue(east.isClose(to: RGBA(r: 46, g: 125, b: 51, a: 255), tolerance: 12), "\(east)")
        // …and 9 o'clock is still track grey.
        let west = png.pixel(5, 60)
        XCTAssertTrue(west.isClose(to: RGBA(r: 224, g: 224, b: 224, a: 255), tolerance: 12), "\(west)")
        XCTAssertEqual(png.pixel(0, 0).a, 0, "transparent outside the ring without --background")
    }

    /// Docs/reference/commands.md: every command "with --json prints its errors as JSON on stderr". render, watch,
    /// serve, gallery and new refused --json as an unknown option (in JSON, yet exit 64).
    func testEveryCommandPrintsItsErrorsAsJSONWithJSON() throws {
        let root = try project()
        func error(_ arguments: [String]) throws -> (status: Int32, error: [String: Any]) {
            let result = try runHost(arguments + ["--json"], directory: root)
            let object = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any]
            return (result.status, try XCTUnwrap(object?["error"] as? [String: Any], result.stderr))
        }
        let range = try error(["render", "Gauge", "--set", "value=500", "-o", "g.png"])
        XCTAssertEqual(range.status, 65)
        XCTAssertEqual(range.error["exitCode"] as? Int, 65)
        XCTAssertEqual(range.error["class"] as? String, "Gauge")
        XCTAssertEqual(range.error["property"] as? String, "value")
        XCTAssertTrue((range.error["file"] as? String)?.hasSuffix("libGauge.so") ?? false, "\(range.error)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/g.png"))
        XCTAssertEqual(try error(["render", "Gauje", "-o", "g.png"]).status, 66)
        XCTAssertEqual(try error(["gallery", "--plugins", "nowhere"]).error["kind"] as? String, "notFound")
        XCTAssertEqual(try error(["watch", "--class", "Nope"]).status, 66)
        XCTAssertEqual(try error(["new", "9lives"]).error["kind"] as? String, "usage")
    }

    /// "host render: error: property --background: 'red' is not a colour": the option was called a property.
    func testABadBackgroundNamesTheOption() throws {
        let result = try runHost(["render", "Gauge", "--background", "reddish", "-o", "g.png"], directory: try project())
        XCTAssertEqual(result.status, 64, "an option's value, as --size")
        XCTAssertTrue(result.stderr.hasPrefix("host render: error: --background: 'reddish' is not a colour (expected #RRGGBB or #RRGGBBAA"), result.stderr)
    }

    func testSettersScaleSizeAndBackground() throws {
        let root = try project()
        let result = try runHost(["render", "Gauge", "--set", "value=80", "--set", "tintColor=#FF0000",
                                  "--size", "100x100", "--scale", "2", "--background", "#0000FF", "-o", "g.png"],
                                 directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try PNGFile(root + "/g.png")
        XCTAssertEqual([png.width, png.height], [200, 200])
        XCTAssertEqual(png.pixel(0, 0), RGBA(r: 0, g: 0, b: 255, a: 255), "background filled first")
        // 80% reaches 9 o'clock (270°) with the tint.
        XCTAssertTrue(png.pixel(12, 100).isClose(to: .red, tolerance: 12), "\(png.pixel(12, 100))")
    }

    func testRoundedCornerButtonCornersFollowTheRadius() throws {
        let root = try project()
        XCTAssertEqual(try runHost(["render", "RoundedCornerButton", "-o", "square.png"], directory: root).status, 0)
        XCTAssertEqual(try runHost(["render", "RoundedCornerButton", "--set", "cornerRadius=20", "-o", "round.png"],
                                   directory: root).status, 0)
        let square = try PNGFile(root + "/square.png"), round = try PNGFile(root + "/round.png")
        XCTAssertEqual([square.width, square.height], [160, 44])
        XCTAssertEqual(square.pixel(1, 1).a, 255, "a square corner is painted")
        XCTAssertEqual(round.pixel(1, 1).a, 0, "a rounded corner is transparent")
        XCTAssertEqual(round.pixel(80, 2).a, 255, "the middle of the top edge is painted")
    }

    func testVectorFormatsAndStandardOutput() throws {
        let root = try project()
        XCTAssertEqual(try runHost(["render", "Gauge", "-o", "g.svg"], directory: root).status, 0)
        let svg = try String(contentsOfFile: root + "/g.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<svg"), "an SVG document")
        XCTAssertTrue(svg.contains("<path"), "with vector paths")
        XCTAssertEqual(try runHost(["render", "Gauge", "-o", "g.pdf"], directory: root).status, 0)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: root + "/g.pdf"))
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
        let stdout = try runHost(["render", "Gauge", "-o", "-", "--png-level", "1"], directory: root)
        XCTAssertEqual(stdout.status, 0, stdout.stderr)
        let png = try PNGFile(bytes: [UInt8](stdout.stdoutData))
        XCTAssertEqual([png.width, png.height], [120, 120], "a whole PNG on stdout")
    }

    func testBadInputGetsAClearErrorAndNoFile() throws {
        let root = try project()
        let cases: [([String], Int32, String)] = [
            (["Nope", "-o", "x.png"], 66, "no class named 'Nope'"),
            (["Gauge", "--set", "value=abc", "-o", "x.png"], 65, "property value: 'abc' is not an integer"),
            (["Gauge", "--set", "nope=1", "-o", "x.png"], 65, "property nope: no such property"),
            (["Gauge", "--size", "0x10", "-o", "x.png"], 64, "width and height must be greater than 0"),
            (["Gauge", "--size", "-5x10", "-o", "x.png"], 64, "width and height must be greater than 0"),
            (["Gauge", "--size", "20000x10", "-o", "x.png"], 64, "16384"),
            (["Gauge", "--size", "abc", "-o", "x.png"], 64, "--size: 'abc' is not a size"),
            (["Gauge", "--scale", "0", "-o", "x.png"], 64, "--scale '0' is not a scale from 0.1 to 16"),
            (["Gauge", "--scale", "1e-300", "-o", "x.png"], 64, "--scale '1e-300' is not a scale from 0.1 to 16"),
            (["Gauge", "-o", "x.gif"], 64, "cannot tell the format of 'x.gif'"),
            (["Gauge", "--png-level", "11", "-o", "x.png"], 64, "--png-level '11'"),
            // A folder that does not exist, inside this test's own (a global path like /nonexistent
            // is not guaranteed missing: anything run as root may have made it).
            (["Gauge", "-o", root + "/no-such-dir/x.png"], 73, root + "/no-such-dir/x.png"),
        ]
        for (args, status, message) in cases {
            let result = try runHost(["render"] + args, directory: root)
            XCTAssertEqual(result.status, status, args.joined(separator: " ") + ": " + result.stderr)
            XCTAssertTrue(result.stderr.contains(message), "\(args): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/x.png"), "no partial output")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0 != "components" }, [],
                       "no temporary files left behind")
    }

    func testAnUnwritableDestinationLeavesNothingBehind() throws {
        let root = try project()
        // A path through a regular file cannot be created, even by root.
        try "x".write(toFile: root + "/notadir", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "Gauge", "-o", "notadir/x.png"], directory: root)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertTrue(result.stderr.contains("notadir/x.png"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted(), ["components", "notadir"])
        // Read-only file systems too.
        let proc = try runHost(["render", "Gauge", "-o", "/proc/easel-test.png"], directory: root)
        XCTAssertEqual(proc.status, 73, proc.stderr)
    }

    func testAPluginThatFailsToDrawIsReported() throws {
        let root = try componentsFolder(["libAllTypes.so": try CFixture.build("all_types.c")])
        // all_types draws with its colour property; a draw that returns false is the broken fixture's job:
        let ok = try runHost(["render", "AllTypes", "--set", "color=#00FF00", "-o", "a.png"], directory: root)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(try PNGFile(root + "/a.png").pixel(10, 10), .green)
    }
}
