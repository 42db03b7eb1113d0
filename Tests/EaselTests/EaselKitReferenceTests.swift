import Foundation
import XCTest

/// Docs/reference/easelkit.md ("UIKit on Easel") cannot drift from EaselKit: every name its tables
/// list, and every qualified name (`UIView.designer`) it uses before "What is missing", is a public
/// symbol of the module, as the compiler's symbol graph of EaselKit has it (swift-symbolgraph-extract
/// on the module Scripts/build-easelkit builds, what DocC's reference is made from); and every
/// class-level setting of UIView is in its table.
final class EaselKitReferenceTests: XCTestCase {
    /// Every public symbol's path ("UIView.addSubview(_:)", "Designable(group:displayName:summary:)"),
    /// and UIView's overridable class properties (its class-level settings).
    static func symbols() throws -> (paths: Set<String>, uiViewTypeProperties: [String]) {
        let build = try runProcess(TestPaths.repoRoot + "/Scripts/build-easelkit", [])
        guard build.status == 0 else { throw NSError(domain: "build-easelkit", code: Int(build.status), userInfo: [NSLocalizedDescriptionKey: build.stderr]) }
        let kit = TestPaths.repoRoot + "/.build/easelkit"
        let graphs = try TestPaths.scratch() + "/graphs"
        try FileManager.default.createDirectory(atPath: graphs, withIntermediateDirectories: true)
        var machine = utsname()
        uname(&machine)
        let arch = withUnsafeBytes(of: machine.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let extract = try runProcess("/usr/bin/env", ["swift-symbolgraph-extract", "-module-name", "EaselKit", "-I", kit,
                                                      "-I", kit + "/modules/CEasel", "-I", kit + "/modules/CFFI",
                                                      "-target", "\(arch)-unknown-linux-gnu", "-minimum-access-level", "public",
                                                      "-output-dir", graphs],
                                     environment: ["PATH": "/opt/swift/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        guard extract.status == 0 else { throw NSError(domain: "swift-symbolgraph-extract", code: 1, userInfo: [NSLocalizedDescriptionKey: extract.stderr]) }
        var paths = Set<String>()
        var settings: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: graphs) where file.hasSuffix(".symbols.json") {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: graphs + "/" + file))) as! [String: Any]
            for symbol in json["symbols"] as! [[String: Any]] {
                let components = symbol["pathComponents"] as! [String]
                paths.insert(components.joined(separator: "."))
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String
                // A setting is a class var to override (a static let, noIntrinsicMetric, is a constant).
                let declaration = ((symbol["declarationFragments"] as? [[String: Any]]) ?? []).compactMap { $0["spelling"] as? String }.joined()
                if components.count == 2, components[0] == "UIView", kind == "swift.type.property", !components[1].hasPrefix("_"),
                   declaration.contains("class var") {
                    settings.append(components[1])
                }
            }
        }
        return (paths, settings)
    }

    /// The backticked names of a table cell.
    static func names(_ cell: Substring) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The rows (cells) of the tables whose header's first cell is `header`.
    static func rows(_ page: String, header: String) -> [[Substring]] {
        var rows: [[Substring]] = []
        var inTable = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { inTable = false; continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            if cells.first == header[...] { inTable = true; continue }
            if inTable, !(cells.first?.hasPrefix("---") ?? true) { rows.append(cells) }
        }
        return rows
    }

    func testEveryDocumentedNameIsAPublicSymbolOfEaselKit() throws {
        let page = try Documentation.read("Docs/reference/easelkit.md")
        let (symbols, settings) = try Self.symbols()
        XCTAssertTrue(symbols.contains("UIView.addSubview(_:)") && symbols.count > 800, "the symbol graph: \(symbols.count) symbols")
        var missing: [String] = []
        var checked = 0
        func check(_ path: String) {
            checked += 1
            if !symbols.contains(path) { missing.append(path) }
        }
        for row in Self.rows(page, header: "macro") { Self.names(row[0]).forEach(check) }
        let documentedSettings = Self.rows(page, header: "class-level setting").flatMap { Self.names($0[0]) }
        documentedSettings.forEach { check("UIView." + $0) }
        let types = Self.rows(page, header: "EaselKit type")
        XCTAssertGreaterThan(types.count, 20)
        for row in types {
            let type = try XCTUnwrap(Self.names(row[0]).first)
            check(type)
            for member in Self.names(row[1]) { check(type + "." + member) }
        }
        // Qualified names in the prose (what is missing is, by definition, not there).
        let prose = Documentation.outsideCodeBlocks(page.components(separatedBy: "## What is missing")[0])
        let qualified = try NSRegularExpression(pattern: #"`([A-Z][A-Za-z]+)\.([a-z][A-Za-z]*(\([A-Za-z_:]*\))?)`"#)
        for match in qualified.matches(in: prose, range: NSRange(prose.startIndex..., in: prose)) {
            let type = String(prose[Range(match.range(at: 1), in: prose)!])
            if symbols.contains(type) { check(type + "." + String(prose[Range(match.range(at: 2), in: prose)!])) }
        }
        XCTAssertGreaterThan(checked, 300)
        XCTAssertEqual(missing, [], "documented in Docs/reference/easelkit.md but not public in EaselKit")
        // And the other way: every class-level setting is documented.
        XCTAssertEqual(Set(settings).subtracting(documentedSettings).sorted(), [], "UIView's class-level settings missing from the table")
    }

    /// The check finds a name that is not there.
    func testTheCheckFindsAMissingName() {
        let page = "| EaselKit type | what exists | differs |\n|---|---|---|\n| `UIView` | `frame`, `animate(withDuration:)` | – |\n"
        let rows = Self.rows(page, header: "EaselKit type")
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(Self.names(rows[0][1]), ["frame", "animate(withDuration:)"])
    }
}
