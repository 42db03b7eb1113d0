import Foundation
import XCTest

final class GalleryCommandTests: XCTestCase {
    func testEveryClassIsRenderedWithAnIndexOfItsProperties() throws {
        let root = try exampleComponents(["Gauge", "RoundedCornerButton"])
        let result = try runHost(["gallery", "--out", "gallery", "--no-validate"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try PNGFile(root + "/gallery/Gauge.png").width, 240, "scale 2 by default")
        XCTAssertEqual(try PNGFile(root + "/gallery/RoundedCornerButton.png").height, 88)
        let html = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<img src=\"Gauge.png\""))
        XCTAssertTrue(html.contains("Corner Radius <code>cornerRadius</code></td><td>CGFloat</td><td><code>0</code></td><td>0 … 100, step 1</td>"), html)
        XCTAssertTrue(html.contains("<td>ring, bar, pie</td>"))
        // Every variant too: Gauge's five and RoundedCornerButton's three, besides the defaults (and
        // each default dark and right to left).
        XCTAssertTrue(result.stdout.hasSuffix("gallery: 2 of 2 classes in full (14 pictures) in gallery/index.html\n"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/gallery/RoundedCornerButton.pill.png"))
        XCTAssertFalse(html.contains("id=\"validation\""), "--no-validate")
    }

    /// Run as `easel`, the page said "Status from host validate" (and its command lines said host
    /// before issue 11's work): what it tells the reader to run is the program as it was invoked.
    func testThePageNamesTheProgramAsInvoked() throws {
        let root = try exampleComponents(["Gauge"])
        try FileManager.default.createSymbolicLink(atPath: root + "/easel", withDestinationPath: TestPaths.host)
        let result = try runProcess(root + "/easel", ["gallery", "--out", "gallery"],
                                    environment: ["EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": TestPaths.runDirectory + "/registry.bin"],
                                    directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("Status from <code>easel validate</code>"), html)
        XCTAssertTrue(html.contains("easel render Gauge"), html)
        XCTAssertFalse(html.contains("host validate") || html.contains("host render"), html)
    }

    /// `--out notes.txt` (a file) tried every picture, each failing with its own error line, and
    /// then the index: one clear error instead, and the file untouched.
    /// With no class to render the gallery exits 66, and leaves no empty output folder behind.
    func testNothingToRenderLeavesNoFolder() throws {
        let root = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: root + "/components", withIntermediateDirectories: true)
        let result = try runHost(["gallery", "--out", "gallery"], directory: root)
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/gallery"), "no partial output")
    }

