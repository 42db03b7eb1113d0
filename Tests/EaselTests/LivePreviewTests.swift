import EaselHost
import EaselPreview
import Foundation
import XCTest

/// request_redraw and property_changed in live views (easel.h, easel_instance_host): `host watch`
/// draws an animating component frame by frame into its preview, and the designer's API (the watch
/// session serve runs) calls actions on the live instance and serves its frames.
final class LivePreviewTests: XCTestCase {
    override func setUp() { useHostAsWorker() }

    /// A session as `host watch` runs it: previews written into root/previews.
    func session(_ root: String, assignments: [PropertyAssignment] = [], events: @escaping (SessionEvent) -> Void) throws -> DesignSession {
        var options = SessionOptions(directory: root + "/components")
        options.assignments = assignments
        let previews = try PreviewFileWriter(directory: root + "/previews")
        return try DesignSession(options: options, environment: testEnvironment, report: previews.writing(then: events))
    }

    final class Log: @unchecked Sendable { var events: [SessionEvent] = [] }

    /// Watches the extensions fixture built with `mode`, its Extended animating from the start
    /// (autoAnimate), until the notice that the animation ended (at most 5 s); returns the folder,
    /// the events and that notice.
    func watchAnimation(mode: String) throws -> (root: String, log: Log, notice: String?) {
        let root = try componentsFolder(["libExtensions.so": try CFixture.build("extensions_plugin.c", defines: ["MODE=\(mode)"])])
        let log = Log()
        let watch = try session(root, assignments: [PropertyAssignment(className: "Extended", name: "autoAnimate", text: "true")]) {
            log.events.append($0)
        }
        try watch.start()
        defer { watch.stop() }
        func notice() -> String? {
            for case .notice(let text, _) in log.events where text.hasPrefix("Extended: animated") { return text }
            return nil
        }
        let deadline = Date().addingTimeInterval(5)
        while notice() == nil, Date() < deadline { watch.step(maximumWait: 0.05) }
        return (root, log, notice())
    }

    func testWatchDrawsEveryFrameAnInstanceAsksFor() throws {
        let (root, log, notice) = try watchAnimation(mode: "good")
        let frames = log.events.compactMap { e -> Int? in if case .redrawn("Extended", let f, _) = e { return f }; return nil }
        XCTAssertNotNil(notice, "the animation ends: \(log.events.flatMap(\.lines))")
        // 0.5 s of real time at up to 60 frames a second: many frames, each a new preview.
        XCTAssertGreaterThan(frames.count, 5, "\(frames)")
        XCTAssertLessThanOrEqual(frames.count, 40, "paced at 60 a second at most: \(frames)")
        XCTAssertEqual(frames, frames.sorted(), "in order")
        let png = try PNGFile(root + "/previews/Extended.png")
        XCTAssertEqual(png.pixel(38, 2), RGBA(r: 255, g: 255, b: 255, a: 255), "the last frame: phase 1, the bar is full")
        XCTAssertEqual(ExtensionsTestsLines.printed(log.events), [], "frames print nothing")
    }

    /// The notice at an animation's end counts its frames in words: "1 frame" (it said "1 frames").
    func testAOneFrameAnimationIsNoticedAsOneFrame() throws {
        let (_, log, notice) = try watchAnimation(mode: "one_frame")
        XCTAssertEqual(notice, "Extended: animated, 1 frame", "\(log.events.flatMap(\.lines))")
    }

    func testTheDesignerCallsActionsOnTheLiveInstanceAndKeepsWhatItReports() throws {
        let root = try componentsFolder(["libExtensions.so": try CFixture.build("extensions_plugin.c", defines: ["MODE=good"])])
        let log = Log()
        let watch = try session(root) { log.events.append($0) }
        try watch.start()
        defer { watch.stop() }
        // bump() reports level and double (property_changed): they become the values the host holds.
        try watch.withLock { try watch.invoke("bump", argument: nil, on: "Extended") }
        XCTAssertEqual(watch.values(for: "Extended").first { $0.name == "level" }?.value, .int(4))
        // animate(): the designer's renders show the live frames while it runs.
        try watch.withLock { try watch.invoke("animate", argument: nil, on: "Extended") }
        let first = try watch.render(className: "Extended", format: .png())
        let firstPNG = try PNGFile(bytes: try first.encode())
        XCTAssertNotEqual(firstPNG.pixel(38, 2), RGBA(r: 255, g: 255, b: 255, a: 255), "mid-animation: the bar is not full yet")
        let deadline = Date().addingTimeInterval(5)
        while !log.events.contains(where: { if case .notice(let t, _) = $0 { return t.hasPrefix("Extended: animated") }; return false }),
              Date() < deadline { watch.step(maximumWait: 0.05) }
        let last = try PNGFile(bytes: try watch.render(className: "Extended", format: .png()).encode())
        XCTAssertEqual(last.pixel(38, 2), RGBA(r: 255, g: 255, b: 255, a: 255), "the end of the animation")
        XCTAssertTrue(log.events.contains { if case .redrawn("Extended", _, _) = $0 { return true }; return false })
        XCTAssertThrowsError(try watch.withLock { try watch.invoke("setLevel", argument: .int(50), on: "Extended") }) {
            XCTAssertEqual(($0 as? HostError)?.message, "action setLevel: 50 is outside the range 0…10 (expected an integer in 0…10)")
        }
    }
}

/// What `host watch` prints for events.
enum ExtensionsTestsLines {
    static func printed(_ events: [SessionEvent]) -> [String] {
        events.filter { if case .redrawn = $0 { return true }; return false }.flatMap(\.lines)
    }
}
