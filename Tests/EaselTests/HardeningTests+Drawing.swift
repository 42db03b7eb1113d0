import Foundation
import XCTest

/// Hostile drawing: absurd geometry, dash patterns too fine, canvas calls stuck in the host, a
/// suspended worker, drawings and shadows that break Cairo, the replay's time budget.
extension HardeningTests {
    // MARK: - Geometry

    func testAbsurdGeometryNeitherHangsNorFails() throws {
        for fault in ["huge_arc", "absurd_geometry", "absurd_shadow", "absurd_text", "nested_layers", "shadowed_gradient",
                      "dashed_arc"] {
            let root = try hostile(fault)
            for mode in [[], ["--in-process"]] {
                let result = try render(root, mode)
                XCTAssertEqual(result.status, 0, "\(fault) \(mode): \(result.stderr)")
                // Text under a scale of 1e7 overflowed Pango's font size: GLib criticals on stderr.
                XCTAssertFalse(result.stderr.contains("CRITICAL") || result.stderr.contains("Pango-WARNING"), "\(fault) \(mode): \(result.stderr)")
                let png = try PNGFile(root + "/out.png")
                XCTAssertTrue(png.pixel(10, 10).isClose(to: RGBA(r: 51, g: 102, b: 153, a: 255), tolerance: 2),
                              "\(fault) \(mode): what follows the absurd geometry is drawn")
            }
            // A one-shot PNG is drawn in the worker; an SVG is the worker's drawing replayed in the
            // host, which a shadow blurred by 1e9 points crashed (a trap converting it to an Int),
            // and nested layers or a shadowed gradient under a skew of 1e154 aborted (a Cairo
            // assertion on the matrices of the groups they are painted through).
            let svg = try runHost(["render", "Hostile", "-o", "out.svg", "--timeout", "2"], directory: root)
            XCTAssertEqual(svg.status, 0, "\(fault) replayed in the host: \(svg.stderr)")
            XCTAssertFalse(svg.stderr.contains("CRITICAL") || svg.stderr.contains("Pango-WARNING"), "\(fault) replayed in the host: \(svg.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/out.svg"), fault)
        }
    }

    /// A dash pattern too fine for the length of its path: Cairo walks every dash, visible or not,
    /// and a shadowed one also in the stroke's extents (where the host replaying an SVG spent
    /// minutes in one call, out of reach of the replay's budget). It strokes solid, with a warning.
    func testADashPatternTooFineForItsPathStrokesSolidWithAWarning() throws {
        let root = try hostile("dashed_arc")
        for output in ["out.png", "out.svg"] {
            let result = try runHost(["render", "Hostile", "-o", output, "--timeout", "2"], directory: root)
            XCTAssertEqual(result.status, 0, "\(output): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("class Hostile: draw: invalid argument to set_line_dash period 0.1: expected at most 1048576 dashes along a stroked path"),
                          result.stderr)
            XCTAssertTrue(result.stderr.contains("stroked solid"), result.stderr)
        }
    }

    /// A canvas call that does not return while the host draws a worker's drawing (a scene is drawn
    /// in the host): Cairo strokes a star of 60 000 crossing edges for minutes, out of reach of the
    /// replay's budget, which is checked between calls. The watchdog ends the command past twice the
    /// budget plus a second, naming file, class and phase; nothing is written, no worker is left.
    func testACanvasCallStuckInTheHostEndsTheCommandWithANamedError() throws {
        let root = try hostile("star_stroke")
        try """
        {"size": "40x40", "instances": [{"class": "Hostile", "frame": "0,0,20,20"}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "scene.png", "--timeout", "0.5"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("host render: error: ./components/libHostile.so: class Hostile: replaying the drawing did not finish within 2 s: one canvas call never returned"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        XCTAssertEqual(left, ["components", "scene.json"], "no output, no temporary file")
    }

    /// A plugin that suspends its own worker (SIGSTOP) was reported as "an endless loop or a
    /// deadlock?"; it says the worker was suspended, and the worker is still ended.
    func testAWorkerSuspendedBySIGSTOPIsSaidToBeSuspended() throws {
        let root = try hostile("stop_draw")
        let result = try runHost(["render", "Hostile", "-o", "out.png", "--timeout", "1"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Hostile: did not answer within 1 s: it was suspended by a signal (SIGSTOP or SIGTSTP)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
    }

    /// A drawing that puts Cairo in an error state ("out of memory" for a gradient under a scale of
    /// 1e-300) exited 70, an internal error of the host, without a phase; it is the class's draw
    /// failing (69), in a worker or in process.
    func testADrawingThatBreaksCairoIsAPluginFailureInTheDrawPhase() throws {
        let root = try hostile("cairo_overflow")
        for mode in [[], ["--in-process"]] {
            let result = try render(root, mode)
            XCTAssertEqual(result.status, 69, "\(mode): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("class Hostile: cairo error in drawing: out of memory"), result.stderr)
            XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.png"), "no partial output")
        }
    }

    /// A shadow cast under a scale of 1e154 is drawable on a PNG, but its mask's transform is not
    /// invertible once mapped onto a vector output's finer mask: Cairo's "invalid matrix" while
    /// replaying the drawing in the host exited 70, an internal error. It is the class's draw
    /// failing (69), in a one-shot render and in a scene, and nothing is written.
    func testAShadowThatBreaksCairoIsAPluginFailureInTheDrawPhase() throws {
        let root = try hostile("shadow_overflow")
        for output in ["out.svg", "out.pdf"] {
            for mode in [[], ["--in-process"]] {
                let result = try runHost(["render", "Hostile", "-o", output, "--timeout", "2"] + mode, directory: root)
                XCTAssertEqual(result.status, 69, "\(output) \(mode): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("libHostile.so: class Hostile: cairo error in drawing a shadow mask: invalid matrix"), result.stderr)
                XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/" + output), "no partial output")
            }
        }
        try """
        {"size": "40x40", "instances": [{"class": "Hostile", "frame": "0,0,20,20"}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let scene = try runHost(["render", "scene.json", "-o", "scene.svg"], directory: root)
        XCTAssertEqual(scene.status, 69, scene.stderr)
        XCTAssertTrue(scene.stderr.contains("class Hostile: cairo error in drawing a shadow mask: invalid matrix"), scene.stderr)
        XCTAssertTrue(scene.stderr.contains("[phase: draw]"), scene.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/scene.svg"), "no partial output")
        // On a PNG the shadow's mask is no finer than the canvas: it is drawn.
        XCTAssertEqual(try render(root).status, 0)
    }

    /// Replaying a worker's drawing in the host (SVG, PDF, scenes) had no budget: a drawing quick to
    /// record and slow to paint held the host for as long as it took.
    func testReplayingADrawingHasTheCallsTimeBudget() throws {
        let root = try hostile("slow_replay")
        let start = Date()
        let result = try runHost(["render", "Hostile", "-o", "out.svg", "--timeout", "1"], directory: root)
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("class Hostile: display list: replaying the drawing exceeded the time budget of 1 s"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[phase: draw]"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "the budget, not the whole replay")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/out.svg"))
    }

    func testASceneFrameOfAbsurdSizeRenders() throws {
        let root = try exampleComponents(["Gauge"])
        try """
        {"size": "100x100", "instances": [{"class": "Gauge", "frame": "0,0,1e308,1e308"}]}
        """.write(toFile: root + "/scene.json", atomically: true, encoding: .utf8)
        let result = try runHost(["render", "scene.json", "-o", "out.png"], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
