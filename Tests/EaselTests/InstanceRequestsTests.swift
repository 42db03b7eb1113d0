import EaselHost
import EaselPreview
import Foundation
import XCTest

/// request_layout, and requests from a component's own thread (easel.h, easel_instance_host:
/// [any thread]), with Tests/Fixtures/own_thread_plugin.c: its Relayout shows green only once a
/// layout saw its content, and nothing but request_layout asks for that layout.
final class InstanceRequestsTests: XCTestCase {
    override func setUp() { useHostAsWorker() }

    static let green = RGBA(r: 0, g: 255, b: 0, a: 255)
    static let red = RGBA(r: 255, g: 0, b: 0, a: 255)

    func plugin(_ mode: String) throws -> String {
        try CFixture.build("own_thread_plugin.c", defines: ["MODE=\(mode)"])
    }

    final class Log: @unchecked Sendable { var events: [SessionEvent] = [] }

    /// A one-shot render honours a request_layout made during draw: layout, then draw again.
    func testARenderLaysOutAgainWhenDrawAsks() throws {
        let root = try componentsFolder(["libRelayout.so": try plugin("draw")])
        for isolation in [[], ["--in-process"]] {
            let r = try runHost(["render", "Relayout", "-o", "out.png", "--cache", "none"] + isolation, directory: root)
            XCTAssertEqual(r.status, 0, "\(isolation): \(r.stderr)")
            XCTAssertEqual(try PNGFile(root + "/out.png").pixel(10, 10), Self.green, "\(isolation): laid out again after draw asked")
        }
    }

    /// `host watch` honours request_layout and property_changed from a thread of the component's
    /// own: the preview is laid out and drawn again, and the value reported becomes the one held.
    func testWatchHonoursRequestsFromTheComponentsOwnThread() throws {
        let root = try componentsFolder(["libRelayout.so": try plugin("thread")])
        let watch = try DesignSession(options: SessionOptions(directory: root + "/components"), environment: testEnvironment,
                                      report: try PreviewFileWriter(directory: root + "/previews").writing { _ in })
        try watch.start()
        defer { watch.stop() }
        XCTAssertEqual(try PNGFile(root + "/previews/Relayout.png").pixel(10, 10), Self.red, "before the content arrives")
        let deadline = Date().addingTimeInterval(10)
        func shown() -> RGBA? { try? PNGFile(root + "/previews/Relayout.png").pixel(10, 10) }
        while shown() != Self.green, Date() < deadline { watch.step(maximumWait: 0.05) }
        XCTAssertEqual(shown(), Self.green, "the layout the thread asked for, and the draw after it")
        XCTAssertEqual(watch.values(for: "Relayout").first { $0.name == "content" }?.value, .bool(true),
                       "property_changed from the thread: the host read the value back")
    }

    /// A property_changed from the component's own thread with no layout or redraw asked for is
    /// heard too: the value is read back and held (it was heard only with the next frame, so a
    /// component that asked for none never had its value read), and the designer is told.
    func testAValueReportedFromAThreadAloneIsHeld() throws {
        let root = try componentsFolder(["libRelayout.so": try plugin("report")])
        let log = Log()
        let watch = try DesignSession(options: SessionOptions(directory: root + "/components"), environment: testEnvironment,
                                      report: try PreviewFileWriter(directory: root + "/previews").writing { log.events.append($0) })
        try watch.start()
        defer { watch.stop() }
        func held() -> PropertyValue? { watch.values(for: "Relayout").first { $0.name == "content" }?.value }
        let deadline = Date().addingTimeInterval(10)
        while held() == nil, Date() < deadline { watch.step(maximumWait: 0.05) }
        XCTAssertEqual(held(), .bool(true), "\(log.events.flatMap(\.lines))")
        XCTAssertTrue(log.events.contains { if case .redrawn("Relayout", _, _) = $0 { return true }; return false },
                      "the designer is told to read the values again: \(log.events.flatMap(\.lines))")
    }

    /// In Swift, UIKit's way from the view's own thread: setNeedsLayout() asks for a layout and
    /// setNeedsDisplay() for a redraw (EaselKit turns them into request_layout and request_redraw
    /// outside the host's calls), and `host watch` shows the result.
    func testSwiftViewsAskTheUIKitWayFromTheirOwnThreads() throws {
        let root = try componentsFolder(["libSwiftOwnThread.so": try SwiftFixture.build("SwiftOwnThread")])
        let watch = try DesignSession(options: SessionOptions(directory: root + "/components"), environment: testEnvironment,
                                      report: try PreviewFileWriter(directory: root + "/previews").writing { _ in })
        try watch.start()
        defer { watch.stop() }
        func shown(_ name: String) -> RGBA? { try? PNGFile(root + "/previews/\(name).png").pixel(10, 10) }
        XCTAssertEqual(shown("LateLayout"), Self.red, "before the thread's change")
        let deadline = Date().addingTimeInterval(10)
        while shown("LateLayout") != Self.green || shown("LateDisplay") != Self.green, Date() < deadline {
            watch.step(maximumWait: 0.05)
        }
        XCTAssertEqual(shown("LateDisplay"), Self.green, "setNeedsDisplay() from the view's own thread: drawn again")
        XCTAssertEqual(shown("LateLayout"), Self.green, "setNeedsLayout() from the view's own thread: laid out and drawn again")
    }
}
