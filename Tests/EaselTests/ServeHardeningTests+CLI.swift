import Foundation
import Glibc
import XCTest

/// Issue 21, the attack run's findings outside the server: a plugin's line feed forged lines in
/// `list` and `inspect`, and `new` named the wrong cause in a folder it cannot write.
extension ListCommandTests {
    /// A plugin whose every string holds `"fine\nFAKE-LINE …"` (and CR, VT, FF): no command's text
    /// output has a line that starts with what followed a line feed (list printed a second line
    /// that read as a plugin entry; a warning about two plugins with one id, another). The strings
    /// are shown, escaped, on their own line; JSON keeps them exact.
    func testAPluginsLineFeedCannotForgeALine() throws {
        let root = try TestPaths.scratch()
        let components = root + "/components"
        try FileManager.default.createDirectory(atPath: components, withIntermediateDirectories: true)
        for mode in ["good", "fail"] {
            try FileManager.default.copyItem(atPath: try CFixture.build("markup_plugin.c", defines: ["MODE=\(mode)", "LINE_FEEDS"], name: "markup_lf_\(mode)"),
                                             toPath: components + "/libMarkup_\(mode).so")
        }
        let runs: [[String]] = [
            ["list"], ["list", "-v"], ["list", "--names"], ["inspect", "Markup"], ["inspect", "Failing"], ["inspect", "Markup", "--set", "label=a"],
            ["render", "Markup", "-vv", "-o", "m.png"], ["render", "Failing", "-o", "f.png"],
            ["validate", "components/libMarkup_good.so"], ["validate", "components/libMarkup_fail.so"],
            ["snapshot", "record", "--scales", "1"], ["gallery", "--out", "gallery"],
        ]
        for arguments in runs {
            let result = try runHost(arguments + ["--plugins", "components"].filter { _ in arguments[0] != "validate" }, directory: root)
            XCTAssertNotEqual(result.status, 70, "\(arguments): \(result.stderr)")
            for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                let forged = text.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("FAKE-") || $0.hasPrefix("warning: FAKE-") }
                XCTAssertEqual(forged, [], "\(arguments) \(name): a line a plugin's string started")
                XCTAssertFalse(text.contains("\r") || text.contains("\u{0b}") || text.contains("\u{0c}"), "\(arguments) \(name)")
            }
        }
        let list = try runHost(["list", "--plugins", "components"], directory: root)
        let escaped = #"fine\u{a}FAKE-LINE 1.0 (org.forged)  ./components/libForged.so\u{d}\u{a}FAKE-CRLF\u{b}FAKE-VT\u{c}FAKE-FF\u{d}FAKE-CR"#
        XCTAssertTrue(list.stdout.split(separator: "\n").contains { $0.hasPrefix("  Markup ") && $0.hasSuffix(" " + escaped) }, list.stdout)
        XCTAssertEqual(list.stdout.filter { $0 == "\n" }.count, 6, "two lines a plugin, a blank line, the count: \(list.stdout)")
        let json = try runHost(["list", "--json", "--plugins", "components"], directory: root)
        XCTAssertTrue(json.stdout.contains(#"fine\nFAKE-LINE 1.0 (org.forged)"#), "JSON keeps the string: \(json.stdout.prefix(600))")
    }
}

extension InstallTests {
    /// `new` in a folder it cannot write says what mkdir says, Permission denied, and names the
    /// folder ("cannot create Package.swift: No such file or directory" named a file and the wrong
    /// cause); nothing is left behind. As root, the test drops the capability to override file
    /// permissions (setpriv), which root otherwise has.
    func testNewInAFolderItCannotWriteSaysPermissionDenied() throws {
        let root = try TestPaths.scratch()
        let prefix = root + "/prefix"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        let locked = root + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        let withoutOverride = geteuid() == 0 ? ["/usr/bin/setpriv", "--bounding-set=-dac_override,-dac_read_search"] : []
        for (arguments, folder) in [(["--c", "--dir", locked + "/Badge"], locked + "/Badge"), (["--dir", locked + "/deeper/Badge"], locked + "/deeper")] {
            let command = withoutOverride + [prefix + "/bin/easel", "new", "Badge"] + arguments
            let result = try runProcess(command[0], Array(command.dropFirst()), environment: ["EASEL_PLUGIN_PATH": "", "PATH": "/usr/bin:/bin"],
                                        directory: root)
            XCTAssertEqual(result.status, 73, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(folder): cannot create the "), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix(": Permission denied\n"), result.stderr)
            XCTAssertFalse(result.stderr.contains("No such file"), result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked), [], "nothing created")
    }
}
