import Foundation
import XCTest

/// ABI 1.2 grew by the rule of 1.1: a plugin compiled against the 1.1 header (the frozen copy in
/// Tests/Fixtures/abi-1.1, easel.h as it was before 1.2) loads and renders unchanged in a 1.2
/// host. Its classes take no input and read no traits: `--play` is refused naming the class, and
/// `--trait` changes nothing in its pixels.
final class ABI1_1CompatibilityTests: XCTestCase {
    static let frozenHeader = TestPaths.fixtures + "/abi-1.1"

    /// The same source built against the 1.1 header and against today's.
    func builds(_ source: String, defines: [String] = []) throws -> (old: String, new: String) {
        let stem = source.replacingOccurrences(of: ".c", with: "")
        return (try CFixture.build(source, defines: defines, name: stem + "_abi11", includeDirectory: Self.frozenHeader),
                try CFixture.build(source, defines: defines, name: stem + "_abi12"))
    }

    func testTheFrozenHeaderIs1_1() throws {
        let header = try String(contentsOfFile: Self.frozenHeader + "/easel.h", encoding: .utf8)
        XCTAssertTrue(header.contains("#define EASEL_ABI_MINOR 1u"), "the fixture is the 1.1 header")
        XCTAssertFalse(header.contains("easel.input/1"), "from before 1.2")
    }

    func testA1_1PluginListsInspectsAndRendersAsThe1_2BuildOfTheSameSource() throws {
        for (source, defines, className, assignments) in [("snapshot_plugin.c", [], "Swatch", ["--set", "label=Ab"]),
                                                          ("extensions_plugin.c", ["MODE=good"], "Extended", ["--variant", "high", "--action", "bump"])] {
            let (old, new) = try builds(source, defines: defines)
            for (label, file) in [("1.1", old), ("1.2", new)] {
                let root = try componentsFolder(["libPlugin.so": file], test: "\(#function)-\(className)-\(label)")
                let inspect = try runHost(["inspect", className, "--json"], directory: root)
                XCTAssertEqual(inspect.status, 0, "\(source) built for \(label): \(inspect.stderr)")
                let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
                let cls = try XCTUnwrap((json["classes"] as? [[String: Any]])?.first)
                XCTAssertEqual((cls["plugin"] as? [String: Any])?["abi"] as? String, label, "\(source): the version it was built for")
                XCTAssertFalse((cls["extensions"] as? [String] ?? []).contains("easel.input/1"), "\(source) \(label)")
            }
            var pictures: [Data] = []
            for (label, file) in [("1.1", old), ("1.2", new)] {
                let root = try componentsFolder(["libPlugin.so": file], test: "\(#function)-\(className)-render-\(label)")
                for traits in [[], ["--trait", "appearance=dark", "--trait", "direction=rtl"]] {
                    let out = root + "/out\(traits.count).png"
                    let render = try runHost(["render", className, "-o", out, "--scale", "2"] + assignments + traits, directory: root)
                    XCTAssertEqual(render.status, 0, "\(source) built for \(label): \(render.stderr)")
                    pictures.append(try Data(contentsOf: URL(fileURLWithPath: out)))
                }
            }
            XCTAssertGreaterThan(pictures[0].count, 100)
            XCTAssertEqual(Set(pictures).count, 1,
                           "\(className): the 1.1 build renders as the 1.2 build, and a class that reads no traits ignores them")
        }
    }

    func testPlayOnA1_1ClassIsRefusedNamingIt() throws {
        let root = try componentsFolder(["libPlugin.so": try builds("snapshot_plugin.c").old])
        let render = try runHost(["render", "Swatch", "-o", root + "/out.png", "--play", "down 4,4"], directory: root)
        XCTAssertEqual(render.status, 65, render.stderr)
        XCTAssertTrue(render.stderr.contains("Swatch"), render.stderr)
        XCTAssertTrue(render.stderr.contains("easel.input/1"), render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"), "no partial output")
    }
}
