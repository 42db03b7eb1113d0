import Foundation
import XCTest

/// Scripts/install and Scripts/uninstall, and `easel new` against the installed SDK: from an empty
/// folder, install to a temporary prefix, then for each language scaffold a component, build it with
/// its one command, inspect it and render it (no edits).
final class InstallTests: XCTestCase {
    /// Runs a program in `directory` with the Swift toolchain and the prefix's bin first on PATH.
    private func run(_ program: String, _ arguments: [String], in directory: String, prefix: String) throws -> ProcessResult {
        let path = "\(prefix)/bin:/opt/swift/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try runProcess("/usr/bin/env", [program] + arguments,
                              // TMPDIR: swift build's lock files (.build.lock) went to /tmp, two per run, kept for ever.
                              environment: ["PATH": path, "EASEL_PLUGIN_PATH": "", "TMPDIR": directory,
                                            "EASEL_REGISTRY_CACHE": directory + "/registry.bin"],
                              directory: directory)
    }

    func testInstallThenNewBuildInspectRenderForEachLanguageThenUninstall() throws {
        let root = try TestPaths.scratch()
        let prefix = root + "/prefix"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("note: \(prefix)/bin is not on your PATH"), "install says how to reach easel: \(install.stdout)")
        for file in ["bin/host", "bin/easel", "include/easel.h", "lib/pkgconfig/easel.pc", "lib/easel/libEaselMacros.so", "lib/easel/libEaselCore.so", "lib/easel/libEaselDrawing.so",
                     "share/easel/swift/EaselKit/Package.swift", "share/easel/swift/EaselKit/Sources/EaselKit/Designable.swift",
                     "lib/easel/swift/EaselKit.swiftmodule", "lib/easel/swift/libEaselKit.a", "lib/easel/swift/toolchain",
                     "lib/easel/swift/CEasel/module.modulemap", "lib/easel/swift/CFFI/module.modulemap",
                     "share/bash-completion/completions/easel", "share/zsh/site-functions/_easel",
                     "share/fish/vendor_completions.d/easel.fish", "share/man/man1/easel.1", "share/easel/installed-files",
                     "share/easel/rust/easel-sys/Cargo.toml",
                     "share/easel/page/index.html", "share/easel/page/app.js",
                     // An author outside the repository had no description of the layout document format.
                     "share/doc/easel/layout-documents.md", "share/doc/easel/README.md",
                     // The EaselKit reference, made by DocC from the sources (a newcomer found the class-level
                     // settings only by reading them).
                     "share/doc/easel/EaselKit/index.html", "share/doc/easel/EaselKit/documentation/easelkit/index.html",
                     "share/doc/easel/EaselKit/documentation/easelkit/uiview/defaultsize/index.html",
                     "share/doc/easel/EaselKit/data/documentation/easelkit/uiview/designablegroup.json",
                     "share/doc/easel/reference/easelkit.md", "share/easel/examples/README.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + file), "installed \(file)")
        }
        // The reference's pages carry the sources' /// comments.
        let defaultSize = try String(contentsOfFile: prefix + "/share/doc/easel/EaselKit/data/documentation/easelkit/uiview/defaultsize.json", encoding: .utf8)
        XCTAssertTrue(defaultSize.contains("The size the host uses when the user gives none"), defaultSize)
        // The manual is installed beside the guide: every page of Docs/ but the seeds' code, at the same
        // place relative to the others (Docs/X as share/doc/easel/X).
        let doc = prefix + "/share/doc/easel"
        let pages = try Documentation.pages().filter { !$0.hasPrefix("Docs/seeds/") }
        XCTAssertTrue(pages.contains("Docs/guides/rust.md") && pages.contains("Docs/reference/commands.md"), "\(pages)")
        for page in pages {
            let installed = page == "README.md" ? page : String(page.dropFirst("Docs/".count))
            XCTAssertTrue(FileManager.default.fileExists(atPath: doc + "/" + installed), "installed \(page) as share/doc/easel/\(installed)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: doc + "/seeds"), "the seed tutorials' code stays in the repository")
        // The installed README linked to Plugins/…, Sources/… and Docs/… relative to the repository, which
        // are not there: every relative link of every installed page opens an installed file, and its
        // #anchor a heading of the page it opens.
        var guides: [String] = []
        if let walk = FileManager.default.enumerator(atPath: doc) {
            guides = walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
        }
        XCTAssertEqual(guides.count, pages.count, "\(guides)")
        var linksChecked = 0
        for guide in guides {
            let text = try String(contentsOfFile: doc + "/" + guide, encoding: .utf8)
            XCTAssertTrue(text.contains("> This is Easel's documentation as installed under PREFIX/share/doc/easel."),
                          "\(guide): the note on the paths left as text")
            let folder = (guide as NSString).deletingLastPathComponent
            let links = try NSRegularExpression(pattern: #"\[[^\]]*\]\(([^)\s]+)\)"#)
                .matches(in: text, range: NSRange(text.startIndex..., in: text))
                .map { String(text[Range($0.range(at: 1), in: text)!]) }
                .filter { !$0.contains("://") }
            for link in links {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? doc + "/" + guide : doc + "/" + (folder.isEmpty ? "" : folder + "/") + parts[0]
                XCTAssertTrue(FileManager.default.fileExists(atPath: target), "\(guide): the link \(link) opens nothing installed")
                if parts.count == 2, target.hasSuffix(".md"), let page = try? String(contentsOfFile: target, encoding: .utf8) {
                    XCTAssertTrue(Documentation.anchors(of: page).contains(parts[1]), "\(guide): the link \(link) names no heading")
                }
                linksChecked += 1
            }
            if guide == "README.md" {
                XCTAssertTrue(links.contains("../../../include/easel.h"), "the header's link goes to the installed header: \(links)")
                XCTAssertTrue(links.contains("reference/commands.md"), "the README's links into Docs/ go to the installed manual: \(links)")
            }
            if guide == "guides/rust.md" {
                XCTAssertTrue(links.contains("../../../../include/easel.h"), "from a folder deeper too: \(links)")
                XCTAssertTrue(links.contains("../../../easel/rust/easel-sys/"), "the binding's link goes to the installed binding: \(links)")
                XCTAssertTrue(text.contains("`Plugins/RustBadge` is a component"), "a repository path without an installed file stays as text")
            }
        }
        XCTAssertGreaterThan(linksChecked, 100, "the installed pages link each other")
        // The prefix goes into the prefix line only (the comment read "with /the/prefix replaced").
        let pc = try String(contentsOfFile: prefix + "/lib/pkgconfig/easel.pc", encoding: .utf8)
        XCTAssertEqual(pc.components(separatedBy: prefix).count - 1, 1, pc)
        XCTAssertTrue(pc.contains("\nprefix=\(prefix)\n"), pc)

        let projects = root + "/projects"
        try FileManager.default.createDirectory(atPath: projects, withIntermediateDirectories: true)
        let cargo = try XCTUnwrap(ForeignExample.cargo, "cargo is needed for the Rust template (Rust 1.77 or later)")
        let languages: [(flag: String, name: String, build: [String], plugins: String)] = [
            ("--swift", "SwiftBadge", ["swift", "build"], ".build/debug"),
            ("--c", "CBadge", ["make"], "."),
            ("--cpp", "CppCard", ["make"], "."),
            ("--rust", "RustBadge", [cargo, "build", "--offline"], "target/debug"),
        ]
        for language in languages {
            let new = try run("easel", ["new", language.name, language.flag], in: projects, prefix: prefix)
            XCTAssertEqual(new.status, 0, new.stderr)
            XCTAssertTrue(new.stdout.contains("created \(language.name)/"), new.stdout)
            let project = projects + "/" + language.name
            XCTAssertTrue(FileManager.default.fileExists(atPath: project + "/README.md"))
            // The Swift README linked Easel to https://example.invalid/easel, a page that does not exist.
            let readme = try String(contentsOfFile: project + "/README.md", encoding: .utf8)
            XCTAssertFalse(readme.contains("http"), "\(language.flag): the README links nowhere outside: \(readme)")

            let build = try run(language.build[0], Array(language.build.dropFirst()), in: project, prefix: prefix)
            XCTAssertEqual(build.status, 0, "\(language.flag): \(build.stdout)\n\(build.stderr)")
            XCTAssertFalse(build.stdout.contains("warning:") || build.stderr.contains("warning:"),
                           "\(language.flag) builds without warnings: \(build.stdout)\n\(build.stderr)")
            // The first build links the prebuilt EaselKit: it compiles the component only (it compiled
            // EaselKit's 60-odd files too).
            XCTAssertFalse(build.stdout.contains("Compiling EaselKit"), "\(language.flag): \(build.stdout)")

            let inspect = try run("easel", ["inspect", language.name, "--plugins", language.plugins, "--json"],
                                  in: project, prefix: prefix)
            XCTAssertEqual(inspect.status, 0, inspect.stderr)
            let json = try JSONSerialization.jsonObject(with: inspect.stdoutData) as! [String: Any]
            let cls = (json["classes"] as! [[String: Any]])[0]
            let properties = (cls["properties"] as! [[String: Any]]).prefix(2)
            XCTAssertEqual(properties.map { $0["name"] as? String }, ["title", "cornerRadius"], language.flag)
            XCTAssertEqual(properties.last?["range"] as? [String: Double], ["min": 0, "max": 40, "step": 1], language.flag)
            XCTAssertEqual(properties.first?["summary"] as? String, "The text in the middle", language.flag)
            let variants = (cls["variants"] as? [[String: Any]] ?? []).map { $0["name"] as? String }
            XCTAssertTrue(variants.contains("pill"), "\(language.flag): the variant, in \(variants)")

            let render = try run("easel", ["render", language.name, "--plugins", language.plugins, "-o", "out.png"],
                                 in: project, prefix: prefix)
            XCTAssertEqual(render.status, 0, render.stderr)
            let png = try PNGFile(project + "/out.png")
            XCTAssertEqual([png.width, png.height], [200, 80], language.flag)
            let center = png.pixel(30, 40)
            XCTAssertTrue(center.b > 200 && center.r < 40 && center.a == 255, "\(language.flag): blue box, got \(center)")
            XCTAssertEqual(png.pixel(0, 0).a, 0, "\(language.flag): rounded corner left transparent")
            let pill = try run("easel", ["render", language.name, "--plugins", language.plugins, "--variant", "pill", "-o", "pill.png"],
                               in: project, prefix: prefix)
            XCTAssertEqual(pill.status, 0, pill.stderr)
            let pillPNG = try PNGFile(project + "/pill.png")
            XCTAssertEqual(pillPNG.pixel(6, 6).a, 0, "\(language.flag): the pill's round ends leave its corner region transparent")
            XCTAssertEqual(png.pixel(6, 6).a, 255, "\(language.flag): the default's 12-point corners do not")
        }

        let uninstall = try runProcess(TestPaths.repoRoot + "/Scripts/uninstall", ["--prefix", prefix])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: prefix), [], "uninstall removed everything")
    }

    /// A prefix with a space broke the C template's build (pkg-config split `-I…/my prefix/include`,
    /// and the Makefile's PKG_CONFIG_PATH was unquoted), one with '&' or '|' broke install's sed, and
    /// the "remove them with" line could not be pasted.
    func testAPrefixWithSpacesAndShellCharactersBuildsTheCTemplate() throws {
        let root = try TestPaths.scratch()
        let prefix = root + "/my prefix & |ü"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        let pc = try String(contentsOfFile: prefix + "/lib/pkgconfig/easel.pc", encoding: .utf8)
        XCTAssertTrue(pc.contains("\nprefix=" + prefix.replacingOccurrences(of: " ", with: "\\ ") + "\n"), pc)
        let remove = try XCTUnwrap(install.stdout.split(separator: "\n").first { $0.hasPrefix("remove them with: ") })
        let pasted = try runProcess("/bin/bash", ["-c", "printf '%s' " + remove.dropFirst("remove them with: Scripts/uninstall --prefix ".count)])
        XCTAssertEqual(pasted.stdout, prefix, "the line pastes into a shell: \(remove)")
        let projects = root + "/projects"
        try FileManager.default.createDirectory(atPath: projects, withIntermediateDirectories: true)
        XCTAssertEqual(try run("easel", ["new", "CBadge", "--c"], in: projects, prefix: prefix).status, 0)
        let make = try run("make", [], in: projects + "/CBadge", prefix: prefix)
        XCTAssertEqual(make.status, 0, make.stdout + make.stderr)
        let render = try run("easel", ["render", "CBadge", "--plugins", ".", "-o", "out.png"], in: projects + "/CBadge", prefix: prefix)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(try runProcess(TestPaths.repoRoot + "/Scripts/uninstall", ["--prefix", prefix]).status, 0)
    }

    /// Uninstall removes only paths inside the prefix: `..` as a path component is refused, but a
    /// name with dots in it (DocC names an operator's page `'...(_:).json`) is removed (it was skipped,
    /// leaving the EaselKit reference's folders behind).
    func testUninstallRefusesParentPathsButNotNamesWithDots() throws {
        let root = try TestPaths.scratch()
        let prefix = root + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix + "/share/easel/doc", withIntermediateDirectories: true)
        try "keep".write(toFile: root + "/outside", atomically: true, encoding: .utf8)
        try "x".write(toFile: prefix + "/share/easel/doc/'...(_:).json", atomically: true, encoding: .utf8)
        try "share/easel/doc/'...(_:).json\n../outside\nshare/../../outside\nshare/easel/installed-files\n"
            .write(toFile: prefix + "/share/easel/installed-files", atomically: true, encoding: .utf8)
        let uninstall = try runProcess(TestPaths.repoRoot + "/Scripts/uninstall", ["--prefix", prefix])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertTrue(uninstall.stderr.contains("skipping '../outside' (not a path inside the prefix)"), uninstall.stderr)
        XCTAssertTrue(uninstall.stderr.contains("skipping 'share/../../outside'"), uninstall.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/outside"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: prefix), [], "the file with dots and its folders are gone")
    }

    func testStartedAsEaselTheToolCallsItselfEasel() throws {
        let root = try TestPaths.scratch()
        try FileManager.default.createSymbolicLink(atPath: root + "/easel", withDestinationPath: TestPaths.host)
        let version = try runProcess(root + "/easel", ["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("easel (Easel) "), version.stdout)
        let usage = try runProcess(root + "/easel", ["render"], directory: root)
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.stderr.hasPrefix("easel render: error: "), usage.stderr)
        XCTAssertTrue(usage.stderr.contains("Usage: easel render "), usage.stderr)
        let help = try runProcess(root + "/easel", ["--help"])
        XCTAssertTrue(help.stdout.hasPrefix("easel — "), help.stdout)
        // Started as host, it is host.
        XCTAssertTrue(try runHost(["--version"]).stdout.hasPrefix("host (Easel) "))
    }

    func testNewRefusesABadNameAFullFolderAndAMissingSDK() throws {
        let root = try TestPaths.scratch()
        let name = try runHost(["new", "2fast"], directory: root)
        XCTAssertEqual(name.status, 64)
        XCTAssertTrue(name.stderr.contains("'2fast' is not a class name (expected an identifier"), name.stderr)
        let both = try runHost(["new", "Badge", "--c", "--rust"], directory: root)
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.stderr.contains("choose one language: --c or --rust"), both.stderr)
        // The host built in .build is not installed: no SDK beside it.
        let missing = try runHost(["new", "Badge"], directory: root)
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.stderr.contains("the Easel SDK is not installed in"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("Scripts/install --prefix DIR"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/Badge"), "nothing created")
    }

    func testNewNeverWritesIntoAFolderThatHasFiles() throws {
        let root = try TestPaths.scratch()
        let prefix = root + "/prefix"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        try FileManager.default.createDirectory(atPath: root + "/Badge", withIntermediateDirectories: true)
        try "mine".write(toFile: root + "/Badge/notes.txt", atomically: true, encoding: .utf8)
        let full = try run("easel", ["new", "Badge", "--c"], in: root, prefix: prefix)
        XCTAssertEqual(full.status, 73)
        XCTAssertTrue(full.stderr.contains("Badge: cannot create the project here: it exists and is not an empty folder"),
                      full.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root + "/Badge"), ["notes.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted(), ["Badge", "prefix"],
                       "no staging folder left behind")
        // An empty folder is fine, and --dir picks another place.
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let empty = try run("easel", ["new", "Badge", "--c", "--dir", "empty"], in: root, prefix: prefix)
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/empty/Badge.c"))
    }
}
