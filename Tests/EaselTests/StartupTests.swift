import EaselHost
import EaselRender
import Foundation
import XCTest

/// What a command's process loads: commands that never draw start without the libraries they do not
/// use (Docs/reference/isolation.md, "Process start"; Docs/benchmarks.md). Read from the dynamic loader's own report of every
/// library it initialises (`LD_DEBUG=libs`), at start and on every later dlopen, and from
/// /proc/PID/maps of a running server.
final class StartupTests: XCTestCase {
    /// Libraries `host serve` loads on first use (CMicroHTTPD/shim.h), never at start.
    static let serverLibraries = ["libmicrohttpd.so", "libgnutls.so"]
    /// What only drawing needs: the drawing library (Sources/host/DrawingLibrary.swift), the renderer's
    /// libraries, and Foundation with ICU (only the drawing library's modules import any of Foundation).
    static let drawingLibraries = ["libEaselDrawing.so", "libcairo.so", "libpango-1.0.so", "libpangocairo-1.0.so",
                                   "libfontconfig.so", "libX11.so", "libxcb.so", "libglib-2.0.so", "libpng16.so",
                                   "libFoundation.so", "libFoundationEssentials.so", "libFoundationInternationalization.so",
                                   "lib_FoundationICU.so"]

    /// The file names (without the version suffix after ".so") of every library the loader
    /// initialised while `host ARGUMENTS` ran in `directory`, with its exit status.
    func librariesLoaded(_ arguments: [String], directory: String? = nil,
                         file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        // (No exec'd worker launcher: this process's EASEL_WORKER_EXECUTABLE is not passed on.)
        let result = try runHost(arguments, environment: ["LD_DEBUG": "libs", "EASEL_WORKER_EXECUTABLE": ""], directory: directory)
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

    func testCommandsThatNeverDrawStartWithoutTheRenderer() throws {
        let root = try exampleComponents(["Gauge"])
        XCTAssertEqual(try runHost(["inspect", "Gauge"], directory: root).status, 0) // the cache is warm now
        for arguments in [["--version"], ["--help"], ["help", "render"], ["render", "--help"], ["list"], ["list", "--json"],
                          ["list", "--names"], ["inspect", "Gauge"], ["inspect", "Gauge", "--json"], ["completions", "bash"], ["manual"]] {
            try assertNotLoaded(Self.drawingLibraries, by: arguments, directory: root)
        }
        // A drawing command's usage error is answered from its spec, as its help is.
        let usage = try runHost(["render", "Gauge", "--scael", "2", "-o", "g.png"], environment: ["LD_DEBUG": "libs"], directory: root)
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.stderr.contains("host render: error: unknown option '--scael' for 'host render' (did you mean '--scale'?)"), usage.stderr)
        XCTAssertFalse(usage.stderr.contains("libEaselDrawing.so"), "a usage error loaded the drawing library")
        let render = try librariesLoaded(["render", "Gauge", "-o", "g.png"], directory: root)
        XCTAssertTrue(render.contains("libEaselDrawing.so") && render.contains("libcairo.so"), "\(render.sorted())")
    }

    /// A plugin that measures text under `inspect` gets the renderer's answer, through the drawing
    /// library loaded then: in this process (--in-process) and in a worker forked from it alike.
    func testAPluginThatMeasuresUnderInspectLoadsTheDrawingLibraryThen() throws {
        let root = try componentsFolder(["libSwatch.so": CFixture.build("snapshot_plugin.c")])
        let arguments = ["inspect", "Swatch", "--set", "label=x", "--json", "--cache", "none"]
        let inProcess = try textWidth(try runHost(arguments + ["--in-process"], environment: ["EASEL_WORKER_EXECUTABLE": ""], directory: root))
        let inWorker = try textWidth(try runHost(arguments, environment: ["EASEL_WORKER_EXECUTABLE": ""], directory: root))
        XCTAssertGreaterThan(inProcess, 100)
        XCTAssertEqual(inProcess, inWorker)
        XCTAssertTrue(try librariesLoaded(arguments + ["--in-process"], directory: root).contains("libEaselDrawing.so"))
    }

    func textWidth(_ result: ProcessResult, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let properties = try XCTUnwrap((json["classes"] as? [[String: Any]])?.first?["properties"] as? [[String: Any]])
        return try XCTUnwrap(properties.first { $0["name"] as? String == "textWidth" }?["value"] as? Double)
    }

