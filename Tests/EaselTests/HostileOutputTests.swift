import Foundation
import FoundationXML
import Glibc
import XCTest

/// Hostile text and names against the commands that write reports, pages and projects (the QA
/// round of gallery, snapshot, validate, list/inspect and new): each test failed before its fix.
/// The plugin is Tests/Fixtures/markup_plugin.c.

extension InstallTests {
    /// `host new NAME` with a name that is an identifier but a keyword of the project's language, or
    /// a name its template uses itself, is refused before anything is written: `new int --c` wrote
    /// `typedef struct int {…} int;`, `new class` wrote `final class class: UIView`, `new Self
    /// --rust` a crate named `self`, `new UIView` a class inheriting from itself; each project failed
    /// its first build. Ordinary names still reach the next step (the SDK check: none is installed
    /// beside the host in .build).
    func testNewRefusesANameItsProjectCouldNotBuildWith() throws {
        let root = try TestPaths.scratch()
        let refused: [([String], String)] = [
            (["int", "--c"], "'int' is a C keyword, which a C project cannot be named"),
            (["class"], "'class' is a Swift keyword, which a Swift project cannot be named"),
            (["Self", "--swift"], "'Self' is a Swift keyword"),
            (["Self", "--rust"], "'Self' ('self' in the project) is a Rust keyword"),
            (["Fn", "--rust"], "'Fn' ('fn' in the project) is a Rust keyword"),
            (["Std", "--rust"], "'Std' ('std' in the project) is the name of one of Rust's own crates"),
            (["UIView"], "'UIView' is a name the Swift template uses itself, so its project would not build"),
            (["String", "--swift"], "'String' is a name the Swift template uses itself"),
            (["Free", "--c"], "'Free' ('free' in the project) is a name the C template uses itself"),
            (["template", "--cpp"], "'template' is a C++ keyword, which a C++ project cannot be named"),
            (["Property", "--cpp"], "'Property' is a name the C++ template uses itself"),
        ]
        for (arguments, message) in refused {
            let result = try runHost(["new"] + arguments + ["--dir", "project"], directory: root)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("(choose another class name)"), result.stderr)
        }
        for arguments in [["Badge"], ["MyBadge", "--c"], ["Gauge", "--rust"], ["Int", "--swift"], ["Class", "--c"], ["Badge", "--cpp"]] {
            let result = try runHost(["new"] + arguments + ["--dir", "project"], directory: root)
            XCTAssertEqual(result.status, 66, "\(arguments) is a fine name: \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("the Easel SDK is not installed in"), result.stderr)
        }
        // An empty --dir was "cannot create" (73), found only when writing.
        let empty = try runHost(["new", "Badge", "--dir", ""], directory: root)
        XCTAssertEqual(empty.status, 64, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("--dir '' is empty (expected the project's folder; without --dir, ./Badge)"), empty.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), [], "nothing created")
    }
}

/// The start of the fixture's HOSTILE string: what a page must show literally, as text.
private let hostileMarkup = #"<script>window.__pwned='text'</script>"'><img src=x onerror="window.__pwned='attr'"> ]]> &amp; &"#

/// A project whose components/ holds the markup fixture's builds in `modes` (good: class Markup,
/// fail: class Failing, bad_names: a plugin that does not load).
private func markupProject(_ modes: [String], test: String = #function) throws -> String {
    var plugins: [String: String] = [:]
    for mode in modes { plugins["libMarkup_\(mode).so"] = try CFixture.build("markup_plugin.c", defines: ["MODE=\(mode)"]) }
    return try componentsFolder(plugins, test: test)
}

/// Whether `text` holds a control character that would drive a terminal (C0 but newline, DEL, C1).
/// The control characters in `text` (newlines aside), bidirectional embeddings, overrides and
/// isolates included.
private func controlCharacters(_ text: String) -> [String] {
    text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
        .map { "U+" + String($0.value, radix: 16, uppercase: true) }
}

/// Every string in a parsed JSON value.
private func strings(in json: Any) -> [String] {
    if let s = json as? String { return [s] }
    if let a = json as? [Any] { return a.flatMap(strings) }
    if let d = json as? [String: Any] { return d.values.flatMap(strings) }
    return []
}

