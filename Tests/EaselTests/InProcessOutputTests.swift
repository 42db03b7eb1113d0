import Foundation
import XCTest

/// With `--in-process` plugin code shares the host's stdout. What a plugin prints there goes to
/// stderr (a worker's goes to a pipe the host reads), never into what the host writes on stdout: a picture
/// (`render -o -`) or a JSON document (`validate --json`). The plugin is validate_faults.c's
/// stdout_writes fault: its draw prints "drawing <title>" with printf.
final class InProcessOutputTests: XCTestCase {
    func printingPlugin() throws -> String {
        try CFixture.build("validate_faults.c", defines: ["FAULT=stdout_writes"], name: "validate_stdout_writes")
    }

    func testAPictureOnStdoutIsThePictureOnly() throws {
        let dir = try TestPaths.scratch()
        try FileManager.default.createDirectory(atPath: dir + "/components", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try printingPlugin(), toPath: dir + "/components/libPrinting.so")
        for isolation in [["--in-process"], []] {
            let r = try runHost(["render", "Probe", "-o", "-", "--force", "--cache", "none"] + isolation, directory: dir)
            XCTAssertEqual(r.status, 0, "\(isolation): \(r.stderr)")
            let png = [UInt8](r.stdoutData)
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(isolation): a PNG")
            // The stream ends with the IEND chunk (its type and CRC): nothing printed after it.
            XCTAssertEqual(Array(png.suffix(8)), [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82],
                           "\(isolation): ends with: \(String(decoding: png.suffix(40), as: UTF8.self).debugDescription)")
            if !isolation.isEmpty { // in process, what the plugin printed is shown on stderr (a debugging run)
                XCTAssertTrue(r.stderr.contains("drawing Probe"), r.stderr)
            }
        }
    }

    func testValidateJSONStaysJSONAndTheStdoutCheckStillFails() throws {
        let plugin = try printingPlugin()
        let r = try runHost(["validate", "--in-process", "--json", plugin])
        XCTAssertEqual(r.status, 1, r.stderr)
        let json = try XCTUnwrap(try? JSONSerialization.jsonObject(with: r.stdoutData) as? [String: Any],
                                 "not JSON: \(r.stdout.prefix(200).debugDescription)")
        let results = try XCTUnwrap((json["plugins"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let failed = results.filter { $0["status"] as? String == "failed" }.compactMap { $0["check"] as? String }
        XCTAssertEqual(failed, ["stdout"], "\(results)")
        XCTAssertTrue(r.stderr.contains("drawing Probe"), r.stderr)
    }
}
