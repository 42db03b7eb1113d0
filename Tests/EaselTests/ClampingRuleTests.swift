import EaselHost
import Foundation
import XCTest

/// The clamping rule (easel.h, property_changed) and dependent ranges (easel.ranges/1), as newcomers
/// write them in C (Tests/Fixtures/clamping.c) and Swift (Tests/Fixtures/SwiftClamping): a clamp the
/// component reports is a warning of `host validate` that says how to declare the range, not a
/// failure; a dependent range is read, shown by inspect and the designer, and checked by validate.
final class ClampingRuleTests: XCTestCase {
    override func setUp() { useHostAsWorker() }

    private func clamping(_ defines: [String] = []) throws -> String {
        try CFixture.build("clamping.c", defines: defines)
    }

    func testAReportedClampIsAWarningThatSaysHowToDeclareTheRange() throws {
        let validate = try runHost(["validate", "--seed", "7", try clamping()])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("warning  round-trip         class Counter: property count: set -1, read back 0"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("the component changed the value itself and reported it (property_changed)"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("declare the range it keeps so that the inspector offers only those values (easel_property.range; in Swift @Inspector(range:))"),
                      validate.stdout)
        XCTAssertTrue(validate.stdout.contains(" 0 failed, 1 warning"), validate.stdout)
        // The dependent range is kept when its bound moves: no warning about Meter.value.
        XCTAssertFalse(validate.stdout.contains("property value"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("passed   extensions         well-formed and usable: Meter: easel.ranges/1 (1 bound moved past the value it bounds)"),
                      validate.stdout)
    }

    func testAClampThatIsNotReportedStillFails() throws {
        let validate = try runHost(["validate", "--seed", "7", "--filter", "round-trip", try clamping(["SILENT"])])
        XCTAssertEqual(validate.status, 1, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("class Counter: property count: set -1, read back 0 (and did not report the change with property_changed)"),
                      validate.stdout)
    }

    func testADependentRangeIsReadAndShown() throws {
        let registry = Registry(files: [try clamping()], environment: testEnvironment)
        XCTAssertEqual(registry.failures, [])
        let meter = try XCTUnwrap(try registry.designableClass(named: "Meter"))
        XCTAssertEqual(meter.info.property(named: "value")?.dependentRange, DependentRange(maximum: "maximum"))
        XCTAssertNil(meter.info.property(named: "maximum")?.dependentRange)
        XCTAssertEqual(meter.info.extensions, ["easel.ranges/1"])

        let root = try componentsFolder(["libClamping.so": try clamping()])
        let inspect = try runHost(["inspect", "Meter"], directory: root)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdout.contains("Int. Range: 0 - 1000, step 1; Maximum: the value of maximum; Default: 30"), inspect.stdout)
        let json = try runHost(["inspect", "Meter", "--json", "--set", "maximum=20"], directory: root)
        XCTAssertEqual(json.status, 0, json.stderr)
        let properties = try XCTUnwrap(((try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])?["classes"] as? [[String: Any]])?.first?["properties"] as? [[String: Any]])
        let value = try XCTUnwrap(properties.first { $0["name"] as? String == "value" })
        let dependent = try XCTUnwrap(value["dependentRange"] as? [String: Any])
        XCTAssertEqual(dependent["max"] as? String, "maximum")
        XCTAssertTrue(dependent["min"] is NSNull)
        XCTAssertEqual(value["valueText"] as? String, "20", "the component clamped value to the new maximum")
        XCTAssertEqual(value["reportedByComponent"] as? Bool, true)
        XCTAssertEqual(value["currentRange"] as? [String: Double], ["min": 0, "max": 20, "step": 1])
        XCTAssertTrue(properties.first { $0["name"] as? String == "maximum" }?["dependentRange"] is NSNull)
    }

    func testAComponentThatDoesNotKeepItsDependentRangeFailsValidation() throws {
        let unclamped = try runHost(["validate", "--filter", "extensions", try clamping(["NO_CLAMP"])])
        XCTAssertEqual(unclamped.status, 1, unclamped.stdout)
        XCTAssertTrue(unclamped.stdout.contains("class Meter: easel.ranges/1: property value: after maximum, its maximum, was set to 29, it reads back 30: 30 is outside its bounds 0…29 (Maximum: the value of maximum)"),
                      unclamped.stdout)
        let unreported = try runHost(["validate", "--filter", "extensions", try clamping(["FORGET_REPORT"])])
        XCTAssertEqual(unreported.status, 1, unreported.stdout)
        XCTAssertTrue(unreported.stdout.contains("it changed from 30 to 29 without property_changed(\"value\"): a designer would still show 30"),
                      unreported.stdout)
    }

