import Foundation
import XCTest

/// How `host serve` starts: where the page comes from, a port in use, and arguments refused
/// before any plugin loads.
extension ServeTests {
    func testThePageComesFromTheInstallLocationOrEaselPageDir() throws {
        let root = try exampleComponents(["Gauge"])
        // An installed layout: PREFIX/bin/host and PREFIX/share/easel/page (Scripts/install).
        let prefix = root + "/prefix"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/share/easel/page", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.host, toPath: prefix + "/bin/host")
        try FileManager.default.createDirectory(atPath: prefix + "/lib/easel", withIntermediateDirectories: true)
        for library in ["libEaselCore.so", "libEaselDrawing.so"] {
            try FileManager.default.copyItem(atPath: TestPaths.products + "/" + library, toPath: prefix + "/lib/easel/" + library)
        }
        try "<!doctype html><title>installed page</title>".write(toFile: prefix + "/share/easel/page/index.html", atomically: true, encoding: .utf8)
        for (environment, expected) in [([:], "installed page"), (["EASEL_PAGE_DIR": TestPaths.repoRoot + "/Sources/EaselServe/Page"], "Easel designer")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: prefix + "/bin/host")
            process.arguments = ["serve", "--port", "0"]
            process.currentDirectoryURL = URL(fileURLWithPath: root)
            process.environment = ProcessInfo.processInfo.environment.merging(["EASEL_PLUGIN_PATH": ""].merging(environment) { $1 }) { $1 }
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            defer { process.interrupt(); process.waitUntilExit() }
            var text = ""
            let deadline = Date().addingTimeInterval(15)
            while !text.contains("(Ctrl-C stops)") && Date() < deadline {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            let port = try XCTUnwrap(text.components(separatedBy: "127.0.0.1:").last.flatMap { UInt16($0.prefix { $0.isNumber }) }, text)
            let page = try HTTPClient.request(port, "GET", "/")
            XCTAssertTrue(page.text.contains(expected), "\(environment): \(page.text.prefix(200))")
        }
    }

    /// A port in use exited 73 only after every plugin had loaded and rendered ("loaded …" lines, then
    /// "watching …"): the port is bound first.
    func testAPortInUseIsRefusedBeforeAnyPluginLoads() throws {
        let root = try exampleComponents(["Gauge"])
        let (first, port) = try serve(root)
        defer { first.stop() }
        let second = try runHost(["serve", "--port", String(port)], directory: root)
        XCTAssertEqual(second.status, 73, second.stderr)
        XCTAssertTrue(second.stderr.contains("cannot listen on 127.0.0.1:\(port): Address already in use (another server uses the port: pick another with --port)"),
                      second.stderr)
        XCTAssertEqual(second.stdout, "", "refused before any plugin loaded")
        // A --bind that is no address is refused as early, as a usage error.
        let address = try runHost(["serve", "--port", "0", "--bind", "nowhere"], directory: root)
        XCTAssertEqual(address.status, 64, address.stderr)
        XCTAssertTrue(address.stderr.contains("--bind 'nowhere' is not a numeric IP address"), address.stderr)
        XCTAssertEqual(address.stdout, "", "refused before any plugin loaded")
    }

    func testBadArguments() throws {
        let root = try exampleComponents(["Gauge"])
        let port = try runHost(["serve", "--port", "99999"], directory: root)
        XCTAssertEqual(port.status, 64)
        let build = try runHost(["serve", "--build", "make"], directory: root)
        XCTAssertEqual(build.status, 64)
        XCTAssertTrue(build.stderr.contains("--build and --sources go together"), build.stderr)
        let missing = try runHost(["serve", "nowhere"], directory: root)
        XCTAssertEqual(missing.status, 66)
        let sources = try runHost(["serve", "--port", "0", "--build", "true", "--sources", "nowhere"], directory: root)
        XCTAssertEqual(sources.status, 66)
        XCTAssertTrue(sources.stderr.contains("nowhere: no such directory (expected a folder of sources for --build)"), sources.stderr)
        XCTAssertFalse(sources.stdout.contains("watching"), "refused before loading the plugins: \(sources.stdout)")
        // An empty command or folder (a shell variable that was not set) is a usage error, not a
        // build that does nothing on every save, or a folder '' that is "not found".
        for (option, value) in [("--build", ""), ("--build", "  "), ("--sources", "")] {
            let arguments = option == "--build" ? ["--build", value, "--sources", "."] : ["--build", "make", "--sources", value]
            let empty = try runHost(["serve", "--port", "0"] + arguments, directory: root)
            XCTAssertEqual(empty.status, 64, "\(option) '\(value)': \(empty.stderr)")
            XCTAssertTrue(empty.stderr.contains("\(option) '\(value)' is empty"), empty.stderr)
            XCTAssertFalse(empty.stdout.contains("watching"), "refused before loading the plugins: \(empty.stdout)")
        }
    }
}
