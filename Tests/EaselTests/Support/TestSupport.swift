import CCairo
import EaselHost
import EaselPreview
import Foundation
import XCTest

/// Where things are while the tests run.
enum TestPaths {
    /// The repository root, from this file's location.
    static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() } // Support, EaselTests, Tests, root
        return url.path
    }()

    /// The SwiftPM products directory holding `host` and the example plugins (`swift build` first).
    static let products: String = {
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidates = [argv0.deletingLastPathComponent().path]
        // The .xctest bundle may be a directory whose binary sits deeper.
        var dir = argv0
        for _ in 0..<4 {
            dir.deleteLastPathComponent()
            if dir.lastPathComponent == "debug" || dir.lastPathComponent == "release" { candidates.append(dir.path) }
        }
        candidates.append(repoRoot + "/.build/debug")
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/host") } ?? candidates[0]
    }()

    static var host: String { products + "/host" }
    static var cHeaderDirectory: String { repoRoot + "/Sources/CEasel/include" }
    static var fixtures: String { repoRoot + "/Tests/Fixtures" }
    /// The macro library behind @Designable (Scripts/build-macros; Package.swift builds it if missing).
    static var macroLibrary: String { repoRoot + "/.build/macros/libEaselMacros.so" }

    /// A built example plugin, e.g. "Gauge" → products/libGauge.so. Fails the test if missing.
    static func example(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        // The examples in other languages are built with their own tools (ForeignExample).
        if let built = try ForeignExample.build(name) { return built }
        let path = products + "/lib\(name).so"
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: run `swift build` before `swift test` (Scripts/test does both)", file: file, line: line)
            throw XCTSkip("example plugin not built")
        }
        return path
    }

    /// Everything this test run writes (scratch folders, fixtures, the registry cache):
    /// `$TMPDIR/easel-tests-PID`, removed when the run ends (kept when a test failed; see LeakCheck).
    static let runDirectory = NSTemporaryDirectory() + "easel-tests-\(getpid())"

    /// A fresh scratch directory for one test.
    static func scratch(_ name: String = #function) throws -> String {
        LeakCheck.install()
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = TestPaths.runDirectory + "/\(safe)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Makes registries created in the test process start the built `host` as their worker (the test
/// runner itself cannot serve as one). Call before the first worker starts.
func useHostAsWorker() {
    LeakCheck.install()
    setenv("EASEL_WORKER_EXECUTABLE", TestPaths.host, 1)
}

/// The host core the tests run plugins with, as a program makes one: the renderer answers plugins'
/// measurements, and workers are the built `host` (`host __launcher`, see ``useHostAsWorker()``).
let testEnvironment: HostEnvironment = {
    useHostAsWorker()
    return HostEnvironment(renderer: RendererServices())
}()

/// A host core like ``testEnvironment`` (the same renderer and workers) whose warnings go to `sink`.
func collectingWarnings(_ sink: @escaping (String) -> Void) -> HostEnvironment {
    HostEnvironment(diagnostics: Diagnostics(warnings: sink), renderer: testEnvironment.renderer, workers: testEnvironment.workers)
}

/// Builds C fixture plugins with the system C compiler, as a component author would.
enum CFixture {
    nonisolated(unsafe) private static var cache: [String: String] = [:]

    /// Compiles `source` (relative to Tests/Fixtures) into a shared library and returns its path.
    /// Results are cached per process by source and defines. `includeDirectory` is where easel.h is
    /// taken from (default: the current header; Tests/Fixtures/abi-1.0 for the frozen 1.0 draft).
    static func build(_ source: String, defines: [String] = [], name: String? = nil,
                      includeDirectory: String = TestPaths.cHeaderDirectory) throws -> String {
        let key = source + "|" + defines.joined(separator: ",") + "|" + includeDirectory
        if let path = cache[key], FileManager.default.fileExists(atPath: path) { return path }
        let dir = TestPaths.runDirectory + "/fixtures"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let stem = name ?? (source.replacingOccurrences(of: ".c", with: "").replacingOccurrences(of: "/", with: "_") + defines.map { "-" + $0.replacingOccurrences(of: "=", with: "_") }.joined())
        let output = "\(dir)/lib\(stem).so"
        let args = ["-shared", "-fPIC", "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-fvisibility=hidden",
                    "-I", includeDirectory] + defines.map { "-D" + $0 }
            + ["-o", output, TestPaths.fixtures + "/" + source, "-lm"]
        let result = try runProcess("/usr/bin/env", ["cc"] + args)
        guard result.status == 0 else {
            throw NSError(domain: "CFixture", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: "cc failed for \(source): \(result.stderr)"])
        }
        cache[key] = output
        return output
    }

    /// A broken-plugin build (see Tests/Fixtures/broken_plugin.c).
    static func broken(_ fault: String) throws -> String {
        try build("broken_plugin.c", defines: ["FAULT=\(fault)"], name: "broken_\(fault)")
    }
}

