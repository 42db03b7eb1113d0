import Foundation
import XCTest

/// easel.h is read by authors who never see the host: every function pointer of its structs (the
/// typed ones and the `easel_fn` accessors and actions) carries its own doc comment (`/** … */`
/// right before it or `/**< … */` after it) saying what it does, and a thread rule ([host thread],
/// [any thread] or [loading thread]) in that comment or in its struct's doc comment (the canvas
/// states one rule for all its members).
final class HeaderDocumentationTests: XCTestCase {
    struct Member {
        var structName: String
        var name: String
        var doc: String
        var structDoc: String
    }

    /// The function-pointer members of every struct in `header`, with the comments that document them.
    static func functionPointers(_ header: String) -> [Member] {
        let lines = header.components(separatedBy: "\n")
        let namePattern = try! NSRegularExpression(pattern: #"\(\s*\*\s*(?:EASEL_[A-Z]+\s+)?([a-z_]+)\s*\)|^\s*easel_fn\s+(?:EASEL_[A-Z]+\s+)?([a-z_]+)\s*;"#)
        var members: [Member] = []
        var lastDoc = "", structDoc = ""
        var structName: String?
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("/**") && !trimmed.hasPrefix("/**<") {
                var doc = line
                while !doc.contains("*/") && i + 1 < lines.count { i += 1; doc += "\n" + lines[i] }
                lastDoc = doc
            } else if trimmed.hasSuffix("{") && (trimmed.hasPrefix("typedef struct ") || trimmed.hasPrefix("struct ")) {
                structName = trimmed.split(separator: " ").first { $0.hasPrefix("easel_") }.map(String.init) ?? trimmed
                structDoc = lastDoc
                lastDoc = ""
            } else if trimmed.hasPrefix("}") {
                structName = nil
                lastDoc = ""
            } else if let owner = structName, trimmed.contains("(*") || trimmed.hasPrefix("easel_fn ") {
                var declaration = line
                while !declaration.contains(";") && i + 1 < lines.count { i += 1; declaration += "\n" + lines[i] }
                let ns = declaration as NSString
                if let m = namePattern.firstMatch(in: declaration, range: NSRange(location: 0, length: ns.length)) {
                    let range = m.range(at: 1).location != NSNotFound ? m.range(at: 1) : m.range(at: 2)
                    let trailing = declaration.range(of: "/**<").map { String(declaration[$0.lowerBound...]) } ?? ""
                    members.append(Member(structName: owner, name: ns.substring(with: range), doc: lastDoc + trailing, structDoc: structDoc))
                }
                lastDoc = ""
            } else if !trimmed.isEmpty {
                lastDoc = ""
            }
            i += 1
        }
        return members
    }

    static let threadTags = ["[host thread]", "[any thread]", "[loading thread]"]

    /// What is missing from a member's documentation (empty: nothing).
    static func omissions(_ members: [Member]) -> [String] {
        members.flatMap { m -> [String] in
            var missing: [String] = []
            if !m.doc.contains("/**") { missing.append("\(m.structName).\(m.name): no doc comment saying what it does") }
            if !threadTags.contains(where: { m.doc.contains($0) || m.structDoc.contains($0) }) {
                missing.append("\(m.structName).\(m.name): no thread rule")
            }
            return missing
        }
    }

    func testEveryFunctionPointerSaysWhatItDoesAndItsThreadRule() throws {
        let header = try String(contentsOfFile: TestPaths.cHeaderDirectory + "/easel.h", encoding: .utf8)
        let members = Self.functionPointers(header)
        // Every struct with callbacks is seen, with all of its function pointers.
        let counts = Dictionary(grouping: members, by: \.structName).mapValues(\.count)
        XCTAssertEqual(counts["easel_canvas"], 39)
        XCTAssertEqual(counts["easel_class"], 8)
        XCTAssertEqual(counts["easel_host"], 4)
        XCTAssertEqual(counts["easel_instance_host"], 6)
        XCTAssertEqual(counts["easel_plugin"], 3)
        XCTAssertEqual(counts["easel_property"], 2)
        XCTAssertEqual(counts["easel_action"], 1)
        XCTAssertEqual(counts["easel_clock"], 1)
        XCTAssertEqual(Self.omissions(members), [])
    }

    /// The check itself finds an undocumented member and a member without a thread rule.
    func testTheCheckFindsAnUndocumentedMember() {
        let header = """
            /** A struct. */
            typedef struct easel_sample {
                /** [host thread] Documented. */
                void (*good)(void *self);
                void (*bare)(void *self);
                void (*EASEL_NULLABLE untagged)(void *self); /**< Says what, not which thread */
                easel_fn EASEL_NULLABLE get;
            } easel_sample;
            """
        XCTAssertEqual(Self.omissions(Self.functionPointers(header)), [
            "easel_sample.bare: no doc comment saying what it does", "easel_sample.bare: no thread rule",
            "easel_sample.untagged: no thread rule",
            "easel_sample.get: no doc comment saying what it does", "easel_sample.get: no thread rule",
        ])
    }
}
