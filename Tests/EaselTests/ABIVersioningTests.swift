import EaselHost
import EaselPreview
import Foundation
import XCTest

/// easel.h's VERSIONING rule, proved with real plugins: a plugin built against the 1.0 draft (the
/// frozen header in Tests/Fixtures/abi-1.0) is read correctly through its own layout; tables are
/// stepped by their struct_size, however large; sizes that cannot be right are refused with a
/// message saying what to write; a newer minor is refused (PluginLoadingTests).
final class ABIVersioningTests: XCTestCase {
    override func setUp() {
        useHostAsWorker()
    }

    func legacyPlugin() throws -> String {
        try CFixture.build("abi-1.0/legacy_plugin.c", includeDirectory: TestPaths.fixtures + "/abi-1.0")
    }

    func loaded(_ path: String, environment: HostEnvironment = testEnvironment) throws -> (Registry, DesignableClass) {
        let registry = Registry(files: [path], environment: environment)
        XCTAssertEqual(registry.failures, [])
        let name = try XCTUnwrap(registry.classes.first?.name)
        return (registry, try XCTUnwrap(try registry.designableClass(named: name)))
    }

    // MARK: - A 1.0 plugin

    func testA1_0PluginsTablesAreReadThroughTheFrozenLayout() throws {
        var warnings: [String] = []
        let collecting = collectingWarnings { warnings.append($0) }
        let (registry, cls) = try loaded(try legacyPlugin(), environment: collecting)
        let info = cls.info
        XCTAssertEqual(registry.plugins.first?.info.abi, "1.0")
        XCTAssertEqual(registry.plugins.first?.info.summary, "Built against ABI 1.0")
        XCTAssertEqual(info.name, "LegacyTypes")
        XCTAssertEqual(info.group, "Legacy")
        XCTAssertEqual(info.kind, .control)
        XCTAssertEqual(info.defaultSize, Size(width: 64, height: 32))
        XCTAssertEqual(info.properties.map(\.name), ["integer", "cgFloat", "real", "text", "flag", "point", "size", "rect",
                                                     "color", "image", "choice", "insets", "setCount", "secret",
                                                     "archivedCount", "measuredWidth"])
        XCTAssertEqual(Set(info.properties.map(\.type)), Set(PropertyType.allCases))
        XCTAssertEqual(info.property(named: "integer")?.range, NumericRange(min: -1_000_000, max: 1_000_000, step: 1))
        XCTAssertEqual(info.property(named: "integer")?.defaultValue, .int(7))
        XCTAssertEqual(info.property(named: "text")?.defaultValue, .string("hello"))
        XCTAssertEqual(info.property(named: "rect")?.defaultValue, .rect(Rect(x: 5, y: 6, width: 7, height: 8)))
        XCTAssertEqual(info.property(named: "insets")?.defaultValue, .insets(Insets(top: 1, left: 2, bottom: 3, right: 4)))
        XCTAssertEqual(info.property(named: "choice")?.enumCases,
                       [EnumCase(name: "first", value: 10), EnumCase(name: "second", value: 20),
                        EnumCase(name: "third", value: -5, displayName: "Third One")])
        XCTAssertEqual(info.property(named: "setCount")?.isReadOnly, true)
        XCTAssertEqual(info.property(named: "setCount")?.summary, "How many setters ran")
        XCTAssertEqual(info.property(named: "secret")?.isHidden, true)
        XCTAssertEqual(info.extensions, [], "a 1.0 plugin has no extensions")
        XCTAssertTrue(warnings.contains { $0.hasSuffix("legacy plugin initialised") }, "\(warnings)")

        // init got a 1.0-shaped easel_host whose measure_text works.
        let instance = try cls.makeInstance(frame: Rect(size: info.defaultSize))
        guard case .double(let measured) = try instance.get("measuredWidth") else { return XCTFail("not a Double") }
        XCTAssertGreaterThan(measured, 20, "four W at 20 pt")
        // create got the 1.0 descriptor itself (it checks its own context), and every type round-trips.
        let values: [String: PropertyValue] = [
            "integer": .int(-42), "cgFloat": .cgFloat(2.5), "real": .double(-1e-9), "text": .string("公积金"),
            "flag": .bool(false), "point": .point(Point(x: 1, y: 2)), "size": .size(Size(width: 3, height: 4)),
            "rect": .rect(Rect(x: 1, y: 2, width: 3, height: 4)), "color": .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
            "image": .image("star.png"), "choice": .enumeration(-5), "insets": .insets(Insets(top: 4, left: 3, bottom: 2, right: 1)),
        ]
        for (name, value) in values {
            try instance.set(name, to: value)
            XCTAssertEqual(try instance.get(name), value, name)
        }
        XCTAssertEqual(try instance.get("setCount"), .int(Int64(values.count)))
        XCTAssertEqual(try instance.intrinsicSize(), Size(width: 64, height: 32))
        // create_from_archive gets the 1.0 descriptor and the archive (same layout in both versions).
        let archived = try cls.makeInstance(archive: Archive(frame: Rect(size: Size(width: 10, height: 10)),
                                                             attributes: [("integer", "1"), ("text", "a"), ("flag", "on")],
                                                             source: "test.json"))
        XCTAssertEqual(try archived.get("archivedCount"), .int(3))
        XCTAssertEqual(try archived.takeRequests(), InstanceRequests(), "a 1.0 plugin cannot ask for anything")
    }

