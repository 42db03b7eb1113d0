import EaselPreview
import Foundation
import XCTest

/// Scenes: parsing with clear errors, and real renders of several instances on one canvas.
final class SceneTests: XCTestCase {
    func write(_ json: String, in root: String, name: String = "scene.json") throws -> String {
        let path = root + "/" + name
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testASceneRendersItsInstancesAtTheirFrames() throws {
        let root = try exampleComponents(["Gauge", "RoundedCornerButton"])
        _ = try write("""
            {
              "size": "300x100",
              "background": "#FFFFFF",
              "instances": [
                { "class": "Gauge", "name": "cpu", "frame": "0,0,100,100",
                  "attributes": { "value": 100, "tintColor": "#FF0000", "showValue": false, "label": "" } },
                { "class": "RoundedCornerButton", "frame": "150,30,140,40",
                  "attributes": { "backgroundColor": "#00FF00", "title": "", "cornerRadius": 0 } }
              ]
            }
            """, in: root)
        let result = try runHost(["render", "scene.json", "-o", "scene.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try PNGFile(root + "/scene.png")
        XCTAssertEqual([png.width, png.height], [300, 100])
        XCTAssertEqual(png.pixel(120, 5), .white, "background between the instances")
        XCTAssertTrue(png.pixel(50, 5).isClose(to: .red, tolerance: 10), "the full ring at the top: \(png.pixel(50, 5))")
        XCTAssertEqual(png.pixel(50, 50), .white, "nothing drawn inside the ring without a value text")
        XCTAssertEqual(png.pixel(151, 31), .green, "the button at its frame, square corners")
        XCTAssertEqual(png.pixel(149, 31), .white, "and not outside it")
        XCTAssertEqual(try runHost(["render", "scene.json", "-o", "scene2.png", "--scale", "2"], directory: root).status, 0)
        XCTAssertEqual(try PNGFile(root + "/scene2.png").width, 600)
    }

    func testMalformedScenesNameTheFileTheFieldOrLine() throws {
        let root = try exampleComponents(["Gauge"])
        let cases: [(String, Int32, String)] = [
            ("{\n  \"size\": \"100x100\",\n  \"instances\": [ { \"class\": \"Gauge\",, } ]\n}", 65, "scene.json: line 3, column "),
            ("{\n  \"size\": \"10x10\", \"x\": \"公积金公积金\",, \n}", 65, "scene.json: line 2, column 34: invalid JSON"),
            // No "around character N" for a truncated file: the place is its end, not line 1.
            ("{\n  \"size\": \"10x10\",\n  \"instances\": [\n", 65, "scene.json: line 4, column 1: invalid JSON (Unexpected end of file"),
            // "Unescaped control character around character N": the number follows "around character".
            ("{\n  \"size\": \"10x10\",\n  \"instances\": [], \"x\": \"open\n\"}", 65,
             "scene.json: line 3, column 30: invalid JSON (Unescaped control character)"),
            ("[1, 2]", 65, "scene.json: the document: expected an object, found an array"),
            ("{\"instances\": []}", 65, "scene.json: size: expected a string, found nothing"),
            ("{\"size\": \"0x10\", \"instances\": []}", 65, "scene.json: size: must be positive"),
            ("{\"size\": \"10x10\", \"instances\": [{\"class\": \"Gauge\", \"frame\": \"1,2,3\"}]}", 65,
             "scene.json: instances[0].frame: '1,2,3' is not a rectangle (expected x,y,w,h"),
            ("{\"size\": \"10x10\", \"instances\": [{\"class\": \"Gauge\", \"frame\": \"0,0,5,5\", \"attributes\": {\"value\": [1]}}]}", 65,
             "scene.json: instances[0].attributes.value: expected an array of 2 or 4 numbers"),
            ("{\"size\": \"10x10\", \"instances\": [{\"class\": \"Gauge\", \"frame\": \"0,0,5,5\", \"attributes\": {\"value\": 101}}]}", 65,
             "scene.json: instances[0].attributes.value (class Gauge): 101 is outside the range 0…100"),
            ("{\"size\": \"10x10\", \"instances\": [{\"class\": \"Gauge\", \"frame\": \"0,0,5,5\", \"attributes\": {\"style\": \"cube\"}}]}", 65,
             "scene.json: instances[0].attributes.style (class Gauge): 'cube' is not a case of this enum (expected one of: ring, bar, pie)"),
            ("{\"size\": \"10x10\", \"instances\": [{\"class\": \"Gaug\", \"frame\": \"0,0,5,5\"}]}", 66,
             "scene.json: instances[0].class: no class named 'Gaug'"),
            ("{\"size\": \"10x10\", \"background\": \"#12\", \"instances\": []}", 65, "scene.json: background: '#12' is not a colour"),
            ("{\"size\": \"10x10\", \"instances\": [], \"extra\": 1}", 65, "scene.json: extra: unknown key"),
            // "found a number": which number, and that it is outside the range, went unsaid.
            ("{\"size\": \"10x10\", \"scale\": 0, \"instances\": []}", 65, "scene.json: scale: expected a number of pixels per point from 0.1 to 16, found 0"),
            ("{\"size\": \"10x10\", \"scale\": \"2\", \"instances\": []}", 65, "scene.json: scale: expected a number of pixels per point from 0.1 to 16, found a string"),
            // A key written twice in one object: the first was silently ignored (the last won).
            ("{\"size\": \"10x10\", \"instances\": [\n {\"class\": \"Gauge\", \"frame\": \"0,0,5,5\"},\n {\"class\": \"Gauge\", \"frame\": \"0,0,5,5\", \"frame\": \"1,1,5,5\"}]}",
             65, "scene.json: line 3, column 41: instances[1]: key 'frame' appears twice in one object (expected each key once"),
            ("{\"size\": \"10x10\", \"instances\": [{\"class\": \"Gauge\", \"frame\": \"0,0,5,5\", \"attributes\": {\"value\": 1, \"v\\u0061lue\": 2}}]}",
             65, "instances[0].attributes: key 'value' appears twice"),
            ("{\"size\": \"10x10\", \"instances\": [], \"size\": \"20x20\"}", 65, "scene.json: line 1, column 36: key 'size' appears twice in one object"),
        ]
        for (json, status, message) in cases {
            _ = try write(json, in: root)
            let result = try runHost(["render", "scene.json", "-o", "out.png"], directory: root)
            XCTAssertEqual(result.status, status, json)
            XCTAssertTrue(result.stderr.contains(message), "\(json)\n→ \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"))
        }
        let missing = try runHost(["render", "missing.json", "-o", "out.png"], directory: root)
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("missing.json: no such file"))
    }

    /// Scenes refused insets (and points, sizes, rects) written as JSON arrays, which layout
    /// documents accept.
    func testGeometryAttributesMayBeJSONArrays() throws {
        let scene = try Scene.parse(Data("""
        {"size": "10x10", "instances": [{"class": "AllTypes", "frame": "0,0,5,5",
          "attributes": {"insets": [4, 3, 2, 1], "point": [1.5, 2], "rect": [1, 2, 3, 4]}}]}
        """.utf8), file: "scene.json")
        let attributes = Dictionary(uniqueKeysWithValues: scene.instances[0].attributes.map { ($0.0, $0.1) })
        XCTAssertEqual(attributes["insets"], "4,3,2,1")
        XCTAssertEqual(attributes["point"], "1.5,2")
        XCTAssertEqual(attributes["rect"], "1,2,3,4")
        let root = try componentsFolder(["libAllTypes.so": try CFixture.build("all_types.c")])
        try """
        {"size": "10x10", "instances": [{"class": "AllTypes", "frame": "0,0,5,5", "attributes": {"insets": [4, 3, 2, 1]}}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "out.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The duplicate-key check reads only keys of one object: the same keys in sibling and nested
    /// objects, and key-like text inside strings (escaped quotes, braces, commas), are fine.
    func testKeysRepeatedAcrossObjectsOrInsideStringsAreNotDuplicates() throws {
        let scene = try Scene.parse(Data(#"""
        {"size": "100x40", "instances": [
          {"class": "Gauge", "name": "a", "frame": "0,0,40,40", "attributes": {"label": "{\"frame\": 1, \"frame\": 2}", "value": 3}},
          {"class": "Gauge", "name": "b\\\"", "frame": "50,0,40,40", "attributes": {"label": "a,\"b\":{[", "value": 4}},
          {"class": "Gauge", "frame": "0,0,1,1", "attributes": {"insets": [1, 2, 3, 4], "frame": "x"}}]}
        """#.utf8), file: "scene.json")
        XCTAssertEqual(scene.instances.count, 3)
        XCTAssertEqual(scene.instances[0].attributes.first { $0.key == "label" }?.value, #"{"frame": 1, "frame": 2}"#)
    }

    func testTheExampleSceneInTheRepositoryParses() throws {
        let scene = try Scene.read(TestPaths.repoRoot + "/Examples/scene.json")
        XCTAssertGreaterThan(scene.instances.count, 1)
    }
}