/// Builds Swift fixture plugins (Tests/Fixtures/<Name>/<Name>.swift) with swiftc against the
/// EaselKit that `swift build` built and the macro library, in the Swift 6 language mode, as
/// Tests/Fixtures/SwiftAllTypes/README.md describes.
enum SwiftFixture {
    nonisolated(unsafe) private static var cache: [String: String] = [:]

    static func build(_ name: String) throws -> String {
        if let path = cache[name], FileManager.default.fileExists(atPath: path) { return path }
        let output = try outputDirectory() + "/lib\(name).so"
        let result = try compile(name, output: output)
        guard result.status == 0 else {
            throw NSError(domain: "SwiftFixture", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: "swiftc failed for \(name): \(result.stderr)"])
        }
        cache[name] = output
        return output
    }

    /// Compiles a fixture afresh (not cached) and returns the compiler's result: its diagnostics are
    /// in `stderr`.
    static func compileAfresh(_ name: String) throws -> ProcessResult {
        try compile(name, output: try outputDirectory() + "/lib\(name)-\(UUID().uuidString.prefix(8)).so")
    }

    /// Compiles Swift source written elsewhere (a README's example, the file `easel new` writes) as
    /// module `name` into `directory/lib<name>.so`, as fixtures are compiled; fails with the compiler's
    /// diagnostics.
    static func build(source: String, name: String, into directory: String) throws -> String {
        let output = directory + "/lib\(name).so"
        let result = try compile(name, source: source, output: output)
        guard result.status == 0 else {
            throw NSError(domain: "SwiftFixture", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: "swiftc failed for \(source): \(result.stderr)"])
        }
        return output
    }

    private static func compile(_ name: String, source: String? = nil, output: String) throws -> ProcessResult {
        let b = TestPaths.products
        // The objects of EaselKit's current sources, as SwiftPM's output file map lists them (the
        // folder may still hold objects of deleted sources).
        let map = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: b + "/EaselKit.build/output-file-map.json")))
        let objects = ((map as? [String: [String: String]]) ?? [:]).compactMap { $0.value["object"] }.sorted()
        guard !objects.isEmpty else {
            throw NSError(domain: "SwiftFixture", code: 1, userInfo: [NSLocalizedDescriptionKey: "EaselKit is not built in \(b): run swift build first"])
        }
        let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
        let args = [swiftc, "-emit-library", "-swift-version", "6", "-parse-as-library", "-module-name", name,
                    "-I", b + "/Modules",
                    "-Xcc", "-fmodule-map-file=\(b)/CEasel.build/module.modulemap",
                    "-Xcc", "-fmodule-map-file=\(TestPaths.repoRoot)/Sources/CFFI/module.modulemap",
                    "-load-plugin-library", TestPaths.macroLibrary,
                    "-Xlinker", "-Bsymbolic",
                    source ?? "\(TestPaths.fixtures)/\(name)/\(name).swift"] + objects + ["-o", output]
        return try runProcess("/usr/bin/env", args)
    }

    private static func outputDirectory() throws -> String {
        let dir = TestPaths.runDirectory + "/fixtures"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

/// The outcome of running a program.
struct ProcessResult {
    let status: Int32
    let stdoutData: Data
    let stderr: String
    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
}

/// Runs a program to completion, capturing both outputs.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
         directory: String? = nil, stdin: Data? = nil) throws -> ProcessResult {
    LeakCheck.install()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    // Read both pipes concurrently so neither fills up.
    final class Box: @unchecked Sendable { var data = Data() }
    let errBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errBox.data = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let errData = errBox.data
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdoutData: outData,
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// Runs the built `host` binary. `EASEL_PLUGIN_PATH` is cleared and the registry cache is the test
/// process's own unless given, so the user's environment never leaks into a test.
func runHost(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
             stdin: Data? = nil) throws -> ProcessResult {
    var env = environment
    if env["EASEL_PLUGIN_PATH"] == nil { env["EASEL_PLUGIN_PATH"] = "" }
    // Never the user's registry cache: one per test process.
    if env["EASEL_REGISTRY_CACHE"] == nil {
        env["EASEL_REGISTRY_CACHE"] = TestPaths.runDirectory + "/registry.bin"
    }
    return try runProcess(TestPaths.host, arguments, environment: env, directory: directory, stdin: stdin)
}

/// A directory laid out like a user's project: `components/` with the given plugins copied in.
func componentsFolder(_ plugins: [String: String], test: String = #function) throws -> String {
    let root = try TestPaths.scratch(test)
    let components = root + "/components"
    try FileManager.default.createDirectory(atPath: components, withIntermediateDirectories: true)
    for (name, source) in plugins {
        try FileManager.default.copyItem(atPath: source, toPath: components + "/" + name)
    }
    return root
}

/// A project folder whose `components/` holds the named example plugins, laid out as Scripts/setup
/// lays them out: `libName.so` and, when the example ships resources (Plugins/Name/Resources),
/// `Name.resources/` beside it.
func exampleComponents(_ names: [String], test: String = #function) throws -> String {
    var plugins: [String: String] = [:]
    for name in names { plugins["lib\(name).so"] = try TestPaths.example(name) }
    let root = try componentsFolder(plugins, test: test)
    for name in names {
        let resources = TestPaths.repoRoot + "/Plugins/\(name)/Resources"
        if FileManager.default.fileExists(atPath: resources) {
            try FileManager.default.copyItem(atPath: resources, toPath: root + "/components/\(name).resources")
        }
    }
    return root
}

/// Compares `actual` with a golden file under Tests/Golden. Set EASEL_RECORD_GOLDEN=1 to
/// (re)record. On a mismatch the actual text is written beside the golden file as `.actual`.
func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let path = TestPaths.repoRoot + "/Tests/Golden/" + name
    if ProcessInfo.processInfo.environment["EASEL_RECORD_GOLDEN"] == "1" {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
        XCTFail("no golden file \(path); run with EASEL_RECORD_GOLDEN=1 to record it", file: file, line: line)
        return
    }
    if expected != actual {
        try actual.write(toFile: path + ".actual", atomically: true, encoding: .utf8)
        XCTFail("output differs from \(path); actual written to \(path).actual (diff them)", file: file, line: line)
    }
}

