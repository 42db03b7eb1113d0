import Foundation
import XCTest

/// The baselines the benchmark scripts compare against must keep building: `Scripts/bench-render`'s
/// direct-Cairo Rainbow (Scripts/bench/rainbow_direct.c) called a PNG routine that had been removed,
/// and the script failed before measuring anything.
final class BenchmarkBaselineTests: XCTestCase {
    func testTheDirectCairoRainbowBuildsAndWritesItsPicture() throws {
        let dir = TestPaths.runDirectory + "/bench-baseline"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // The flags Scripts/bench-render uses.
        let flags = try runProcess("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "cairo", "zlib"])
        XCTAssertEqual(flags.status, 0, flags.stderr)
        let program = dir + "/rainbow_direct"
        let cc = try runProcess("/usr/bin/env", ["cc", "-O2", "-Wall", "-Wextra", "-Werror", "-I", TestPaths.repoRoot + "/Sources/CPNG",
                                                 "-o", program, TestPaths.repoRoot + "/Scripts/bench/rainbow_direct.c"]
                                + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init) + ["-lm"])
        XCTAssertEqual(cc.status, 0, cc.stderr)
        let run = try runProcess(program, ["--runs", "3", "--shadow", "blur", "--write", dir + "/rainbow.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for key in ["draw_ms=", "draw_png6_ms=", "draw_png1_ms="] { XCTAssertTrue(run.stdout.contains(key), run.stdout) }
        let picture = try PNGFile(dir + "/rainbow.png")
        XCTAssertEqual([picture.width, picture.height], [600, 434])
    }
}