    func testA1_0PluginInspectsAndRendersThroughAWorker() throws {
        let root = try componentsFolder(["libLegacy.so": try legacyPlugin()])
        let inspect = try runHost(["inspect", "LegacyTypes", "--set", "color=#FF0000", "--set", "text=hi"], directory: root)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdout.contains("ABI                      1.0"), inspect.stdout)
        XCTAssertTrue(inspect.stdout.contains("Value: \"hi\"  (changed)"), inspect.stdout)
        let out = root + "/legacy.png"
        let render = try runHost(["render", "LegacyTypes", "--set", "color=#FF0000", "-o", out], directory: root)
        XCTAssertEqual(render.status, 0, render.stderr)
        let png = try PNGFile(out)
        XCTAssertEqual(png.width, 64)
        XCTAssertEqual(png.pixel(10, 10), RGBA(r: 255, g: 0, b: 0, a: 255))
    }

    // MARK: - struct_size

    func testTablesAreSteppedByTheirStructSizeNotTheHostsSizeof() throws {
        let (_, plain) = try loaded(try CFixture.build("growth_plugin.c", defines: ["LAYOUT=plain"]))
        let (_, padded) = try loaded(try CFixture.build("growth_plugin.c", defines: ["LAYOUT=padded"]))
        var expected = plain.info
        expected.plugin.path = padded.info.plugin.path
        XCTAssertEqual(padded.info, expected, "16 more bytes per struct change nothing the host reads")
        XCTAssertEqual(padded.info.property(named: "mode")?.enumCases.map(\.displayName), ["Slowly", "Fast"])
        XCTAssertEqual(padded.info.property(named: "count")?.summary, "How many")
        let instance = try padded.makeInstance(frame: Rect(size: padded.info.defaultSize))
        try instance.set("title", to: .string("stepped"))
        try instance.set("mode", to: .enumeration(1))
        XCTAssertEqual(try instance.get("title"), .string("stepped"))
        XCTAssertEqual(try instance.get("mode"), .enumeration(1))
        XCTAssertEqual(try instance.get("count"), .int(4))
    }

    func testSizesThatCannotBeRightAreRefusedSayingWhatToWrite() throws {
        func failure(_ path: String) -> HostError? { Registry(files: [path], environment: testEnvironment).failures.first }
        let mixed = failure(try CFixture.build("growth_plugin.c", defines: ["LAYOUT=mixed"]))
        XCTAssertEqual(mixed?.className, "Growth")
        XCTAssertEqual(mixed?.phase, .validate)
        XCTAssertEqual(mixed?.message, "properties: easel_property #1 has struct_size 120 but #0 has 112 (every element of one table has the same struct_size: sizeof(easel_property))")
        let short = failure(try CFixture.build("growth_plugin.c", defines: ["LAYOUT=short"]))
        XCTAssertEqual(short?.message, "struct_size is 64, smaller than easel_class in ABI 1.1 (144 bytes): set .struct_size = sizeof(easel_class)")
        let forgotten = failure(try CFixture.broken("no_struct_size"))
        XCTAssertEqual(forgotten?.className, "BrokenFixture")
        XCTAssertEqual(forgotten?.message, "properties: struct_size is 0, smaller than easel_property in ABI 1.1 (112 bytes): set .struct_size = sizeof(easel_property)")
        // A count that is garbage: the reader asked for 652 GB and aborted ("crashed with SIGABRT").
        let huge = failure(try CFixture.broken("huge_count"))
        XCTAssertEqual(huge?.phase, .validate)
        XCTAssertEqual(huge?.message, "a table of 4294967295 easel_class entries is more than the 1048576 a table may hold (is its count set?)")
    }

    // MARK: - The header itself

    /// Every mode easel.h promises to be clean in, warnings as errors: C11 with gcc and clang
    /// (-pedantic), clang -Weverything, C++17 with g++ and clang++, and clang++ -Weverything. The
    /// usage file expands every macro and helper a plugin uses; -Weverything is applied to the header
    /// alone, because it also flags the `(easel_fn)` casts every plugin writes (the generic function
    /// pointer idiom, -Wcast-function-type-strict) and, in C++, C-style casts.
    func testTheHeaderCompilesCleanlyInEveryMode() throws {
        let header = TestPaths.fixtures + "/header"
        let clang = try XCTUnwrap(Self.tool("clang"), "clang is needed (the Swift toolchain ships it; Scripts/test puts it on PATH)")
        let clangxx = try XCTUnwrap(Self.tool("clang++"), "clang++ is needed")
        let gxx = try XCTUnwrap(Self.tool("g++"), "g++ is needed (Scripts/install-deps installs it)")
        let cc = try XCTUnwrap(Self.tool("cc"))
        let common = ["-Wall", "-Wextra", "-pedantic", "-Werror", "-I", TestPaths.cHeaderDirectory, "-c", "-o", "/dev/null"]
        let modes: [(String, [String])] = [
            (cc, ["-std=c11"] + common + [header + "/header_check.c"]),
            (clang, ["-std=c11"] + common + [header + "/header_check.c"]),
            (gxx, ["-std=c++17", "-x", "c++"] + common + [header + "/header_check.c"]),
            (clangxx, ["-std=c++17", "-x", "c++"] + common + [header + "/header_check.c"]),
            (clang, ["-std=c11", "-Weverything", "-Werror", "-I", TestPaths.cHeaderDirectory, "-c", "-o", "/dev/null", header + "/header_only.c"]),
            (clangxx, ["-std=c++17", "-x", "c++", "-Weverything", "-Werror", "-I", TestPaths.cHeaderDirectory, "-c", "-o", "/dev/null",
                       header + "/header_only.c"]),
        ]
        for (compiler, arguments) in modes {
            let result = try runProcess(compiler, arguments)
            XCTAssertEqual(result.status, 0, "\(compiler) \(arguments.joined(separator: " ")):\n\(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(compiler) printed diagnostics")
        }
    }

    func testTheHeaderRefusesToCompileWhenALayoutChanges() throws {
        // A field inserted into easel_property (as a careless edit would) breaks the _Static_asserts.
        let dir = try TestPaths.scratch()
        let original = try String(contentsOfFile: TestPaths.cHeaderDirectory + "/easel.h", encoding: .utf8)
        let edited = original.replacingOccurrences(of: "    easel_type type;                      /**< an EASEL_TYPE_* code (not NONE) */",
                                                   with: "    easel_type type;\n    uint64_t inserted;")
        XCTAssertNotEqual(edited, original, "the edit applies")
        try edited.write(toFile: dir + "/easel.h", atomically: true, encoding: .utf8)
        let result = try runProcess(try XCTUnwrap(Self.tool("cc")), ["-std=c11", "-I", dir, "-c", "-o", "/dev/null",
                                                                      TestPaths.fixtures + "/header/header_only.c"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("easel_property layout"), result.stderr)
    }

    /// A program on PATH (Scripts/test adds the Swift toolchain's folder, which has clang).
    static func tool(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/opt/swift/usr/bin:/usr/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
