import Foundation
import XCTest

/// `host validate`'s checks of ABI 1.2 (pointer input and traits) with the real `host`: each fault of
/// Tests/Fixtures/validate_input_faults.c fails exactly its check, with a message naming the class and
/// the step or phase; the faultless fixture and every example component pass them.
final class ValidateLiveChecksTests: XCTestCase {
    static let liveChecks = ["input-hit-test", "input-outside", "input-determinism", "input-destroy", "traits-round-trip"]

    func fault(_ name: String) throws -> String {
        try CFixture.build("validate_input_faults.c", defines: ["FAULT=\(name)"], name: "validate_input_\(name)")
    }

    /// One validation per file as JSON: check name → (status, messages).
    func validate(_ files: [String], _ extra: [String] = []) throws -> (status: Int32, plugins: [[String: (String, [String])]], raw: ProcessResult) {
        let r = try runHost(["validate", "--json"] + extra + files)
        let json = try XCTUnwrap(try? JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any], "not JSON: \(r.stdout) \(r.stderr)")
        let plugins = (json["plugins"] as? [[String: Any]] ?? []).map { plugin in
            Dictionary(uniqueKeysWithValues: (plugin["results"] as? [[String: Any]] ?? []).map {
                ($0["check"] as! String, ($0["status"] as! String, $0["messages"] as! [String]))
            })
        }
        return (r.status, plugins, r)
    }

    func testEachInputAndTraitsFaultIsCaughtByExactlyItsCheck() throws {
        let expected: [(String, String, String)] = [
            ("hit_everywhere", "input-hit-test", "class Slider: the hit test accepts (-144, 15), (244, 15), (50, -74), (50, 104), (-1000000, -1000000), (1000000, 1000000), far outside its bounds 100×30: is a bounds check missing?"),
            ("crash_outside", "input-outside", "class Slider: step 3 'move -1000000,-1000000' of events outside its bounds 100×30 failed: crashed with SIGSEGV"),
            ("hang_outside", "input-outside", "class Slider: step 3 'move -1000000,-1000000' of events outside its bounds 100×30 failed: did not answer within 2 s"),
            ("shared_clicks", "input-determinism", "class Slider: the same pointer sequence on two fresh instances differs at step 7 'up 50,15': the first instance: handled, sent touchUpInside, changed on=true; the second: handled, sent touchUpInside, changed on=false"),
            ("abort_destroy_pressed", "input-destroy", "class Slider: destroyed right after a down, with no up: crashed with SIGABRT"),
            ("deaf_to_traits", "traits-round-trip", "class Slider: created dark, then changed to light, it draws differently from an instance created light ("),
        ]
        let (status, plugins, raw) = try validate(try expected.map { try fault($0.0) })
        XCTAssertEqual(status, 1, raw.stderr)
        XCTAssertEqual(plugins.count, expected.count)
        for ((name, check, message), plugin) in zip(expected, plugins) {
            XCTAssertEqual(plugin.filter { $0.value.0 == "failed" }.map(\.key), [check], "\(name) must fail exactly \(check): \(plugin)")
            let messages = plugin[check]?.1 ?? []
            XCTAssertTrue(messages.contains { $0.hasPrefix(message) }, "\(name): \(messages)")
        }
        // The phase the failure happened in, as the host names it.
        XCTAssertTrue(plugins[1]["input-outside"]!.1[0].contains("[phase: input]"), "\(plugins[1])")
        XCTAssertTrue(plugins[4]["input-destroy"]!.1[0].contains("[phase: destroy]"), "\(plugins[4])")
        // Both directions of the round trip are checked.
        XCTAssertTrue(plugins[5]["traits-round-trip"]!.1.contains { $0.hasPrefix("class Slider: created light, then changed to dark") }, "\(plugins[5])")
    }

    func testTheFaultlessFixturePassesInAWorkerAndInProcess() throws {
        for extra in [[], ["--in-process"]] {
            let (status, plugins, raw) = try validate([try fault("none")], extra)
            XCTAssertEqual(status, 0, raw.stdout)
            let plugin = try XCTUnwrap(plugins.first)
            for check in Self.liveChecks {
                XCTAssertEqual(plugin[check]?.0, "passed", "\(extra) \(check): \(plugin[check].map { "\($0)" } ?? "missing")")
            }
            XCTAssertTrue(plugin["extensions"]!.1[0].contains("Slider: easel.input/1; Slider: easel.traits/1"), "\(plugin["extensions"]!)")
        }
    }

    func testAPluginWithoutInputSkipsTheInputChecksAndStillRoundTripsTraits() throws {
        let probe = try CFixture.build("validate_faults.c", defines: ["FAULT=none"], name: "validate_none")
        let (status, plugins, raw) = try validate([probe], ["--filter", "input-*,traits-*"])
        XCTAssertEqual(status, 0, raw.stdout)
        let plugin = try XCTUnwrap(plugins.first)
        for check in Self.liveChecks.dropLast() {
            XCTAssertEqual(plugin[check]?.0, "skipped", check)
            XCTAssertEqual(plugin[check]?.1, ["no class takes pointer input (easel.input/1)"], check)
        }
        XCTAssertEqual(plugin["traits-round-trip"]?.0, "passed")
        XCTAssertEqual(plugin["traits-round-trip"]?.1, ["the same in both appearances: Probe"])
    }

    func testEveryExampleComponentPassesAndTheOnesThatAdaptRoundTripTheirAppearance() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repoRoot + "/Plugins").filter { !$0.hasPrefix(".") }.sorted()
        let root = try exampleComponents(names)
        let (status, plugins, raw) = try validate(names.map { "\(root)/components/lib\($0).so" }, ["--filter", "input-*,traits-*"])
        XCTAssertEqual(status, 0, raw.stdout)
        for (name, plugin) in zip(names, plugins) {
            for check in Self.liveChecks {
                XCTAssertEqual(plugin[check]?.0, "passed", "\(name): \(check): \(plugin[check].map { "\($0)" } ?? "missing")")
            }
        }
        // The examples that look different in dark change appearance in place, both ways.
        for name in ["RoundedCornerButton", "TaxRateRow", "Gauge", "Rainbow", "RustBadge", "CppBadge"] {
            let notes = plugins[names.firstIndex(of: name)!]["traits-round-trip"]?.1 ?? []
            XCTAssertTrue(notes.contains { $0.hasPrefix("created dark then light and back") && $0.contains(name) }, "\(name): \(notes)")
        }
    }
}
