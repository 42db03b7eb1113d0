import CCairo
import CEasel
import CEaselRuntime
import EaselRender
import Foundation
import XCTest

/// The embedding runtime (easel_runtime.h) through its C functions, as an application calls them:
/// real plugins loaded into this process (or into workers), real pixels compared with `host render`,
/// reloads of rebuilt files, crashes in workers and in process.
final class EmbeddingRuntimeTests: XCTestCase {
    override func setUp() {
        useHostAsWorker()
    }

    func testAViewDrawsWhatHostRenderDrawsAndHoldsItsValues() throws {
        let root = try exampleComponents(["Gauge", "RoundedCornerButton"])
        let runtime = try openRuntime(root + "/components")
        defer { easel_runtime_close(runtime) }
        XCTAssertEqual((0..<easel_runtime_class_count(runtime)).map { String(cString: easel_runtime_class_name(runtime, $0)!) },
                       ["Gauge", "RoundedCornerButton"])
        XCTAssertNil(easel_runtime_class_name(runtime, 2))

        let gauge = try makeView(runtime, "Gauge")
        defer { easel_view_destroy(gauge) }
        let frame = easel_view_get_frame(gauge)
        XCTAssertEqual([frame.size.width, frame.size.height], [120, 120], "the natural size: the class's default size")
        try setValue(gauge, "value", "80")
        XCTAssertEqual(try getValue(gauge, "value"), "80")
        XCTAssertEqual(try drawView(gauge), try hostRender("Gauge", plugins: root + "/components", arguments: ["--set", "value=80"]),
                       "the runtime draws exactly what host render draws")
        XCTAssertEqual(try drawView(gauge, scale: 2),
                       try hostRender("Gauge", plugins: root + "/components", arguments: ["--set", "value=80", "--scale", "2"]))

        // Typed: an Int through easel_value, read back typed.
        var value = easel_value()
        value.i = 35
        _ = try runtimeCall({ !$0 }) { easel_view_set_value(gauge, "value", EASEL_TYPE_INT, &value, $0) }
        var type: easel_type = 0
        var read = easel_value()
        _ = try runtimeCall({ !$0 }) { easel_view_get_value(gauge, "value", &type, &read, $0) }
        XCTAssertEqual(type, EASEL_TYPE_INT)
        XCTAssertEqual(read.i, 35)
        _ = try runtimeCall({ !$0 }) { easel_view_get_value(gauge, "label", &type, &read, $0) }
        XCTAssertEqual(type, EASEL_TYPE_STRING)
        XCTAssertEqual(String(cString: read.s!), "CPU")

        // The properties and actions, as the class declares them.
        let names = (0..<easel_view_property_count(gauge)).map { String(cString: easel_view_property_name(gauge, $0, nil)!) }
        XCTAssertEqual(names.first, "value")
        XCTAssertNil(easel_view_property_name(gauge, names.count, nil))

        // A button at its intrinsic size, with an action.
        let button = try makeView(runtime, "RoundedCornerButton", size: (200, 0))
        defer { easel_view_destroy(button) }
        let buttonFrame = easel_view_get_frame(button)
        XCTAssertEqual(buttonFrame.size.width, 200, "a width given is kept")
        XCTAssertGreaterThan(buttonFrame.size.height, 0, "a height of 0 takes the natural height")
        XCTAssertEqual(String(cString: easel_view_action_name(button, 0)!), "highlight")
        _ = try runtimeCall({ !$0 }) { easel_view_invoke(button, "highlight", nil, $0) }
    }

