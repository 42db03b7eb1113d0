import Foundation
import XCTest

final class ListCommandTests: XCTestCase {
    func testListsPluginsClassesAndFailuresWithWhy() throws {
        let root = try componentsFolder([
            "libGauge.so": try TestPaths.example("Gauge"),
            "libOld.so": try CFixture.broken("abi_major"),
            "libAllTypes.so": try CFixture.build("all_types.c"),
        ])
        try "not a library".write(toFile: root + "/components/libNotes.so", atomically: true, encoding: .utf8)
        let result = try runHost(["list"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            All Types 1.0.0 (org.easel.tests.all-types)  ./components/libAllTypes.so
              AllTypes                   One property of every type
            Gauge 1.0.0 (org.easel.examples.gauge)  ./components/libGauge.so
              Gauge                      A percentage shown as a ring, a bar or a pie

            2 plugins, 2 classes, 2 failed

            Failed to load (2):
              ./components/libNotes.so: is not an ELF shared library (expected a .so built for this machine) [phase: load]
              ./components/libOld.so: was built for ABI 2.0, but this host speaks ABI 1.2 (expected major version 1) [phase: abi]

            """)
    }

    func testJSON() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libDup.so": try CFixture.broken("duplicate"),
                                         "libBad.so": try CFixture.broken("unknown_type")])
        let result = try runHost(["list", "--json"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["schema"] as? String, "easel.list/1")
        XCTAssertEqual(json["searchPath"] as? [String], ["./components"])
        let plugins = try XCTUnwrap(json["plugins"] as? [[String: Any]])
        XCTAssertEqual(plugins.map { $0["path"] as? String }, ["./components/libDup.so", "./components/libGauge.so"])
        let gaugeClasses = try XCTUnwrap(plugins[1]["classes"] as? [[String: Any]])
        XCTAssertEqual(gaugeClasses.first?["registered"] as? Bool, false, "shadowed by libDup.so, whose path sorts first")
        let failures = try XCTUnwrap(json["failures"] as? [[String: Any]])
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures[0]["path"] as? String, "./components/libBad.so")
        XCTAssertEqual(failures[0]["className"] as? String, "BrokenFixture")
        XCTAssertEqual(failures[0]["property"] as? String, "level")
        XCTAssertEqual(failures[0]["phase"] as? String, "validate")
        XCTAssertEqual((json["warnings"] as? [String])?.count, 1)
        XCTAssertTrue(result.stderr.contains("warning: class Gauge is registered by both ./components/libDup.so and ./components/libGauge.so"))
    }

    func testAMissingDefaultFolderIsNotAnErrorButTheResultSaysSo() throws {
        let root = try TestPaths.scratch()
        let result = try runHost(["list"], directory: root)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "No plugins found in ./components (put .so files there, or name a folder with --plugins DIR).\n")
        XCTAssertEqual(result.stderr, "warning: ./components: plugin directory does not exist\n")
    }

    /// A folder holding only libGauge.so.1 said "No plugins found", with no hint that only names
    /// ending in .so are searched.
    func testAVersionedLibraryIsNamedWhenNoPluginIsFound() throws {
        let root = try componentsFolder(["libGauge.so.1": try TestPaths.example("Gauge")])
        let result = try runHost(["list"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            No plugins found in ./components (put .so files there, or name a folder with --plugins DIR).
            Only names ending in .so are searched, and ./components/libGauge.so.1 does not: link or copy it to a name ending in .so (e.g. ln -s libGauge.so.1 ./components/libGauge.so).

            """)
        // The link it suggests is found.
        try FileManager.default.createSymbolicLink(atPath: root + "/components/libGauge.so", withDestinationPath: "libGauge.so.1")
        let linked = try runHost(["list", "--names"], directory: root)
        XCTAssertEqual(linked.stdout, "Gauge\n", linked.stderr)
    }

    func testAFolderTheUserNamedMustExist() throws {
        let root = try TestPaths.scratch()
        for command in [["list"], ["inspect", "Gauge"], ["gallery", "--out", "g"], ["render", "Gauge", "-o", "x.png"]] {
            let result = try runHost(command + ["--plugins", "/nope"], directory: root)
            XCTAssertEqual(result.status, 66, "\(command)")
            XCTAssertTrue(result.stderr.contains("/nope: no such directory (given with --plugins"), result.stderr)
        }
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let gallery = try runHost(["gallery", "--plugins", "empty", "--out", "g"], directory: root)
        XCTAssertEqual(gallery.status, 66, "an empty gallery is an error")
        XCTAssertTrue(gallery.stderr.contains("no classes to render in empty"), gallery.stderr)
    }

    func testStrictListFailsWhenAFileFailed() throws {
        let root = try componentsFolder(["libBroken.so": try CFixture.broken("unknown_type")])
        let list = try runHost(["list"], directory: root)
        XCTAssertEqual(list.status, 0)
        // Every file failed: the output began with an empty line (the separator after no plugins).
        XCTAssertTrue(list.stdout.hasPrefix("0 plugins, 0 classes, 1 failed\n\nFailed to load (1):\n"), list.stdout)
        XCTAssertEqual(try runHost(["list", "--strict"], directory: root).status, 69)
        XCTAssertEqual(try runHost(["list", "--strict", "--json"], directory: root).status, 69)
    }
}
