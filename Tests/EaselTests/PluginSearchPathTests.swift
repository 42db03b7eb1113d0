import EaselHost
import Foundation
import XCTest

final class PluginSearchPathTests: XCTestCase {
    func testCommandLineDirectoriesThenTheEnvironmentElseTheDefault() {
        XCTAssertEqual(PluginSearchPath.resolve(explicit: [], environment: [:]).directories, ["./components"])
        XCTAssertEqual(PluginSearchPath.resolve(explicit: ["a", "b"], environment: [:]).directories, ["a", "b"])
        XCTAssertEqual(PluginSearchPath.resolve(explicit: [], environment: ["EASEL_PLUGIN_PATH": "x:y::z"]).directories,
                       ["x", "y", "z"])
        XCTAssertEqual(PluginSearchPath.resolve(explicit: ["a"], environment: ["EASEL_PLUGIN_PATH": "x"]).directories,
                       ["a", "x"])
        XCTAssertEqual(PluginSearchPath.resolve(explicit: [], environment: ["EASEL_PLUGIN_PATH": ""]).directories,
                       ["./components"])
    }

    func testRecursiveSortedDeduplicatedAndHiddenDirectoriesSkipped() throws {
        let dir = try TestPaths.scratch()
        let fm = FileManager.default
        for sub in ["b/deep", "a", ".hidden"] { try fm.createDirectory(atPath: "\(dir)/\(sub)", withIntermediateDirectories: true) }
        for file in ["b/deep/libZ.so", "a/libY.so", "libX.so", ".hidden/libH.so", "a/readme.txt", "a/libY.so.resources"] {
            _ = fm.createFile(atPath: "\(dir)/\(file)", contents: Data())
        }
        try fm.createSymbolicLink(atPath: "\(dir)/a/libLink.so", withDestinationPath: "\(dir)/libX.so")
        let (files, problems) = PluginSearchPath(directories: [dir, dir + "/a"]).pluginFiles()
        // The link and its target are one plugin, listed once under the path that sorts first.
        XCTAssertEqual(files, ["\(dir)/a/libLink.so", "\(dir)/a/libY.so", "\(dir)/b/deep/libZ.so"])
        XCTAssertEqual(problems, [])
    }

    func testAMissingDirectoryIsAProblemNotACrash() {
        let (files, problems) = PluginSearchPath(directories: ["/nonexistent/easel"]).pluginFiles()
        XCTAssertEqual(files, [])
        XCTAssertEqual(problems, ["/nonexistent/easel: plugin directory does not exist"])
    }

    func testTheEnvironmentVariableReachesTheCLI() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let result = try runHost(["list"], environment: ["EASEL_PLUGIN_PATH": root + "/components"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Gauge 1.0.0 (org.easel.examples.gauge)  \(root)/components/libGauge.so"))
    }
}