    func testErrorsAreValuesNamingFileClassPropertyAndPhase() throws {
        let root = try exampleComponents(["Gauge"])
        let runtime = try openRuntime(root + "/components")
        defer { easel_runtime_close(runtime) }
        let gauge = try makeView(runtime, "Gauge")
        defer { easel_view_destroy(gauge) }
        try setValue(gauge, "value", "40")

        XCTAssertThrowsError(try setValue(gauge, "value", "180")) { error in
            let e = error as! RuntimeFailure
            XCTAssertEqual(e.kind, EASEL_ERROR_BAD_DATA)
            XCTAssertEqual(e.className, "Gauge")
            XCTAssertEqual(e.property, "value")
            XCTAssertTrue(e.file?.hasSuffix("components/libGauge.so") ?? false, "\(e)")
            XCTAssertTrue(e.description.contains("class Gauge: property value: 180 is outside the range 0…100"), e.description)
        }
        XCTAssertEqual(try getValue(gauge, "value"), "40", "a refused value leaves the view as it was")
        XCTAssertThrowsError(try setValue(gauge, "vaule", "1")) { error in
            XCTAssertEqual((error as! RuntimeFailure).kind, EASEL_ERROR_BAD_DATA)
            XCTAssertTrue((error as! RuntimeFailure).message.contains("expected one of: value"), "\(error)")
        }
        var value = easel_value()
        value.d = 1.5
        XCTAssertThrowsError(try runtimeCall({ !$0 }) { easel_view_set_value(gauge, "value", EASEL_TYPE_DOUBLE, &value, $0) }) { error in
            XCTAssertEqual((error as! RuntimeFailure).kind, EASEL_ERROR_BAD_DATA)
            XCTAssertTrue("\(error)".contains("a Double value was given for a Int property"), "\(error)")
        }
        XCTAssertThrowsError(try runtimeCall({ !$0 }) { easel_view_invoke(gauge, "explode", nil, $0) }) { error in
            XCTAssertEqual((error as! RuntimeFailure).kind, EASEL_ERROR_BAD_DATA)
        }
        XCTAssertThrowsError(try makeView(runtime, "Guage")) { error in
            let e = error as! RuntimeFailure
            XCTAssertEqual(e.kind, EASEL_ERROR_NOT_FOUND)
            XCTAssertEqual(e.className, "Guage")
            XCTAssertTrue(e.message.contains("did you mean 'Gauge'?"), e.message)
        }
        XCTAssertThrowsError(try openRuntime(root + "/nothing-here")) { error in
            XCTAssertEqual((error as! RuntimeFailure).kind, EASEL_ERROR_NOT_FOUND)
        }
        // A wrong frame or traits are usage errors, not crashes.
        let bad = easel_rect(origin: easel_point(x: 0, y: 0), size: easel_size(width: -3, height: .nan))
        XCTAssertThrowsError(try runtimeCall({ !$0 }) { easel_view_set_frame(gauge, bad, $0) }) { error in
            XCTAssertEqual((error as! RuntimeFailure).kind, EASEL_ERROR_USAGE)
        }
        var traits = easel_traits()
        traits.appearance = 7
        XCTAssertThrowsError(try runtimeCall({ !$0 }) { easel_view_set_traits(gauge, &traits, $0) })
        // An error pointer left NULL drops the error; the call still fails.
        XCTAssertFalse(easel_view_set(gauge, "value", "x", nil))
        // Options of an older, smaller struct are refused by name.
        var options = easel_runtime_options()
        options.struct_size = 8
        XCTAssertThrowsError(try openRuntime(root + "/components", options)) { error in
            XCTAssertTrue("\(error)".contains("easel_runtime_options.struct_size is 8"), "\(error)")
        }
    }

