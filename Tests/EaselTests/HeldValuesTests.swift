import EaselHost
import EaselPreview
import XCTest

/// The bookkeeping behind values kept across reloads, the schema diff and failures taken apart,
/// without processes: plain data in, plain data out.
final class HeldValuesTests: XCTestCase {
    let plugin = PluginInfo(path: "libX.so", id: "x", name: "X", version: "1", summary: nil, abi: "1.0")

    func info(_ properties: [PropertyInfo]) -> ClassInfo {
        ClassInfo(name: "X", summary: nil, group: "X", kind: .view, defaultSize: Size(width: 10, height: 10),
                  properties: properties, plugin: plugin)
    }

    func testAValueIsParkedOnceAndRestoredWhenItFitsAgainEvenAfterATypeRoundTrip() {
        var held = HeldValues()
        let tint = [PropertyAssignment(name: "tint", text: "#FF0000")]
        let color = info([PropertyInfo(name: "tint", type: .color, defaultValue: .color(Color(red: 1, green: 1, blue: 1, alpha: 1)))])
        let string = info([PropertyInfo(name: "tint", type: .string, defaultValue: .string(""))])
        XCTAssertEqual(held.resolve(tint, owner: "X", for: color).values.count, 1)
        // Retyped: parked with one warning, silent while it stays parked.
        var (values, notices) = held.resolve(tint, owner: "X", for: string)
        XCTAssertTrue(values.isEmpty)
        XCTAssertEqual(notices.map(\.text), ["X.tint=#FF0000 dropped: the property changed type from Color to String (kept aside: restored when a build fits it again)"])
        XCTAssertTrue(held.isParked(owner: "X", name: "tint"))
        XCTAssertTrue(held.resolve(tint, owner: "X", for: string).notices.isEmpty)
        // Back to its own type: restored at once (it is never re-parsed as the other type).
        (values, notices) = held.resolve(tint, owner: "X", for: color)
        XCTAssertEqual(values.first?.value, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))
        XCTAssertEqual(notices.map(\.text), ["X.tint=#FF0000 restored: this build fits it again"])
        XCTAssertFalse(held.isParked(owner: "X", name: "tint"))
    }

    func testRangesAndMissingPropertiesAndGlobalValues() {
        var held = HeldValues()
        let wide = info([PropertyInfo(name: "level", type: .int, defaultValue: .int(0), range: NumericRange(min: 0, max: 10, step: 1))])
        let narrow = info([PropertyInfo(name: "level", type: .int, defaultValue: .int(0), range: NumericRange(min: 0, max: 5, step: 1))])
        let none = info([])
        let level = [PropertyAssignment(name: "level", text: "8")]
        XCTAssertEqual(held.resolve(level, owner: "X", for: wide).values.count, 1)
        XCTAssertTrue(held.resolve(level, owner: "X", for: narrow).notices.first?.text.contains("8 is outside the range 0…5") ?? false)
        XCTAssertEqual(held.resolve(level, owner: "X", for: wide).notices.map(\.text), ["X.level=8 restored: this build fits it again"])
        // A global value that applied before and lost its property is parked; one that never applied is skipped quietly.
        XCTAssertEqual(held.resolve(level, owner: "X", for: none).notices.count, 1)
        var fresh = HeldValues()
        XCTAssertTrue(fresh.resolve(level, owner: "Y", for: none).notices.isEmpty)
        // Aimed at the class: always said.
        XCTAssertEqual(fresh.resolve([PropertyAssignment(className: "X", name: "level", text: "1")], owner: "X", for: none).notices.count, 1)
        // Forgotten (the designer reset it): no longer parked or typed.
        held.forget(owner: "X", name: "level")
        XCTAssertFalse(held.isParked(owner: "X", name: "level"))
    }

    func testSchemaDiffReportsRanges() {
        let a = info([PropertyInfo(name: "temperature", type: .double, defaultValue: .double(0), range: NumericRange(min: -40, max: 120, step: 0)),
                      PropertyInfo(name: "ratio", type: .double, defaultValue: .double(0), range: NumericRange(min: 0, max: 1, step: 0.1))])
        let b = info([PropertyInfo(name: "temperature", type: .double, defaultValue: .double(0), range: NumericRange(min: -40, max: 60, step: 0)),
                      PropertyInfo(name: "ratio", type: .double, defaultValue: .double(0), range: NumericRange(min: 0, max: 1, step: 0.05)),
                      PropertyInfo(name: "count", type: .int, defaultValue: .int(0))])
        XCTAssertEqual(SchemaDiff(old: a, new: b).summary,
                       "+count (Int), temperature range -40…120→-40…60, ratio range 0…1 step 0.1→0…1 step 0.05")
        XCTAssertTrue(SchemaDiff(old: a, new: a).isEmpty)
    }

    func testAFailureTakenApart() {
        let error = HostError(.pluginFailure, "crashed with SIGSEGV (segmentation fault: a bad memory access)\n  last output of the worker:\n    line one\n    line two",
                              file: "libX.so", className: "X", phase: .draw)
        let f = PluginFailure(error)
        XCTAssertEqual(f.reason, "crashed with SIGSEGV (segmentation fault: a bad memory access)")
        XCTAssertEqual(f.signal, "SIGSEGV")
        XCTAssertEqual(f.output, ["line one", "line two"])
        XCTAssertEqual(f.phase, "draw")
        XCTAssertNil(f.exitStatus)
        let exit = PluginFailure(HostError(.pluginFailure, "exited with status 3 (did the plugin call exit()?)", phase: .create))
        XCTAssertEqual(exit.exitStatus, 3)
        XCTAssertNil(exit.signal)
        XCTAssertTrue(PluginFailure(HostError(.pluginFailure, "did not answer within 1 s (an endless loop or a deadlock?); the worker was stopped")).timedOut)
    }
}
