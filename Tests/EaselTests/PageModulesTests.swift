import Foundation
import XCTest

/// The designer page (Sources/EaselServe/Page) is native ES modules with no build step: index.html
/// loads app.js as a module, which imports the parts under modules/. These tests keep it that way:
/// small modules, an import graph that resolves and leaves no module out, parts that share
/// functions rather than writable state; the page loads so in a real browser; and an installation
/// carries every module.
final class PageModulesTests: XCTestCase {
    static let pageDirectory = TestPaths.repoRoot + "/Sources/EaselServe/Page"
    /// The most lines a page module may have (one concern each; app.js was 2449 lines).
    static let largestModule = 500

    /// The page's files, relative to its folder, sorted (hidden files left out, as the server does).
    static func pageFiles() throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: pageDirectory))
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: pageDirectory + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue && !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { files.append(path) }
        }
        return files.sorted()
    }

    static func scripts() throws -> [String] { try pageFiles().filter { $0.hasSuffix(".js") } }

    /// The page file a relative import `specifier` in page file `script` names ("../dom.js" in
    /// "modules/scenes/boxes.js": "modules/dom.js").
    static func resolve(_ specifier: String, from script: String) -> String {
        var parts = script.split(separator: "/").dropLast().map(String.init)
        for part in specifier.split(separator: "/") {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    /// What page file `script` imports, as written ("./dom.js", "../values.js").
    static func importSpecifiers(of script: String) throws -> [String] {
        let importPattern = try NSRegularExpression(pattern: #"^\s*import\s*(?:\{[^}]*\}\s*from\s*)?"([^"]+)";"#, options: [.anchorsMatchLines])
        let text = try String(contentsOfFile: pageDirectory + "/" + script, encoding: .utf8)
        return importPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
    }

    func testNoPageModuleIsLargerThanTheLimit() throws {
        let scripts = try Self.scripts()
        XCTAssertGreaterThan(scripts.count, 10, "the page is split into modules: \(scripts)")
        for script in scripts {
            let text = try String(contentsOfFile: Self.pageDirectory + "/" + script, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            XCTAssertLessThanOrEqual(lines, Self.largestModule, "\(script) has \(lines) lines")
        }
    }

    /// index.html loads app.js as a module (and no classic script); every relative import names a
    /// module of the page; every module is imported (none is left behind, unused and uninstalled).
    func testTheModulesFormOneGraphFromAppJS() throws {
        let html = try String(contentsOfFile: Self.pageDirectory + "/index.html", encoding: .utf8)
        let scriptTags = html.components(separatedBy: "<script").dropFirst().map { $0.prefix { $0 != ">" } }
        XCTAssertEqual(scriptTags.map(String.init), [#" type="module" src="app.js""#], "one module script")
        let scripts = Set(try Self.scripts())
        var reached: Set<String> = []
        var queue = ["app.js"]
        while let script = queue.popLast() {
            guard reached.insert(script).inserted else { continue }
            for specifier in try Self.importSpecifiers(of: script) {
                XCTAssertTrue(specifier.hasPrefix("./") || specifier.hasPrefix("../"), "\(script): \(specifier) is not a relative import")
                let target = Self.resolve(specifier, from: script)
                XCTAssertTrue(scripts.contains(target), "\(script) imports \(specifier), which is not a module of the page")
                if scripts.contains(target) { queue.append(target) }
            }
        }
        XCTAssertTrue(reached.contains("app.js") && reached.count > 10, "\(reached)")
        XCTAssertEqual(scripts.subtracting(reached).sorted(), [], "modules no module imports")
    }

    /// The modules that import one another round in a circle (each reaches the others through its
    /// imports) all sit in one folder: a part of the page (the scene editor, modules/scenes/) may be
    /// knit together, but nothing lower (the edit queue, the inspector's editors, the address) imports
    /// the parts above it. They tell them instead (subjectChanged() redraws the inspector) or are
    /// passed what to call. Before this, 22 modules of four folders were one circle.
    func testImportCyclesStayInsideOneFolder() throws {
        var imports: [String: [String]] = [:]
        for script in try Self.scripts() {
            imports[script] = try Self.importSpecifiers(of: script).map { Self.resolve($0, from: script) }
        }
        func reachable(from start: String) -> Set<String> {
            var seen: Set<String> = []
            var queue = imports[start] ?? []
            while let next = queue.popLast() {
                if seen.insert(next).inserted { queue += imports[next] ?? [] }
            }
            return seen
        }
        let reach = Dictionary(uniqueKeysWithValues: imports.keys.map { ($0, reachable(from: $0)) })
        let folder = { (script: String) in script.split(separator: "/").dropLast().joined(separator: "/") }
        var crossing: [String] = []
        for (script, reached) in reach.sorted(by: { $0.key < $1.key }) {
            let circle = reached.filter { reach[$0]?.contains(script) == true }
            let elsewhere = circle.filter { folder($0) != folder(script) }.sorted()
            if !elsewhere.isEmpty { crossing.append("\(script) is in a circle with \(elsewhere.joined(separator: ", "))") }
        }
        XCTAssertEqual(crossing, [], "import circles that cross folders")
        // (The test reads the imports it checks: a page of one module would pass it trivially.)
        XCTAssertGreaterThan(imports.values.map(\.count).reduce(0, +), 50)
    }

    /// Each part owns its state: a module exports functions (and frozen constants), never a binding
    /// or an object other parts could write (the page's single `state` object was written by all).
    func testModulesExportNoWritableState() throws {
        let writable = try NSRegularExpression(pattern: #"^export\s+(?:let|var)\s|^export\s+const\s+\w+\s*=\s*(?:\{|\[|new\s)"#,
                                               options: [.anchorsMatchLines])
        for script in try Self.scripts() {
            let text = try String(contentsOfFile: Self.pageDirectory + "/" + script, encoding: .utf8)
            let found = writable.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { text[Range($0.range, in: text)!] }
            XCTAssertEqual(found, [], "\(script) exports writable state")
        }
    }

    /// Scripts/install puts every page file (modules/ and its folders too) into share/easel/page and
    /// lists it for Scripts/uninstall, which removes them all.
    func testTheInstalledPageHasEveryModuleAndUninstallRemovesIt() throws {
        let prefix = try TestPaths.scratch() + "/prefix"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        let listed = Set(try String(contentsOfFile: prefix + "/share/easel/installed-files", encoding: .utf8).split(separator: "\n").map(String.init))
        let files = try Self.pageFiles()
        XCTAssertTrue(files.contains("index.html") && files.contains("app.js") && files.contains { $0.hasPrefix("modules/") }, "\(files)")
        for file in files {
            let installed = "share/easel/page/" + file
            XCTAssertEqual(FileManager.default.contents(atPath: prefix + "/" + installed),
                           FileManager.default.contents(atPath: Self.pageDirectory + "/" + file), "installed \(installed)")
            XCTAssertTrue(listed.contains(installed), "\(installed) is not in installed-files")
        }
        let uninstall = try runProcess(TestPaths.repoRoot + "/Scripts/uninstall", ["--prefix", prefix])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/share/easel/page"), "the page's folders are removed")
    }
}

extension ServeBrowserTests {
    /// The page loads as modules in a real browser (Tests/Browser/designer_modules.py): every module,
    /// as text/javascript under the page's Content-Security-Policy, with no error and no failed
    /// request; none of its functions is a global.
    func testThePageLoadsAsModulesWithoutErrorsInARealBrowser() throws {
        let root = try exampleComponents(["Gauge"])
        let (process, port) = try serve(root, [])
        defer { process.stop() }
        try BrowserTest.run("designer_modules.py", [port, PageModulesTests.pageDirectory])
        XCTAssertTrue(process.isRunning)
    }
}
