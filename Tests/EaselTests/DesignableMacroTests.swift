import EaselHost
import Foundation
import XCTest

/// The @Designable macro (Sources/EaselMacros) on Swift plugins written as Xcode authors write them:
/// host sets run the property's own setter (didSet) for every type, in process and in a worker;
/// summaries come from doc comments and ranges from @Inspector; mistakes are compile errors.
final class DesignableMacroTests: XCTestCase {
    /// Every property of SwiftAllTypes once, in declaration order.
    private let values: [(String, PropertyValue)] = [
        ("count", .int(-7)), ("radius", .cgFloat(12.25)), ("ratio", .double(-1e-6)), ("caption", .string("公积金 ✓")),
        ("enabled", .bool(false)), ("anchor", .point(Point(x: -3, y: 4.5))), ("extent", .size(Size(width: 7, height: 8))),
        ("box", .rect(Rect(x: 1.5, y: 2, width: 30, height: 40))),
        ("tint", .color(Color(red: 1, green: 0, blue: 0.5, alpha: 0.25))), ("icon", .image("icons/star.svg")),
        ("style", .enumeration(2)), ("padding", .insets(Insets(top: 9, left: 8, bottom: 7, right: 6))),
    ]

    private func assertHostSetsRunDidSet(isolation: Isolation, file: StaticString = #filePath, line: UInt = #line) throws {
        let registry = Registry(files: [try SwiftFixture.build("SwiftAllTypes")], isolation: isolation, environment: testEnvironment)
        XCTAssertEqual(registry.failures, [], file: file, line: line)
        let cls = try XCTUnwrap(try registry.designableClass(named: "AllTypesView"))
        let instance = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
        XCTAssertEqual(try instance.get("didSetCalls"), .string(""), "a fresh instance: no didSet ran", file: file, line: line)
        for (name, value) in values {
            try instance.set(name, to: value)
            XCTAssertEqual(try instance.get(name), value, name, file: file, line: line)
        }
        XCTAssertEqual(try instance.get("didSetCalls"), .string(values.map(\.0).joined(separator: ",")),
                       "each host set ran the property's didSet once", file: file, line: line)
    }

    func testHostSetsRunDidSetForEveryTypeInProcess() throws {
        try assertHostSetsRunDidSet(isolation: .inProcess)
    }

    func testHostSetsRunDidSetForEveryTypeInAWorker() throws {
        useHostAsWorker()
        try assertHostSetsRunDidSet(isolation: .default)
    }

    func testDidSetRunsForSetsFromTheCommandLine() throws {
        // `host inspect --set` sets in a worker, then reads every property back.
        let root = try componentsFolder(["libSwiftAllTypes.so": try SwiftFixture.build("SwiftAllTypes")])
        let result = try runHost(["inspect", "AllTypesView", "--set", "radius=3", "--set", "caption=x", "--json"],
                                 directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: result.stdoutData) as! [String: Any]
        let properties = ((json["classes"] as! [[String: Any]])[0]["properties"] as! [[String: Any]])
        let calls = try XCTUnwrap(properties.first { $0["name"] as? String == "didSetCalls" })
        XCTAssertEqual(calls["value"] as? String, "radius,caption")
        XCTAssertEqual(calls["readOnly"] as? Bool, true)
    }

    func testSummariesComeFromDocCommentsAndRangesFromInspector() throws {
        let registry = Registry(files: [try SwiftFixture.build("SwiftAllTypes")], environment: testEnvironment)
        let cls = try XCTUnwrap(try registry.designableClass(named: "AllTypesView"))
        XCTAssertEqual(cls.info.summary, "One inspectable of every type", "the class's doc comment")
        let count = try XCTUnwrap(cls.info.property(named: "count"))
        XCTAssertEqual(count.summary, "An Int in -10…10")
        XCTAssertEqual(count.range, NumericRange(min: -10, max: 10, step: 1))
        XCTAssertEqual(cls.info.property(named: "radius")?.range, NumericRange(min: 0, max: 50, step: 0))
        XCTAssertNil(cls.info.property(named: "radius")?.summary, "no doc comment, no summary")
        XCTAssertNil(cls.info.property(named: "ratio")?.range, "no @Inspector range: any value")
        XCTAssertEqual(cls.info.property(named: "ratio")?.summary, "A ratio, from a block comment")
        XCTAssertEqual(cls.info.property(named: "caption")?.displayName, "Caption Text")
        XCTAssertEqual(cls.info.property(named: "caption")?.group, "Text")
        let calls = try XCTUnwrap(cls.info.property(named: "didSetCalls"))
        XCTAssertTrue(calls.isReadOnly)
        XCTAssertEqual(calls.summary, "The properties whose didSet ran, in order, comma-separated (read-only: shown, never set)")
    }

