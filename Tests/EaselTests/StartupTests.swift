import Foundation
import XCTest

/// What a command's process loads: commands that never draw start without the libraries they do not
/// use (README, Benchmarks: process start). Read from the dynamic loader's own report of every
/// library it initialises (`LD_DEBUG=libs`), at start and on every later dlopen, and from
/// /proc/PID/maps of a running server.
final class StartupTests: XCTestCase {
    /// Libraries `host serve` loads on first use (CMicroHTTPD/shim.h), never at start.
    static let serverLibraries = ["libmicrohttpd.so", "libgnutls.so"]

    /// The file names (without the version suffix after ".so") of every library the loader
    /// initialised while `host ARGUMENTS` ran in `directory`, with its exit status.
    func librariesLoaded(_ arguments: [String], directory: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        let result = try runHost(arguments, environment: ["LD_DEBUG": "libs"], directory: directory)
        XCTAssertEqual(result.status, 0, "host \(arguments.joined(separator: " ")): \(result.stderr.suffix(2000))",
                       file: file, line: line)
        var names = Set<String>()
        for text in result.stderr.split(separator: "\n") {
            guard let range = text.range(of: "calling init: ") else { continue }
            let path = text[range.upperBound...]
            let base = path.split(separator: "/").last.map(String.init) ?? String(path)
            names.insert(base.range(of: ".so").map { String(base[..<$0.upperBound]) } ?? base)
        }
        XCTAssertTrue(names.contains("libc.so"), "the loader's report was not read: \(result.stderr.prefix(500))",
                      file: file, line: line)
        return names
    }

    func assertNotLoaded(_ libraries: [String], by arguments: [String], directory: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let loaded = try librariesLoaded(arguments, directory: directory, file: file, line: line)
        for library in libraries {
            XCTAssertFalse(loaded.contains(library), "host \(arguments.joined(separator: " ")) loaded \(library)",
                           file: file, line: line)
        }
    }

    func testCommandsThatNeverServeDoNotLoadTheHTTPServer() throws {
        let root = try exampleComponents(["Gauge"])
        XCTAssertEqual(try runHost(["inspect", "Gauge"], directory: root).status, 0) // the cache is warm now
        for arguments in [["--version"], ["--help"], ["list"], ["inspect", "Gauge"], ["render", "Gauge", "-o", "g.png"]] {
            try assertNotLoaded(Self.serverLibraries, by: arguments, directory: root)
        }
        // The report is read right: a render does load the renderer.
        XCTAssertTrue(try librariesLoaded(["render", "Gauge", "-o", "g.png"], directory: root).contains("libcairo.so"))
    }

    func testServeLoadsTheHTTPServerWhenItStarts() throws {
        let root = try exampleComponents(["Gauge"])
        let process = try WatchProcess(["--port", "0"], directory: root, command: "serve")
        defer { process.stop() }
        XCTAssertNotNil(process.waitForLine(containing: "serving the designer at http://"))
        // (procfs files have no size: read to the end, not by the file's length.)
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(process.process.processIdentifier)/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        try handle.close()
        XCTAssertTrue(maps.contains("libmicrohttpd.so"), "host serve runs without libmicrohttpd mapped? \(process.output)\n\(maps.prefix(3000))")
    }
}