    func testPointerEventsKeepEaselsPromisesAndReportActionsAndChanges() throws {
        let root = try exampleComponents(["Gauge", "RoundedCornerButton"])
        let runtime = try openRuntime(root + "/components")
        defer { easel_runtime_close(runtime) }
        let button = try makeView(runtime, "RoundedCornerButton")
        defer { easel_view_destroy(button) }
        let events = ViewEvents()
        events.listen(to: button)
        XCTAssertTrue(easel_view_takes_input(button))
        XCTAssertTrue(try send(button, EASEL_POINTER_DOWN, 20, 20))
        XCTAssertTrue(try send(button, EASEL_POINTER_UP, 22, 20))
        XCTAssertEqual(events.actions, ["touchDown", "touchUpInside", "primaryActionTriggered"])
        XCTAssertGreaterThan(events.redraws, 0, "the pressed state asks to be drawn")

        // The gauge's hit test is its disc: a down in a corner is not the gauge's, and neither are
        // the moves and the up of that sequence.
        let gauge = try makeView(runtime, "Gauge")
        defer { easel_view_destroy(gauge) }
        let gaugeEvents = ViewEvents()
        gaugeEvents.listen(to: gauge)
        try setValue(gauge, "value", "50")
        XCTAssertFalse(try runtimeCall({ _ in false }) { easel_view_hit_test(gauge, easel_point(x: 3, y: 3), $0) })
        XCTAssertTrue(try runtimeCall({ _ in false }) { easel_view_hit_test(gauge, easel_point(x: 60, y: 60), $0) })
        XCTAssertFalse(try send(gauge, EASEL_POINTER_DOWN, 3, 3))
        XCTAssertFalse(try send(gauge, EASEL_POINTER_MOVE, 115, 60, buttons: 1))
        XCTAssertFalse(try send(gauge, EASEL_POINTER_UP, 115, 60))
        XCTAssertEqual(try getValue(gauge, "value"), "50")
        XCTAssertEqual(gaugeEvents.changes, [])
        // A drag that starts on the ring moves the value, reported as the component's own change.
        XCTAssertTrue(try send(gauge, EASEL_POINTER_DOWN, 60, 5))
        XCTAssertTrue(try send(gauge, EASEL_POINTER_MOVE, 115, 60, buttons: 1))
        XCTAssertTrue(try send(gauge, EASEL_POINTER_UP, 115, 60))
        let value = try getValue(gauge, "value")
        XCTAssertNotEqual(value, "50")
        XCTAssertEqual(gaugeEvents.changes.last, "value=\(value)")
        XCTAssertTrue(gaugeEvents.actions.contains("valueChanged"), "\(gaugeEvents.lines)")
    }

    /// Sends one pointer event; whether the view handled it.
    private func send(_ view: OpaquePointer, _ phase: easel_pointer_phase, _ x: Double, _ y: Double, buttons: UInt32? = nil) throws -> Bool {
        var event = easel_pointer_event()
        event.phase = phase
        event.location = easel_point(x: x, y: y)
        event.click_count = phase == EASEL_POINTER_DOWN || phase == EASEL_POINTER_UP ? 1 : 0
        event.buttons = buttons ?? (phase == EASEL_POINTER_DOWN ? 1 : 0)
        var handled = false
        _ = try runtimeCall({ !$0 }) { easel_view_send_pointer(view, &event, &handled, $0) }
        return handled
    }

    func testTraitsDrawAsHostRenderDrawsThemAndANewDirectionRemakesTheView() throws {
        let root = try exampleComponents(["Gauge", "TaxRateRow"])
        let runtime = try openRuntime(root + "/components")
        defer { easel_runtime_close(runtime) }
        var dark = easel_traits()
        dark.appearance = EASEL_APPEARANCE_DARK
        dark.display_scale = 1
        let gauge = try makeView(runtime, "Gauge", traits: dark)
        defer { easel_view_destroy(gauge) }
        XCTAssertEqual(try drawView(gauge), try hostRender("Gauge", plugins: root + "/components", arguments: ["--trait", "appearance=dark"]))
        let light = try makeView(runtime, "Gauge")
        defer { easel_view_destroy(light) }
        XCTAssertNotEqual(try drawView(light), try drawView(gauge), "dark traits change the picture")
        _ = try runtimeCall({ !$0 }) { easel_view_set_traits(light, &dark, $0) }
        XCTAssertEqual(try drawView(light), try drawView(gauge), "a trait change reaches a live view")

        let row = try makeView(runtime, "TaxRateRow")
        defer { easel_view_destroy(row) }
        try setValue(row, "selfTaxRate", "11")
        var rtl = easel_traits()
        rtl.layout_direction = EASEL_LAYOUT_RIGHT_TO_LEFT
        _ = try runtimeCall({ !$0 }) { easel_view_set_traits(row, &rtl, $0) }
        XCTAssertEqual(easel_view_get_traits(row).layout_direction, EASEL_LAYOUT_RIGHT_TO_LEFT)
        XCTAssertEqual(try getValue(row, "selfTaxRate"), "11", "the view made again for the new direction keeps its values")
        XCTAssertEqual(try drawView(row), try hostRender("TaxRateRow", plugins: root + "/components",
                                                          arguments: ["--trait", "direction=rtl", "--set", "selfTaxRate=11"]))
    }