    func testAnOutputThatIsAFileIsOneError() throws {
        let root = try exampleComponents(["Gauge"])
        try "keep".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)
        let result = try runHost(["gallery", "--out", "notes.txt", "--no-validate"], directory: root)
        XCTAssertEqual(result.status, 73)
        XCTAssertEqual(result.stderr, "host gallery: error: notes.txt: is a file, not a directory (expected a folder for the gallery's pictures and index.html)\n")
        XCTAssertEqual(try String(contentsOfFile: root + "/notes.txt", encoding: .utf8), "keep")
    }

    func testAClassThatFailsIsReportedAndTheRestStillRendered() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libFaulty.so": try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_draw"], name: "faulty_crash_draw")])
        let result = try runHost(["gallery", "--out", "gallery", "--timeout", "1", "--no-validate"], directory: root)
        XCTAssertEqual(result.status, 69)
        XCTAssertTrue(result.stderr.contains("class Faulty: crashed with SIGSEGV"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/gallery/Gauge.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/gallery/Faulty.png"))
        let html = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("class=\"error\""), "the failure is in the page too")
    }

    /// "gallery: 0 of 2 classes (9 pictures)" when one class's defaults and two of its variants had
    /// rendered: the summary counts the classes rendered in full and in part, and the pictures made
    /// and failed.
    func testTheSummaryCountsWhatRendered() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libExtended.so": try CFixture.build("extensions_plugin.c", defines: ["MODE=variant_draw"])])
        let result = try runHost(["gallery", "--out", "gallery", "--no-validate"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Extended"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(variant titled)"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/gallery/Extended.png"), "the defaults rendered")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/gallery/Extended.titled.png"))
        let pictures = try FileManager.default.contentsOfDirectory(atPath: root + "/gallery").filter { $0.hasSuffix(".png") }.count
        XCTAssertTrue(result.stdout.hasSuffix("gallery: 1 of 2 classes in full, 1 in part (\(pictures) pictures, 1 failed) in gallery/index.html\n"), result.stdout)
        let one = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")], test: "one")
        let single = try runHost(["gallery", "--out", "gallery", "--no-validate"], directory: one)
        XCTAssertTrue(single.stdout.contains("gallery: 1 of 1 class in full ("), single.stdout)
    }

    /// The variant of a picture that failed was glued after the worker's last output line
    /// ("    extended: crashing in the titled variant (variant titled)"); it is on the error's line.
    func testAFailedVariantIsNamedOnTheErrorsLine() throws {
        let root = try componentsFolder(["libExtended.so": try CFixture.build("extensions_plugin.c", defines: ["MODE=variant_crash"])])
        let result = try runHost(["gallery", "--out", "gallery", "--no-validate"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("host gallery: error: ") && $0.hasSuffix("[phase: draw] (variant titled)") }, result.stderr)
        XCTAssertTrue(lines.contains("    extended: crashing in the titled variant"), result.stderr)
    }

    /// A picture's command line left out the folders the gallery loaded from: made with `--plugins`,
    /// it found no class when pasted. It names them now (not the default ./components), and run in
    /// a shell from the same folder it writes the gallery's picture again, byte for byte.
    func testAPicturesCommandLineLoadsFromTheGallerysFolders() throws {
        let root = try exampleComponents(["Gauge"])
        try FileManager.default.moveItem(atPath: root + "/components", toPath: root + "/mine")
        let result = try runHost(["gallery", "--out", "gallery", "--no-validate", "--plugins", "mine"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        let line = "host render Gauge --plugins mine --variant pie --scale 2 -o Gauge.pie.png"
        XCTAssertTrue(html.contains(line), html)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", line.replacingOccurrences(of: "host ", with: "'\(TestPaths.host)' ", options: .anchored)]
        shell.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = ProcessInfo.processInfo.environment
        environment["EASEL_PLUGIN_PATH"] = ""
        environment["EASEL_REGISTRY_CACHE"] = root + "/registry.bin"
        shell.environment = environment
        try shell.run()
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: root + "/Gauge.pie.png")),
                       try Data(contentsOf: URL(fileURLWithPath: root + "/gallery/Gauge.pie.png")), "the same picture")
        // The default folder is not named (a bare host render searches it).
        let plain = try exampleComponents(["Gauge"], test: "plainGallery")
        XCTAssertEqual(try runHost(["gallery", "--out", "gallery", "--no-validate"], directory: plain).status, 0)
        XCTAssertTrue(try String(contentsOfFile: plain + "/gallery/index.html", encoding: .utf8)
            .contains("host render Gauge --variant pie --scale 2 -o Gauge.pie.png"))
    }

    /// The page as documentation: every variant in a grid with its command line, colour swatches,
    /// links between classes, search and each plugin's validation status, checked in Chromium.
    func testThePageDocumentsEveryClassAndVariantAndItsSearchWorks() throws {
        let root = try exampleComponents(["Gauge", "RoundedCornerButton", "FancyButton"])
        try FileManager.default.copyItem(atPath: CFixture.build("validate_faults.c", defines: ["FAULT=wrong_default"], name: "validate_wrong_default"),
                                         toPath: root + "/components/libProbe.so")
        let result = try runHost(["gallery", "--out", "gallery"], directory: root)
        XCTAssertEqual(result.status, 0, "a failed validation is shown, not an error: " + result.stderr)
        XCTAssertTrue(result.stdout.contains("validation: ./components/libProbe.so: 1 check failed (host validate ./components/libProbe.so)"), result.stdout)
        for file in ["Gauge.png", "Gauge.pie.png", "Gauge.full.png", "Gauge.cjk.png", "RoundedCornerButton.png", "Probe.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/gallery/" + file), file)
        }
        let html = try String(contentsOfFile: root + "/gallery/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("host render Gauge --variant pie --scale 2 -o Gauge.pie.png"), html)
        // The defaults check's warning (the Probe's create sets count 4, its table declares 3).
        XCTAssertTrue(html.contains("<p class=\"warning\">warning: ./components/libProbe.so: class Probe: property count: a new instance reads 4, but the table declares 3"), html)
        XCTAssertTrue(result.stderr.contains("class Probe: property count: a new instance reads 4"), result.stderr)
        XCTAssertTrue(html.contains("<span class=\"swatch\" style=\"--c: rgba(46, 125, 51, 1)\" title=\"#2E7D33\"></span>"), "Gauge's tint")
        try BrowserTest.run("gallery.py", [root + "/gallery/index.html"])
    }
}
