import EaselHost
import EaselPreview
import Foundation
import XCTest

/// Preview files are written by a subscriber of the design session's events (``PreviewFileWriter``),
/// which `host watch` puts in front of its printer and `host serve` does not have: the session itself
/// writes no file.
final class PreviewFileWriterTests: XCTestCase {
    override func setUp() { useHostAsWorker() }

    /// Every `.png` under `root`, relative and sorted (the components' own resources left out).
    func pngFiles(under root: String) -> [String] {
        let all = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return all.filter { $0.hasSuffix(".png") && !$0.hasPrefix("components/") }.sorted()
    }

    /// A project with the Gauge example and a scene of two Gauges.
    func gaugeProject(test: String = #function) throws -> (root: String, options: SessionOptions) {
        let root = try exampleComponents(["Gauge"], test: test)
        try """
        {"size": "200x60", "instances": [
          {"class": "Gauge", "frame": "0,0,100,60", "attributes": {"value": 30}},
          {"class": "Gauge", "frame": "100,0,100,60", "attributes": {"value": 70}}]}
        """.write(toFile: root + "/board.json", atomically: true, encoding: .utf8)
        var options = SessionOptions(directory: root + "/components")
        options.scenes = [try Scene.read(root + "/board.json")]
        return (root, options)
    }

    final class Lines: @unchecked Sendable { var lines: [String] = [] }

    /// The same components and scene: a session with no writer (as serve runs it) writes nothing
    /// and keeps its previews in memory; with a writer (as watch runs it) the class's and the
    /// scene's previews are written, byte for byte what the session drew, and the lines name them.
    func testTheSessionWritesNothingAndItsWriterWritesWhatTheEventsCarry() throws {
        let (root, options) = try gaugeProject()
        let bare = try DesignSession(options: options, environment: testEnvironment) { _ in }
        try bare.start()
        let inMemory = try XCTUnwrap(bare.state(of: "Gauge")?.preview, "kept in memory")
        bare.stop()
        XCTAssertEqual(pngFiles(under: root), [], "a session without a writer writes no preview")

        let printed = Lines()
        let previews = try PreviewFileWriter(directory: root + "/previews")
        let watched = try DesignSession(options: options, environment: testEnvironment,
                                        report: previews.writing { printed.lines += $0.lines })
        try watched.start()
        defer { watched.stop() }
        XCTAssertEqual(pngFiles(under: root), ["previews/Gauge.png", "previews/board.png"])
        let written = try Data(contentsOf: URL(fileURLWithPath: root + "/previews/Gauge.png"))
        XCTAssertEqual(Array(written), try XCTUnwrap(watched.state(of: "Gauge")?.preview), "the preview the session drew")
        XCTAssertEqual(Array(written), inMemory, "the same picture with or without a writer")
        XCTAssertEqual(try PNGFile(root + "/previews/board.png").width, 200)
        let lines = printed.lines
        XCTAssertTrue(lines.contains { $0.hasSuffix(": Gauge → \(root)/previews/Gauge.png") }, "\(lines)")
        XCTAssertTrue(lines.contains("rendered \(root)/board.json: scene → \(root)/previews/board.png"), "\(lines)")
        XCTAssertEqual(lines.last, "watching \(root)/components (1 plugin); previews in \(root)/previews")
    }

    /// `host watch` writes previews through its writer; `host serve` on the same project writes none.
    func testWatchWritesPreviewsAndServeWritesNone() throws {
        let (root, _) = try gaugeProject()
        let serve = try WatchProcess(["--port", "0", "--scene", "board.json"], directory: root, command: "serve")
        XCTAssertNotNil(serve.waitForLine(containing: "serving the designer at http://"))
        serve.stop()
        XCTAssertEqual(pngFiles(under: root), [], "serve: \(serve.output)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/previews"))