extension ListCommandTests {
    /// A plugin's strings (display names, summaries, its name, id and version, log lines) printed by
    /// list, inspect, validate, render -v, gallery and snapshot, on stdout or as warnings: their escape
    /// sequences (ESC [31m, BEL, the C1 CSI) went to the terminal raw, so a plugin could recolour,
    /// clear or retitle it, or overwrite earlier lines. They are written as \u{1b} escapes, as error
    /// messages already were; JSON escapes C1 controls too. So are the bidirectional overrides,
    /// embeddings and isolates (U+202A…U+202E, U+2066…U+2069), which reorder what follows them on
    /// the line ("Trojan Source"): a summary could make a message read as something else.
    func testAPluginsTextCannotDriveTheTerminal() throws {
        let root = try markupProject(["good", "fail"])
        let runs: [[String]] = [
            ["list"], ["list", "-v"], ["inspect", "Markup"], ["inspect", "Failing"], ["render", "Markup", "-v", "-o", "m.png"],
            ["validate", "components/libMarkup_good.so"], ["validate", "components/libMarkup_fail.so"],
            ["gallery", "--out", "gallery"], ["snapshot", "record", "--scales", "1"],
        ]
        for arguments in runs {
            let result = try runHost(arguments + ["--plugins", "components"].filter { _ in arguments[0] != "validate" }, directory: root)
            XCTAssertNotEqual(result.status, 70, "\(arguments): \(result.stderr)")
            XCTAssertEqual(controlCharacters(result.stdout), [], "\(arguments) stdout: \(result.stdout.prefix(2000))")
            XCTAssertEqual(controlCharacters(result.stderr), [], "\(arguments) stderr: \(result.stderr.prefix(2000))")
            XCTAssertTrue((result.stdout + result.stderr).contains(#"\u{1b}[31mred\u{1b}[0m \u{9b}2J \u{202e}desrever"#),
                          "\(arguments) shows the escapes: \(result.stdout.prefix(1000)) \(result.stderr.prefix(1000))")
        }
        // JSON keeps the exact strings, escaped.
        for arguments in [["list", "--json"], ["inspect", "Markup", "--json"], ["validate", "components/libMarkup_fail.so", "--json"]] {
            let result = try runHost(arguments + ["--plugins", "components"].filter { _ in arguments[0] != "validate" }, directory: root)
            XCTAssertEqual(controlCharacters(result.stdout), [], "\(arguments): \(result.stdout.prefix(2000))")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            XCTAssertTrue(strings(in: json).contains { $0.contains("\u{1b}[31mred\u{1b}[0m \u{9b}2J") }, "\(arguments): the strings survive")
        }
    }
}

extension GalleryCommandTests {
    /// The gallery of a plugin whose every string is HTML (a class's display name, summary and group,
    /// property and enum case display names, string defaults, variant and action names and summaries,
    /// the plugin's name, id and version, its log lines and the error of a class that fails to draw),
    /// in a real browser: everything is shown as text, nothing of the plugin's runs or loads.
    func testAGalleryOfHostileStringsShowsThemAsText() throws {
        let root = try markupProject(["good", "fail", "bad_names"])
        let result = try runHost(["gallery", "--plugins", "components", "--out", "gallery"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/gallery/Markup.script.png"), result.stdout)
        try BrowserTest.run("hostile_page.py", [root + "/gallery/index.html", hostileMarkup, "draw returned false", String(repeating: #"<&"'>]"#, count: 100)])
    }
}

extension SnapshotCommandTests {
    /// A failing snapshot run over the same plugins: the JUnit XML parses (libxml2) with the hostile
    /// messages intact but for the control characters XML cannot hold, the --json output parses with
    /// them exact, and the report page shows them as text in a real browser.
    func testTheReportsOfHostileStringsParseAndShowThemAsText() throws {
        let root = try markupProject(["good", "fail", "bad_names"])
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 69)
        let verify = try snapshot(["verify", "--scales", "1", "--junit", "junit.xml", "--json"], in: root)
        XCTAssertEqual(verify.status, 69, verify.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [String: Any], verify.stdout)
        let snapshots = try XCTUnwrap(json["snapshots"] as? [[String: Any]])
        let failing = snapshots.filter { $0["class"] as? String == "Failing" }
        XCTAssertEqual(failing.count, 3, "\(snapshots)")
        XCTAssertTrue(failing.allSatisfy { ($0["message"] as? String ?? "").contains("draw returned false") }, "\(failing)")
        XCTAssertEqual((json["loadFailures"] as? [Any])?.count, 1)
        let xml = try XMLDocument(contentsOf: URL(fileURLWithPath: root + "/junit.xml"))
        let cases = try xml.nodes(forXPath: "//testcase")
        XCTAssertEqual(cases.count, 7, "3 Markup, 3 Failing, 1 plugin that did not load")
        let errors = try xml.nodes(forXPath: "//testcase/error").compactMap { $0.stringValue }
        XCTAssertTrue(errors.contains { $0.contains("the class name is not an identifier") && $0.contains("<script>x</script>") }, "\(errors)")
        try BrowserTest.run("hostile_page.py", [root + "/snapshot-report/index.html", "draw returned false", "class <script>x</script>"])
    }
}

extension SnapshotCommandTests {
    /// `--junit` naming a device or a link to standard output: the XML is written into it, as
    /// a shell's `>` writes, and what is there stays. The atomic write renamed a file over it: run
    /// as root (as CI runs), `--junit /dev/null` replaced /dev/null itself with a regular file, and
    /// `--junit /dev/stdout` (to a pipe) the link to standard output. (Device nodes made here, never /dev's.)
    func testJUnitIntoADeviceOrStandardOutputWritesIntoItAndLeavesItInPlace() throws {
        let root = try swatchProject()
        XCTAssertEqual(try snapshot(["record", "--scales", "1"], in: root).status, 0)
        XCTAssertEqual(symlink("/proc/self/fd/1", root + "/stdout.xml"), 0)
        let verify = try snapshot(["verify", "--scales", "1", "--junit", "stdout.xml"], in: root)
        XCTAssertEqual(verify.status, 0, verify.stderr)
        XCTAssertTrue(verify.stdout.contains("<testsuites name=\"host snapshot\" tests=\"1\""), verify.stdout)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/stdout.xml"), "/proc/self/fd/1")
        // A FIFO nobody reads is replaced like a file (never waited on).
        XCTAssertEqual(mkfifo(root + "/fifo.xml", 0o600), 0)
        let fifo = try snapshot(["verify", "--scales", "1", "--junit", "fifo.xml"], in: root)
        XCTAssertEqual(fifo.status, 0, fifo.stderr)
        var info = stat()
        XCTAssertEqual(lstat(root + "/fifo.xml", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "a FIFO nobody reads is replaced")
        // Devices: /dev/null's and /dev/full's numbers (1, 3 and 1, 7: glibc's makedev, a macro Swift
        // does not import, is major << 8 | minor for numbers this small), made in the test's folder.
        guard mknod(root + "/null", S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0,
              mknod(root + "/full", S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0 else {
            throw XCTSkip("cannot make device nodes here (not root): \(String(cString: strerror(errno)))")
        }
        let null = try snapshot(["verify", "--scales", "1", "--junit", "null"], in: root)
        XCTAssertEqual(null.status, 0, null.stderr)
        let full = try snapshot(["verify", "--scales", "1", "--junit", "full"], in: root)
        XCTAssertEqual(full.status, 73, full.stderr)
        XCTAssertTrue(full.stderr.contains("full: No space left on device"), full.stderr)
        for device in ["null", "full"] {
            XCTAssertEqual(lstat(root + "/" + device, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "\(device) is still a device")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".tmp-") }, [])
    }
}

extension ListCommandTests {
    /// A plugin whose file name is not UTF-8 is named (its bytes escaped) as a file skipped: it was
    /// dropped without a word, since as a String its name named another file ("No plugins found").
    func testAPluginWhoseFileNameIsNotUTF8IsSaidToBeSkipped() throws {
        let root = try markupProject(["good"])
        let source = root + "/components/libMarkup_good.so"
        let target = Array((root + "/components/lib").utf8) + [0xFF, 0x1B] + Array("[2J.so".utf8) + [0]
        XCTAssertEqual(target.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
            source.withCString { rename($0, buffer.baseAddress!) }
        }, 0)
        for arguments in [["list"], ["list", "--json"], ["gallery", "--out", "gallery"]] {
            let result = try runHost(arguments + ["--plugins", "components"], directory: root)
            XCTAssertTrue(result.stderr.contains(#"components/lib\xFF\x1B[2J.so: the file name is not valid UTF-8; skipped (rename the file)"#),
                          "\(arguments): \(result.stderr)")
            XCTAssertEqual(controlCharacters(result.stderr), [], result.stderr)
        }
    }
}