    /// `@Designable(group:displayName:summary:)` gives the class-level settings (`@Designable(group:)`
    /// was guessed by a newcomer and refused); `summary:` wins over the doc comment.
    func testDesignableArgumentsGiveTheClassLevelSettings() throws {
        let registry = Registry(files: [try SwiftFixture.build("SwiftClamping")], environment: testEnvironment)
        let info = try XCTUnwrap(try registry.designableClass(named: "ClampedCounter")).info
        XCTAssertEqual(info.group, "Counters")
        XCTAssertEqual(info.displayName, "Clamped Counter (Swift)")
        XCTAssertEqual(info.summary, "Never below zero")
        let meter = try XCTUnwrap(try registry.designableClass(named: "RangedMeter")).info
        XCTAssertEqual(meter.summary, "A value that goes up to its own maximum: a dependent range, kept by both setters.", "the doc comment")
        XCTAssertEqual(meter.group, "Swift Clamping", "no group: the plugin's name")
    }

    func testAnExportedSubclassWithoutDesignableIsRefusedNamingIt() throws {
        let registry = Registry(files: [try SwiftFixture.build("SwiftUndesignable")], environment: testEnvironment)
        XCTAssertEqual(registry.failures.count, 1)
        let message = registry.failures.first.map { "\($0)" } ?? ""
        XCTAssertTrue(message.contains("init returned false: cannot export the classes: BigGadget is not @Designable (it would be created as a Gadget): write @Designable before 'class BigGadget'"),
                      message)   // it read "cannot export BigGadget is not @Designable"
    }