        let watch = try WatchProcess(["--out", "previews", "--scene", "board.json"], directory: root)
        defer { watch.stop() }
        XCTAssertNotNil(watch.waitForLine(containing: "previews in previews"))
        XCTAssertEqual(pngFiles(under: root), ["previews/Gauge.png", "previews/board.png"], "watch: \(watch.output)")
        XCTAssertTrue(watch.output.contains { $0.contains("Gauge → previews/Gauge.png") }, "\(watch.output)")
    }

    /// The writer on its own: each event's files, and the events passed on naming them.
    func testTheWriterKeepsTheFolderAsTheEventsSay() throws {
        let dir = try TestPaths.scratch() + "/out/previews"
        let writer = try PreviewFileWriter(directory: dir)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir), "the folder is made")
        func contents(_ name: String) -> [UInt8]? { FileManager.default.contents(atPath: dir + "/" + name).map(Array.init) }
        func report(_ outcomes: [RenderOutcome]) -> SessionEvent {
            .loaded(BuildReport(file: "/c/libX.so", label: "libX.so", build: 1, isReload: false, seconds: 0, loadSeconds: 0,
                                renderSeconds: 0, outcomes: outcomes, classes: ["X"]))
        }
        let first = Array("first".utf8), frame = Array("frame".utf8)

        // Rendered: written, and named.
        guard case .loaded(let r)? = writer.write(report([.rendered("X", preview: first, output: nil)])).first else { return XCTFail() }
        XCTAssertEqual(r.outcomes, [.rendered("X", preview: first, output: dir + "/X.png")])
        XCTAssertEqual(contents("X.png"), first)

        // Failing: the reason beside the stale preview; recovered: removed.
        let error = HostError(.pluginFailure, "crashed with SIGSEGV", file: "/c/libX.so", className: "X", phase: .draw)
        _ = writer.write(.failure(className: "X", failure: PluginFailure(error), staleBuild: 1))
        let text = String(decoding: contents("X.error.txt") ?? [], as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(error.description), text)
        XCTAssertTrue(text.contains("The preview X.png is the last good one (build 1); it is stale"), text)
        XCTAssertEqual(contents("X.png"), first, "the last good preview stays")
        _ = writer.write(.recovered(className: "X", file: "/c/libX.so", build: 2))
        XCTAssertNil(contents("X.error.txt"))

        // A frame replaces the preview; values changed without a frame write nothing.
        _ = writer.write(.redrawn(className: "X", frame: 2, preview: frame))
        XCTAssertEqual(contents("X.png"), frame)
        _ = writer.write(.redrawn(className: "X", frame: 3, preview: nil))
        XCTAssertEqual(contents("X.png"), frame)

        // Gone: the preview and its error file removed, and named once.
        _ = writer.write(.failure(className: "X", failure: PluginFailure(error), staleBuild: nil))
        XCTAssertTrue(String(decoding: contents("X.error.txt") ?? [], as: UTF8.self).contains("No build has rendered X yet."))
        let removed = writer.write(.removed(file: "/c/libX.so", label: "libX.so", build: 2, outcomes: [.gone("X", removedPreview: nil)]))
        guard case .removed(_, _, _, let outcomes)? = removed.first else { return XCTFail() }
        XCTAssertEqual(outcomes, [.gone("X", removedPreview: dir + "/X.png")])
        XCTAssertNil(contents("X.png"))
        XCTAssertNil(contents("X.error.txt"))
        guard case .loaded(let again)? = writer.write(report([.gone("X", removedPreview: nil)])).first else { return XCTFail() }
        XCTAssertEqual(again.outcomes, [.gone("X", removedPreview: nil)], "nothing was there to remove")

        // A scene: its file's name; the start names the folder.
        guard case .sceneRendered(_, let scene)? = writer.write(.sceneRendered(scene: "/s/board.v2.json",
                                                                               outcome: .scene("/s/board.v2.json", preview: first, output: nil))).first
        else { return XCTFail() }
        XCTAssertEqual(scene, .scene("/s/board.v2.json", preview: first, output: dir + "/board.png"))
        XCTAssertEqual(contents("board.png"), first)
        guard case .started(_, _, let out)? = writer.write(.started(directories: ["c"], plugins: 1, outputDirectory: nil)).first
        else { return XCTFail() }
        XCTAssertEqual(out, dir)

        // A preview that cannot be written: the class failed, and why is a notice after its line.
        try FileManager.default.createDirectory(atPath: dir + "/Y.png", withIntermediateDirectories: true)
        let events = writer.write(report([.rendered("Y", preview: first, output: nil)]))
        XCTAssertEqual(events.count, 2)
        guard case .loaded(let failed)? = events.first, case .notice(let why, detail: true)? = events.last else { return XCTFail("\(events)") }
        XCTAssertEqual(failed.outcomes, [.failed("Y")])
        XCTAssertTrue(why.hasPrefix("error: ") && why.contains("Y.png"), why)
    }

    /// A folder that cannot hold previews is refused when the writer is made (before any plugin loads).
    func testAFileInPlaceOfTheFolderIsRefused() throws {
        let file = try TestPaths.scratch() + "/previews"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        XCTAssertThrowsError(try PreviewFileWriter(directory: file)) {
            XCTAssertEqual(($0 as? HostError)?.message, "cannot write previews here (expected a writable directory)")
        }
    }
}