    func testARebuiltPluginIsReloadedKeepingTheValuesInProcessAndInWorkers() throws {
        for isolation in [EASEL_ISOLATION_IN_PROCESS, EASEL_ISOLATION_WORKERS] {
            let folder = try TestPaths.scratch() + "/components"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let plugin = folder + "/libEvolving.so"
            try FileManager.default.copyItem(atPath: try evolving(1, color: "0x3366CC"), toPath: plugin)
            let events = RuntimeEvents()
            let runtime = try openRuntime(folder, events.options(isolation: isolation, reload: true))
            defer { easel_runtime_close(runtime) }
            XCTAssertGreaterThanOrEqual(easel_runtime_get_fd(runtime), 0)
            let view = try makeView(runtime, "Evolving", size: (100, 20))
            defer { easel_view_destroy(view) }
            let viewEvents = ViewEvents()
            viewEvents.listen(to: view)
            try setValue(view, "level", "7")
            XCTAssertEqual(pixel(try drawView(view), 90, 15), [0x33, 0x66, 0xCC, 255])

            // A new build (another colour) renamed into place: reloaded, the value kept.
            try replaceAtomically(plugin, with: try evolving(1, color: "0x00FF00"))
            try dispatchUntilReloaded(runtime, events, count: 1)
            XCTAssertNil(events.reloads.last?.error)
            XCTAssertEqual(try getValue(view, "level"), "7", "isolation \(isolation)")
            let picture = try drawView(view)
            XCTAssertEqual(pixel(picture, 90, 3), [0, 255, 0, 255], "the new build draws")
            XCTAssertEqual(pixel(picture, 65, 3), pixel(picture, 5, 3), "with the level kept: a bar 7 tenths wide")
            XCTAssertNotEqual(pixel(picture, 65, 3), pixel(picture, 75, 3))
            XCTAssertTrue(viewEvents.lines.contains("redraw layout"), "the view asked the application to draw it again")

            // A build where the value does not fit parks it; the next build that fits restores it.
            try replaceAtomically(plugin, with: try evolving(2))
            try dispatchUntilReloaded(runtime, events, count: 2)
            XCTAssertEqual(try getValue(view, "level"), "2", "7 is out of version 2's range: the default")
            XCTAssertTrue(events.warnings.contains { $0.contains("Evolving.level=7 dropped") }, "\(events.warnings)")
            try replaceAtomically(plugin, with: try evolving(1, color: "0x00FF00"))
            try dispatchUntilReloaded(runtime, events, count: 3)
            XCTAssertEqual(try getValue(view, "level"), "7", "restored")

            // A broken build is refused, and the view keeps the last good one.
            try replaceAtomically(plugin, with: try CFixture.broken("no_entry"))
            try dispatchUntilReloaded(runtime, events, count: 4)
            XCTAssertNotNil(events.reloads.last?.error)
            XCTAssertEqual(try getValue(view, "level"), "7")
            XCTAssertEqual(pixel(try drawView(view), 90, 15), [0, 255, 0, 255])
        }
    }

