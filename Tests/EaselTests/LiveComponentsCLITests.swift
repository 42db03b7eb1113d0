import Foundation
import XCTest

/// Live components (ABI 1.2) from the command line, with the real seed plugins and the real `host`:
/// `render --play` and `--trait`, `inspect --action` and `--trait`, snapshot trait matrices and states.
final class LiveComponentsCLITests: XCTestCase {
    func render(_ className: String, in root: String, _ extra: [String], scale: Int = 1) throws -> (png: PNGFile, data: Data, stdout: String) {
        let name = "\(className)-\(UUID().uuidString.prefix(8)).png"
        let result = try runHost(["render", className, "-o", name, "--scale", String(scale)] + extra, directory: root)
        XCTAssertEqual(result.status, 0, "render \(className) \(extra): \(result.stderr)")
        let path = root + "/" + name
        return (try PNGFile(path), try Data(contentsOf: URL(fileURLWithPath: path)), result.stdout)
    }

    // MARK: - --play

    func testASeedButtonLooksPressedWhileHeldAndAsNeverPressedAfterRelease() throws {
        let root = try exampleComponents(["RoundedCornerButton", "FancyButton"])
        for className in ["RoundedCornerButton", "FancyButton"] {
            let plain = try render(className, in: root, [])
            let held = try render(className, in: root, ["--play", "down 40,20"])
            let released = try render(className, in: root, ["--play", "down 40,20; up 40,20"])
            XCTAssertGreaterThan(Seed.differingPixels(plain.png, held.png, x: 0, y: 0, width: plain.png.width, height: plain.png.height), 100,
                                 "\(className): held down, it looks pressed (UIButton's highlight)")
            XCTAssertEqual(plain.data, released.data, "\(className): released, it looks as never pressed")
            XCTAssertTrue(held.stdout.contains("play: down 40,20: handled; sent touchDown"), held.stdout)
            XCTAssertTrue(released.stdout.contains("sent touchUpInside, primaryActionTriggered"), released.stdout)
        }
    }

    func testPlayOnAClassWithoutInputIsBadDataNamingIt() throws {
        let root = try exampleComponents(["Rainbow"])
        // EaselKit classes are responders (they take input); a C class without easel.input/1 does not.
        let c = try componentsFolder(["libPlugin.so": try CFixture.build("snapshot_plugin.c")])
        let refused = try runHost(["render", "Swatch", "-o", "x.png", "--play", "down 1,1"], directory: c)
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("class Swatch") && refused.stderr.contains("takes no pointer input"), refused.stderr)
        let badSteps = try runHost(["render", "Rainbow", "-o", "x.png", "--play", "press 1,1"], directory: root)
        XCTAssertEqual(badSteps.status, 64, badSteps.stderr)
        XCTAssertTrue(badSteps.stderr.contains("--play"), badSteps.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/x.png"), "no partial output")
    }

    // MARK: - --trait

    func testDarkAppearanceChangesTheSeedsThatAdaptToIt() throws {
        let root = try exampleComponents(["RoundedCornerButton", "TaxRateRow", "Gauge"])
        for className in ["RoundedCornerButton", "TaxRateRow", "Gauge"] {
            let light = try render(className, in: root, [])
            let dark = try render(className, in: root, ["--trait", "appearance=dark"])
            // (iOS's dark systemBlue, #0A84FF, is close to the light one, #007AFF: a small tolerance.)
            XCTAssertGreaterThan(Seed.differingPixels(light.png, dark.png, x: 0, y: 0, width: light.png.width, height: light.png.height,
                                                      tolerance: 4), 50, "\(className) looks different in dark")
            let explicitLight = try render(className, in: root, ["--trait", "appearance=light"])
            XCTAssertEqual(light.data, explicitLight.data, "\(className): light is the default")
        }
    }

    func testRightToLeftMirrorsTaxRateRow() throws {
        let root = try exampleComponents(["TaxRateRow"])
        func isOrange(_ p: RGBA) -> Bool { p.a > 128 && p.r > 200 && (70...170).contains(Int(p.g)) && p.b < 90 }
        let ltr = try render("TaxRateRow", in: root, [], scale: 2).png
        let rtl = try render("TaxRateRow", in: root, ["--trait", "direction=rtl"], scale: 2).png
        let ltrOrange = try XCTUnwrap(Seed.extent(of: ltr, x: 0, y: 0, width: ltr.width, height: ltr.height, where: isOrange))
        let rtlOrange = try XCTUnwrap(Seed.extent(of: rtl, x: 0, y: 0, width: rtl.width, height: rtl.height, where: isOrange))
        XCTAssertGreaterThan(ltrOrange.minX, ltr.width / 3, "left-to-right: the amounts stand right of the title")
        XCTAssertLessThan(rtlOrange.minX, rtl.width / 10, "right-to-left: an amount starts the row")
        XCTAssertGreaterThan(rtlOrange.maxX, ltr.width - ltrOrange.maxX, "mirrored")
    }

