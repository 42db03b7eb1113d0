import EaselPreview
import EaselRender
import Foundation
import XCTest

/// EaselWidget and Examples/gtk4-demo as a newcomer gets them: the SDK installed by Scripts/install
/// into a scratch prefix, the demo built with its Makefile (pkg-config only), run under Xvfb
/// (xvfb-run); its screenshot compared with `host render` of the same classes and values, a real X
/// click (xdotool) on its button, a real drag on its gauge.
///
/// These need GTK 4's headers (libgtk-4-dev), xvfb-run and xdotool, which Scripts/install-deps (and so
/// CI) installs; without them the tests are skipped, saying what is missing.
final class GtkWidgetTests: XCTestCase {
    struct Demo {
        let prefix: String
        let program: String
        /// A components folder with the six seed components.
        let components: String
    }

    nonisolated(unsafe) private static var built: Result<Demo, Error>?
    static let seeds = ["RoundedCornerButton", "FancyButton", "Rainbow", "CircularProgressBar", "TaxRateRow", "Gauge"]

    /// The installed SDK and the demo built against it (once per test run).
    func demo() throws -> Demo {
        var missing: [String] = []
        if (try? runProcess("/usr/bin/env", ["pkg-config", "--exists", "gtk4"]))?.status != 0 { missing.append("GTK 4's headers (libgtk-4-dev)") }
        for tool in ["xvfb-run", "xauth", "xdotool"] where (try? runProcess("/usr/bin/env", ["sh", "-c", "command -v \(tool)"]))?.status != 0 {
            missing.append(tool)
        }
        if !missing.isEmpty {
            throw XCTSkip("needs \(missing.joined(separator: ", ")): Scripts/install-deps installs them (CI does)")
        }
        if Self.built == nil {
            Self.built = Result {
                let root = try TestPaths.scratch("gtk4-demo")
                let prefix = try InstalledSDK.prefix()
                for file in ["lib/libeasel-gtk4.so", "include/easel-widget.h", "lib/pkgconfig/easel-gtk4.pc",
                             "lib/libeasel-runtime.so", "include/easel_runtime.h", "lib/pkgconfig/easel-runtime.pc"] {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + file), "installed \(file)")
                }
                let source = root + "/gtk4-demo"
                try FileManager.default.copyItem(atPath: TestPaths.repoRoot + "/Examples/gtk4-demo", toPath: source)
                try? FileManager.default.removeItem(atPath: source + "/gtk4-demo")
                let make = try runProcess("/usr/bin/env", ["make"], environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"], directory: source)
                guard make.status == 0 else { throw NSError(domain: "make", code: Int(make.status), userInfo: [NSLocalizedDescriptionKey: make.stderr]) }
                let components = try exampleComponents(Self.seeds, test: "gtk4-demo") + "/components"
                return Demo(prefix: prefix, program: source + "/gtk4-demo", components: components)
            }
        }
        return try Self.built!.get()
    }

    /// Runs a shell script under Xvfb with the demo's environment (at most 90 s).
    func underXvfb(_ script: String, _ demo: Demo, environment: [String: String] = [:], directory: String) throws -> ProcessResult {
        var env = ["EASEL_PLUGIN_PATH": demo.components, "DEMO": demo.program, "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
                   "EASEL_REGISTRY_CACHE": TestPaths.runDirectory + "/registry.bin"]
        env.merge(environment) { $1 }
        return try runProcess("/usr/bin/env", ["timeout", "90", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script],
                              environment: env, directory: directory)
    }

    /// Runs the demo with `--print-events` under Xvfb, waits until it says "ready", runs `steps` (a shell
    /// script that has `$window`, the demo's window, and events.txt, what it printed so far), then
    /// ends it; stdout is every line it printed, stderr its errors.
    func withDemoEvents(_ steps: String, _ demo: Demo, directory: String) throws -> ProcessResult {
        let script = #"""
        "$DEMO" --print-events > events.txt 2> errors.txt &
        demo=$!
        for i in $(seq 200); do grep -q '^ready' events.txt && break; sleep 0.05; done
        window=$(xdotool search --sync --onlyvisible --name 'Easel components in GTK 4' | head -1)

        """# + steps + #"""

        kill $demo; wait $demo
        cat events.txt; cat errors.txt >&2
        """#
        return try underXvfb(script, demo, directory: directory)
    }

    /// One component as the demo reports it: class, place in the window (pixels) and values.
    struct Placed {
        var className: String
        var x: Int, y: Int, width: Int, height: Int
        var values: [String]
    }

    static func components(_ output: String) -> [Placed] {
        output.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            let head = fields[0].split(separator: " ").map(String.init)
            guard head.count == 6, head[0] == "component", let x = Double(head[2]), let y = Double(head[3]),
                  let w = Double(head[4]), let h = Double(head[5]) else { return nil }
            return Placed(className: head[1], x: Int(x), y: Int(y), width: Int(w), height: Int(h), values: Array(fields.dropFirst()))
        }
    }

    func crop(_ image: RGBAImage, _ c: Placed) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(c.width * c.height * 4)
        for y in c.y..<(c.y + c.height) {
            let start = (y * image.width + c.x) * 4
            pixels += image.pixels[start..<(start + c.width * 4)]
        }
        return RGBAImage(width: c.width, height: c.height, pixels: pixels)
    }

    /// The screenshot, and the components the demo placed in it.
    func screenshot(_ demo: Demo, arguments: String = "", environment: [String: String] = [:]) throws -> (RGBAImage, [Placed]) {
        let dir = try TestPaths.scratch("screenshot")
        let result = try underXvfb("exec \"$DEMO\" --screenshot demo.png \(arguments)", demo, environment: environment, directory: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        let placed = Self.components(result.stdout)
        XCTAssertEqual(placed.map(\.className).sorted(), Self.seeds.sorted(), result.stdout)
        return (try RGBAImage.readPNG(dir + "/demo.png"), placed)
    }

    /// Compares each placed component with `host render` of its class at its size, with its values,
    /// on the window's background (read just outside its top-left corner).
    func assertMatchesHostRender(_ picture: RGBAImage, _ placed: [Placed], demo: Demo, traits: [String] = []) throws {
        for component in placed {
            let bg = picture[component.x - 1, component.y - 1]
            let background = String(format: "#%02X%02X%02X", bg.r, bg.g, bg.b)
            var arguments = ["--size", "\(component.width)x\(component.height)", "--background", background]
            for value in component.values { arguments += ["--set", value] }
            for trait in traits { arguments += ["--trait", trait] }
            let reference = try hostRender(component.className, plugins: demo.components, arguments: arguments)
            let actual = crop(picture, component)
            let comparison = try XCTUnwrap(ImageComparison.compare(reference: reference, actual: actual, tolerance: .default))
            if !comparison.passes {
                let dir = try TestPaths.scratch("mismatch")
                try AtomicFile.write(reference.encodePNG(), to: dir + "/\(component.className)-host.png")
                try AtomicFile.write(actual.encodePNG(), to: dir + "/\(component.className)-gtk.png")
            }
            XCTAssertTrue(comparison.passes, "\(component.className): \(comparison.differingPixels) of \(comparison.totalPixels) pixels differ from host render \(arguments.joined(separator: " "))")
        }
    }

    func testTheDemosScreenshotShowsTheSeedsAsHostRendersThem() throws {
        let demo = try demo()
        let (picture, placed) = try screenshot(demo)
        // Rounded Corner Button in its system blue, among the other seeds.
        let button = try XCTUnwrap(placed.first { $0.className == "RoundedCornerButton" })
        let blue = picture[button.x + 12, button.y + button.height / 2]
        XCTAssertEqual([blue.r, blue.g, blue.b], [0x00, 0x7A, 0xFF], "system blue")
        XCTAssertTrue(button.values.contains("cornerRadius=10"), "the value from the .ui file: \(button.values)")
        try assertMatchesHostRender(picture, placed, demo: demo)

        // The same window with each plugin in a worker process: the same pixels.
        let (inWorkers, _) = try screenshot(demo, arguments: "--workers")
        let comparison = try XCTUnwrap(ImageComparison.compare(reference: picture, actual: inWorkers, tolerance: .default))
        XCTAssertTrue(comparison.passes, "in workers, \(comparison.differingPixels) pixels differ")
    }

    func testADarkThemeShowsTheComponentsDark() throws {
        let demo = try demo()
        let (picture, placed) = try screenshot(demo, environment: ["GTK_THEME": "Adwaita:dark"])
        var gauge = try XCTUnwrap(placed.first { $0.className == "Gauge" })
        // Only the value the demo gives: the colours read back are the light ones the dark traits
        // replace when they are not set.
        gauge.values = ["value=72"]
        try assertMatchesHostRender(picture, [gauge], demo: demo, traits: ["appearance=dark"])
        let light = try hostRender("Gauge", plugins: demo.components, arguments: ["--size", "\(gauge.width)x\(gauge.height)"])
        XCTAssertNotEqual(crop(picture, gauge), light)
    }

    func testAClickOnTheButtonSendsItsActionAndADragMovesTheGauge() throws {
        let demo = try demo()
        let dir = try TestPaths.scratch("click")
        // The demo prints where its components are once shown; xdotool clicks the button's middle,
        // then drags on the gauge's ring from its top to its right, as a user would.
        let script = #"""
        place() { grep "^component $1 " events.txt | cut -f1 | awk -v dx="$2" -v dy="$3" '{ printf "%d %d", $3 + $5 * dx, $4 + $6 * dy }'; }
        xdotool mousemove --window "$window" $(place RoundedCornerButton 0.5 0.5) click 1
        xdotool mousemove --window "$window" $(place Gauge 0.5 0.1) mousedown 1
        xdotool mousemove --window "$window" $(place Gauge 0.7 0.2)
        xdotool mousemove --window "$window" $(place Gauge 0.95 0.5) mouseup 1
        for i in $(seq 100); do grep -q 'touchUpInside' events.txt && grep -q '^changed Gauge' events.txt && break; sleep 0.05; done
        # The drag's later moves may still be on their way (under load the first change came alone):
        # wait until the events stop growing for 0.5 s.
        last=-1; for i in $(seq 60); do n=$(wc -c < events.txt); [ "$n" = "$last" ] && break; last=$n; sleep 0.5; done
        """#
        let result = try withDemoEvents(script, demo, directory: dir)
        let events = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("component ") }
        XCTAssertEqual(Array(events.filter { $0.hasPrefix("action RoundedCornerButton") }.prefix(2)),
                       ["action RoundedCornerButton touchDown", "action RoundedCornerButton touchUpInside"], "\(events)\n\(result.stderr)")
        XCTAssertTrue(events.contains("action Gauge valueChanged"), "\(events)")
        let change = try XCTUnwrap(events.last { $0.hasPrefix("changed Gauge value=") }, "\(events)")
        let value = try XCTUnwrap(Int(change.dropFirst("changed Gauge value=".count)))
        XCTAssertTrue((20...30).contains(value), "a drag to the ring's right end is a quarter turn: \(value)")
    }

    /// A component that takes input is reached with Tab and activated with Space or Enter (a press at
    /// its middle, held while the key is down), as a GtkButton is; one that takes none is skipped.
    func testTheKeyboardReachesAndActivatesTheButtons() throws {
        let demo = try demo()
        let dir = try TestPaths.scratch("keyboard")
        // Tab until the first button has the focus (wherever the window put it first), Space on it,
        // then Tab to the next component and Enter.
        let script = #"""
        xdotool windowfocus --sync "$window" 2>/dev/null || true
        for i in $(seq 12); do [ "$(grep '^focus ' events.txt | tail -1)" = "focus RoundedCornerButton" ] && break; xdotool key --window "$window" Tab; sleep 0.2; done
        xdotool key --window "$window" space
        for i in $(seq 100); do grep -q 'RoundedCornerButton touchUpInside' events.txt && break; sleep 0.05; done
        xdotool key --window "$window" Tab
        for i in $(seq 100); do [ "$(grep '^focus ' events.txt | tail -1)" != "focus RoundedCornerButton" ] && break; sleep 0.05; done
        xdotool key --window "$window" Return
        for i in $(seq 100); do grep -q 'FancyButton touchUpInside' events.txt && break; sleep 0.05; done
        sleep 0.3
        """#
        let result = try withDemoEvents(script, demo, directory: dir)
        let events = result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("component ") }
        let afterFocus = Array(events.drop { $0 != "focus RoundedCornerButton" })
        XCTAssertFalse(afterFocus.isEmpty, "Tab never reached the button: \(events)\n\(result.stderr)")
        let actions = afterFocus.filter { $0.hasPrefix("action ") && $0.contains(" touch") }
        XCTAssertEqual(Array(actions.prefix(4)), ["action RoundedCornerButton touchDown", "action RoundedCornerButton touchUpInside",
                                                  "action FancyButton touchDown", "action FancyButton touchUpInside"], "\(events)\n\(result.stderr)")
        XCTAssertTrue(afterFocus.contains("focus FancyButton"), "Tab moves on to the next component that takes input: \(events)")
        XCTAssertTrue(events.contains { $0.hasPrefix("changed CircularProgressBar progress=") },
                      "Space on the button did what a click does (the ring moves on): \(events)")
        XCTAssertFalse(events.contains("focus Rainbow"), "Rainbow takes no input, so Tab passes it: \(events)")
    }

    /// Assistive technologies are told what each component is by its class's kind, as GTK tells them
    /// for its own widgets: the seed buttons (UIButton) are buttons, the ring and the C gauge (kind
    /// progress) progress bars, a plain view (Rainbow, the xib row) GTK's widget role.
    func testAssistiveTechnologiesAreToldEachComponentsRole() throws {
        let demo = try demo()
        let dir = try TestPaths.scratch("roles")
        let result = try withDemoEvents("sleep 0.2", demo, directory: dir)
        let roles = Dictionary(result.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            let fields = line.split(separator: " ").map(String.init)
            return fields.count == 3 && fields[0] == "role" ? (fields[1], fields[2]) : nil
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(roles, ["RoundedCornerButton": "GTK_ACCESSIBLE_ROLE_BUTTON", "FancyButton": "GTK_ACCESSIBLE_ROLE_BUTTON",
                               "Gauge": "GTK_ACCESSIBLE_ROLE_PROGRESS_BAR", "Rainbow": "GTK_ACCESSIBLE_ROLE_WIDGET",
                               "CircularProgressBar": "GTK_ACCESSIBLE_ROLE_PROGRESS_BAR", "TaxRateRow": "GTK_ACCESSIBLE_ROLE_WIDGET"],
                       "\(result.stdout)\n\(result.stderr)")
    }

    /// The keyboard focus, shown (as after a Tab), is a ring over the component's edge; inside it the
    /// component is what host render draws, and without the focus shown there is no ring (the
    /// screenshot test above, where the window's first control has the focus but does not show it).
    func testTheKeyboardFocusShowsAsARingOverTheComponentsEdge() throws {
        let demo = try demo()
        let (picture, placed) = try screenshot(demo, arguments: "--focus button")
        let button = try XCTUnwrap(placed.first { $0.className == "RoundedCornerButton" })
        let bg = picture[button.x - 1, button.y - 1]
        var arguments = ["--size", "\(button.width)x\(button.height)", "--background", String(format: "#%02X%02X%02X", bg.r, bg.g, bg.b)]
        for value in button.values { arguments += ["--set", value] }
        let reference = try hostRender("RoundedCornerButton", plugins: demo.components, arguments: arguments)
        let actual = crop(picture, button)
        func differs(_ x: Int, _ y: Int) -> Bool {
            let a = actual[x, y], r = reference[x, y]
            return max(abs(Int(a.r) - Int(r.r)), abs(Int(a.g) - Int(r.g)), abs(Int(a.b) - Int(r.b))) > 16
        }
        var edge = (differing: 0, all: 0), inside = (differing: 0, all: 0)
        for y in 0..<button.height {
            for x in 0..<button.width {
                let distance = min(x, y, button.width - 1 - x, button.height - 1 - y)
                if distance < 2, min(x, button.width - 1 - x) >= 6 || min(y, button.height - 1 - y) >= 6 {
                    edge.all += 1; if differs(x, y) { edge.differing += 1 } // (the ring's straight sides)
                } else if distance >= 3 {
                    inside.all += 1; if differs(x, y) { inside.differing += 1 }
                }
            }
        }
        XCTAssertGreaterThan(edge.differing * 10, edge.all * 9, "the ring covers the edge: \(edge)")
        XCTAssertLessThan(inside.differing * 200, inside.all, "inside the ring, the component as host render draws it: \(inside)")
        // An id that takes no focus is refused, naming it (Rainbow is a plain view).
        let dir = try TestPaths.scratch("focus-refused")
        let refused = try underXvfb("exec \"$DEMO\" --screenshot demo.png --focus rainbow", demo, directory: dir)
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--focus rainbow: no component of that id takes the keyboard focus"), refused.stderr)
    }

    /// A component whose draw fails at run time reaches the application through the widget's
    /// "failed" signal (the demo prints the error and exits 1 after its screenshot), and the widget
    /// shows a red frame where the component would be; the other components are drawn. (Rainbow is
    /// the one replaced: the demo's .ui gives it no values, which the stand-in would refuse.)
    func testADrawFailureReachesTheApplicationThroughTheFailedSignal() throws {
        let demo = try demo()
        let folder = try TestPaths.scratch("failing-rainbow") + "/components"
        try FileManager.default.copyItem(atPath: demo.components, toPath: folder)
        try FileManager.default.removeItem(atPath: folder + "/libRainbow.so")
        let failing = try CFixture.build("faulty_plugin.c", defines: ["FAULT=draw_fails", "FAULTY_CLASS_NAME=\"Rainbow\""], name: "FaultyRainbow")
        try FileManager.default.copyItem(atPath: failing, toPath: folder + "/libRainbow.so")
        let dir = try TestPaths.scratch("failing-rainbow-shot")
        let result = try underXvfb("exec \"$DEMO\" --screenshot demo.png", demo,
                                   environment: ["EASEL_PLUGIN_PATH": folder, "EASEL_REGISTRY_CACHE": dir + "/registry.bin"], directory: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("gtk4-demo: Rainbow: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("the gauge texture atlas is missing"), "the plugin's own words reach the application: \(result.stderr)")
        let picture = try RGBAImage.readPNG(dir + "/demo.png")
        let rainbow = try XCTUnwrap(Self.components(result.stdout).first { $0.className == "Rainbow" }, result.stdout)
        let edge = picture[rainbow.x, rainbow.y + rainbow.height / 2]
        XCTAssertTrue(edge.r > 180 && edge.g < 90 && edge.b < 90, "a red frame where Rainbow failed: \(edge)")
        let button = try XCTUnwrap(Self.components(result.stdout).first { $0.className == "RoundedCornerButton" })
        try assertMatchesHostRender(picture, [button], demo: demo)
    }

    /// Python, through GObject introspection (the installed Easel-1.0.typelib, Debian's PyGObject): a
    /// window of two EaselWidgets laid out and drawn, values set and read back, a refused value
    /// raised as GLib.Error with host's message, an unknown class reported through "failed", and the
    /// roles assistive technologies are told.
    func testPythonUsesTheWidgetThroughGObjectIntrospection() throws {
        let demo = try demo()
        let typelibs = demo.prefix + "/lib/girepository-1.0"
        XCTAssertTrue(FileManager.default.fileExists(atPath: typelibs + "/Easel-1.0.typelib"), "installed Easel-1.0.typelib")
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo.prefix + "/share/gir-1.0/Easel-1.0.gir"), "installed Easel-1.0.gir")
        let dir = try TestPaths.scratch("python-gi")
        try #"""
        import sys
        import gi
        gi.require_version("Gtk", "4.0")
        gi.require_version("Easel", "1.0")
        from gi.repository import Easel, GLib, Gtk

        Gtk.init()
        window = Gtk.Window(title="Easel from Python")
        box = Gtk.Box(spacing=16, margin_top=20, margin_bottom=20, margin_start=20, margin_end=20)
        button = Easel.Widget(class_name="RoundedCornerButton", valign=Gtk.Align.START)
        gauge = Easel.Widget.new("Gauge")
        gauge.set_valign(Gtk.Align.START)
        button.set_value("title", "From Python")
        gauge.set_value("value", "64")
        print("read", button.get_value("title"), gauge.get_value("value"), gauge.props.class_name)
        try:
            gauge.set_value("value", "640")
        except GLib.Error as error:
            print("refused", error.domain, error.message)
        failures = []
        unknown = Easel.Widget()
        unknown.connect("failed", lambda widget, error: failures.append(error.message))
        unknown.set_class_name("NoSuchClass")
        for widget in (button, gauge):
            print("role", widget.get_class_name(), widget.get_accessible_role().value_nick)
            box.append(widget)
        window.set_child(box)
        frames = []

        def shown(widget, clock):
            frames.append(clock.get_frame_counter())
            if not window.get_mapped() or len(frames) < 4:
                return GLib.SOURCE_CONTINUE
            # (PyGObject cannot take GTK 4.8's render nodes, so no screenshot here: the C tests compare
            # the same library's pixels with host render.) Laid out at the natural size, drawn without error.
            for widget in (button, gauge):
                print("shown", widget.get_class_name(), widget.get_width(), widget.get_height(), widget.get_error())
            loop.quit()
            return GLib.SOURCE_REMOVE

        window.add_tick_callback(shown)
        loop = GLib.MainLoop()
        window.present()
        loop.run()
        print("failed", failures)
        print("done")
        """#.write(toFile: dir + "/easel_gi.py", atomically: true, encoding: .utf8)
        let result = try underXvfb("/usr/bin/python3 easel_gi.py", demo, environment: ["GI_TYPELIB_PATH": typelibs], directory: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("read From Python 64 Gauge"), result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("refused easel-widget-error-quark ") && $0.contains("class Gauge: property value: 640 is outside the range 0…100") },
                      "a refusal is a GLib.Error with host's message: \(result.stdout)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("failed [") && $0.contains("NoSuchClass") }, "an unknown class reaches \"failed\": \(result.stdout)")
        XCTAssertTrue(lines.contains("role RoundedCornerButton button") && lines.contains("role Gauge progress-bar"), result.stdout)
        XCTAssertEqual(lines.last, "done", result.stderr)
        XCTAssertTrue(lines.contains("shown RoundedCornerButton 160 44 None") && lines.contains("shown Gauge 120 120 None"),
                      "laid out at their natural sizes and drawn: \(result.stdout)")
    }

    /// The guide's Python program, as a newcomer copies it: with the installed typelib on
    /// GI_TYPELIB_PATH (and no library path) it runs until it is stopped, printing no error.
    func testTheGuidesPythonProgramRuns() throws {
        let demo = try demo()
        let guide = try String(contentsOfFile: TestPaths.repoRoot + "/Docs/guides/embedding-gtk4.md", encoding: .utf8)
        let blocks = guide.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let program = try XCTUnwrap(blocks.first { $0.hasPrefix("python\n# gauge-app.py") }).dropFirst(7)
        let dir = try TestPaths.scratch("guide-python")
        try String(program).write(toFile: dir + "/gauge-app.py", atomically: true, encoding: .utf8)
        let run = try underXvfb("timeout 3 /usr/bin/python3 gauge-app.py; echo \"status $?\"", demo,
                                environment: ["GI_TYPELIB_PATH": demo.prefix + "/lib/girepository-1.0"], directory: dir)
        XCTAssertTrue(run.stdout.contains("status 124"), "it ran until it was stopped: \(run.stdout) \(run.stderr)")
        XCTAssertFalse(run.stderr.contains("gauge-app:") || run.stderr.contains("Traceback"), run.stderr)
    }

    /// The guide's complete program, as a newcomer copies it: built with the guide's own command
    /// against the installed SDK, it runs (until it is stopped) without printing an error.
    func testTheGuidesProgramBuildsAndRuns() throws {
        let demo = try demo()
        let guide = try String(contentsOfFile: TestPaths.repoRoot + "/Docs/guides/embedding-gtk4.md", encoding: .utf8)
        let blocks = guide.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let program = try XCTUnwrap(blocks.first { $0.hasPrefix("c\n/* gauge-app.c") }).dropFirst(2)
        let command = try XCTUnwrap(blocks.first { $0.hasPrefix("sh\ncc gauge-app.c") }).dropFirst(3)
            .components(separatedBy: "\n").prefix(2).joined(separator: "\n")
        let dir = try TestPaths.scratch("guide")
        try String(program).write(toFile: dir + "/gauge-app.c", atomically: true, encoding: .utf8)
        let build = try runProcess("/bin/sh", ["-c", command], environment: ["PKG_CONFIG_PATH": demo.prefix + "/lib/pkgconfig"], directory: dir)
        XCTAssertEqual(build.status, 0, build.stderr)
        let run = try underXvfb("timeout 3 ./gauge-app; echo \"status $?\"", demo, directory: dir)
        XCTAssertTrue(run.stdout.contains("status 124"), "it ran until it was stopped: \(run.stdout) \(run.stderr)")
        XCTAssertFalse(run.stderr.contains("gauge-app:"), run.stderr)

        // The guide's GtkBuilder snippet loads, and a value the class refuses fails the builder,
        // naming the line and the property.
        let snippet = try XCTUnwrap(blocks.first { $0.hasPrefix("xml\n") }).dropFirst(4)
        try """
        #include <easel-widget.h>
        #include <stdio.h>
        static void on_value_changed(void) {}
        int main(int argc, char **argv) {
            (void)argc;
            GError *error = NULL;
            if (!easel_gtk_get_default_runtime(&error)) { printf("%s\\n", error->message); return 1; }
            gtk_init();
            g_type_ensure(EASEL_TYPE_WIDGET);
            char *ui = NULL;
            g_file_get_contents(argv[1], &ui, NULL, NULL);
            GtkBuilderScope *scope = gtk_builder_cscope_new();
            gtk_builder_cscope_add_callback_symbol(GTK_BUILDER_CSCOPE(scope), "on_value_changed", G_CALLBACK(on_value_changed));
            GtkBuilder *builder = gtk_builder_new();
            gtk_builder_set_scope(builder, scope);
            if (!gtk_builder_add_from_string(builder, ui, -1, &error)) { printf("refused: %s\\n", error->message); return 2; }
            char *value = easel_widget_get_value(EASEL_WIDGET(gtk_builder_get_object(builder, "gauge")), "tintColor", NULL);
            printf("tintColor=%s\\n", value);
            return 0;
        }
        """.write(toFile: dir + "/builder.c", atomically: true, encoding: .utf8)
        let compile = try runProcess("/bin/sh", ["-c", "cc builder.c -o builder $(pkg-config --cflags --libs easel-gtk4) -Wl,-rpath,$(pkg-config --variable=libdir easel-gtk4)"],
                                     environment: ["PKG_CONFIG_PATH": demo.prefix + "/lib/pkgconfig"], directory: dir)
        XCTAssertEqual(compile.status, 0, compile.stderr)
        try "<interface>\n\(snippet)</interface>\n".write(toFile: dir + "/good.ui", atomically: true, encoding: .utf8)
        try "<interface>\n\(snippet.replacingOccurrences(of: ">72<", with: ">720<"))</interface>\n".write(toFile: dir + "/bad.ui", atomically: true, encoding: .utf8)
        let good = try underXvfb("./builder good.ui", demo, directory: dir)
        XCTAssertEqual(good.stdout, "tintColor=#1565C0\n", good.stderr)
        let bad = try underXvfb("./builder bad.ui", demo, directory: dir)
        XCTAssertEqual(bad.status, 2, bad.stdout + bad.stderr)
        XCTAssertTrue(bad.stdout.contains("refused: ") && bad.stdout.contains("line 5") && bad.stdout.contains("class Gauge: property value: 720 is outside the range 0…100"),
                      bad.stdout)
    }
}
