import EaselHost
import EaselPreview
import EaselRender
import Foundation
import XCTest

/// Extensions (easel.h, EXTENSIONS), the instance host, variants and actions, from C
/// (Tests/Fixtures/extensions_plugin.c) and Swift (Tests/Fixtures/SwiftExtensions), in process and
/// through workers, and through `host inspect`, `render`, `gallery` and scenes.
final class ExtensionsTests: XCTestCase {
    override func setUp() {
        useHostAsWorker()
    }

    func cPlugin(_ mode: String = "good") throws -> String {
        try CFixture.build("extensions_plugin.c", defines: ["MODE=\(mode)"])
    }

    /// The C fixture's class and the Swift fixture's, in process and through a worker.
    func everyClass() throws -> [(label: String, cls: DesignableClass)] {
        var result: [(String, DesignableClass)] = []
        for (file, name) in [(try cPlugin(), "Extended"), (try SwiftFixture.build("SwiftExtensions"), "Meter")] {
            for isolation in [Isolation.inProcess, .default] {
                let registry = Registry(files: [file], isolation: isolation, environment: testEnvironment)
                XCTAssertEqual(registry.failures, [])
                let cls = try XCTUnwrap(try registry.designableClass(named: name))
                result.append(("\(name) \(isolation == .inProcess ? "in process" : "in a worker")", cls))
            }
        }
        return result
    }

    // MARK: - Reading and listing

    func testExtensionsAreFoundByIdAndUnknownOnesIgnored() throws {
        for (label, cls) in try everyClass() {
            let info = cls.info
            // EaselKit (Meter) offers input and traits for every class, as every UIView is a responder.
            let expected = ["easel.variants/1", "easel.actions/1"] + (info.name == "Meter" ? ["easel.input/1", "easel.traits/1"] : [])
            XCTAssertEqual(info.extensions, expected, "\(label): the private id is ignored")
            XCTAssertEqual(info.variants.map(\.name), ["low", "high", "titled", "red"].filter { v in
                info.name == "Meter" ? v != "titled" : v != "red" }, label)
            let high = try XCTUnwrap(info.variants.first { $0.name == "high" })
            XCTAssertEqual(high.displayName, "High Level")
            XCTAssertEqual(high.assignments.map(\.name), ["title", "level"], "the plugin's order is kept")
            XCTAssertEqual(info.actions.map(\.signature), ["bump()", "setLevel(Int)", "paint(Color)", "fail()", "animate()"], label)
            let setLevel = try XCTUnwrap(info.actions.first { $0.name == "setLevel" }?.argument)
            XCTAssertEqual(setLevel.range, NumericRange(min: 0, max: 10, step: 1), label)
            XCTAssertEqual(setLevel.defaultValue, .int(5), label)
            XCTAssertEqual(info.actions.first { $0.name == "paint" }?.argument?.defaultValue,
                           .color(Color(red: 1, green: 0, blue: 0, alpha: 1)), label)
        }
    }

    func testTheHostAnswersItsOwnExtensionsAndNULLForOthers() throws {
        let registry = Registry(files: [try cPlugin()], environment: testEnvironment)
        let instance = try XCTUnwrap(try registry.designableClass(named: "Extended")).makeInstance(frame: Rect(size: Size(width: 4, height: 4)))
        XCTAssertEqual(try instance.get("hostHasNoFoo"), .bool(true), "an unknown id: NULL")
        // easel.clock/1 was found in init (the fixture warns when it is not): the animation below runs on it.
    }

