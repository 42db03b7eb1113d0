import Foundation
import XCTest

/// A one-shot PNG render of one class draws the picture in the worker and composites it (the host
/// lays out no text itself): the pixels are those of the same render in process.
final class RasterRenderTests: XCTestCase {
    func testEveryExampleClassRendersTheSameInAWorkerAndInProcess() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repoRoot + "/Plugins").sorted()
            .filter { !$0.hasPrefix(".") }
        let root = try exampleComponents(examples)
        let names = try runHost(["list", "--names"], directory: root).stdout.split(separator: "\n").map(String.init)
        XCTAssertGreaterThanOrEqual(names.count, examples.count)
        for name in names {
            for scale in ["1", "2"] {
                let worker = try runHost(["render", name, "--scale", scale, "-o", "w.png"], directory: root)
                XCTAssertEqual(worker.status, 0, "\(name): \(worker.stderr)")
                let local = try runHost(["render", name, "--scale", scale, "-o", "p.png", "--in-process"], directory: root)
                XCTAssertEqual(local.status, 0, "\(name): \(local.stderr)")
                let a = try PNGFile(root + "/w.png"), b = try PNGFile(root + "/p.png")
                XCTAssertEqual([a.width, a.height], [b.width, b.height], name)
                var differing = 0
                for y in 0..<min(a.height, b.height) {
                    for x in 0..<min(a.width, b.width) where a.pixel(x, y) != b.pixel(x, y) { differing += 1 }
                }
                XCTAssertEqual(differing, 0, "\(name) @\(scale)x: pixels differ between the worker and in process")
            }
        }
    }

    func testAMissingImageInAWorkerIsTheSameError() throws {
        let root = try exampleComponents(["FancyButton"])
        for mode in [[], ["--in-process"]] {
            let result = try runHost(["render", "FancyButton", "--set", "image=nope.png", "-o", "x.png"] + mode, directory: root)
            XCTAssertEqual(result.status, 66, "\(mode): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("class FancyButton: image 'nope.png':"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/x.png"))
        }
    }
}
