import Foundation
import XCTest

/// The C guide's component (Docs/guides/c.md, once the README's "In C") is what newcomers paste first:
/// taken from the guide itself, completed with the draw and destroy it leaves out, it must compile without a
/// warning under -Wall -Werror (it lacked <stdlib.h> and <string.h>) and pass every check of
/// `host validate` (its bump action counted past the range it declares, from the busy variant).
final class ReadmeCExampleTests: XCTestCase {
    static let marker = "/* draw (through the easel_canvas vtable) and destroy, then: */"

    /// The C guide's first ```c block.
    static func snippet() throws -> String {
        let readme = try Documentation.read("Docs/guides/c.md")
        guard let start = readme.range(of: "```c\n"), let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex) else {
            throw NSError(domain: "Docs/guides/c.md", code: 1, userInfo: [NSLocalizedDescriptionKey: "no ```c block in the C guide"])
        }
        return String(readme[start.upperBound..<end.lowerBound])
    }

    func testTheREADMEsCComponentCompilesCleanlyAndValidates() throws {
        var source = try Self.snippet()
        XCTAssertTrue(source.contains(Self.marker), "the C guide's example still says where draw and destroy go")
        source = source.replacingOccurrences(of: Self.marker, with: """
        static bool badge_draw(void *self, easel_canvas *c, easel_rect rect) {
            c->set_fill_color(c, ((badge *)self)->tint);
            c->fill_rect(c, rect);
            return true;
        }
        static void badge_destroy(void *self) { free(self); }
        """)
        let root = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: root + "/components", withIntermediateDirectories: true)
        try source.write(toFile: root + "/badge.c", atomically: true, encoding: .utf8)
        let build = try runProcess("/usr/bin/env", ["cc", "-Wall", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden",
                                                    "-I", TestPaths.repoRoot + "/Sources/CEasel/include",
                                                    root + "/badge.c", "-o", root + "/components/libBadge.so", "-lm"])
        XCTAssertEqual(build.status, 0, "the C guide's example does not compile cleanly:\n\(build.stderr)")
        let validate = try runHost(["validate", "components/libBadge.so"], directory: root)
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stdout.contains("0 failed"), validate.stdout)
        let render = try runHost(["render", "Badge", "--variant", "busy", "--action", "bump", "-o", root + "/badge.png"], directory: root)
        XCTAssertEqual(render.status, 0, render.stderr)
    }

    /// The validator's side: an action that leaves a property outside its range fails `extensions`
    /// (the C example's old bump, from its busy variant at 99).
    func testAnActionThatLeavesAPropertyOutsideItsRangeFailsValidation() throws {
        var source = try Self.snippet()
        source = source.replacingOccurrences(of: "    if (b->count < 99) b->count++;", with: "    b->count++;")
        source = source.replacingOccurrences(of: Self.marker, with: """
        static bool badge_draw(void *self, easel_canvas *c, easel_rect rect) { (void)self; (void)c; (void)rect; return true; }
        static void badge_destroy(void *self) { free(self); }
        """)
        let root = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: root + "/components", withIntermediateDirectories: true)
        try source.write(toFile: root + "/badge.c", atomically: true, encoding: .utf8)
        let build = try runProcess("/usr/bin/env", ["cc", "-shared", "-fPIC", "-I", TestPaths.repoRoot + "/Sources/CEasel/include",
                                                    root + "/badge.c", "-o", root + "/components/libBadge.so"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let validate = try runHost(["validate", "--filter", "extensions", "components/libBadge.so"], directory: root)
        XCTAssertEqual(validate.status, 1, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("class Badge: easel.actions/1: action bump() from variant busy left property count at 100: 100 is outside the range 0…99"),
                      validate.stdout)
    }
}