    /// What the fix-it for an enum of the class writes (the compiler prints only its title): the
    /// macro expanded by Tests/Fixtures/MacroHarness, built with swiftc on the toolchain's swift-syntax.
    func testTheEnumFixItAdoptsInspectableEnum() throws {
        let dir = try TestPaths.scratch()
        // The toolchain's swift-syntax is beside its swiftc, as Scripts/build-macros finds it.
        let found = try runProcess("/bin/sh", ["-c", "command -v swiftc || echo /opt/swift/usr/bin/swiftc"]).stdout
        let swiftc = URL(fileURLWithPath: found.trimmingCharacters(in: .whitespacesAndNewlines))
        let host = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path + "/lib/swift/host"
        let macros = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repoRoot + "/Sources/EaselMacros")
            .filter { $0.hasSuffix(".swift") }.sorted().map { TestPaths.repoRoot + "/Sources/EaselMacros/" + $0 }
        let build = try runProcess(swiftc.path, [TestPaths.fixtures + "/MacroHarness/main.swift"] + macros + [
            "-module-name", "MacroHarness", "-I", host, "-L", host, "-lSwiftSyntax", "-lSwiftSyntaxMacros", "-lSwiftDiagnostics",
            "-lSwiftParser", "-lSwiftSyntaxBuilder", "-lSwiftSyntaxMacroExpansion", "-lSwiftOperators", "-lSwiftBasicFormat",
            "-Xlinker", "-rpath", "-Xlinker", host, "-o", dir + "/harness"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let run = try runProcess(dir + "/harness", [TestPaths.fixtures + "/SwiftBadInspectable/SwiftBadInspectable.swift"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("55: @IBInspectable Enumerated.mode: enum Mode is not inspectable"), run.stdout)
        XCTAssertTrue(run.stdout.contains("  fix-it make Mode adopt InspectableEnum: [: Int] -> [: Int, InspectableEnum]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("10: @IBInspectable BadInspectables.speed: Float is not inspectable: use CGFloat (or Double)\n  fix-it use 'CGFloat': [Float] -> [CGFloat]"),
                      run.stdout)
    }

    func testAComponentInTheSwift6LanguageModeCompilesWithoutWarnings() throws {
        // SwiftAllTypes and SwiftCrash are built with -swift-version 6 (strict concurrency).
        for fixture in ["SwiftAllTypes", "SwiftCrash"] {
            let result = try SwiftFixture.compileAfresh(fixture)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", "\(fixture): no diagnostics at all")
        }
    }

    func testMistakesAreCompileErrorsOnTheirLines() throws {
        let result = try SwiftFixture.compileAfresh("SwiftBadInspectable")
        XCTAssertNotEqual(result.status, 0, "the bad fixture compiled")
        let output = result.stderr
        let file = "SwiftBadInspectable.swift"
        let expected: [(line: Int, message: String, fixIt: String?)] = [
            (10, "error: @IBInspectable BadInspectables.speed: Float is not inspectable: use CGFloat (or Double)", "use 'CGFloat'"),
            (11, "error: @IBInspectable BadInspectables.picture: UIImage is not inspectable: use UIImage? (nil is no image)",
             "use 'UIImage?'"),
            (12, "error: @IBInspectable BadInspectables.count: Int? is not inspectable: only UIColor? and UIImage? may be nil",
             "use 'Int'"),
            (13, "error: @IBInspectable BadInspectables.names: [String] is not inspectable: the inspector edits single values", nil),
            (14, "error: @IBInspectable BadInspectables.fixed must be a 'var': the host sets it", "use 'var'"),
            (15, "error: @Inspector range and step apply to Int, CGFloat and Double; BadInspectables.title is a String", nil),
            (16, "error: @Inspector on orphan has no effect without @IBInspectable", "add @IBInspectable"),
            (18, "error: on Linux @IBOutlet compiles only on Objective-C classes: write @Outlet weak var label", "use @Outlet"),
            (22, "error: NotDesignable is not @Designable, so the host never sees level: write @Designable before 'class NotDesignable'",
             nil),
            (27, "error: @IBInspectable Shared.everyone must be an instance property: each view has its own value", "remove 'static'"),
            (31, "error: @Designable class Holder cannot be generic: the host creates it by name", nil),
            // Written without a type, the type an initializer plainly gives is judged on its line too
            // (it was the type checker's error at the class's closing brace, without a fix-it).
            (35, "error: @IBInspectable Inferred.ratio: Float is not inspectable: use CGFloat (or Double)", "use 'CGFloat'"),
            (36, "error: @IBInspectable Inferred.weight: Int32 is not inspectable: use Int (the host's integers are 64-bit)",
             "use 'Int'"),
            (37, "error: @IBInspectable Inferred.tags: an array is not inspectable: the inspector edits single values", nil),
            // A dependent range's bound (easel.ranges/1) names another numeric inspectable of the class.
            (44, "error: @Inspector maximum: \"caption\" of Bounded.level must name another @IBInspectable Int, CGFloat or Double declared in the class (expected one of: other)", nil),
            (45, "error: @Inspector maximum: \"levels\" of Bounded.other must name another @IBInspectable Int, CGFloat or Double declared in the class (expected one of: level)", nil),
            // Enums: one of the class's is judged by the macro (with the fix-it that adopts
            // InspectableEnum); one declared elsewhere by the type checker, on its line too (it was
            // reported at the class's closing brace, with a note inside EaselKit).
            (54, "error: 'init(_:_:summary:range:step:minimum:maximum:group:displayName:hidden:)' is unavailable: this enum is not inspectable: make it adopt InspectableEnum", nil),
            (55, "error: @IBInspectable Enumerated.mode: enum Mode is not inspectable: make it adopt InspectableEnum (enum Mode: Int, InspectableEnum)", "make Mode adopt InspectableEnum"),
            (56, "error: @IBInspectable Enumerated.named: enum Named is not inspectable: an inspectable enum is Int-backed and adopts InspectableEnum", nil),
            (59, "error: Twice gives @Designable(group:) and overrides designableGroup: keep one (the argument, for a constant)", nil),
            // Any other type only the type checker can judge: on the property's line as well.
            (17, "is unavailable: this type is not inspectable: use Int, CGFloat", nil),
        ]
        for item in expected {
            // The diagnostics on that line (the compiler's own may come first), each with its notes.
            let blocks = output.components(separatedBy: "\(file):\(item.line):").dropFirst()
            guard let block = blocks.first(where: { $0.prefix { $0 != "\n" }.contains(item.message) }) else {
                XCTFail("no diagnostic '\(item.message)' on line \(item.line):\n\(output)")
                continue
            }
            if let fixIt = item.fixIt {
                XCTAssertTrue(block.prefix(1200).contains("note: \(fixIt)"), "line \(item.line) has the fix-it '\(fixIt)'")
            }
        }
        // No error is reported at a class's closing brace (line 57: Enumerated's; a note there says
        // where the expanded code goes).
        XCTAssertNil(output.range(of: #"\#(file):57:[0-9]+: error"#, options: .regularExpression), output)
        XCTAssertFalse(output.contains("\(file):38:"), "Double(2) is inspectable")
        XCTAssertFalse(output.contains("InspectableProperty(\"ratio\""), "nothing left for the type checker to find")
    }
}
