import Foundation
import XCTest

/// The Swift guide's example (Docs/guides/swift.md, once the README's "In Swift"), exactly as
/// printed: its first ```swift block is compiled into a plugin against EaselKit (as Swift fixtures
/// are), rendered and inspected, and what the guide and the README's tour say about it must hold.
/// Pasted as the README once printed it (without the port's `init(frame:)`), it inspected with Title
/// "" and Background #00000000 and rendered a fully transparent picture.
final class ReadmeSwiftExampleTests: XCTestCase {
    /// The Swift guide, whole.
    private func inSwiftSection() throws -> String {
        try Documentation.read("Docs/guides/swift.md")
    }

    /// The body of the first fenced block opened by `fence` (e.g. "```swift") in `text`, after `anchor`.
    private func fencedBlock(_ fence: String, in text: String, after anchor: String = "") throws -> String {
        let from = try XCTUnwrap(anchor.isEmpty ? text.startIndex : text.range(of: anchor)?.upperBound,
                                 "\(anchor) is there")
        let open = try XCTUnwrap(text.range(of: "\n" + fence + "\n", range: from..<text.endIndex), "a \(fence) block")
        let close = try XCTUnwrap(text.range(of: "\n```\n", range: open.upperBound..<text.endIndex), "the \(fence) block ends")
        return String(text[open.upperBound..<close.lowerBound]) + "\n"
    }

    func testTheInSwiftExampleBuildsRendersAndInspectsAsTheReadmeShows() throws {
        let section = try inSwiftSection()
        let source = try fencedBlock("```swift", in: section)
        XCTAssertTrue(source.contains("@_cdecl(\"easel_plugin_entry\")"), "the first Swift block is a whole plugin:\n\(source)")
        let root = try TestPaths.scratch()
        let plugins = root + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let file = root + "/RoundedCornerButton.swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let plugin = try SwiftFixture.build(source: file, name: "ReadmeButtons", into: plugins)

        // "draws a blue 160×44 capsule titled "Button""
        let render = try runHost(["render", "RoundedCornerButton", "--plugins", plugins, "--set", "cornerRadius=22",
                                  "-o", root + "/button.png"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let png = try PNGFile(root + "/button.png")
        XCTAssertEqual([png.width, png.height], [160, 44])
        XCTAssertTrue(png.pixel(22, 22).isClose(to: RGBA(0, 122, 255), tolerance: 3), "blue, got \(png.pixel(22, 22))")
        XCTAssertEqual(png.pixel(1, 1).a, 0, "a capsule: its corners are transparent")
        let titleInk = (50..<110).flatMap { x in (10..<34).map { png.pixel(x, $0) } }.filter { $0.r > 200 && $0.g > 200 }
        XCTAssertGreaterThan(titleInk.count, 40, "a white title in the middle")

        // The inspect excerpts: the README tour's cornerRadius block and the Swift guide's own.
        let inspect = try runHost(["inspect", "RoundedCornerButton", "--plugins", plugins])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let readme = try Documentation.read("README.md")
        let excerpts = [try fencedBlock("```", in: readme, after: "`host inspect RoundedCornerButton` shows"),
                        try fencedBlock("```text", in: section, after: "easel inspect")]
        for excerpt in excerpts {
            // "…" stands for lines left out: every run of lines between them is in the output as printed.
            for shown in excerpt.components(separatedBy: "  …\n") where !shown.isEmpty {
                XCTAssertTrue(inspect.stdout.contains(shown), "the documentation shows\n\(shown)\nbut \(plugin) inspects as\n\(inspect.stdout)")
            }
        }
        XCTAssertFalse(inspect.stdout.contains("#00000000"), inspect.stdout)
    }
}