    func testAnUnknownTraitOrValueIsAUsageErrorListingTheValidOnes() throws {
        let root = try exampleComponents(["Gauge"])
        for (trait, expected) in [("apperance=dark", "did you mean 'appearance'?"), ("appearance=dim", "is not one of: light, dark"),
                                  ("direction=up", "is not one of: ltr, rtl"), ("size=huge", "extraSmall"), ("dark", "is not NAME=VALUE")] {
            for command in [["render", "Gauge", "-o", "x.png"], ["inspect", "Gauge"], ["gallery", "--out", "g"]] {
                let result = try runHost(command + ["--trait", trait], directory: root)
                XCTAssertEqual(result.status, 64, "\(command[0]) --trait \(trait): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(expected), "\(command[0]) --trait \(trait): \(result.stderr)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/x.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/g"), "gallery wrote nothing")
    }

    // MARK: - watch

    func testWatchShowsEveryPreviewWithTheTraitsGiven() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        let watch = try WatchProcess(["--out", "previews", "--trait", "appearance=dark", "--png-level", "6"], directory: root)
        watch.waitForLine(containing: "watching ./components (1 plugin)")
        let preview = try PNGFile(root + "/previews/RoundedCornerButton.png")
        watch.stop()
        let dark = try render("RoundedCornerButton", in: root, ["--trait", "appearance=dark"]).png
        let light = try render("RoundedCornerButton", in: root, []).png
        let all = (x: 0, y: 0, width: dark.width, height: dark.height)
        XCTAssertEqual(Seed.differingPixels(preview, dark, x: all.x, y: all.y, width: all.width, height: all.height, tolerance: 0), 0,
                       "the preview is the dark render")
        XCTAssertGreaterThan(Seed.differingPixels(preview, light, x: all.x, y: all.y, width: all.width, height: all.height, tolerance: 4), 50)
    }

    // MARK: - inspect

    func testInspectRunsAnActionAndShowsTheValuesTraitsAndActionsReadBack() throws {
        let root = try exampleComponents(["Gauge"])
        let text = try runHost(["inspect", "Gauge", "--action", "fillTo=30", "--trait", "appearance=dark"], directory: root)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("Value: 30  (changed)  (reported by the component)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("  Traits                   appearance=dark\n"), text.stdout)
        let json = try runHost(["inspect", "Gauge", "--json", "--action", "fillTo=30"], directory: root)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let cls = try XCTUnwrap((object["classes"] as? [[String: Any]])?.first)
        let value = try XCTUnwrap((cls["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "value" })
        XCTAssertEqual(value["valueText"] as? String, "30")
        XCTAssertEqual(cls["sentActions"] as? [String], [])
        XCTAssertEqual(cls["traits"] as? [String], [])
        let unknown = try runHost(["inspect", "Gauge", "--action", "fill"], directory: root)
        XCTAssertEqual(unknown.status, 65, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("no action named 'fill'") && unknown.stderr.contains("fillTo(Int)"), unknown.stderr)
    }

    // MARK: - snapshot

    func testASnapshotSuiteCoversStatesAndATraitMatrix() throws {
        let root = try exampleComponents(["RoundedCornerButton"])
        try FileManager.default.createDirectory(atPath: root + "/Snapshots", withIntermediateDirectories: true)
        try #"{"scales": [1], "classes": {"RoundedCornerButton": {"states": {"pressed": "down 40,20"}}}}"#
            .write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let record = try runHost(["snapshot", "record", "--variants", "default", "--trait", "appearance=light,dark"], directory: root)
        XCTAssertEqual(record.status, 0, record.stderr + record.stdout)
        let folder = root + "/Snapshots/RoundedCornerButton"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(files, ["default.dark@1x.png", "default.pressed.dark@1x.png", "default.pressed@1x.png", "default@1x.png"])
        let pictures = Set(try files.map { try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)) })
        XCTAssertEqual(pictures.count, 4, "each state and appearance looks different")
        // A pressed reference that is not pressed fails verify: the state is really played.
        try FileManager.default.removeItem(atPath: folder + "/default.pressed@1x.png")
        try FileManager.default.copyItem(atPath: folder + "/default@1x.png", toPath: folder + "/default.pressed@1x.png")
        let verify = try runHost(["snapshot", "verify", "--variants", "default", "--trait", "appearance=light,dark", "--json"], directory: root)
        XCTAssertEqual(verify.status, 1, verify.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [String: Any])
        let failed = (object["snapshots"] as? [[String: Any]] ?? []).filter { $0["status"] as? String == "failed" }
        XCTAssertEqual(failed.map { $0["id"] as? String }, ["RoundedCornerButton/default.pressed@1x"])
        XCTAssertEqual(failed.first?["state"] as? String, "pressed")
        let bad = try runHost(["snapshot", "verify", "--trait", "appearance=light,dim"], directory: root)
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }

    func testStatesForAClassWithoutInputAreBadDataNamingTheKey() throws {
        let root = try componentsFolder(["libPlugin.so": try CFixture.build("snapshot_plugin.c")])
        try FileManager.default.createDirectory(atPath: root + "/Snapshots", withIntermediateDirectories: true)
        try #"{"classes": {"Swatch": {"states": {"pressed": "down 1,1"}}}}"#
            .write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let result = try runHost(["snapshot", "record"], directory: root)
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stderr.contains("classes.Swatch.states") && result.stderr.contains("takes no pointer input"), result.stderr)
        try #"{"traits": {"appearance": ["light", "dim"]}}"#.write(toFile: root + "/Snapshots/snapshot.json", atomically: true, encoding: .utf8)
        let badTrait = try runHost(["snapshot", "record"], directory: root)
        XCTAssertEqual(badTrait.status, 65, badTrait.stderr)
        XCTAssertTrue(badTrait.stderr.contains("snapshot.json") && badTrait.stderr.contains("traits"), badTrait.stderr)
    }
}
