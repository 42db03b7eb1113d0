import Foundation
import XCTest

/// `host inspect` as a user runs it: a real process, real plugins, real dlopen.
final class InspectCommandTests: XCTestCase {
    func project() throws -> String {
        try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
    }

    func testTextOutputMatchesTheGoldenFile() throws {
        let root = try project()
        let result = try runHost(["inspect", "Gauge"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        try assertGolden(result.stdout, "inspect-Gauge.txt")
    }

    func testTheEnumListsItsCases() throws {
        let result = try runHost(["inspect", "Gauge"], directory: try project())
        let pad = String(repeating: " ", count: 24)
        let expected = [
            pad + "Enum. Default: ring",
            pad + "   (0): ring             - Ring",
            pad + "   (1): bar              - Bar",
            pad + "   (2): pie              - Pie Chart",
        ].joined(separator: "\n")
        XCTAssertTrue(result.stdout.contains(expected), result.stdout)
    }

    func testInspectingAFileListsItsClasses() throws {
        let root = try project()
        let result = try runHost(["inspect", "components/libGauge.so"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("  Filename                 components/libGauge.so"))
        XCTAssertTrue(result.stdout.contains("  value               : Value"))
    }

    func testJSONFollowsTheDocumentedSchema() throws {
        let result = try runHost(["inspect", "Gauge", "--json"], directory: try project())
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["schema"] as? String, "easel.inspect/1")
        let cls = try XCTUnwrap((json["classes"] as? [[String: Any]])?.first)
        XCTAssertEqual(cls["name"] as? String, "Gauge")
        XCTAssertEqual(cls["kind"] as? String, "progress")
        XCTAssertEqual(cls["defaultSize"] as? [String: Double], ["width": 120, "height": 120])
        let plugin = try XCTUnwrap(cls["plugin"] as? [String: Any])
        XCTAssertEqual(plugin["id"] as? String, "org.easel.examples.gauge")
        XCTAssertEqual(plugin["path"] as? String, "./components/libGauge.so")
        XCTAssertEqual(plugin["abi"] as? String, "1.2")
        let properties = try XCTUnwrap(cls["properties"] as? [[String: Any]])
        XCTAssertEqual(properties.map { $0["name"] as? String }, ["value", "style", "tintColor", "trackColor", "lineWidth", "label", "showValue"])
        let value = properties[0]
        XCTAssertEqual(value["type"] as? String, "Int")
        XCTAssertEqual(value["default"] as? Int, 42)
        XCTAssertEqual(value["range"] as? [String: Double], ["min": 0, "max": 100, "step": 1])
        XCTAssertEqual(value["readOnly"] as? Bool, false)
        XCTAssertNil(value["value"], "no current value without --set")
        let style = properties[1]
        XCTAssertEqual(style["default"] as? String, "ring")
        XCTAssertEqual((style["enumCases"] as? [[String: Any]])?.map { $0["name"] as? String }, ["ring", "bar", "pie"])
        let tint = properties[2]
        XCTAssertEqual(tint["group"] as? String, "Appearance")
        XCTAssertEqual((tint["default"] as? [String: Any])?["hex"] as? String, "#2E7D33")
        XCTAssertEqual(tint["defaultText"] as? String, "#2E7D33")
        XCTAssertEqual(properties[5]["default"] as? String, "CPU")
        XCTAssertEqual(properties[6]["default"] as? Bool, true)
    }

    func testSetShowsValuesReadBackThroughTheGetters() throws {
        let result = try runHost(["inspect", "Gauge", "--set", "value=77", "--set", "style=pie",
                                  "--set", "label=公积金", "--set", "tintColor=#FF000080"], directory: try project())
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Value: 77  (changed)"))
        XCTAssertTrue(result.stdout.contains("Value: pie  (changed)"))
        XCTAssertTrue(result.stdout.contains("Value: \"公积金\"  (changed)"))
        XCTAssertTrue(result.stdout.contains("Value: #FF000080  (changed)"))
        XCTAssertTrue(result.stdout.contains("Value: #E0E0E0\n"), "untouched properties show their value too")
    }

    func testBadSetsFailWithTheirOwnExitCodeAndNameEverything() throws {
        let root = try project()
        let cases: [([String], String)] = [
            (["--set", "nope=1"], "./components/libGauge.so: class Gauge: property nope: no such property (expected one of: value, style, tintColor, trackColor, lineWidth, label, showValue)"),
            (["--set", "lineWidth=abc"], "./components/libGauge.so: class Gauge: property lineWidth: 'abc' is not a number (expected a number in 1…40)"),
            (["--set", "tintColor=#GGG"], "./components/libGauge.so: class Gauge: property tintColor: '#GGG' is not a colour (expected #RRGGBB or #RRGGBBAA, a CSS name or rgb()/hsl(), e.g. #FF8800 or red)"),
            (["--set", "value=101"], "./components/libGauge.so: class Gauge: property value: 101 is outside the range 0…100 (expected an integer in 0…100)"),
            (["--set", "style=square"], "./components/libGauge.so: class Gauge: property style: 'square' is not a case of this enum (expected one of: ring, bar, pie)"),
        ]
        for (args, message) in cases {
            let result = try runHost(["inspect", "Gauge"] + args, directory: root)
            XCTAssertEqual(result.status, 65, args.joined(separator: " "))
            XCTAssertEqual(result.stderr, "host inspect: error: \(message)\n")
            XCTAssertEqual(result.stdout, "", "no partial output")
        }
    }

    func testUnknownClassSuggestsAndExits66() throws {
        let result = try runHost(["inspect", "Gaug"], directory: try project())
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "host inspect: error: no class named 'Gaug' in ./components; did you mean Gauge?\n")
    }

    func testABrokenFileExits69() throws {
        let result = try runHost(["inspect", try CFixture.broken("abi_major")])
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("was built for ABI 2.0, but this host speaks ABI 1.2"), result.stderr)
        // A path inside this test's own folder, known not to exist (never a global one).
        let absent = try TestPaths.scratch() + "/absent/libX.so"
        let missing = try runHost(["inspect", absent])
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderr, "host inspect: error: \(absent): no such file (expected a plugin .so)\n")
    }

    func testUsageErrorsExit64AndHelpExits0() throws {
        let noArgs = try runHost(["inspect"])
        XCTAssertEqual(noArgs.status, 64)
        XCTAssertTrue(noArgs.stderr.contains("missing argument"))
        let bogus = try runHost(["inspect", "Gauge", "--bogus"])
        XCTAssertEqual(bogus.status, 64)
        XCTAssertTrue(bogus.stderr.hasPrefix("host inspect: error: unknown option '--bogus' for 'host inspect'\nUsage: host inspect"))
        let badSet = try runHost(["inspect", "Gauge", "--set", "novalue"], directory: try project())
        XCTAssertEqual(badSet.status, 64)
        for command in [["--help"], ["list", "--help"], ["inspect", "--help"], ["help", "inspect"]] {
            let help = try runHost(command)
            XCTAssertEqual(help.status, 0, command.joined(separator: " "))
            XCTAssertTrue(help.stdout.contains("Usage: host"), command.joined(separator: " "))
        }
        XCTAssertTrue(try runHost(["inspect", "--help"]).stdout.contains("Color #RRGGBB or #RRGGBBAA"))
        XCTAssertEqual(try runHost(["frobnicate"]).status, 64)
        XCTAssertEqual(try runHost([]).status, 64)
    }

    /// `host --help` printed "completionsprint the shell completion script": the command column was
    /// narrower than the longest command name.
    func testEveryCommandNameIsSeparatedFromItsSummary() throws {
        let help = try runHost(["--help"]).stdout
        for name in ["list", "inspect", "render", "watch", "serve", "gallery", "snapshot", "validate", "new", "completions", "manual"] {
            XCTAssertTrue(help.split(separator: "\n").contains { $0.hasPrefix("  \(name)  ") }, "\(name) in:\n\(help)")
        }
    }

    /// `host new`, `completions` and `manual` call no plugin, yet took `--timeout` ("time budget of
    /// each call into a plugin"): it did nothing. The commands reference (Docs/reference/commands.md)
    /// gives it to the commands that read plugins.
    func testCommandsThatCallNoPluginTakeNoTimeout() throws {
        for command in [["manual"], ["completions", "bash"], ["new", "Badge", "--dir", NSTemporaryDirectory() + "/qa-timeout-\(ProcessInfo.processInfo.processIdentifier)"]] {
            let result = try runHost(command + ["--timeout", "3"])
            XCTAssertEqual(result.status, 64, command.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains("unknown option '--timeout'"), result.stderr)
            XCTAssertFalse(try runHost([command[0], "--help"]).stdout.contains("--timeout"), command[0])
        }
        XCTAssertTrue(try runHost(["validate", "--help"]).stdout.contains("--timeout SECONDS"), "validate calls plugins")
    }
}
