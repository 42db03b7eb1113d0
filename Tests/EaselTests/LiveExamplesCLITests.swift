import Foundation
import XCTest

/// The examples in Rust, C++ and the Rainbow seed under ABI 1.2, from the command line with the real
/// `host`: the badges are controls (easel.input/1 from Rust and C++: `render --play`), and they and
/// Rainbow look different in the dark appearance (`--trait appearance=dark`), checked on their pixels.
final class LiveExamplesCLITests: XCTestCase {
    static let badges = ["RustBadge", "CppBadge"]

    func render(_ className: String, in root: String, _ extra: [String]) throws -> (png: PNGFile, data: Data, stdout: String) {
        let name = "\(className)-\(UUID().uuidString.prefix(8)).png"
        let result = try runHost(["render", className, "-o", name] + extra, directory: root)
        XCTAssertEqual(result.status, 0, "render \(className) \(extra): \(result.stderr)")
        let path = root + "/" + name
        return (try PNGFile(path), try Data(contentsOf: URL(fileURLWithPath: path)), result.stdout)
    }

    /// A point of the badge's body: inside its rounded outline, clear of the text, the dot and the
    /// selection ring.
    static let body = (x: 8, y: 18)
    /// A point on the selection ring (a 2-point white line 2 points inside the edge).
    static let ring = (x: 2, y: 18)

    func brightness(_ p: RGBA) -> Int { Int(p.r) + Int(p.g) + Int(p.b) }

    func testTheBadgesTrackThePointerAsUIButtonDoes() throws {
        let root = try exampleComponents(Self.badges)
        for name in Self.badges {
            let plain = try render(name, in: root, [])
            // Held down over it: highlighted (darker), touchDown sent.
            let held = try render(name, in: root, ["--play", "down 40,20"])
            XCTAssertTrue(held.stdout.contains("play: down 40,20: handled; sent touchDown\n"), "\(name): \(held.stdout)")
            XCTAssertGreaterThan(Seed.differingPixels(plain.png, held.png, x: 0, y: 0, width: plain.png.width, height: plain.png.height), 500,
                                 "\(name): held down, it looks pressed")
            XCTAssertLessThan(brightness(held.png.pixel(Self.body.x, Self.body.y)), brightness(plain.png.pixel(Self.body.x, Self.body.y)) * 8 / 10,
                              "\(name): highlighted is darker")
            // Dragged off while held: no longer highlighted (touchDragExit).
            let draggedOff = try render(name, in: root, ["--play", "down 40,20; move 200,20"])
            XCTAssertTrue(draggedOff.stdout.contains("play: move 200,20: handled; sent touchDragExit\n"), "\(name): \(draggedOff.stdout)")
            XCTAssertEqual(draggedOff.data, plain.data, "\(name): dragged off, not highlighted")
            // A click toggles `selected`, sends the events of a click and reports the property.
            let clicked = try render(name, in: root, ["--play", "down 40,20; up 40,20"])
            XCTAssertTrue(clicked.stdout.contains("play: up 40,20: handled; sent touchUpInside, valueChanged, primaryActionTriggered\n"), "\(name): \(clicked.stdout)")
            XCTAssertTrue(clicked.stdout.contains("play: changed selected=true\n"), "\(name): \(clicked.stdout)")
            let ringPixel = clicked.png.pixel(Self.ring.x, Self.ring.y)
            XCTAssertTrue(ringPixel.r > 230 && ringPixel.g > 230 && ringPixel.b > 230, "\(name): selected shows a white ring: \(ringPixel)")
            let selected = try render(name, in: root, ["--set", "selected=true"])
            XCTAssertEqual(clicked.data, selected.data, "\(name): a click draws as selected=true, nothing of the press is left")
            // A second click deselects; released outside, a press changes nothing.
            let twice = try render(name, in: root, ["--play", "down 40,20; up 40,20; down 40,20; up 40,20"])
            XCTAssertTrue(twice.stdout.contains("play: changed selected=false\n"), "\(name): \(twice.stdout)")
            XCTAssertEqual(twice.data, plain.data, "\(name): clicked twice, as never clicked")
            let outside = try render(name, in: root, ["--play", "down 40,20; move 200,20; up 200,20"])
            XCTAssertTrue(outside.stdout.contains("play: up 200,20: handled; sent touchUpOutside\n"), "\(name): \(outside.stdout)")
            XCTAssertFalse(outside.stdout.contains("changed"), "\(name): \(outside.stdout)")
            XCTAssertEqual(outside.data, plain.data, "\(name): released outside, as never pressed")
            // Disabled (UIControl.isEnabled false): takes no input, looks disabled.
            let disabled = try render(name, in: root, ["--set", "enabled=false"])
            let disabledHeld = try render(name, in: root, ["--set", "enabled=false", "--play", "down 40,20"])
            XCTAssertTrue(disabledHeld.stdout.contains("play: down 40,20: not handled\n"), "\(name): \(disabledHeld.stdout)")
            XCTAssertEqual(disabledHeld.data, disabled.data, "\(name): disabled, a press changes nothing")
            // Another button than the primary one is not a press.
            let secondary = try render(name, in: root, ["--play", "down 40,20 secondary"])
            XCTAssertTrue(secondary.stdout.contains("play: down 40,20 secondary: not handled\n"), "\(name): \(secondary.stdout)")
            XCTAssertEqual(secondary.data, plain.data, "\(name): a secondary press changes nothing")
        }
    }

