import Foundation
import XCTest

/// easel.h's LAYOUT table is what authors in other languages copy (the Rust example's #[repr(C)]
/// structs were written from it): every size, alignment and offset it states is checked here
/// against the compiler's, by a C program generated from the table itself. The header's own
/// _Static_asserts pin each struct; this checks every number of the table, easel_canvas's 39
/// function pointers included (by declaration order, as the table says).
final class HeaderLayoutTests: XCTestCase {
    struct Row {
        var type: String
        var size: Int
        var align: Int
        var fields: [(String, Int)]
    }

    /// The LAYOUT table's rows (continuation lines joined).
    static func rows(_ header: String) -> [Row] {
        guard let start = header.range(of: " * LAYOUT ("), let end = header.range(of: " *   Scalars:", range: start.upperBound..<header.endIndex)
        else { return [] }
        var rows: [Row] = []
        let rowPattern = try! NSRegularExpression(pattern: #"^ \*   (easel_[a-z_]+)\s+(\d+)\s+(\d+)\s+(.*)$"#)
        for line in header[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2).map(String.init) {
            let ns = line as NSString
            if let m = rowPattern.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) {
                rows.append(Row(type: ns.substring(with: m.range(at: 1)), size: Int(ns.substring(with: m.range(at: 2)))!,
                                align: Int(ns.substring(with: m.range(at: 3)))!, fields: fields(ns.substring(with: m.range(at: 4)))))
            } else if !rows.isEmpty {
                rows[rows.count - 1].fields += fields(line)
            }
        }
        return rows
    }

    /// "name 0, other 8" pairs in a table cell.
    static func fields(_ text: String) -> [(String, Int)] {
        let pair = try! NSRegularExpression(pattern: #"\b([a-z_][a-z_0-9]*) (\d+)\b"#)
        let ns = text as NSString
        return pair.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            (ns.substring(with: $0.range(at: 1)), Int(ns.substring(with: $0.range(at: 2)))!)
        }
    }

