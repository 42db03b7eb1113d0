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

    /// A plugin linked into components/ from its build folder finds its resources beside the file it
    /// links to (they were looked for beside the link, under the link's name: exit 66).
    func testALinkedPluginFindsItsResourcesBesideItsTarget() throws {
        let root = try exampleComponents(["FancyButton"])
        let fm = FileManager.default
        let direct = try runHost(["render", "FancyButton", "-o", root + "/direct.png"], directory: root)
        XCTAssertEqual(direct.status, 0, direct.stderr)
        try fm.createDirectory(atPath: root + "/build", withIntermediateDirectories: true)
        for item in ["libFancyButton.so", "FancyButton.resources"] {
            try fm.moveItem(atPath: root + "/components/" + item, toPath: root + "/build/" + item)
        }
        try fm.createSymbolicLink(atPath: root + "/components/FancyLink.so", withDestinationPath: "../build/libFancyButton.so")
        XCTAssertEqual(PluginLoader.resourceDirectory(for: root + "/components/FancyLink.so"), root + "/build/FancyButton.resources")
        let linked = try runHost(["render", "FancyButton", "-o", root + "/linked.png"], directory: root)
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertEqual(fm.contents(atPath: root + "/linked.png"), fm.contents(atPath: root + "/direct.png"), "the same picture")
        // A folder beside the link, when there is one, comes first.
        try fm.createDirectory(atPath: root + "/components/FancyLink.resources", withIntermediateDirectories: true)
        XCTAssertEqual(PluginLoader.resourceDirectory(for: root + "/components/FancyLink.so"), root + "/components/FancyLink.resources")
    }

    /// A Swift component built by SwiftPM outside this repository declares its images and layout
    /// documents as the target's `resources:`; `swift build` copies them into the bundle
    /// `<Package>_<Target>.resources` beside the library, which is where the host finds them when
    /// the folder is a SwiftPM build folder (`<Target>.build`) without `<Target>.resources` (the
    /// icon was not found: only `FancyButton.resources` was tried).
    func testASwiftPMBuildFolderLendsItsResourceBundle() throws {
        let root = try exampleComponents(["FancyButton"])
        let fm = FileManager.default
        let direct = try runHost(["render", "FancyButton", "-o", root + "/direct.png"], directory: root)
        XCTAssertEqual(direct.status, 0, direct.stderr)
        let build = root + "/.build/debug"
        try fm.createDirectory(atPath: build + "/FancyButton.build", withIntermediateDirectories: true)
        try fm.moveItem(atPath: root + "/components/libFancyButton.so", toPath: build + "/libFancyButton.so")
        try fm.moveItem(atPath: root + "/components/FancyButton.resources", toPath: build + "/Buttons_FancyButton.resources")
        try fm.createDirectory(atPath: build + "/Other_Gauge.resources", withIntermediateDirectories: true)
        XCTAssertEqual(PluginLoader.resourceDirectory(for: build + "/libFancyButton.so"), build + "/Buttons_FancyButton.resources")
        let built = try runHost(["render", "FancyButton", "--plugins", ".build/debug", "-o", root + "/built.png"], directory: root)
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertEqual(fm.contents(atPath: root + "/built.png"), fm.contents(atPath: root + "/direct.png"), "the same picture, icon included")
        // Two packages' bundles for one target name: neither is guessed.
        try fm.createDirectory(atPath: build + "/More_FancyButton.resources", withIntermediateDirectories: true)
        XCTAssertEqual(PluginLoader.resourceDirectory(for: build + "/libFancyButton.so"), build + "/FancyButton.resources")
        // Outside a SwiftPM build folder, only <Name>.resources is looked for.
        try fm.removeItem(atPath: build + "/FancyButton.build")
        try fm.removeItem(atPath: build + "/More_FancyButton.resources")
        XCTAssertEqual(PluginLoader.resourceDirectory(for: build + "/libFancyButton.so"), build + "/FancyButton.resources")
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

    /// The walk sorts paths as bytes (a number made of the first eight bytes past the prefix all of
    /// them share, then the rest), or as Strings when a path is not ASCII: either way the order is
    /// String order, for names that share long prefixes, differ past the first eight bytes, end
    /// within them, or lie in subfolders.
    func testTheWalkSortsPathsInStringOrder() throws {
        let fm = FileManager.default
        var generator = SystemRandomNumberGenerator()
        for alphabet in [["a", "b", "Z", "0", "9", "-", "_", "."], ["a", "b", "é", "ü", "漢", "Z", "0", "-"]] {
            let dir = try TestPaths.scratch()
            try fm.createDirectory(atPath: dir + "/sub/deeper", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: dir + "/libGeneratedComponent", withIntermediateDirectories: true)
            var expected = Set<String>()
            for _ in 0..<300 {
                let folder = ["", "sub/", "sub/deeper/", "libGeneratedComponent/"].randomElement(using: &generator)!
                let middle = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
                let path = "\(dir)/\(folder)libGeneratedComponent\(middle).so"
                guard !expected.contains(path) else { continue }
                XCTAssertTrue(fm.createFile(atPath: path, contents: Data(path.utf8)), path)
                expected.insert(path)
            }
            let (files, problems) = PluginSearchPath(directories: [dir]).pluginFiles()
            XCTAssertEqual(problems, [])
            XCTAssertEqual(files, expected.sorted(), "alphabet \(alphabet)")
        }
    }

    /// Many folders (past the few the walk looks through one by one), each with a link back to the
    /// top (a loop) and a hard link to the first plugin: every folder is entered once, every file
    /// listed once, under the path that sorts first.
    func testManyFoldersWithLoopsAndHardLinksListEachFileOnce() throws {
        let fm = FileManager.default
        let dir = try TestPaths.scratch()
        _ = fm.createFile(atPath: dir + "/libA.so", contents: Data("a".utf8))
        var expected = [dir + "/libA.so"]
        for i in 0..<40 {
            let sub = dir + "/d\(String(format: "%02d", i))"
            try fm.createDirectory(atPath: sub, withIntermediateDirectories: true)
            _ = fm.createFile(atPath: sub + "/libP.so", contents: Data("\(i)".utf8))
            try fm.createSymbolicLink(atPath: sub + "/up", withDestinationPath: dir)
            try fm.linkItem(atPath: dir + "/libA.so", toPath: sub + "/libHard.so")
            expected.append(sub + "/libP.so")
        }
        let (files, problems) = PluginSearchPath(directories: [dir]).pluginFiles()
        XCTAssertEqual(problems, [])
        // libA.so's hard links sort before it ("d00/libHard.so" < "libA.so"): the first one stays.
        XCTAssertEqual(files, ([dir + "/d00/libHard.so"] + expected.dropFirst()).sorted())
    }

    func testAMissingDirectoryIsAProblemNotACrash() throws {
        let absent = try TestPaths.scratch() + "/absent/easel"
        let (files, problems) = PluginSearchPath(directories: [absent]).pluginFiles()
        XCTAssertEqual(files, [])
        XCTAssertEqual(problems, ["\(absent): plugin directory does not exist"])
    }

    func testTheEnvironmentVariableReachesTheCLI() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let result = try runHost(["list"], environment: ["EASEL_PLUGIN_PATH": root + "/components"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Gauge 1.0.0 (org.easel.examples.gauge)  \(root)/components/libGauge.so"))
    }
}
