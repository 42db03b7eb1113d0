import Foundation
import XCTest

/// The exit table (Docs/reference/exit-status.md), case by case, with the built `host` on real plugins: an option's value
/// that is malformed or outside the range its --help gives is a usage error (64) whatever the
/// option; a name the class does not declare (variant, action, property) is bad data (65) in every
/// command; a class that does not exist is 66 wherever it is named.
final class ExitStatusTests: XCTestCase {
    func assertStatus(_ arguments: [String], _ status: Int32, _ message: String, in root: String,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runHost(arguments, directory: root)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)", file: file, line: line)
    }

    func testAnOptionsValueOutOfItsRangeIsAUsageErrorWhateverTheOption() throws {
        let root = try exampleComponents(["Gauge"])
        let cases: [([String], String)] = [
            (["render", "Gauge", "--scale", "100", "-o", "x.png"], "--scale '100' is not a scale from 0.1 to 16"),
            (["render", "Gauge", "--png-level", "11", "-o", "x.png"], "--png-level '11' is not a level from 0 to 9"),
            (["render", "Gauge", "--size", "100000x100000", "-o", "x.png"], "--size: render size 100000×100000 is too large: at most 16384 pixels per side"),
            (["render", "Gauge", "--size", "10000x10", "--scale", "2", "-o", "x.png"], "--size: render size 20000×20 is too large"),
            (["render", "Gauge", "--size", "0x10", "-o", "x.png"], "--size: invalid render size 0×10 pt"),
            (["render", "Gauge", "--size", "abc", "-o", "x.png"], "--size: 'abc' is not a size"),
            (["render", "Gauge", "--background", "reddish", "-o", "x.png"], "--background: 'reddish' is not a colour"),
            (["serve", "--port", "99999"], "--port '99999' is not a port number (0-65535)"),
            (["gallery", "--scale", "0"], "--scale '0' is not a scale from 0.1 to 16"),
            (["snapshot", "verify", "--threshold", "2"], "--threshold '2' is not a number from 0 to 1"),
            (["list", "--timeout", "0"], "--timeout '0' is not a positive number of seconds"),
        ]
        for (arguments, message) in cases {
            try assertStatus(arguments, 64, message, in: root)
            XCTAssertTrue(try runHost(arguments, directory: root).stderr.contains("Usage: host \(arguments[0])"), "\(arguments): the usage line")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/x.png"), "nothing rendered")
    }

    func testANameTheClassDoesNotDeclareIsBadDataInEveryCommand() throws {
        let root = try exampleComponents(["Gauge", "Rainbow"])
        try assertStatus(["render", "Rainbow", "--variant", "pil", "-o", "x.png"], 65, "class Rainbow: no variant named 'pil' (expected one of: warm, cool, smallCaps)", in: root)
        try assertStatus(["render", "Gauge", "--action", "pil", "-o", "x.png"], 65, "class Gauge: no action named 'pil'", in: root)
        // A class without actions says so (it said "expected one of: none: the class declares no actions").
        try assertStatus(["render", "Rainbow", "--action", "pil", "-o", "x.png"], 65, "class Rainbow: no action named 'pil' (the class declares no actions)", in: root)
        try assertStatus(["render", "Gauge", "--set", "pil=1", "-o", "x.png"], 65, "property pil: no such property", in: root)
        try assertStatus(["snapshot", "verify", "--variants", "pil"], 65, "no variant named 'pil' in the classes selected", in: root)
        let scene = root + "/variant.json"
        try #"{"size": "200x200", "instances": [{"class": "Rainbow", "variant": "pil", "frame": "0,0,200,200"}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        try assertStatus(["render", scene, "-o", "x.png"], 65, "class Rainbow: instances[0].variant: no variant 'pil'", in: root)
    }

    func testAClassThatDoesNotExistIsNotFoundWhereverItIsNamed() throws {
        let root = try exampleComponents(["Gauge"])
        try assertStatus(["render", "Gauje", "-o", "x.png"], 66, "no class named 'Gauje'", in: root)
        try assertStatus(["inspect", "Gauje"], 66, "no class named 'Gauje'", in: root)
        try assertStatus(["snapshot", "verify", "Gauje"], 66, "no class named 'Gauje'", in: root)
        let scene = root + "/class.json"
        try #"{"size": "200x200", "instances": [{"class": "Gauje", "frame": "0,0,200,200"}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        try assertStatus(["render", scene, "-o", "x.png"], 66, "instances[0].class: no class named 'Gauje' (did you mean Gauge?)", in: root)
    }

    /// `--json` errors about a class that does not exist had "class": null though the message named
    /// it (and so had a scene's attribute errors): the fields hold what the message names, and the
    /// one-line text does not say it twice.
    func testAJSONErrorFillsTheClassPropertyAndFileItsMessageNames() throws {
        let root = try exampleComponents(["Gauge"])
        func scene(_ name: String, _ instance: String) throws -> String {
            let path = root + "/\(name).json"
            try #"{"size": "200x200", "instances": [{"frame": "0,0,200,200", "#.appending(instance + "}]}")
                .write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let cases: [([String], Int32, file: String?, className: String, property: String?, text: String)] = [
            (["render", "Gauje", "-o", "x.png"], 66, nil, "Gauje", nil, "host render: error: no class named 'Gauje' in ./components"),
            (["inspect", "Gauje"], 66, nil, "Gauje", nil, "host inspect: error: no class named 'Gauje' in ./components"),
            (["snapshot", "verify", "Gauje"], 66, nil, "Gauje", nil, "host snapshot: error: no class named 'Gauje'"),
            (["render", try scene("class", #""class": "Gauje""#), "-o", "x.png"], 66, "class.json", "Gauje", nil,
             "class.json: instances[0].class: no class named 'Gauje'"),
            (["render", try scene("value", #""class": "Gauge", "attributes": {"value": "abc"}"#), "-o", "x.png"], 65, "value.json", "Gauge", "value",
             "value.json: instances[0].attributes.value (class Gauge): 'abc' is not an integer"),
            (["render", try scene("variant", #""class": "Gauge", "variant": "pil""#), "-o", "x.png"], 65, "variant.json", "Gauge", nil,
             "variant.json: class Gauge: instances[0].variant: no variant 'pil'"),
        ]
        for (arguments, status, file, className, property, text) in cases {
            let plain = try runHost(arguments, directory: root)
            XCTAssertEqual(plain.status, status, "\(arguments): \(plain.stderr)")
            XCTAssertTrue(plain.stderr.contains(text), "\(arguments): \(plain.stderr)")
            XCTAssertEqual(plain.stderr.components(separatedBy: className).count - 1, 1, "\(arguments): the class is said once: \(plain.stderr)")
            let json = try runHost(arguments + ["--json"], directory: root)
            XCTAssertEqual(json.status, status, "\(arguments): \(json.stderr)")
            let error = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any])?["error"] as? [String: Any],
                                      json.stderr)
            XCTAssertEqual(error["class"] as? String, className, "\(arguments): \(error)")
            XCTAssertEqual(error["property"] as? String, property, "\(arguments): \(error)")
            XCTAssertEqual((error["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent }, file, "\(arguments): \(error)")
        }
    }
}
