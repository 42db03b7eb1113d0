import Foundation
import XCTest

/// `host validate`: every example component passes, and each fault fixture (Tests/Fixtures/
/// validate_faults.c) fails exactly the check for the rule it breaks.
final class ValidateCommandTests: XCTestCase {
    static let allChecks = ["load", "descriptors", "defaults", "round-trip", "draw-sizes", "determinism", "layout-idempotent",
                            "archive", "variants", "resources", "memory", "stdout", "extensions",
                            "input-hit-test", "input-outside", "input-determinism", "input-destroy", "traits-round-trip", "deinit"]

    func fault(_ name: String) throws -> String {
        try CFixture.build("validate_faults.c", defines: ["FAULT=\(name)"], name: "validate_\(name)")
    }

    /// The validation as JSON: check name → (status, messages).
    func validate(_ files: [String], _ extra: [String] = []) throws -> (status: Int32, checks: [[String: (String, [String])]], raw: ProcessResult) {
        let r = try runHost(["validate", "--json"] + extra + files)
        guard let json = try? JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any] else {
            XCTFail("not JSON: \(r.stdout) \(r.stderr)")
            return (r.status, [], r)
        }
        XCTAssertEqual(json["schema"] as? String, "easel.validate/1")
        let plugins = json["plugins"] as! [[String: Any]]
        let checks = plugins.map { plugin in
            Dictionary(uniqueKeysWithValues: (plugin["results"] as! [[String: Any]]).map {
                ($0["check"] as! String, ($0["status"] as! String, $0["messages"] as! [String]))
            })
        }
        return (r.status, checks, r)
    }

    func failed(_ checks: [String: (String, [String])]) -> [String] {
        Self.allChecks.filter { checks[$0]?.0 == "failed" }
    }

    func testEveryExampleComponentPasses() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repoRoot + "/Plugins").filter { !$0.hasPrefix(".") }.sorted()
        let root = try exampleComponents(names)
        let files = names.map { "\(root)/components/lib\($0).so" }
        let (status, checks, raw) = try validate(files)
        XCTAssertEqual(status, 0, raw.stdout)
        // Scripts/setup validates the examples (through the gallery): nothing they do under the checks
        // is a warning a newcomer would take for a problem with their own files.
        XCTAssertFalse(raw.stderr.contains("warning"), raw.stderr)
        XCTAssertEqual(checks.count, names.count)
        for (name, plugin) in zip(names, checks) {
            XCTAssertEqual(failed(plugin), [], "\(name): \(plugin)")
            XCTAssertEqual(Set(plugin.keys), Set(Self.allChecks), name)
            for check in ["load", "descriptors", "defaults", "round-trip", "draw-sizes", "determinism", "layout-idempotent", "archive", "memory", "stdout"] {
                XCTAssertTrue(["passed", "warning"].contains(plugin[check]?.0), "\(name): \(check): \(plugin[check]!)")
            }
        }
        // Gauge declares variants and an action: both are exercised.
        let gauge = checks[names.firstIndex(of: "Gauge")!]
        XCTAssertEqual(gauge["variants"]?.0, "passed", "\(gauge["variants"]!)")
        XCTAssertEqual(gauge["extensions"]?.0, "passed", "\(gauge["extensions"]!)")
        XCTAssertTrue(gauge["extensions"]!.1[0].contains("easel.actions/1"), "\(gauge["extensions"]!)")
    }

    func testTheFaultlessFixturePassesEveryCheck() throws {
        let (status, checks, raw) = try validate([try fault("none")])
        XCTAssertEqual(status, 0, raw.stdout)
        let plugin = try XCTUnwrap(checks.first)
        XCTAssertEqual(failed(plugin), [])
        XCTAssertEqual(plugin.filter { $0.value.0 == "warning" }.map(\.key), [])
        XCTAssertEqual(plugin["deinit"]?.0, "passed", "it declares a deinit, which is called and returns")
        XCTAssertEqual(plugin["resources"]?.0, "skipped", "no image is named")
        XCTAssertEqual(plugin["variants"]?.0, "skipped")
        XCTAssertTrue(plugin["memory"]!.1[0].contains("over 1000 create/destroy cycles"), "\(plugin["memory"]!)")
    }

    func testEachFaultIsCaughtByExactlyItsCheck() throws {
        let expected: [(String, String, String)] = [
            ("wrong_default", "defaults", "class Probe: property count: declared default 3, a fresh instance has 4"),
            // A draw that depends on its address: caught by whichever comparison sees another address
            // first (an instance drawn at another size before, or a fresh one in a filled worker).
            ("nondeterministic_draw", "determinism", "class Probe: an instance drawn at 60×27 first, then at 120×40, draws differently from a fresh one | class Probe: a fresh instance drawn in a worker whose new memory (from malloc, and the stack) holds 0x55 draws differently"),
            ("crash_at_zero", "draw-sizes", "class Probe: drawing at 0×0 failed: crashed"),
            ("leak", "memory", "class Probe: allocated memory +"),
            ("lossy_setter", "round-trip", "class Probe: property ratio: set "),
            ("missing_resource", "resources", "class Probe: property icon: the default names image 'icons/missing.png', which is not in the resources (tried: "),
            ("stdout_writes", "stdout", "Probe: layout and draw: wrote 14 bytes to stdout, starting \"drawing Probe\""),
            // Read memory never set: the same garbage in every worker forked alike (both passed). A
            // field malloc left unset may also differ between two instances of one worker (" | ": either).
            ("uninitialised_field", "determinism", "class Probe: a fresh instance drawn in a worker whose new memory (from malloc, and the stack) holds 0x55 draws differently | class Probe: an instance drawn at 60×27 first, then at 120×40, draws differently from a fresh one"),
            ("uninitialised_stack", "determinism", "class Probe: a fresh instance drawn in a worker whose new memory (from malloc, and the stack) holds 0x55 draws differently"),
        ]
        let files = try expected.map { try fault($0.0) }
        let (status, checks, raw) = try validate(files, ["--seed", "42"])
        XCTAssertEqual(status, 1, raw.stderr)
        XCTAssertEqual(checks.count, expected.count)
        for ((name, check, message), plugin) in zip(expected, checks) {
            XCTAssertEqual(failed(plugin), [check], "\(name) must fail exactly \(check): \(plugin)")
            let messages = plugin[check]?.1 ?? []
            let alternatives = message.components(separatedBy: " | ")
            XCTAssertTrue(messages.contains { m in alternatives.contains { m.hasPrefix($0) } }, "\(name): \(messages)")
        }
        // What the messages say beyond their start.
        let crash = checks[2]["draw-sizes"]!.1.joined(separator: "\n")
        XCTAssertTrue(crash.contains("SIGSEGV") && crash.contains("[phase: draw]"), crash)
        XCTAssertTrue(checks[2]["draw-sizes"]!.1.count == 1, "only 0×0 fails; 1×1 and larger draw")
        let leak = checks[3]["memory"]!.1[0]
        XCTAssertTrue(leak.contains("bytes are not freed per instance"), leak)
        let growth = Int(leak.split(separator: "+")[1].prefix { $0.isNumber })!
        XCTAssertGreaterThanOrEqual(growth, 512 * 1000, "512 bytes per instance, 1000 instances: \(leak)")
        let lossy = checks[4]["round-trip"]!.1
        XCTAssertTrue(lossy.last!.contains("seed 42; reproduce with --seed 42"), "\(lossy)")
    }

    func testEveryDescriptorProblemIsReportedAndTheRestIsSkipped() throws {
        let (status, checks, raw) = try validate([try fault("bad_descriptors")])
        XCTAssertEqual(status, 1, raw.stdout)
        let plugin = try XCTUnwrap(checks.first)
        XCTAssertEqual(failed(plugin), ["load", "descriptors"])
        let problems = plugin["descriptors"]!.1
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("class Probe: property count: the default value is invalid") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("class Probe: property title: has a range but is a String") }, "\(problems)")
        for check in Self.allChecks.dropFirst(2) {
            XCTAssertEqual(plugin[check]?.0, "skipped", check)
            XCTAssertEqual(plugin[check]?.1, ["the plugin did not load (see the load check)"], check)
        }
    }

    /// Problems that hid behind others: a name declared twice when one of the two is invalid, and a
    /// variant's problem in a class whose properties have problems (both were missing).
    func testProblemsBehindOtherProblemsAreReportedToo() throws {
        let (status, checks, raw) = try validate([try fault("hidden_problems")], ["--filter", "descriptors"])
        XCTAssertEqual(status, 1, raw.stdout)
        let problems = try XCTUnwrap(checks.first?["descriptors"]).1
        XCTAssertEqual(problems.count, 3, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("class Probe: property count: invalid range min 5.0, max 1.0") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("class Probe: property count: the property name is declared twice in this class") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("class Probe: property nope: easel.variants/1: variant 'missing': no such property") }, "\(problems)")
    }

    func testTextOutputListFilterOnlyFailedAndSeed() throws {
        let list = try runHost(["validate", "--list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }, Self.allChecks)
        XCTAssertTrue(list.stdout.contains("memory             no growth of allocated memory (malloc statistics) over 1000 create/destroy cycles (budget 60 s)"), list.stdout)

        let lossy = try fault("lossy_setter")
        let text = try runHost(["validate", "--seed", "7", lossy])
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stdout.hasPrefix("host validate: seed 7 (reproduce with --seed 7); 19 checks per plugin\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("  failed   round-trip         class Probe: property ratio: set "), text.stdout)
        XCTAssertTrue(text.stdout.contains("  passed   defaults           "), text.stdout)
        XCTAssertTrue(text.stdout.contains("Validate faults 1.0.0 (org.easel.tests.validate-faults): 11 passed, 1 failed, 0 warnings, 7 skipped"), text.stdout)
        XCTAssertTrue(text.stdout.hasSuffix("1 plugin, 1 failed: 11 passed, 1 failed, 0 warnings, 7 skipped\n"), text.stdout)
        // The same seed, the same values: the failure reproduces exactly.
        XCTAssertEqual(try runHost(["validate", "--seed", "7", "--filter", "round-trip", lossy]).stdout
                        .split(separator: "\n").filter { $0.contains("ratio") },
                       text.stdout.split(separator: "\n").filter { $0.contains("ratio") })
        let only = try runHost(["validate", "--only-failed", "--seed", "7", lossy])
        XCTAssertFalse(only.stdout.contains("passed   "), only.stdout)
        XCTAssertTrue(only.stdout.contains("failed   round-trip"), only.stdout)
        let filtered = try runHost(["validate", "--filter", "draw*,layout*", lossy])
        XCTAssertEqual(filtered.status, 0, "round-trip did not run")
        XCTAssertTrue(filtered.stdout.contains("2 checks per plugin"), filtered.stdout)
        XCTAssertTrue(filtered.stdout.contains("passed   draw-sizes") && filtered.stdout.contains("passed   layout-idempotent"), filtered.stdout)
    }

    /// `--list --json` printed the text list; a seed above Int64.max was written to the JSON as a
    /// negative number (18446744073709551615 as -1), which --seed then refused; a worker's last
    /// output in a failure was printed from the left margin, out of the check's column.
    func testListAsJSONSeedRangeAndWorkerOutputUnderTheCheck() throws {
        let list = try runHost(["validate", "--list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: list.stdoutData) as? [String: Any], list.stdout)
        XCTAssertEqual(json["schema"] as? String, "easel.validate/1")
        XCTAssertEqual((json["checks"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, Self.allChecks)

        let big = try runHost(["validate", "--seed", "18446744073709551615", "a.so"])
        XCTAssertEqual(big.status, 64, big.stderr)
        XCTAssertTrue(big.stderr.contains("from 0 to 9223372036854775807"), big.stderr)

        let crashing = try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"], name: "faulty_crash_draw")
        // Faulty has one property: "1 properties" read as a typo.
        let notes = try runHost(["validate", "--filter", "descriptors,defaults", crashing])
        XCTAssertTrue(notes.stdout.contains("every descriptor is valid (1 property)"), notes.stdout)
        XCTAssertTrue(notes.stdout.contains("1 property read back its declared default from a fresh instance"), notes.stdout)
        let text = try runHost(["validate", "--only-failed", "--filter", "draw-sizes", crashing])
        XCTAssertEqual(text.status, 1, text.stdout)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  failed   draw-sizes") }, text.stdout)
        let column = String(repeating: " ", count: 30)
        let continuation = lines[(start + 1)...].prefix { !$0.hasPrefix("  Faulty ") }
        XCTAssertTrue(continuation.contains { $0.contains("last output of the worker:") }, text.stdout)
        XCTAssertTrue(continuation.allSatisfy { $0.hasPrefix(column) }, text.stdout)
    }

    func testInProcessRunsTheSameChecks() throws {
        let (status, checks, raw) = try validate([try fault("wrong_default")], ["--in-process"])
        XCTAssertEqual(status, 1, raw.stderr)
        let plugin = try XCTUnwrap(checks.first)
        XCTAssertEqual(failed(plugin), ["defaults"])
        XCTAssertEqual(plugin["deinit"]?.0, "passed")
        XCTAssertTrue(plugin["determinism"]!.1.contains("with --in-process the worker's direct drawing and uninitialised memory are not checked"))
    }

    /// A directory or a FIFO named as the plugin exited 66 ("is not a regular file"), the status
    /// of a path that does not exist; it says what the path is, with the status of a file that
    /// cannot be a plugin (69, phase load), as `host inspect` does, and never opens the FIFO.
    func testAPathThatIsNotARegularFileIsSaidToBeOne() throws {
        let dir = try TestPaths.scratch()
        XCTAssertEqual(mkfifo(dir + "/libFifo.so", 0o644), 0)
        try FileManager.default.createDirectory(atPath: dir + "/libFolder.so", withIntermediateDirectories: false)
        for command in ["validate", "inspect"] {
            for (name, kind) in [("libFifo.so", "a FIFO"), ("libFolder.so", "a directory")] {
                let r = try runHost([command, name], directory: dir)
                XCTAssertEqual(r.status, 69, "\(command) \(name): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("\(name): is \(kind), not a regular file (expected a .so library) [phase: load]"),
                              "\(command) \(name): \(r.stderr)")
            }
            let missing = try runHost([command, "libMissing.so"], directory: dir)
            XCTAssertEqual(missing.status, 66, missing.stderr)
            XCTAssertTrue(missing.stderr.contains("libMissing.so: no such file"), missing.stderr)
        }
    }

    func testUsageErrors() throws {
        // A path inside this test's own folder, known not to exist (never a global one).
        let absent = try TestPaths.scratch() + "/absent/such.so"
        for (args, status, message) in [([String](), Int32(66), "./components: no such directory"), ([absent], 66, absent + ": no such file"),
                                        (["--seed", "x", "a.so"], 64, "--seed 'x'"), (["--filter", "nothing*", "--list"], 64, "matches no check"),
                                        // An empty pattern ran every check.
                                        (["--filter", "", "--list"], 64, "--filter: expected a check name or a shell glob"),
                                        (["--filter", ",", "--list"], 64, "not an empty pattern")] {
            // In a folder of its own: `Scripts/setup` leaves a ./components in the checkout.
            let r = try runHost(["validate"] + args, directory: try TestPaths.scratch("usage"))
            XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }
}
