import EaselHost
import EaselPreview
import Foundation
import XCTest

/// The examples in other languages, built as their authors build them: Plugins/RustBadge with
/// `cargo build --offline` on Bindings/rust/easel-sys, Plugins/CppBadge with `c++ -std=c++17`. Each has
/// one property of every type, variants, actions and a failure that must not unwind into the host
/// (a Rust panic, a C++ exception). And easel.pc, for building against an installed header.
final class ForeignExamplesTests: XCTestCase {
    override func setUp() {
        useHostAsWorker()
    }

    let examples = [("RustBadge", "panicked: the badge exploded on purpose"), ("CppBadge", "threw: the badge exploded on purpose")]

    let values: [String: PropertyValue] = [
        "count": .int(42), "cornerRadius": .cgFloat(12.5), "opacity": .double(0.75), "label": .string("公积金 ✓"),
        "enabled": .bool(false), "dotOffset": .point(Point(x: 2, y: 3)), "dotSize": .size(Size(width: 6, height: 7)),
        "highlight": .rect(Rect(x: 1, y: 2, width: 3, height: 4)), "tint": .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)),
        "icon": .image("star.png"), "shape": .enumeration(2), "padding": .insets(Insets(top: 1, left: 2, bottom: 3, right: 4)),
        "selected": .bool(true),
    ]

    func testEveryTypeRoundTripsInProcessAndThroughAWorker() throws {
        for (name, _) in examples {
            let file = try TestPaths.example(name)
            for isolation in [Isolation.inProcess, .default] {
                let registry = Registry(files: [file], isolation: isolation, environment: testEnvironment)
                XCTAssertEqual(registry.failures, [], name)
                let cls = try XCTUnwrap(try registry.designableClass(named: name))
                XCTAssertEqual(Set(cls.info.properties.map(\.type)), Set(PropertyType.allCases), name)
                XCTAssertEqual(cls.info.extensions, ["easel.variants/1", "easel.actions/1", "easel.input/1"], name)
                XCTAssertEqual(cls.info.variants.map(\.name), ["zero", "busy", "cjk"], name)
                XCTAssertEqual(cls.info.property(named: "shape")?.enumCases.last?.displayName, "Square Corners", name)
                XCTAssertEqual(try DefaultsCheck.check(cls), [], "\(name): create gives every declared default")
                let instance = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
                for (property, value) in values {
                    try instance.set(property, to: value)
                    XCTAssertEqual(try instance.get(property), value, "\(name).\(property)")
                }
                try instance.set("icon", to: .image(nil))
                XCTAssertEqual(try instance.get("icon"), .image(nil), "\(name): NULL is no image")
                try instance.invoke("bump", argument: nil)
                XCTAssertEqual(try instance.get("count"), .int(43), name)
                XCTAssertEqual(try instance.takeRequests().changedProperties, ["count"], "\(name): property_changed")
            }
        }
    }

    func testAPanicOrAnExceptionIsCaughtAtTheBoundaryAndReported() throws {
        for (name, why) in examples {
            for isolation in [Isolation.inProcess, .default] {
                let registry = Registry(files: [try TestPaths.example(name)], isolation: isolation, environment: testEnvironment)
                let instance = try XCTUnwrap(try registry.designableClass(named: name)).makeInstance(frame: Rect(size: Size(width: 120, height: 36)))
                try instance.invoke("explode", argument: .bool(false)) // the default: nothing happens
                XCTAssertThrowsError(try instance.invoke("explode", argument: .bool(true))) { error in
                    let e = error as? HostError
                    XCTAssertEqual(e?.phase, .action, name)
                    XCTAssertEqual(e?.message, "action explode returned false: \(why)", name)
                }
                // The instance is still there: nothing unwound through the host.
                XCTAssertEqual(try instance.get("count"), .int(3), name)
            }
        }
    }

    func testInspectAndRenderFromTheCommandLine() throws {
        let root = try exampleComponents(examples.map(\.0))
        for (name, _) in examples {
            let inspect = try runHost(["inspect", name, "--set", "count=7", "--set", "shape=capsule", "--set", "tint=#00FF00"], directory: root)
            XCTAssertEqual(inspect.status, 0, inspect.stderr)
            XCTAssertTrue(inspect.stdout.contains("Properties (13):"), inspect.stdout)
            XCTAssertTrue(inspect.stdout.contains("Value: capsule  (changed)"), inspect.stdout)
            XCTAssertEqual(inspect.stderr, "", "no defaults warning")
            let out = root + "/\(name).png"
            // bump at the cap logs at info level: shown with -v, with the class; not a warning.
            let render = try runHost(["render", name, "--variant", "busy", "--action", "bump", "-o", out], directory: root)
            XCTAssertEqual(render.status, 0, render.stderr)
            XCTAssertEqual(render.stderr, "", "\(name): a capped count is no warning")
            let verbose = try runHost(["render", name, "--variant", "busy", "--action", "bump", "-v", "-o", out], directory: root)
            XCTAssertEqual(verbose.status, 0, verbose.stderr)
            XCTAssertTrue(verbose.stderr.contains("class \(name): the count is at its maximum, 99"), "\(name): the instance host's log, with the class: \(verbose.stderr)")
            XCTAssertFalse(verbose.stderr.contains("warning"), verbose.stderr)
            XCTAssertEqual(try PNGFile(out).pixel(3, 30), RGBA(r: 255, g: 149, b: 0, a: 255), "\(name): the busy variant's tint")
        }
    }

    func testTheBindingsLayoutChecksCatchAChangedLayout() throws {
        let cargo = try XCTUnwrap(ForeignExample.cargo, "cargo is needed (Rust 1.77 or later)")
        // A field inserted into a core struct and into an extension's table (easel.ranges/1): each must not compile.
        let edits = [("easel_property", "    pub struct_size: u32,\n    pub type_: easel_type,",
                      "    pub struct_size: u32,\n    pub extra: u64,\n    pub type_: easel_type,"),
                     ("easel_dependent_range", "    pub reserved0: u32,\n    /// Required: an INT, CGFLOAT or DOUBLE property",
                      "    pub reserved0: u32,\n    pub extra: u64,\n    /// Required: an INT, CGFLOAT or DOUBLE property")]
        for (index, (type, original, changed)) in edits.enumerated() {
            let crate = try TestPaths.scratch() + "/easel-sys-\(index)"
            try FileManager.default.copyItem(atPath: TestPaths.repoRoot + "/Bindings/rust/easel-sys", toPath: crate)
            let lib = crate + "/src/lib.rs"
            let source = try String(contentsOfFile: lib, encoding: .utf8)
            let edited = source.replacingOccurrences(of: original, with: changed)
            XCTAssertNotEqual(edited, source, "\(type): the edit applies")
            try edited.write(toFile: lib, atomically: true, encoding: .utf8)
            let result = try runProcess(cargo, ["check", "--offline", "--quiet", "--manifest-path", crate + "/Cargo.toml"],
                                        environment: ["CARGO_TARGET_DIR": crate + "/target"])
            XCTAssertNotEqual(result.status, 0, "a field inserted into \(type) must not compile")
            XCTAssertTrue(result.stderr.contains("evaluation panicked") || result.stderr.contains("assertion failed"), "\(type): \(result.stderr)")
        }
    }

    func testThePkgConfigFileFindsTheHeader() throws {
        let prefix = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: prefix + "/include", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/lib/pkgconfig", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.cHeaderDirectory + "/easel.h", toPath: prefix + "/include/easel.h")
        let template = try String(contentsOfFile: TestPaths.repoRoot + "/Sources/CEasel/easel.pc.in", encoding: .utf8)
        try template.replacingOccurrences(of: "@PREFIX@", with: prefix)
            .write(toFile: prefix + "/lib/pkgconfig/easel.pc", atomically: true, encoding: .utf8)
        let env = ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"]
        let version = try runProcess("/usr/bin/env", ["pkg-config", "--modversion", "easel"], environment: env)
        XCTAssertEqual(version.status, 0, version.stderr)
        let header = try String(contentsOfFile: TestPaths.cHeaderDirectory + "/easel.h", encoding: .utf8)
        func define(_ name: String) -> String? {
            header.split(separator: "\n").first { $0.hasPrefix("#define \(name) ") }?.split(separator: " ")[2].filter(\.isNumber)
        }
        XCTAssertEqual(version.stdout, "\(try XCTUnwrap(define("EASEL_ABI_MAJOR"))).\(try XCTUnwrap(define("EASEL_ABI_MINOR")))\n",
                       "easel.pc's Version is the header's ABI version")
        let cflags = try runProcess("/usr/bin/env", ["pkg-config", "--cflags", "easel"], environment: env)
        XCTAssertEqual(cflags.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "-I\(prefix)/include")
        let compile = try runProcess("/bin/sh", ["-c", "cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags easel) -fsyntax-only "
                                                  + TestPaths.fixtures + "/header/header_check.c"], environment: env)
        XCTAssertEqual(compile.status, 0, compile.stderr)
    }
}
