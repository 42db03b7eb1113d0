import Foundation
import XCTest

/// easel_runtime.h is read by application developers who never see the runtime's code: every function
/// it declares, and every callback member of its structs, carries a doc comment that says what it does
/// and its thread rule ([runtime thread] or [any thread]).
final class RuntimeHeaderTests: XCTestCase {
    static let header = TestPaths.repoRoot + "/Sources/CEaselRuntime/include/easel_runtime.h"

    /// Each declaration (a function, or a callback member) with the doc comment right before it.
    static func declarations(_ text: String) -> [(name: String, doc: String)] {
        let lines = text.components(separatedBy: "\n")
        let function = try! NSRegularExpression(pattern: #"^[a-z_ ]+[ *]+(?:EASEL_NULLABLE\s+)?\*?\s*(easel_[a-z_]+)\("#)
        let callback = try! NSRegularExpression(pattern: #"\(\*EASEL_NULLABLE ([a-z_]+)\)"#)
        var result: [(String, String)] = []
        var doc = ""
        var i = 0
        while i < lines.count {
            let line = lines[i], trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") && !trimmed.hasPrefix("/**") {
                // inside a comment (the header's overview shows calls): nothing is declared there
            } else if trimmed.hasPrefix("/**") {
                doc = line
                while !doc.contains("*/") && i + 1 < lines.count { i += 1; doc += "\n" + lines[i] }
            } else if let m = function.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) ?? callback.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) {
                result.append((String(line[Range(m.range(at: 1), in: line)!]), doc))
                doc = ""
            } else if !trimmed.isEmpty && !trimmed.hasPrefix("*") && !trimmed.hasPrefix("#") && !trimmed.hasPrefix("//") {
                doc = ""
            }
            i += 1
        }
        return result
    }

    func testEveryFunctionAndCallbackSaysWhatItDoesAndItsThreadRule() throws {
        let declared = Self.declarations(try String(contentsOfFile: Self.header, encoding: .utf8))
        XCTAssertGreaterThanOrEqual(declared.filter { $0.name.hasPrefix("easel_view_") }.count, 24, "\(declared.map(\.name))")
        XCTAssertTrue(declared.contains { $0.name == "redraw" } && declared.contains { $0.name == "reloaded" }, "\(declared.map(\.name))")
        for (name, doc) in declared {
            XCTAssertTrue(doc.contains("[runtime thread]") || doc.contains("[any thread]"), "\(name) has no thread rule in its doc comment")
            XCTAssertGreaterThan(doc.count, 40, "\(name) says too little")
        }
        // Every function the header declares is one the library exports, and no other.
        let library = try runProcess("/usr/bin/env", ["nm", "-D", "--defined-only", TestPaths.products + "/libeasel-runtime.so"]).stdout
        let exported = Set(library.split(separator: "\n").compactMap { line -> String? in
            let name = line.split(separator: " ").last.map(String.init) ?? ""
            return name.hasPrefix("easel_runtime_") || name.hasPrefix("easel_view_") ? name : nil
        })
        let functions = Set(declared.map(\.name).filter { $0.hasPrefix("easel_") })
        XCTAssertEqual(exported, functions)
    }

    func testTheCheckFindsAnUndocumentedFunction() {
        let declared = Self.declarations("""
            /** [runtime thread] Does a thing with the view, and says which thing it does. */
            bool easel_view_thing(easel_view *view);
            bool easel_view_other(easel_view *view);
            """)
        XCTAssertEqual(declared.map(\.name), ["easel_view_thing", "easel_view_other"])
        XCTAssertEqual(declared[1].doc, "")
    }
}
