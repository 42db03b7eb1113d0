import Foundation
import XCTest

/// The component `easel new NAME` (Swift, the default) writes, exactly as written: installed with
/// Scripts/install, made by the installed `easel new`, compiled against EaselKit as Swift fixtures are
/// (InstallTests builds the same project with `swift build`), then rendered and validated by the host.
final class SwiftTemplateTests: XCTestCase {
    /// The folder holding `libFresh.so`, built from the Swift file a fresh `easel new Fresh` wrote.
    private func freshTemplatePlugin() throws -> String {
        let root = try TestPaths.scratch(name)
        let prefix = root + "/prefix"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        let new = try runProcess(prefix + "/bin/easel", ["new", "Fresh"], environment: ["EASEL_PLUGIN_PATH": ""], directory: root)
        XCTAssertEqual(new.status, 0, new.stderr)
        let plugins = root + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        _ = try SwiftFixture.build(source: root + "/Fresh/Sources/Fresh/Fresh.swift", name: "Fresh", into: plugins)
        return plugins
    }

    /// The rows (top, bottom) holding the template's white title in a render at `scale`, nil if none.
    private func titleInk(_ title: String, plugins: String, scale: Int) throws -> (top: Int, bottom: Int)? {
        let output = plugins + "/../\(title).png"
        let render = try runHost(["render", "Fresh", "--plugins", plugins, "--set", "title=\(title)",
                                  "--scale", "\(scale)", "-o", output])
        XCTAssertEqual(render.status, 0, render.stderr)
        let png = try PNGFile(output)
        // The box is system blue (red 0); the title is white: any red in a pixel is the title's ink.
        let inked = (0..<png.height).filter { y in (0..<png.width).contains { png.pixel($0, y).r > 60 } }
        guard let top = inked.first, let bottom = inked.last else { return nil }
        return (top, bottom)
    }

    /// The template drew its title into a box `UIFont.lineHeight` tall, and lineHeight was 1.2 × size,
    /// shorter than a line of the host's Noto Sans: the tails of g, j, p, q and y were cut off.
    func testTheTemplateTitleKeepsTheTailsOfItsLetters() throws {
        let plugins = try freshTemplatePlugin()
        let scale = 3
        let capitals = try XCTUnwrap(try titleInk("HHH", plugins: plugins, scale: scale), "the title is drawn")
        let tails = try XCTUnwrap(try titleInk("gjpqy", plugins: plugins, scale: scale), "the title is drawn")
        // A capital's foot is the baseline; Noto Sans Bold's g, j, p, q and y reach 0.24 em below it
        // (22 points at @3x: 66 pixels an em, 15.8 below).
        let em = 22.0 * Double(scale)
        let descent = Double(tails.bottom - capitals.bottom)
        XCTAssertGreaterThanOrEqual(descent, 0.22 * em,
                                    "the tails reach \(descent) px below the baseline, cut off above 0.22 em (\(0.22 * em) px)")
    }

    /// Every Swift class inherits `alpha`, which EaselKit kept as a Float: `host validate` warned about
    /// it on an untouched `easel new` project.
    func testAFreshTemplateProjectValidatesWithoutWarnings() throws {
        let plugins = try freshTemplatePlugin()
        let validate = try runHost(["validate", plugins + "/libFresh.so"])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
        XCTAssertFalse(validate.stdout.contains("alpha"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("passed   round-trip"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains(" 0 failed, 0 warnings"), validate.stdout)
    }

    /// The seed port gets the same `alpha` from UIView: its round-trip passes too.
    func testTheRoundedCornerButtonExampleRoundTripsAlpha() throws {
        let validate = try runHost(["validate", try TestPaths.example("RoundedCornerButton")])
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stdout.contains("passed   round-trip"), validate.stdout)
        XCTAssertFalse(validate.stdout.contains("property alpha"), validate.stdout)
    }

    /// The generated Package.swift reads the prefix from $EASEL (an installation moved elsewhere
    /// builds with EASEL=NEW), links the prebuilt EaselKit, and compiles EaselKit from its installed
    /// sources with EASEL_KIT=source (what another toolchain does).
    func testThePrefixComesFromEASELAndEaselKitIsPrebuilt() throws {
        let root = try TestPaths.scratch()
        let first = root + "/first", moved = root + "/moved"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", first, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        let new = try runProcess(first + "/bin/easel", ["new", "Fresh"], environment: ["EASEL_PLUGIN_PATH": ""], directory: root)
        XCTAssertEqual(new.status, 0, new.stderr)
        let manifest = try String(contentsOfFile: root + "/Fresh/Package.swift", encoding: .utf8)
        XCTAssertTrue(manifest.contains("let easel = Context.environment[\"EASEL\"] ?? \"\(first)\""), manifest)
        try FileManager.default.moveItem(atPath: first, toPath: moved)
        func build(_ environment: [String: String]) throws -> ProcessResult {
            let path = "/opt/swift/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            return try runProcess("/usr/bin/env", ["swift", "build"], environment: environment.merging(["PATH": path, "TMPDIR": root]) { $1 },
                                  directory: root + "/Fresh")
        }
        let stale = try build([:])
        XCTAssertNotEqual(stale.status, 0, "the installation is no longer where the project was made")
        let relocated = try build(["EASEL": moved])
        XCTAssertEqual(relocated.status, 0, relocated.stdout + relocated.stderr)
        XCTAssertFalse(relocated.stdout.contains("Compiling EaselKit"), "prebuilt: \(relocated.stdout)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/Fresh/.build/debug/libFresh.so"))
        try FileManager.default.removeItem(atPath: root + "/Fresh/.build")
        let source = try build(["EASEL": moved, "EASEL_KIT": "source"])
        XCTAssertEqual(source.status, 0, source.stdout + source.stderr)
        XCTAssertTrue(source.stdout.contains("Compiling EaselKit"), "from the installed sources: \(source.stdout)")
        let validate = try runHost(["validate", root + "/Fresh/.build/debug/libFresh.so"])
        XCTAssertEqual(validate.status, 0, validate.stdout)
    }
}