    func testInspectListsExtensionsVariantsAndActions() throws {
        let root = try componentsFolder(["libExtensions.so": try cPlugin()])
        let text = try runHost(["inspect", "Extended"], directory: root)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("  Extensions               easel.variants/1, easel.actions/1\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("""
            Variants (3):
              low                 : Low
                                    Level 1
                                    level=1
              high                : High Level
                                    title=高 level=9
            """), text.stdout)
        XCTAssertTrue(text.stdout.contains("""
              setLevel(Int)       : Set Level
                                    argument: Int. Range: 0 - 10, step 1; Default: 5
            """), text.stdout)
        XCTAssertEqual(text.stderr, "", "no defaults warning for a correct plugin")

        let json = try runHost(["inspect", "Extended", "--json"], directory: root)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let cls = try XCTUnwrap((object["classes"] as? [[String: Any]])?.first)
        XCTAssertEqual(cls["extensions"] as? [String], ["easel.variants/1", "easel.actions/1"])
        let variants = try XCTUnwrap(cls["variants"] as? [[String: Any]])
        XCTAssertEqual(variants.map { $0["name"] as? String }, ["low", "high", "titled"])
        XCTAssertEqual(variants[1]["attributes"] as? [[String: String]], [["name": "title", "value": "高"], ["name": "level", "value": "9"]])
        let actions = try XCTUnwrap(cls["actions"] as? [[String: Any]])
        XCTAssertEqual(actions.map { $0["name"] as? String }, ["bump", "setLevel", "paint", "fail", "animate"])
        XCTAssertTrue(actions[0]["argument"] is NSNull)
        let argument = try XCTUnwrap(actions[1]["argument"] as? [String: Any])
        XCTAssertEqual(argument["type"] as? String, "Int")
        XCTAssertEqual(argument["default"] as? Int, 5)
        XCTAssertEqual((cls["defaultMismatches"] as? [Any])?.count, 0)
    }

    // MARK: - Actions

    func testActionsAreCalledThroughLibffiAndReportWhatTheyChange() throws {
        for (label, cls) in try everyClass() {
            let component = try DesignerInstance(cls, frame: Rect(size: cls.info.defaultSize))
            try component.invoke("bump", argument: nil)
            XCTAssertEqual(try component.instance.get("level"), .int(4), label)
            let changed = try component.takeChangedValues()
            XCTAssertEqual(changed.first { $0.name == "double" }?.value, .int(8), "\(label): a dependent value reported and read back")
            try component.invoke("setLevel", argument: .int(7))
            XCTAssertEqual(try component.instance.get("double"), .int(14), label)
            XCTAssertTrue(try component.takeChangedValues().contains { $0.name == "double" && $0.value == .int(14) }, label)
            try component.invoke("paint", argument: .color(Color(red: 0, green: 1, blue: 0, alpha: 1)))
            // Checked before the plugin runs.
            XCTAssertThrowsError(try component.invoke("setLevel", argument: .int(50))) {
                XCTAssertEqual(($0 as? HostError)?.message, "action setLevel: 50 is outside the range 0…10 (expected an integer in 0…10)", label)
            }
            XCTAssertThrowsError(try component.invoke("bump", argument: .int(1))) {
                XCTAssertEqual(($0 as? HostError)?.message, "action bump takes no argument (expected bump, not bump=VALUE)", label)
            }
            XCTAssertThrowsError(try component.invoke("jump", argument: nil)) {
                XCTAssertEqual(($0 as? HostError)?.message,
                               "no action named 'jump' (expected one of: bump(), setLevel(Int), paint(Color), fail(), animate())", label)
            }
            // A failing action: the plugin's own words, with class and phase.
            XCTAssertThrowsError(try component.invoke("fail", argument: nil)) { error in
                let e = error as? HostError
                XCTAssertEqual(e?.phase, .action, label)
                XCTAssertEqual(e?.className, cls.info.name, label)
                XCTAssertTrue(e?.message.contains("the paint bucket is empty") ?? false, "\(label): \(String(describing: e))")
            }
        }
    }

    /// An action that crashed its worker was reported without its name ("class Extended: crashed with
    /// SIGSEGV [phase: action]"): which of the class's actions was it?
    func testAnActionThatCrashesIsNamed() throws {
        let root = try componentsFolder(["libExtended.so": try cPlugin("fail_crashes")])
        let result = try runHost(["render", "Extended", "--action", "bump", "--action", "fail", "-o", "out.png"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Extended: action fail: crashed with SIGSEGV"), result.stderr)
        XCTAssertTrue(result.stderr.split(separator: "\n").first?.hasSuffix("[phase: action]") ?? false, result.stderr)
    }

    func testRenderTakesAVariantThenSetsThenActions() throws {
        for (plugin, name) in [("libExtensions.so", "Extended"), ("libSwiftExtensions.so", "Meter")] {
            let source = name == "Extended" ? try cPlugin() : try SwiftFixture.build("SwiftExtensions")
            let root = try componentsFolder([plugin: source], test: "render\(name)")
            let out = root + "/out.png"
            let r = try runHost(["render", name, "--variant", "high", "--set", "level=2", "--action", "paint=#00FF00",
                                 "--action", "bump", "-o", out], directory: root)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try PNGFile(out).pixel(5, 15), RGBA(r: 0, g: 255, b: 0, a: 255), name)
            let inspect = try runHost(["inspect", name, "--set", "level=2"], directory: root)
            XCTAssertTrue(inspect.stdout.contains("Value: 4  (changed)  (reported by the component)"), inspect.stdout)

            let unknown = try runHost(["render", name, "--variant", "huge", "-o", out], directory: root)
            XCTAssertEqual(unknown.status, 65)
            XCTAssertTrue(unknown.stderr.contains("no variant named 'huge' (expected one of: low, high, "), unknown.stderr)
            let badArgument = try runHost(["render", name, "--action", "setLevel=eleven", "-o", out], directory: root)
            XCTAssertEqual(badArgument.status, 65)
            XCTAssertTrue(badArgument.stderr.contains("action setLevel: "), badArgument.stderr)
            let missing = try runHost(["render", name, "--action", "setLevel", "-o", out], directory: root)
            XCTAssertTrue(missing.stderr.contains("action setLevel needs an argument (expected setLevel=VALUE"), missing.stderr)
            // It names the argument an editor offers first.
            XCTAssertTrue(missing.stderr.contains("; e.g. setLevel=") && missing.stderr.contains(", its default)"), missing.stderr)
        }
    }

    /// easel.h: property_changed with a name the class does not have "is ignored with a warning".
    /// Only the live views warned; a one-shot render or inspect dropped it silently, so a typo in a
    /// component's property_changed went unnoticed. The warning comes once per name and instance,
    /// from a worker and in process alike.
    func testAPropertyChangedNamingNoPropertyIsAWarningOnce() throws {
        let root = try componentsFolder(["libExtensions.so": try cPlugin("unknown_name")], test: "unknownName")
        let warning = "libExtensions.so: class Extended: property_changed(\"levle\") names no property of the class; ignored"
        for isolation in [[], ["--in-process"]] {
            let r = try runHost(["render", "Extended", "--action", "bump", "--action", "bump", "-o", root + "/out.png"] + isolation,
                                directory: root)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr.components(separatedBy: warning).count - 1, 1, "once, however often: \(isolation) \(r.stderr)")
        }
        let component = try DesignerInstance(try XCTUnwrap(try Registry(files: [try cPlugin("unknown_name")], environment: testEnvironment).designableClass(named: "Extended")),
                                             frame: Rect(x: 0, y: 0, width: 40, height: 40))
        try component.invoke("bump", argument: nil)
        XCTAssertEqual(try component.takeChangedValues().map(\.name), ["level", "double"], "the known names are read back")
    }

    // MARK: - request_redraw and the clock

    /// The animation asks for a frame at a time; a one-shot render draws until it stops asking, the
    /// virtual clock 1/60 s further each time: 0.5 s is exactly 30 more frames, on any machine.
    func testRequestRedrawDrivesAnAnimationToItsEnd() throws {
        for (label, cls) in try everyClass() {
            let component = try DesignerInstance(cls, frame: Rect(size: cls.info.defaultSize))
            try component.invoke("animate", argument: nil)
            let scratch = try XCTUnwrap(try? RenderTarget(format: .png(), options: RenderOptions(width: 40, height: 20)))
            try component.draw(on: scratch.canvas)
            var frames = 0
            while try component.wantsRedraw, frames < 100 {
                try component.advanceClock(by: 1.0 / 60)
                try component.draw(on: scratch.canvas)
                frames += 1
            }
            XCTAssertEqual(frames, 30, label)
            XCTAssertEqual(try component.instance.get("phase"), .double(1), label)
            XCTAssertFalse(try component.wantsRedraw, label)
        }
    }

    func testARenderShowsWhereAnAnimationEnds() throws {
        let root = try componentsFolder(["libExtensions.so": try cPlugin()])
        let out = root + "/animated.png"
        let r = try runHost(["render", "Extended", "--action", "animate", "-o", out], directory: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try PNGFile(out)
        XCTAssertEqual(png.pixel(38, 2), RGBA(r: 255, g: 255, b: 255, a: 255), "phase 1: the bar is full")
        XCTAssertEqual(png.pixel(38, 18), RGBA(r: 0, g: 0, b: 255, a: 255))
        let again = root + "/again.png"
        _ = try runHost(["render", "Extended", "--action", "animate", "--in-process", "-o", again], directory: root)
        XCTAssertEqual(FileManager.default.contents(atPath: out), FileManager.default.contents(atPath: again),
                       "the same picture in process and in a worker")
    }

    // MARK: - Defaults

    func testADefaultThatCreateDoesNotSetIsAWarningEverywhere() throws {
        let root = try componentsFolder(["libExtensions.so": try cPlugin("defaults")])
        let expected = "class Extended: property level: a new instance reads 0, but the table declares 3 (create must give every property its declared default)"
        let inspect = try runHost(["inspect", "Extended"], directory: root)
        XCTAssertEqual(inspect.status, 0)
        XCTAssertTrue(inspect.stderr.contains("warning: ./components/libExtensions.so: " + expected), inspect.stderr)
        XCTAssertTrue(inspect.stdout.contains("Int. Range: 0 - 10, step 1; Default: 3  (but a new instance reads 0)"), inspect.stdout)
        let json = try runHost(["inspect", "Extended", "--json"], directory: root)
        let cls = try XCTUnwrap(((try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])?["classes"] as? [[String: Any]])?.first)
        let mismatch = try XCTUnwrap((cls["defaultMismatches"] as? [[String: Any]])?.first)
        XCTAssertEqual(mismatch["property"] as? String, "level")
        XCTAssertEqual(mismatch["declared"] as? Int, 3)
        XCTAssertEqual(mismatch["actual"] as? Int, 0)
        let list = try runHost(["list", "--verbose"], directory: root)
        XCTAssertTrue(list.stderr.contains(expected), list.stderr)
        XCTAssertFalse(try runHost(["list"], directory: root).stderr.contains(expected), "only with --verbose")
        // With --json, in its warnings (it was lost there).
        let listJSON = try runHost(["list", "--verbose", "--json"], directory: root)
        let warnings = (try JSONSerialization.jsonObject(with: listJSON.stdoutData) as? [String: Any])?["warnings"] as? [String]
        XCTAssertEqual(warnings?.filter { $0.contains(expected) }.count, 1, listJSON.stdout)
        let gallery = try runHost(["gallery", "--out", root + "/gallery"], directory: root)
        XCTAssertTrue(gallery.stderr.contains(expected), gallery.stderr)
        let page = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("<p class=\"warning\">warning: ./components/libExtensions.so: " + expected), page)
        // The reusable check itself, as a validator calls it.
        let registry = Registry(files: [try cPlugin("defaults")], environment: testEnvironment)
        let mismatches = try DefaultsCheck.check(try XCTUnwrap(try registry.designableClass(named: "Extended")))
        XCTAssertEqual(mismatches.map(\.property.name), ["level", "double"], "double follows level")
        XCTAssertEqual(mismatches.first?.actual, .int(0))
        XCTAssertEqual(try DefaultsCheck.check(try XCTUnwrap(try Registry(files: [try cPlugin()], environment: testEnvironment).designableClass(named: "Extended"))), [])
    }

    // MARK: - Invalid extensions

    func testInvalidExtensionTablesAreRefusedNamingClassAndEntry() throws {
        func failure(_ mode: String) throws -> HostError? { Registry(files: [try cPlugin(mode)], environment: testEnvironment).failures.first }
        let variant = try failure("variant_key")
        XCTAssertEqual(variant?.className, "Extended")
        XCTAssertEqual(variant?.property, "colour")
        XCTAssertEqual(variant?.message, "easel.variants/1: variant 'titled': no such property (expected one of: level, double, phase, title, hostHasNoFoo, autoAnimate)")
        XCTAssertEqual(try failure("action_null")?.message, "easel.actions/1: action 'animate': invoke is NULL (expected the action's function)")
        let badDefault = try failure("bad_default")
        XCTAssertEqual(badDefault?.property, "action setLevel")
        XCTAssertEqual(badDefault?.message, "the default argument is invalid: 50 is outside the range 0…10 (expected an integer in 0…10)")
    }

    /// The host asks plugins only for per-class extensions, so variants an author returned from
    /// get_extension(NULL, "easel.variants/1") were silently never read: the host asks for them
    /// plugin-wide too and warns, once per plugin, naming the file and the id. A plugin answering every
    /// query with its class's tables (ignoring cls) loses nothing and hears nothing.
    func testAPerClassExtensionAnsweredPluginWideIsAWarningOnce() throws {
        let warning = "get_extension(NULL, \"easel.variants/1\") answers a table no class does: easel.variants/1 is per class "
            + "(asked as get_extension(cls, id)), so it is never read\n"
        let root = try componentsFolder(["libExtended.so": try cPlugin("plugin_wide")])
        let file = "./components/libExtended.so"
        // Scanned in one worker, then loaded in another to render: still one warning.
        let render = try runHost(["render", "Extended", "-o", "out.png"], directory: root)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(render.stderr.components(separatedBy: warning).count - 1, 1, render.stderr)
        XCTAssertTrue(render.stderr.contains("warning: \(file): " + warning), render.stderr)
        XCTAssertFalse(render.stderr.contains("easel.actions/1 is per class"), "only the id answered: \(render.stderr)")
        // validate loads it in many workers, and asks one for its descriptor problems: still one.
        let validate = try runHost(["validate", "components/libExtended.so"], directory: root)
        XCTAssertEqual(validate.stderr.components(separatedBy: warning).count - 1, 1, validate.stderr)
        let inProcess = try runHost(["inspect", "Extended", "--in-process", "--cache", "none"], directory: root)
        XCTAssertEqual(inProcess.status, 0, inProcess.stderr)
        XCTAssertEqual(inProcess.stderr.components(separatedBy: warning).count - 1, 1, inProcess.stderr)
        XCTAssertFalse(inProcess.stdout.contains("everywhere"), "the plugin-wide variants are not the class's: \(inProcess.stdout)")
        for mode in ["good", "ignores_cls"] {
            let quiet = try runHost(["inspect", "Extended", "--cache", "none"],
                                    directory: try componentsFolder(["libExtended.so": try cPlugin(mode)], test: #function + mode))
            XCTAssertEqual(quiet.status, 0, quiet.stderr)
            XCTAssertEqual(quiet.stderr, "", "\(mode): no warning")
            XCTAssertTrue(quiet.stdout.contains("titled"), "\(mode): the class's variants: \(quiet.stdout)")
        }
    }

    // MARK: - Gallery and scenes

    func testTheGalleryRendersEveryVariant() throws {
        let root = try componentsFolder(["libExtensions.so": try cPlugin()])
        let r = try runHost(["gallery", "--out", "g"], directory: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        for file in ["Extended.png", "Extended.low.png", "Extended.high.png", "Extended.titled.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/g/" + file), file)
        }
        let page = try String(contentsOfFile: root + "/g/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("<figure id=\"Extended.high\"><div class=\"picture\"><img src=\"Extended.high.png\""), page)
        XCTAssertTrue(page.contains("<figcaption><strong>High Level</strong>"), page)
        XCTAssertTrue(page.contains("host render Extended --variant high --scale 2 -o Extended.high.png"), page)
        XCTAssertTrue(page.contains("<code>setLevel(Int)</code>"), page)
        XCTAssertTrue(r.stdout.contains("gallery: 1 of 1 class in full (6 pictures)"), r.stdout) // (4 variants; the default dark and right to left)
    }

    func testAScenesInstanceMayNameAVariant() throws {
        let root = try componentsFolder(["libExtensions.so": try cPlugin()])
        let scene = """
            { "size": "40x20", "instances": [
              { "class": "Extended", "variant": "high", "frame": "0,0,40,20", "attributes": { "level": 2 } } ] }
            """
        try scene.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let r = try runHost(["render", "scene.json", "-o", "scene.png"], directory: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        let bad = scene.replacingOccurrences(of: "\"high\"", with: "\"huge\"")
        try bad.write(toFile: root + "/bad.json", atomically: true, encoding: .utf8)
        let refused = try runHost(["render", "bad.json", "-o", "bad.png"], directory: root)
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.stderr.contains("bad.json: class Extended: instances[0].variant: no variant 'huge' (did you mean 'high'? expected one of: low, high, titled)"), refused.stderr)
        // The variant's attributes come first, the instance's own override them.
        let registry = Registry(files: [try cPlugin()], environment: testEnvironment)
        let parsed = try Scene.parse(Data(scene.utf8), file: "scene.json")
        XCTAssertEqual(parsed.instances.first?.variant, "high")
        let target = try SceneRender.render(parsed, classes: registry.designableClass(named:), format: .png())
        _ = target
    }

    // MARK: - The examples

    func testEveryExampleHasTheVariantsItsTutorialShowsAndTheButtonsHighlight() throws {
        let names = ["Gauge", "RoundedCornerButton", "FancyButton", "Rainbow", "TaxRateRow", "CircularProgressBar"]
        let root = try exampleComponents(names)
        let registry = Registry(searchPath: PluginSearchPath(directories: [root + "/components"]), environment: testEnvironment)
        for name in names {
            let info = try XCTUnwrap(try registry.classInfo(named: name))
            XCTAssertGreaterThanOrEqual(info.variants.count, 3, name)
        }
        XCTAssertEqual(try registry.classInfo(named: "CircularProgressBar")?.variants.map(\.name), ["empty", "half", "full"])
        XCTAssertEqual(try registry.classInfo(named: "RoundedCornerButton")?.variants.map(\.name), ["square", "rounded", "pill"])
        for button in ["RoundedCornerButton", "FancyButton"] {
            XCTAssertEqual(try registry.classInfo(named: button)?.actions.map(\.name), ["highlight"], button)
            let plain = root + "/\(button).png", pressed = root + "/\(button)-pressed.png"
            XCTAssertEqual(try runHost(["render", button, "-o", plain], directory: root).status, 0)
            XCTAssertEqual(try runHost(["render", button, "--action", "highlight", "-o", pressed], directory: root).status, 0)
            let a = try PNGFile(plain), b = try PNGFile(pressed)
            let white = { (p: RGBA) in p.r > 230 && p.g > 230 && p.b > 230 }
            // The title's part of the button (FancyButton's white icon is on the left, and stays).
            let x = a.width * 2 / 5
            let plainWhite = a.count(x: x, y: 0, width: a.width - x, height: a.height, where: white)
            XCTAssertGreaterThan(plainWhite, 20, button)
            XCTAssertLessThan(b.count(x: x, y: 0, width: b.width - x, height: b.height, where: white), plainWhite / 4,
                              "\(button): the pressed title is dimmed")
        }
    }

    func testCircularProgressBarAnimatesToItsTargetWithRequestRedraw() throws {
        let root = try exampleComponents(["CircularProgressBar"])
        let registry = Registry(searchPath: PluginSearchPath(directories: [root + "/components"]), environment: testEnvironment)
        let cls = try XCTUnwrap(try registry.designableClass(named: "CircularProgressBar"))
        let component = try DesignerInstance(cls, frame: Rect(size: cls.info.defaultSize))
        try component.invoke("animateTo", argument: .cgFloat(75))
        let scratch = try XCTUnwrap(try? RenderTarget(format: .png(), options: RenderOptions(width: 300, height: 300)))
        try component.draw(on: scratch.canvas)
        var frames = 0
        var reported: [PropertyValue] = []
        while try component.wantsRedraw, frames < 200 {
            try component.advanceClock(by: 1.0 / 60)
            try component.draw(on: scratch.canvas)
            reported += try component.takeChangedValues().filter { $0.name == "progress" }.map(\.value)
            frames += 1
        }
        XCTAssertEqual(frames, 36, "0.6 s at 60 frames a second")
        XCTAssertEqual(reported.last, .cgFloat(75), "each frame's progress is reported (property_changed)")
        XCTAssertGreaterThan(reported.count, 30)
        // And in one command: the ring at 75%, 9 o'clock green, 8 o'clock grey.
        let out = root + "/animated.png"
        let r = try runHost(["render", "CircularProgressBar", "--action", "animateTo=75", "-o", out], directory: root)
        XCTAssertEqual(r.status, 0, r.stderr)
        let png = try PNGFile(out)
        let green = { (p: RGBA) in p.g > 150 && p.r < 200 && p.b < 120 }
        XCTAssertGreaterThan(png.count(x: 35, y: 235, width: 25, height: 25, where: green), 0, "half past seven: in the arc")
        XCTAssertEqual(png.count(x: 35, y: 35, width: 25, height: 25, where: green), 0, "half past ten: past the arc's end")
    }
}