    func testTheBadgesDefaultColoursFollowTheAppearanceAndASetTintStays() throws {
        let root = try exampleComponents(Self.badges)
        for name in Self.badges {
            let light = try render(name, in: root, [])
            let dark = try render(name, in: root, ["--trait", "appearance=dark"])
            XCTAssertGreaterThan(Seed.differingPixels(light.png, dark.png, x: 0, y: 0, width: light.png.width, height: light.png.height,
                                                      tolerance: 4), 1000, "\(name) looks different in dark")
            XCTAssertGreaterThan(brightness(dark.png.pixel(Self.body.x, Self.body.y)), brightness(light.png.pixel(Self.body.x, Self.body.y)),
                                 "\(name): the default tint is brighter in dark, as iOS's dark system colours are")
            XCTAssertEqual(light.data, try render(name, in: root, ["--trait", "appearance=light"]).data, "\(name): light is the default")
            // A tint the user chose is kept in both appearances.
            let setLight = try render(name, in: root, ["--set", "tint=#00A000"])
            let setDark = try render(name, in: root, ["--set", "tint=#00A000", "--trait", "appearance=dark"])
            XCTAssertEqual(setLight.png.pixel(Self.body.x, Self.body.y), RGBA(r: 0, g: 160, b: 0, a: 255), name)
            XCTAssertEqual(setDark.png.pixel(Self.body.x, Self.body.y), RGBA(r: 0, g: 160, b: 0, a: 255), name)
            // Pressed in dark: darker than dark, lighter than pressed in light.
            let darkHeld = try render(name, in: root, ["--trait", "appearance=dark", "--play", "down 40,20"])
            XCTAssertLessThan(brightness(darkHeld.png.pixel(Self.body.x, Self.body.y)), brightness(dark.png.pixel(Self.body.x, Self.body.y)), name)
        }
    }

    func testRainbowsBackgroundIsDarkerInTheDarkAppearanceAndItsRingsStay() throws {
        let root = try exampleComponents(["Rainbow"])
        let light = try render("Rainbow", in: root, [])
        let dark = try render("Rainbow", in: root, ["--trait", "appearance=dark"])
        XCTAssertEqual(light.png.pixel(5, 5), RGBA(r: 0x38, g: 0x33, b: 0x4C, a: 255), "the storyboard's background")
        XCTAssertEqual(dark.png.pixel(5, 5), RGBA(r: 0x1C, g: 0x19, b: 0x26, a: 255), "its dark shade")
        XCTAssertGreaterThan(Seed.differingPixels(light.png, dark.png, x: 0, y: 0, width: light.png.width, height: light.png.height), 150_000,
                             "most of the 600×434 picture is background")
        // The outer ring (215 points wide, 20-point line) at the right of the centre: the same red.
        let x = 300 + 215 / 2, y = 217
        XCTAssertEqual(light.png.pixel(x, y), dark.png.pixel(x, y), "the rings keep their colours")
        XCTAssertEqual(light.data, try render("Rainbow", in: root, ["--trait", "appearance=light"]).data, "light is the default")
    }
}