    /// A value the component derives itself when the application sets another (Meter clamps `value`
    /// to its `maximum`: Tests/Fixtures/clamping.c) reaches the property-changed callback, and a
    /// reload makes the view again from what the application set only: the clamp is not kept as if
    /// the application had set it (it once replaced the application's value). The rebuilt Meter no
    /// longer clamps when its maximum is set (-DNO_CLAMP), so what the new instance was given shows.
    func testADerivedValueIsReportedAndAReloadKeepsOnlyWhatTheApplicationSet() throws {
        let (clamping, unclamped) = (try CFixture.build("clamping.c"), try CFixture.build("clamping.c", defines: ["NO_CLAMP"]))
        for isolation in [EASEL_ISOLATION_IN_PROCESS, EASEL_ISOLATION_WORKERS] {
            let folder = try TestPaths.scratch() + "/components"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: clamping, toPath: folder + "/libClamping.so")
            let events = RuntimeEvents()
            let runtime = try openRuntime(folder, events.options(isolation: isolation, reload: true))
            defer { easel_runtime_close(runtime) }
            let (meter, lowered) = (try makeView(runtime, "Meter"), try makeView(runtime, "Meter"))
            defer { easel_view_destroy(meter); easel_view_destroy(lowered) }
            let (meterEvents, loweredEvents) = (ViewEvents(), ViewEvents())
            meterEvents.listen(to: meter)
            loweredEvents.listen(to: lowered)

            // The application's value, clamped by a maximum it set after; and a maximum set alone.
            try setValue(meter, "value", "80")
            try setValue(meter, "maximum", "50")
            XCTAssertEqual(try getValue(meter, "value"), "50")
            XCTAssertEqual(meterEvents.changes, ["value=50"], "isolation \(isolation): the clamp reaches the callback")
            try setValue(lowered, "maximum", "20")
            XCTAssertEqual(loweredEvents.changes, ["value=20"], "isolation \(isolation)")

            try replaceAtomically(folder + "/libClamping.so", with: unclamped)
            try dispatchUntilReloaded(runtime, events, count: 1)
            XCTAssertNil(events.reloads.last?.error)
            XCTAssertEqual(try getValue(meter, "value"), "80", "isolation \(isolation): the value the application set, not the clamp")
            XCTAssertEqual(try getValue(meter, "maximum"), "50")
            XCTAssertEqual(try getValue(lowered, "value"), "30", "isolation \(isolation): the default, which the application never set")
        }
    }

    private func evolving(_ version: Int, color: String = "0x3366CC") throws -> String {
        try CFixture.build("evolving_plugin.c", defines: ["VERSION=\(version)", "CLASS=Evolving", "COLOR=\(color)"],
                           name: "evolving_v\(version)_Evolving_\(color)")
    }

    /// Calls easel_runtime_dispatch as a main loop would (waiting on its descriptor) until `count`
    /// reloads were reported, for at most 10 s.
    private func dispatchUntilReloaded(_ runtime: OpaquePointer, _ events: RuntimeEvents, count: Int) throws {
        let deadline = Date().addingTimeInterval(10)
        var wait = -1.0
        while events.reloads.count < count, Date() < deadline {
            var pfd = pollfd(fd: easel_runtime_get_fd(runtime), events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, wait < 0 ? 200 : Int32(wait * 1000) + 1)
            wait = easel_runtime_dispatch(runtime)
        }
        XCTAssertEqual(events.reloads.count, count, "reloads: \(events.reloads)")
    }

    private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image[x, y]
        return [p.r, p.g, p.b, p.a]
    }

    func testACrashInDrawIsAnErrorInWorkersAndTheApplicationGoesOn() throws {
        let folder = try TestPaths.scratch() + "/components"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"]), toPath: folder + "/libFaulty.so")
        try FileManager.default.copyItem(atPath: try TestPaths.example("Gauge"), toPath: folder + "/libGauge.so")
        let events = RuntimeEvents()
        let runtime = try openRuntime(folder, events.options(isolation: EASEL_ISOLATION_WORKERS))
        defer { easel_runtime_close(runtime) }
        let faulty = try makeView(runtime, "Faulty", size: (40, 40))
        defer { easel_view_destroy(faulty) }
        XCTAssertThrowsError(try drawView(faulty)) { error in
            let e = error as! RuntimeFailure
            XCTAssertEqual(e.kind, EASEL_ERROR_PLUGIN_FAILURE)
            XCTAssertEqual(e.className, "Faulty")
            XCTAssertEqual(e.phase, "draw")
            XCTAssertTrue(e.message.contains("SIGSEGV"), e.message)
            XCTAssertTrue(e.description.contains("faulty plugin: about to crash in draw"), "the worker's last output: \(e.description)")
        }
        // The application decides: it can make the view again (a new worker) and try once more...
        _ = try runtimeCall({ !$0 }) { easel_view_recreate(faulty, $0) }
        XCTAssertEqual(try getValue(faulty, "level"), "3")
        XCTAssertThrowsError(try drawView(faulty))
        // ...and everything else goes on working.
        let gauge = try makeView(runtime, "Gauge")
        defer { easel_view_destroy(gauge) }
        XCTAssertEqual(try drawView(gauge).width, 120)
    }

    /// The header serves a C program as it is (C11 and C++17, warnings as errors), and in process a
    /// crash in draw ends the program, as any library's crash would: the same view in workers is an
    /// error the program prints, and it ends normally.
    func testACProgramEmbedsComponentsAndACrashInProcessEndsIt() throws {
        let folder = try TestPaths.scratch() + "/components"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"]), toPath: folder + "/libFaulty.so")
        try FileManager.default.copyItem(atPath: try TestPaths.example("Gauge"), toPath: folder + "/libGauge.so")
        let client = try buildRuntimeClient()
        try buildRuntimeClient(cplusplus: true)

        let drawn = try runProcess(client, [folder, "Gauge", "value=64"])
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertEqual(drawn.stdout, "drawn 120x120\n")
        let refused = try runProcess(client, [folder, "Gauge", "value=640"])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.stderr.contains("kind=65 class=Gauge property=value"), refused.stderr)

        let inWorkers = try runProcess(client, [folder, "Faulty", "--workers"])
        XCTAssertEqual(inWorkers.status, 69, inWorkers.stderr)
        XCTAssertTrue(inWorkers.stderr.contains("SIGSEGV") && inWorkers.stderr.contains("phase=draw"), inWorkers.stderr)
        let inProcess = try runProcess(client, [folder, "Faulty"])
        XCTAssertEqual(inProcess.status, SIGSEGV, "in process, a crash in draw is the program's crash (the signal): \(inProcess.stderr)")
        XCTAssertEqual(inProcess.stdout, "")
        XCTAssertTrue(inProcess.stderr.contains("faulty plugin: about to crash in draw"), inProcess.stderr)
    }

    /// An application's own text keeps the system's and the user's fontconfig setup (the runtime used
    /// to make its pinned setup the process's current one, changing the fonts of the whole window),
    /// while the components' text is drawn with the designer's pinned fonts: the pixels of
    /// `host render`, even under a user setup that changes every font.
    func testComponentsDrawWithThePinnedFontsAndTheApplicationKeepsItsOwn() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        let client = try buildRuntimeClient()
        let png = try TestPaths.scratch("fonts") + "/button.png"
        let title = "title=Hi 😀 é 中 ¼"
        let drawn = try runProcess(client, [root + "/components", "RoundedCornerButton", "--fonts", "--png", png, title],
                                   environment: try HostileFontEnvironment.make())
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertEqual(drawn.stdout, "drawn 160x44\napplication fonts: unchanged\n")
        XCTAssertEqual(try RGBAImage.readPNG(png),
                       try hostRender("RoundedCornerButton", plugins: root + "/components", arguments: ["--set", title]),
                       "the component's text in the designer's fonts")
    }

    /// Compiles Tests/Fixtures/runtime/runtime_client.c against the header and the built library.
    @discardableResult
    private func buildRuntimeClient(cplusplus: Bool = false) throws -> String {
        let output = try TestPaths.scratch("client") + (cplusplus ? "/runtime_client_cpp" : "/runtime_client")
        let cairo = try runProcess("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "cairo", "fontconfig"]).stdout
            .split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let compiler = cplusplus ? ["c++", "-std=c++17", "-x", "c++"] : ["cc", "-std=c11"]
        let result = try runProcess("/usr/bin/env", compiler + ["-Wall", "-Wextra", "-Werror", "-pedantic",
            "-I", TestPaths.repoRoot + "/Sources/CEaselRuntime/include", "-I", TestPaths.cHeaderDirectory,
            TestPaths.fixtures + "/runtime/runtime_client.c", "-o", output, "-L", TestPaths.products, "-leasel-runtime",
            "-Wl,-rpath," + TestPaths.products] + cairo)
        XCTAssertEqual(result.status, 0, result.stderr)
        return output
    }
}