/// A PNG file read back with Cairo, for pixel checks on real renders.
final class PNGFile {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let s = cairo_image_surface_create_from_png(path)!
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            XCTFail("\(path) is not a readable PNG", file: file, line: line)
            throw XCTSkip("unreadable PNG")
        }
        surface = s
        width = Int(cairo_image_surface_get_width(s))
        height = Int(cairo_image_surface_get_height(s))
    }

    convenience init(bytes: [UInt8]) throws {
        let path = try TestPaths.scratch("png") + "/image.png"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try self.init(path)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The pixel at (x, y) in pixels, straight RGBA.
    func pixel(_ x: Int, _ y: Int) -> RGBA { readPixel(surface, x, y) }

    /// How many pixels in the rectangle satisfy `predicate`.
    func count(x: Int, y: Int, width w: Int, height h: Int, where predicate: (RGBA) -> Bool) -> Int {
        var n = 0
        for py in y..<min(y + h, height) {
            for px in x..<min(x + w, width) where predicate(pixel(px, py)) { n += 1 }
        }
        return n
    }
}

/// The example components written in Rust (Plugins/<Name>/Cargo.toml, built with
/// `cargo build --offline` on Bindings/rust/easel-sys; nothing is fetched) and C++ (Plugins/<Name>/*.cpp,
/// built with `c++ -std=c++17` and warnings as errors), as their READMEs say. Built once per test
/// process; Cargo keeps its output in .build/cargo between runs.
enum ForeignExample {
    nonisolated(unsafe) private static var cache: [String: String] = [:]

