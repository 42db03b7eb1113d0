import Foundation
import XCTest
@testable import EaselRender

/// The renderer's pinned fontconfig setup: only our fonts, fixed rasterisation, whatever the user's
/// or the machine's fontconfig says (EaselRender/FontConfiguration.swift).
final class FontConfigurationTests: XCTestCase {
    func testOnlyThePinnedFontFilesAreAvailable() throws {
        FontConfiguration.load()
        XCTAssertEqual(FontConfiguration.mode, .pinned, FontConfiguration.failure ?? "")
        XCTAssertEqual(FontConfiguration.missingFonts, [], "Scripts/install-deps installs every pinned font")
        let pinned = Set(FontConfiguration.fontFiles.map { "\($0.directory)/\($0.file)" })
        let available = FontConfiguration.availableFontFiles()
        XCTAssertFalse(available.isEmpty)
        XCTAssertEqual(Set(available), pinned, "exactly the pinned files, none of the system's others (DejaVu…)")
    }

    func testTextHasTheSamePixelsUnderAHostileFontEnvironment() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        let render = ["render", "RoundedCornerButton", "--set", "title=Hi 😀 é 中 公积金 ¼", "--size", "300x60",
                      "--scale", "2", "--cache", "none"]
        let normal = try runHost(render + ["-o", "normal.png"], directory: root)
        XCTAssertEqual(normal.status, 0, normal.stderr)
        let hostile = try HostileFontEnvironment.make()
        let pinned = try runHost(render + ["-o", "hostile.png"], environment: hostile, directory: root)
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        let a = try Data(contentsOf: URL(fileURLWithPath: root + "/normal.png"))
        XCTAssertEqual(a, try Data(contentsOf: URL(fileURLWithPath: root + "/hostile.png")),
                       "the user's fontconfig, fonts and language must not change a pixel")
        // The environment really is hostile: with the system's setup it changes the picture.
        var system = hostile
        system[FontConfiguration.environmentVariable] = "system"
        let unpinned = try runHost(render + ["-o", "system.png"], environment: system, directory: root)
        XCTAssertEqual(unpinned.status, 0, unpinned.stderr)
        XCTAssertNotEqual(a, try Data(contentsOf: URL(fileURLWithPath: root + "/system.png")))
    }

    func testColourEmojiAreDrawnAtTheTextSize() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        let result = try runHost(["render", "RoundedCornerButton", "--set", "title=😀", "--set", "backgroundColor=#000000",
                                  "--size", "100x60", "-o", "emoji.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try PNGFile(root + "/emoji.png")
        var rows = Set<Int>(), yellow = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let p = png.pixel(x, y)
                if p.r > 40 || p.g > 40 || p.b > 40 { rows.insert(y) }
                if p.r > 200 && p.g > 150 && p.b < 100 { yellow += 1 }
            }
        }
        XCTAssertGreaterThan(yellow, 20, "the emoji is drawn in colour (Noto Color Emoji)")
        XCTAssertLessThan(rows.count, 30, "its 109-pixel bitmap is scaled down to the title's size")
    }

    /// Workers (forked from the launcher, or exec'd) measure text with the pinned setup too: the
    /// Swatch fixture measures a line of sans-serif text in create, in its worker.
    func testWorkersMeasureTextWithThePinnedFonts() throws {
        let root = try componentsFolder(["libSwatch.so": CFixture.build("snapshot_plugin.c")])
        func width(_ environment: [String: String]) throws -> Double {
            let r = try runHost(["inspect", "Swatch", "--set", "label=x", "--json", "--cache", "none"], environment: environment, directory: root)
            XCTAssertEqual(r.status, 0, r.stderr)
            let json = try JSONSerialization.jsonObject(with: r.stdoutData) as! [String: Any]
            let properties = ((json["classes"] as! [[String: Any]])[0]["properties"] as! [[String: Any]])
            return try XCTUnwrap(properties.first { $0["name"] as? String == "textWidth" }?["value"] as? Double)
        }
        let normal = try width([:])
        XCTAssertGreaterThan(normal, 100)
        let hostile = try HostileFontEnvironment.make()
        XCTAssertEqual(try width(hostile), normal, "the worker's measurement ignores the user's fontconfig")
        var system = hostile
        system[FontConfiguration.environmentVariable] = "system"
        XCTAssertNotEqual(try width(system), normal, "the hostile setup changes what an unpinned worker measures")
    }
}
