import Foundation
import XCTest

/// The C++ guide's component (Docs/guides/cpp.md), exactly as the page shows it: C++17 with the table
/// builder (C++17 has no designated initialisers, which the C guide's tables use), compiled with
/// `-std=c++17 -Wall -Wextra -pedantic -Werror`, then validated and rendered by the host.
final class CppGuideExampleTests: XCTestCase {
    /// The guide's ```cpp block.
    static func snippet() throws -> String {
        let page = try Documentation.read("Docs/guides/cpp.md")
        guard let start = page.range(of: "```cpp\n"), let end = page.range(of: "\n```", range: start.upperBound..<page.endIndex) else {
            throw NSError(domain: "Docs/guides/cpp.md", code: 1, userInfo: [NSLocalizedDescriptionKey: "no ```cpp block in the C++ guide"])
        }
        return String(page[start.upperBound..<end.lowerBound])
    }

    func testTheGuidesComponentCompilesAsCpp17CleanlyAndValidates() throws {
        let source = try Self.snippet()
        XCTAssertFalse(source.contains("{.") || source.contains(", ."), "no designated initialisers (C++20, not C++17)")
        let root = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: root + "/components", withIntermediateDirectories: true)
        try source.write(toFile: root + "/badge.cpp", atomically: true, encoding: .utf8)
        for compiler in ["c++", "/opt/swift/usr/bin/clang++"] {
            let build = try runProcess("/usr/bin/env", [compiler, "-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror", "-shared", "-fPIC",
                                                        "-fvisibility=hidden", "-I", TestPaths.cHeaderDirectory,
                                                        root + "/badge.cpp", "-o", root + "/components/libBadge.so"])
            XCTAssertEqual(build.status, 0, "\(compiler): the C++ guide's example does not compile cleanly as C++17:\n\(build.stderr)")
        }
        let validate = try runHost(["validate", "--seed", "5", "components"], directory: root)
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stdout.contains(" 0 failed, 0 warnings"), validate.stdout)
        let render = try runHost(["render", "Badge", "--set", "count=42", "-o", root + "/badge.png"], directory: root)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(try PNGFile(root + "/badge.png").pixel(2, 2), RGBA(r: 255, g: 58, b: 48, a: 255))
    }
}