    /// The function pointers of `struct easel_canvas`, in declaration order.
    static func canvasFunctions(_ header: String) -> [String] {
        guard let start = header.range(of: "struct easel_canvas {"),
              let end = header.range(of: "\n};", range: start.upperBound..<header.endIndex) else { return [] }
        let pointer = try! NSRegularExpression(pattern: #"\(\*\s*([a-z_]+)\)\("#)
        let body = String(header[start.upperBound..<end.lowerBound])
        let ns = body as NSString
        return pointer.matches(in: body, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }

    /// Every struct and union the header declares, in declaration order.
    static func declaredTypes(_ header: String) -> [String] {
        let declaration = try! NSRegularExpression(pattern: #"^(?:typedef )?(?:struct|union) (easel_[a-z_]+) \{"#, options: .anchorsMatchLines)
        let ns = header as NSString
        return declaration.matches(in: header, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
    }

    /// A struct added to the header (an extension's table included) is added to the table, which the
    /// Rust binding's check below and authors in other languages read, and to the header's own
    /// EASEL_CHECK_SIZE asserts, which pin it for every compiler.
    func testEveryTypeOfTheHeaderHasARowAndASizeCheck() throws {
        let header = try String(contentsOfFile: TestPaths.repoRoot + "/Sources/CEasel/include/easel.h", encoding: .utf8)
        let declared = Self.declaredTypes(header)
        XCTAssertGreaterThanOrEqual(declared.count, 33, "types read from the header: \(declared)")
        XCTAssertTrue(declared.contains("easel_dependent_range") && declared.contains("easel_ranges"), "\(declared)")
        let rows = Set(Self.rows(header).map(\.type))
        XCTAssertEqual(declared.filter { !rows.contains($0) }, [], "declared in easel.h but missing from its LAYOUT table")
        XCTAssertEqual(rows.subtracting(declared).sorted(), [], "in the LAYOUT table but not declared")
        let checked = declared.filter { header.contains("EASEL_CHECK_SIZE(\($0), ") }
        XCTAssertEqual(declared.filter { !checked.contains($0) }, [], "declared in easel.h without an EASEL_CHECK_SIZE")
    }

    func testEveryNumberOfTheLayoutTableIsTheCompilers() throws {
        let headerPath = TestPaths.repoRoot + "/Sources/CEasel/include/easel.h"
        let header = try String(contentsOfFile: headerPath, encoding: .utf8)
        let rows = Self.rows(header)
        XCTAssertEqual(rows.count, 33, "rows read from the table: \(rows.map(\.type))")
        let functions = Self.canvasFunctions(header)
        XCTAssertEqual(functions.count, 39, "easel_canvas's function pointers")
        var checks: [String] = []
        var count = 0
        for row in rows {
            checks.append(#"CHECK("\#(row.type) size", sizeof(\#(row.type)), \#(row.size));"#)
            checks.append(#"CHECK("\#(row.type) align", _Alignof(\#(row.type)), \#(row.align));"#)
            var fields = row.fields.filter { $0.0 != "then" }
            // "a union: every member at 0 (i, d, b, s, …)": the members are listed without offsets.
            if row.type == "easel_value" { fields = ["i", "d", "b", "s", "point", "size", "rect", "color", "insets"].map { ($0, 0) } }
            if row.type == "easel_canvas" {
                fields = [("host_data", 0)] + functions.enumerated().map { ($0.element, 8 + 8 * $0.offset) }
                // The table's own examples must agree with declaration order.
                for (name, offset) in row.fields where !["host_data", "then", "the"].contains(name) {
                    XCTAssertEqual(functions.firstIndex(of: name).map { 8 + 8 * $0 }, offset, "easel_canvas.\(name) as the table says")
                }
            }
            for (field, offset) in fields {
                checks.append(#"CHECK("\#(row.type).\#(field)", offsetof(\#(row.type), \#(field)), \#(offset));"#)
                count += 1
            }
        }
        XCTAssertGreaterThan(count, 180)
        let root = try TestPaths.scratch()
        let source = root + "/layout.c"
        try """
        #include <stdio.h>
        #include "easel.h"
        static int failures;
        #define CHECK(what, actual, expected) \\
            if ((size_t)(actual) != (size_t)(expected)) { printf("%s: %zu, the table says %zu\\n", what, (size_t)(actual), (size_t)(expected)); failures++; }
        int main(void) {
        \(checks.map { "    " + $0 }.joined(separator: "\n"))
            return failures != 0;
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let build = try runProcess("/usr/bin/env", ["cc", "-std=c11", "-I", TestPaths.repoRoot + "/Sources/CEasel/include",
                                                    source, "-o", root + "/layout"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let run = try runProcess(root + "/layout", [])
        XCTAssertEqual(run.status, 0, "the table disagrees with the compiler:\n\(run.stdout)")
    }

    /// The Rust binding (Bindings/rust/easel-sys) against the same table: a program generated from
    /// every row checks each size, alignment and offset of the crate's #[repr(C)] types, so a struct
    /// the binding lacks does not compile and a number that differs is printed. (The crate's own
    /// const asserts pin each struct; this shows that they cover the whole table, 1.2's rows included.)
    func testTheRustBindingHasEveryNumberOfTheLayoutTable() throws {
        let cargo = try XCTUnwrap(ForeignExample.cargo, "cargo is needed (Rust 1.77 or later)")
        let header = try String(contentsOfFile: TestPaths.repoRoot + "/Sources/CEasel/include/easel.h", encoding: .utf8)
        let rows = Self.rows(header)
        let functions = Self.canvasFunctions(header)
        var checks: [String] = []
        for row in rows {
            checks.append("check(\"\(row.type) size\", size_of::<\(row.type)>(), \(row.size));")
            checks.append("check(\"\(row.type) align\", align_of::<\(row.type)>(), \(row.align));")
            // A union's members are all at 0 (and offset_of! on a union needs a newer Rust): size and alignment only.
            guard row.type != "easel_value" else { continue }
            var fields = row.fields.filter { $0.0 != "then" }
            if row.type == "easel_canvas" { fields = [("host_data", 0)] + functions.enumerated().map { ($0.element, 8 + 8 * $0.offset) } }
            for (field, offset) in fields {
                let name = field == "type" ? "type_" : field // `type` is a Rust keyword
                checks.append("check(\"\(row.type).\(field)\", offset_of!(\(row.type), \(name)), \(offset));")
            }
        }
        let crate = try TestPaths.scratch() + "/layout"
        try FileManager.default.createDirectory(atPath: crate + "/src", withIntermediateDirectories: true)
        try """
        [package]
        name = "layout"
        version = "0.0.0"
        edition = "2021"
        [dependencies]
        easel-sys = { path = "\(TestPaths.repoRoot)/Bindings/rust/easel-sys" }
        """.write(toFile: crate + "/Cargo.toml", atomically: true, encoding: .utf8)
        try """
        #![allow(non_camel_case_types)]
        use easel_sys::*;
        use std::mem::{align_of, offset_of, size_of};
        use std::sync::atomic::{AtomicU32, Ordering};
        static FAILURES: AtomicU32 = AtomicU32::new(0);
        fn check(what: &str, actual: usize, expected: usize) {
            if actual != expected {
                println!("{what}: {actual}, the table says {expected}");
                FAILURES.fetch_add(1, Ordering::Relaxed);
            }
        }
        fn main() {
        \(checks.map { "    " + $0 }.joined(separator: "\n"))
            std::process::exit(if FAILURES.load(Ordering::Relaxed) == 0 { 0 } else { 1 });
        }
        """.write(toFile: crate + "/src/main.rs", atomically: true, encoding: .utf8)
        let run = try runProcess(cargo, ["run", "--offline", "--quiet", "--manifest-path", crate + "/Cargo.toml"],
                                 environment: ["CARGO_TARGET_DIR": crate + "/target"])
        XCTAssertEqual(run.status, 0, "the Rust binding disagrees with the table:\n\(run.stdout)\(run.stderr)")
        XCTAssertGreaterThan(checks.count, 250)
    }
}