    /// The built library for `name`, or nil when the example is a SwiftPM target.
    static func build(_ name: String) throws -> String? {
        if let path = cache[name], FileManager.default.fileExists(atPath: path) { return path }
        let dir = TestPaths.repoRoot + "/Plugins/" + name
        let output: String
        if FileManager.default.fileExists(atPath: dir + "/Cargo.toml") {
            output = try rust(dir)
        } else if let source = (try? FileManager.default.contentsOfDirectory(atPath: dir))?.sorted().first(where: { $0.hasSuffix(".cpp") }) {
            output = try cpp(name, dir + "/" + source)
        } else {
            return nil
        }
        cache[name] = output
        return output
    }

    /// `cargo` on PATH, in $CARGO, or where rustup puts it.
    static var cargo: String? {
        let env = ProcessInfo.processInfo.environment
        if let c = env["CARGO"], FileManager.default.isExecutableFile(atPath: c) { return c }
        let path = (env["PATH"] ?? "") + ":" + (env["HOME"] ?? "/root") + "/.cargo/bin"
        return path.split(separator: ":").map { "\($0)/cargo" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func rust(_ dir: String) throws -> String {
        guard let cargo else {
            throw NSError(domain: "ForeignExample", code: 1, userInfo: [NSLocalizedDescriptionKey:
                "cargo (Rust 1.77 or later) is needed to build \(dir): install Rust (rustup), or set $CARGO"])
        }
        let manifest = try String(contentsOfFile: dir + "/Cargo.toml", encoding: .utf8)
        guard let line = manifest.split(separator: "\n").first(where: { $0.hasPrefix("name = ") }) else {
            throw NSError(domain: "ForeignExample", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(dir)/Cargo.toml has no name"])
        }
        let crate = line.dropFirst("name = ".count).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        let target = TestPaths.repoRoot + "/.build/cargo"
        let result = try runProcess(cargo, ["build", "--offline", "--quiet", "--manifest-path", dir + "/Cargo.toml"],
                                    environment: ["CARGO_TARGET_DIR": target])
        guard result.status == 0 else {
            throw NSError(domain: "ForeignExample", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: "cargo build failed for \(dir): \(result.stderr)"])
        }
        return target + "/debug/lib\(crate.replacingOccurrences(of: "-", with: "_")).so"
    }

    private static func cpp(_ name: String, _ source: String) throws -> String {
        let dir = TestPaths.runDirectory + "/fixtures"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let output = "\(dir)/lib\(name).so"
        let result = try runProcess("/usr/bin/env", ["c++", "-std=c++17", "-Wall", "-Wextra", "-pedantic", "-Werror", "-shared", "-fPIC",
                                                     "-fvisibility=hidden", "-I", TestPaths.cHeaderDirectory, "-o", output, source])
        guard result.status == 0 else {
            throw NSError(domain: "ForeignExample", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: "c++ failed for \(source): \(result.stderr)"])
        }
        return output
    }
}
