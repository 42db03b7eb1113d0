import Foundation
import XCTest

/// Renders of the seed example plugins (Plugins/<Name>) made by the real `host` binary, read back
/// with Cairo (``PNGFile``), and the pixel questions the seed tests ask of them.
enum Seed {
    /// Renders `className` with `--set` assignments into a PNG in `root` and reads it back.
    /// Fails the test (and throws) when the host fails.
    static func render(_ className: String, in root: String, _ settings: [String] = [], scale: Int = 1,
                       size: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> PNGFile {
        let name = "\(className)-\(UUID().uuidString.prefix(8))@\(scale)x.png"
        var arguments = ["render", className, "-o", name, "--scale", String(scale)]
        for setting in settings { arguments += ["--set", setting] }
        if let size { arguments += ["--size", size] }
        let result = try runHost(arguments, directory: root)
        guard result.status == 0 else {
            XCTFail("host render \(className) \(settings) failed (\(result.status)): \(result.stderr)", file: file, line: line)
            throw XCTSkip("render failed")
        }
        return try PNGFile(root + "/" + name, file: file, line: line)
    }

    /// How many pixels of the rectangle (pixels) differ by more than `tolerance` on some channel.
    static func differingPixels(_ a: PNGFile, _ b: PNGFile, x: Int, y: Int, width: Int, height: Int,
                                tolerance: Int = 24) -> Int {
        var count = 0
        for py in max(0, y)..<min(y + height, a.height, b.height) {
            for px in max(0, x)..<min(x + width, a.width, b.width)
            where !a.pixel(px, py).isClose(to: b.pixel(px, py), tolerance: tolerance) {
                count += 1
            }
        }
        return count
    }

    /// The columns and rows (pixels) holding pixels that satisfy `predicate` inside the rectangle.
    static func extent(of png: PNGFile, x: Int, y: Int, width: Int, height: Int,
                       where predicate: (RGBA) -> Bool) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        var result: (Int, Int, Int, Int)?
        for py in max(0, y)..<min(y + height, png.height) {
            for px in max(0, x)..<min(x + width, png.width) where predicate(png.pixel(px, py)) {
                if let r = result {
                    result = (min(r.0, px), max(r.1, px), min(r.2, py), max(r.3, py))
                } else {
                    result = (px, px, py, py)
                }
            }
        }
        return result.map { (minX: $0.0, maxX: $0.1, minY: $0.2, maxY: $0.3) }
    }

    /// One inspectable's effect: `change` renders differently from `base` inside `region`
    /// (x, y, width, height in pixels of a scale-1 render).
    struct Effect {
        let property: String
        let base: [String]
        let change: [String]
        let region: (x: Int, y: Int, width: Int, height: Int)

        init(_ property: String, _ value: String, base: [String] = [], region: (Int, Int, Int, Int)) {
            self.property = property
            self.base = base
            self.change = base + ["\(property)=\(value)"]
            self.region = (region.0, region.1, region.2, region.3)
        }
    }

    /// Renders the base and the changed picture of every effect and asserts that at least
    /// `minimum` pixels of the region differ. Renders each distinct base once.
    static func assertEffects(_ className: String, in root: String, _ effects: [Effect], minimum: Int = 6,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        var bases: [[String]: PNGFile] = [:]
        for effect in effects {
            let base = try bases[effect.base] ?? render(className, in: root, effect.base, file: file, line: line)
            bases[effect.base] = base
            let changed = try render(className, in: root, effect.change, file: file, line: line)
            let r = effect.region
            let differing = differingPixels(base, changed, x: r.x, y: r.y, width: r.width, height: r.height)
            XCTAssertGreaterThanOrEqual(differing, minimum,
                                        "\(className).\(effect.property): \(effect.change) should change the picture in \(r), "
                                        + "but only \(differing) pixels differ", file: file, line: line)
        }
    }
}

extension RGBA {
    /// rgb(r, g, b), opaque.
    init(_ r: Int, _ g: Int, _ b: Int) { self.init(r: r, g: g, b: b, a: 255) }

    /// Relative luminance-ish brightness, 0…255.
    var brightness: Int { (r * 299 + g * 587 + b * 114) / 1000 }
}