    /// The program and the drawing library it loads share one copy of the core: the types of
    /// EaselHost, EaselJSON and EaselCLI are defined in libEaselCore.so only (Core/Package.swift), so a
    /// process that draws holds each module once (it held two copies of EaselHost and EaselCLI).
    func testTheCoreIsDefinedOnceForTheProgramAndTheDrawingLibrary() throws {
        func typesOfTheCore(in binary: String) throws -> [String] {
            let nm = try runProcess("/usr/bin/nm", ["--defined-only", binary])
            XCTAssertEqual(nm.status, 0, nm.stderr)
            // A nominal type descriptor (…Mn) is where a type is defined; "got." entries only refer to one.
            return nm.stdout.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") }.filter {
                $0.range(of: #"^\$s(9EaselHost|8EaselCLI|9EaselJSON)[0-9A-Za-z_]*Mn$"#, options: .regularExpression) != nil
            }
        }
        XCTAssertGreaterThan(try typesOfTheCore(in: TestPaths.products + "/libEaselCore.so").count, 100)
        for binary in [TestPaths.host, TestPaths.products + "/libEaselDrawing.so"] {
            XCTAssertEqual(try typesOfTheCore(in: binary), [], "\(binary) holds its own copy of the core")
        }
    }

    /// A host without its drawing library (a broken installation) still lists and inspects; a drawing
    /// command is an internal error saying where the library was looked for; a plugin that measures
    /// gets {0, 0} and a warning.
    func testWithoutTheDrawingLibraryOnlyDrawingFails() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libSwatch.so": CFixture.build("snapshot_plugin.c")])
        let alone = root + "/bin/host"
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.host, toPath: alone)
        // The core it links, where an installed host finds it (PREFIX/lib/easel), without the drawing library.
        try FileManager.default.createDirectory(atPath: root + "/lib/easel", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.products + "/libEaselCore.so", toPath: root + "/lib/easel/libEaselCore.so")
        func run(_ arguments: [String]) throws -> ProcessResult {
            try runProcess(alone, arguments, environment: ["EASEL_PLUGIN_PATH": "", "EASEL_WORKER_EXECUTABLE": "",
                                                           "EASEL_REGISTRY_CACHE": root + "/registry.bin"], directory: root)
        }
        XCTAssertEqual(try run(["--version"]).status, 0)
        XCTAssertEqual(try run(["render", "--help"]).status, 0)
        let list = try run(["list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("Gauge"), list.stdout)
        let render = try run(["render", "Gauge", "-o", "g.png"])
        XCTAssertEqual(render.status, 70)
        XCTAssertEqual(render.stderr, "host render: error: cannot find libEaselDrawing.so, which every command that draws needs "
                       + "(expected beside the program or in ../lib/easel/: \(root)/bin/libEaselDrawing.so or \(root)/bin/../lib/easel/libEaselDrawing.so)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/g.png"))
        let json = try run(["render", "Gauge", "-o", "g.png", "--json"])
        XCTAssertEqual(json.status, 70)
        let error = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any])?["error"] as? [String: Any])
        XCTAssertEqual(error["kind"] as? String, "internalError")
        let inspect = try run(["inspect", "Swatch", "--set", "label=x", "--json", "--in-process", "--cache", "none"])
        XCTAssertEqual(try textWidth(inspect), 0)
        XCTAssertTrue(inspect.stderr.contains("warning: plugins cannot measure text or images: cannot find libEaselDrawing.so"), inspect.stderr)
    }

    /// EaselHost reads the environment without Foundation: the same variables as ProcessInfo's, values
    /// with "=" in them and empty ones included.
    func testTheEnvironmentWithoutFoundation() {
        setenv("EASEL_TEST_EQUALS", "a=b=c", 1)
        setenv("EASEL_TEST_EMPTY", "", 1)
        defer { unsetenv("EASEL_TEST_EQUALS"); unsetenv("EASEL_TEST_EMPTY") }
        let variables = ProcessEnvironment.current
        XCTAssertEqual(variables["EASEL_TEST_EQUALS"], "a=b=c")
        XCTAssertEqual(variables["EASEL_TEST_EMPTY"], "")
        XCTAssertEqual(variables, ProcessInfo.processInfo.environment)
    }

    /// `host render --help` states the renderer's limits without loading it: one definition
    /// (EaselHost's RenderLimits), which the renderer enforces (it kept a copy, held equal by this test).
    func testTheLimitsTheHelpStatesAreTheRenderers() throws {
        let help = try runHost(["render", "--help"])
        XCTAssertTrue(help.stdout.contains("at most \(RenderLimits.maximumSide) pixels"), help.stdout)
        XCTAssertTrue(help.stdout.contains("\(RenderLimits.maximumPixels / 1_000_000) megapixels per PNG"), help.stdout)
        let side = Double(RenderLimits.maximumSide)
        XCTAssertEqual(try RenderTarget.validatedSize(format: .png(), options: RenderOptions(width: side, height: 1)).0, RenderLimits.maximumSide)
        XCTAssertThrowsError(try RenderTarget.validatedSize(format: .png(), options: RenderOptions(width: side + 1, height: 1)))
        XCTAssertThrowsError(try RenderTarget.validatedSize(format: .png(), options: RenderOptions(width: 10_001, height: 10_000)))
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