    func testABadRangeTableIsRefusedNamingTheClassAndProperty() throws {
        let expected = [
            1: "class Meter: property value: easel.ranges/1: the maximum 'label' is a String (expected one of its Int, CGFloat and Double properties: value, maximum)",
            2: "class Meter: property value: easel.ranges/1: the maximum 'ceiling' names no property of the class",
            3: "class Meter: property value: easel.ranges/1: the maximum is the property itself",
            4: "class Meter: property value: easel.ranges/1: the default value 150 is above the default of its maximum, maximum (100)",
            5: "class Meter: property value: easel.ranges/1: neither minimum nor maximum is given",
        ]
        for (fault, message) in expected.sorted(by: { $0.key < $1.key }) {
            let registry = Registry(files: [try clamping(["BAD_RANGES=\(fault)"])], environment: testEnvironment)
            let failures = registry.failures.map { "\($0)" }.joined(separator: "\n")
            XCTAssertTrue(failures.contains(message), "BAD_RANGES=\(fault): \(failures)")
            XCTAssertTrue(failures.contains("[phase: validate]"), failures)
            XCTAssertNil(try registry.designableClass(named: "Meter"), "BAD_RANGES=\(fault): the class is not loaded")
        }
    }

    /// Swift: a didSet that assigns its own property is reported by EaselKit (the host reads the value
    /// kept), and `@Inspector(maximum:)` declares a dependent range that the setters keep.
    func testSwiftDidSetClampsAreReportedAndDependentRangesDeclared() throws {
        let plugin = try SwiftFixture.build("SwiftClamping")
        for isolation in [Isolation.inProcess, .default] {
            let registry = Registry(files: [plugin], isolation: isolation, environment: testEnvironment)
            XCTAssertEqual(registry.failures, [])
            let counter = try XCTUnwrap(try registry.designableClass(named: "ClampedCounter")).makeInstance(frame: Rect(size: Size(width: 40, height: 20)))
            _ = try counter.takeRequests()
            try counter.set("count", to: .int(-5))
            XCTAssertEqual(try counter.get("count"), .int(0))
            XCTAssertEqual(try counter.takeRequests().changedProperties, ["count"], "EaselKit reports the value the didSet kept")
            try counter.set("count", to: .int(5))
            XCTAssertEqual(try counter.takeRequests().changedProperties, [], "a value kept as given is not reported")

            let meterClass = try XCTUnwrap(try registry.designableClass(named: "RangedMeter"))
            XCTAssertEqual(meterClass.info.property(named: "value")?.dependentRange, DependentRange(maximum: "limit"))
            let meter = try meterClass.makeInstance(frame: Rect(size: Size(width: 40, height: 20)))
            _ = try meter.takeRequests()
            try meter.set("limit", to: .int(10))
            XCTAssertEqual(try meter.get("value"), .int(10))
            XCTAssertEqual(try meter.takeRequests().changedProperties, ["value"], "limit's didSet clamped value")
        }
        let validate = try runHost(["validate", "--seed", "7", plugin])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("class ClampedCounter: property count: set -1, read back 0"), validate.stdout)
        XCTAssertFalse(validate.stdout.contains("RangedMeter: property"), "the dependent range is kept: \(validate.stdout)")
        XCTAssertTrue(validate.stdout.contains("RangedMeter: easel.ranges/1 (1 bound moved"), validate.stdout)
    }

    /// The designer: `GET /api/classes/Meter` says the bounds in force for the values held
    /// (`currentRange`), which follow the maximum; the inspector's slider ends there
    /// (Tests/Browser/designer_ranges.py).
    func testTheDesignerShowsTheBoundsTheMaximumGives() throws {
        let root = try componentsFolder(["libClamping.so": try clamping()])
        let server = try WatchProcess(["--port", "0"], directory: root, command: "serve")
        defer { server.stop() }
        let line = server.waitForLine(containing: "serving the designer at http://") ?? ""
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }, line)
        func value(_ json: [String: Any]) -> [String: Any]? {
            ((json["class"] as? [String: Any])?["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "value" }
        }
        let before = try HTTPClient.request(port, "GET", "/api/classes/Meter")
        XCTAssertEqual(value(before.json)?["currentRange"] as? [String: Double], ["min": 0, "max": 100, "step": 1], before.text)
        let set = try HTTPClient.json(port, "/api/values", ["class": "Meter", "values": ["maximum": 20]])
        XCTAssertEqual(set.status, 200, set.text)
        XCTAssertEqual(value(set.json)?["currentRange"] as? [String: Double], ["min": 0, "max": 20, "step": 1], set.text)
        // The render sets maximum=20 and the component clamps value to it: the class shows the value
        // the instance has (20), which the designer does not hold (it follows the maximum).
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Meter").status, 200)
        let shown = try HTTPClient.request(port, "GET", "/api/classes/Meter")
        XCTAssertEqual(value(shown.json)?["valueText"] as? String, "20", shown.text)
        XCTAssertEqual(value(shown.json)?["held"] as? Bool, false, shown.text)
        let reset = try HTTPClient.json(port, "/api/values", ["class": "Meter", "values": ["maximum": NSNull(), "value": NSNull()]])
        XCTAssertEqual(value(reset.json)?["currentRange"] as? [String: Double], ["min": 0, "max": 100, "step": 1], reset.text)
        try BrowserTest.run("designer_ranges.py", ["\(port)"])
    }

    /// Through a reload of the plugin (`host serve`, real sockets): what the component derived itself
    /// while its held values were set (Meter clamps `value` to `maximum` and reports it) is shown as
    /// the instance has it, never held; what the user set is held, restored and never replaced by
    /// the clamp. (A reload once made the reported clamp a held value, shown as modified, which then
    /// stayed when the maximum was raised again.)
    func testAReloadHoldsOnlyWhatTheUserSetNotWhatTheComponentDerived() throws {
        let build = try clamping()
        let root = try componentsFolder(["libClamping.so": build])
        let server = try WatchProcess(["--port", "0"], directory: root, command: "serve")
        defer { server.stop() }
        let line = server.waitForLine(containing: "serving the designer at http://") ?? ""
        let port = try XCTUnwrap(line.split(separator: ":").dropFirst(2).first.flatMap { UInt16($0.prefix { $0.isNumber }) }, line)
        let events = try EventStreamClient(port: port)
        XCTAssertNotNil(events.waitFor("hello"))
        func meter() throws -> [String: (text: String?, held: Bool?)] {
            let detail = try HTTPClient.request(port, "GET", "/api/classes/Meter")
            XCTAssertEqual(detail.status, 200, detail.text)
            let properties = (detail.json["class"] as? [String: Any])?["properties"] as? [[String: Any]] ?? []
            return properties.reduce(into: [:]) { $0[$1["name"] as? String ?? ""] = ($1["valueText"] as? String, $1["held"] as? Bool) }
        }
        var build2 = 1
        func reload() throws {
            build2 += 1
            let mark = events.mark
            try replaceAtomically(root + "/components/libClamping.so", with: build)
            XCTAssertNotNil(events.waitFor("reload", since: mark) { $0["build"] as? Int == build2 }, events.all.joined(separator: "\n"))
        }

        // The user lowers the maximum: the component clamps value (default 30) to 20 and reports it.
        XCTAssertEqual(try HTTPClient.json(port, "/api/values", ["class": "Meter", "values": ["maximum": 20]]).status, 200)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Meter").status, 200)
        XCTAssertEqual(try meter()["value"]?.text, "20")
        XCTAssertEqual(try meter()["value"]?.held, false, "a clamp is not the user's value")
        try reload()
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Meter").status, 200)
        var after = try meter()
        XCTAssertEqual(after["maximum"]?.text, "20")
        XCTAssertEqual(after["maximum"]?.held, true, "what the user set is held across the reload")
        XCTAssertEqual(after["value"]?.text, "20", "the value as the instance has it")
        XCTAssertEqual(after["value"]?.held, false, "after a reload, a clamp is still not the user's value")
        // Raising the maximum again: value is its own again (its default), not the clamp.
        let raised = try HTTPClient.json(port, "/api/values", ["class": "Meter", "values": ["maximum": NSNull()]])
        XCTAssertEqual(raised.status, 200, raised.text)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Meter").status, 200)
        after = try meter()
        XCTAssertEqual(after["value"]?.text, "30", "the default again, not the clamp the reload saw")
        XCTAssertEqual(after["value"]?.held, false)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/classes/Meter").json["defaults"] as? Bool, true)

        // The user sets value 80, then a maximum of 50: the instance has 50; the designer holds 80.
        XCTAssertEqual(try HTTPClient.json(port, "/api/values", ["class": "Meter", "values": ["value": 80]]).status, 200)
        XCTAssertEqual(try HTTPClient.json(port, "/api/values", ["class": "Meter", "values": ["maximum": 50]]).status, 200)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Meter").status, 200)
        XCTAssertEqual(try meter()["value"]?.text, "50")
        try reload()
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Meter").status, 200)
        after = try meter()
        XCTAssertEqual(after["value"]?.text, "50")
        XCTAssertEqual(after["value"]?.held, true, "the user's value is still held")
        let back = try HTTPClient.json(port, "/api/values", ["class": "Meter", "values": ["maximum": 100]])
        XCTAssertEqual(back.status, 200, back.text)
        XCTAssertEqual(try HTTPClient.request(port, "GET", "/api/preview?class=Meter").status, 200)
        XCTAssertEqual(try meter()["value"]?.text, "80", "the value the user set, not the clamp the reload saw")
        XCTAssertTrue(server.isRunning)
    }
}
