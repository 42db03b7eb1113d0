import EaselHost
import Foundation
import XCTest

/// The registry cache: unchanged plugins are described without loading them; changed ones are
/// scanned again; a corrupt cache is a warning.
final class RegistryCacheTests: XCTestCase {
    override func setUp() { useHostAsWorker() }

    func options(_ dir: String, cache: String, rescan: Bool = false, isolation: Isolation = .default) -> RegistryOptions {
        RegistryOptions(searchPath: PluginSearchPath(directories: [dir]), isolation: isolation, cacheFile: cache, rescan: rescan)
    }

    func testUnchangedFilesComeFromTheCacheAndChangedOnesAreScanned() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libAllTypes.so": try CFixture.build("all_types.c")])
        let dir = root + "/components", cache = root + "/registry.bin"
        let cold = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual([cold.scannedCount, cold.cachedCount], [2, 0])
        XCTAssertEqual(cold.classes.map(\.name), ["AllTypes", "Gauge"])
        let warm = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual([warm.scannedCount, warm.cachedCount], [0, 2])
        XCTAssertEqual(warm.classes.map(\.name), ["AllTypes", "Gauge"])
        XCTAssertEqual(try warm.classInfo(named: "Gauge"), try cold.classInfo(named: "Gauge"), "full descriptions survive the cache")
        // Touched but identical: the content hash says no rescan is needed.
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: dir + "/libGauge.so")
        let touched = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual([touched.scannedCount, touched.cachedCount], [0, 2])
        // Replaced by another build: scanned.
        try FileManager.default.removeItem(atPath: dir + "/libAllTypes.so")
        try FileManager.default.copyItem(atPath: try CFixture.broken("none"), toPath: dir + "/libAllTypes.so")
        let changed = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual([changed.scannedCount, changed.cachedCount], [1, 1])
        XCTAssertEqual(changed.classes.map(\.name), ["BrokenFixture", "Gauge"])
        // --rescan scans everything.
        let rescanned = Registry(options: options(dir, cache: cache, rescan: true), environment: testEnvironment)
        XCTAssertEqual(rescanned.scannedCount, 2)
    }

    /// One cache serves every search path: loading one folder keeps the other folder's entries, and
    /// forgets those of files that no longer exist (a full load only walks the entries when the cache
    /// holds more than the folder's files: this checks that the shortcut still prunes).
    func testACacheSharedByTwoFoldersKeepsBothAndForgetsDeletedFiles() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let other = root + "/other", cache = root + "/registry.bin"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try CFixture.build("all_types.c"), toPath: other + "/libAllTypes.so")
        func size() throws -> Int { (try FileManager.default.attributesOfItem(atPath: cache)[.size] as? Int) ?? 0 }
        XCTAssertEqual(Registry(options: options(root + "/components", cache: cache), environment: testEnvironment).scannedCount, 1)
        XCTAssertEqual(Registry(options: options(other, cache: cache), environment: testEnvironment).scannedCount, 1)
        let both = try size()
        let first = Registry(options: options(root + "/components", cache: cache), environment: testEnvironment)
        XCTAssertEqual([first.scannedCount, first.cachedCount], [0, 1])
        let second = Registry(options: options(other, cache: cache), environment: testEnvironment)
        XCTAssertEqual([second.scannedCount, second.cachedCount], [0, 1], "the other folder's entry was kept")
        XCTAssertEqual(try size(), both)
        try FileManager.default.removeItem(atPath: other + "/libAllTypes.so")
        XCTAssertEqual(Registry(options: options(root + "/components", cache: cache), environment: testEnvironment).classes.map(\.name), ["Gauge"])
        XCTAssertLessThan(try size(), both, "the deleted file's entry was forgotten")
    }

    func testACorruptCacheIsAWarningAndIsRebuilt() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/registry.bin"
        // The last: section offsets of 2⁶³ and more trapped in Int(_:) before the header's checksum was looked at.
        for garbage in [Data("not a cache".utf8), Data(), Data("EASELREG".utf8) + Data([4, 0, 0, 0, 200, 0, 0, 0]),
                        Data("EASELREG".utf8) + Data([4, 0, 0, 0, 0, 0, 0, 0]) + Data(repeating: 0xFF, count: 120)] {
            try garbage.write(to: URL(fileURLWithPath: cache))
            var warnings: [String] = []
            let collecting = collectingWarnings { warnings.append($0) }
            let registry = Registry(options: options(root + "/components", cache: cache), environment: collecting)
            XCTAssertEqual(registry.classes.map(\.name), ["Gauge"])
            XCTAssertEqual(warnings.count, garbage.isEmpty ? 1 : 1, "\(warnings)")
            XCTAssertTrue(warnings.first?.contains("registry cache is corrupt") ?? false, "\(warnings)")
            XCTAssertEqual(Registry(options: options(root + "/components", cache: cache), environment: collecting).cachedCount, 1, "rebuilt")
        }
    }

    /// The defaults section grew the header from 56 to 72 bytes without a new format number: a
    /// cache written by the host before it (still format 2, same file name) was called corrupt
    /// ("header checksum mismatch") by every newer host, and the two kept rewriting each other's file.
    func testACacheOfAnOlderFormatIsReplacedWithoutAWarning() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/registry.bin"
        var older = Data("EASELREG".utf8) + Data([2, 0, 0, 0, 0, 0, 0, 0])
        older += Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        try older.write(to: URL(fileURLWithPath: cache))
        var warnings: [String] = []
        let collecting = collectingWarnings { warnings.append($0) }
        XCTAssertEqual(Registry(options: options(root + "/components", cache: cache), environment: collecting).classes.map(\.name), ["Gauge"])
        XCTAssertEqual(warnings, [], "another format is not corruption")
        XCTAssertEqual(Registry(options: options(root + "/components", cache: cache), environment: collecting).cachedCount, 1, "rewritten in this format")
        XCTAssertTrue(RegistryOptions.defaultCacheFileText.hasSuffix("/registry-v4.bin"), "the file name carries the format")
    }

    /// A cache written by another host version (or ABI: 1.1 before 1.2) is replaced silently: an
    /// upgrade is not corruption (it was reported as "corrupt (OtherVersion())").
    func testACacheOfAnotherHostVersionIsReplacedWithoutAWarning() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/registry.bin"
        var older = options(root + "/components", cache: cache)
        older.cacheIdentity = "easel 0.9 abi 1.1 cache 2.1"
        let written = Registry(options: older, environment: testEnvironment)
        XCTAssertEqual(written.classes.map(\.name), ["Gauge"])
        _ = try written.checkedDefaults(of: XCTUnwrap(try written.designableClass(named: "Gauge")))
        var warnings: [String] = []
        let collecting = collectingWarnings { warnings.append($0) }
        let upgraded = Registry(options: options(root + "/components", cache: cache), environment: collecting)
        XCTAssertEqual(upgraded.classes.map(\.name), ["Gauge"])
        _ = try upgraded.checkedDefaults(of: XCTUnwrap(try upgraded.designableClass(named: "Gauge")))
        XCTAssertEqual(upgraded.cachedCount, 0, "nothing written by the older host is used")
        XCTAssertEqual(warnings, [], "another host version is not corruption")
        XCTAssertEqual(Registry(options: options(root + "/components", cache: cache), environment: collecting).cachedCount, 1,
                       "rewritten for this host")
    }

    func testAnUnwritableCacheIsAWarningNotAFailure() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        try "x".write(toFile: root + "/file", atomically: true, encoding: .utf8)
        let result = try runHost(["list", "--cache", root + "/file/registry.bin"], directory: root)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("Gauge"))
        XCTAssertTrue(result.stderr.contains("cannot write the registry cache"), result.stderr)
    }

    func testListAndInspectOnAWarmCacheLoadNothing() throws {
        // A plugin that crashes when loaded lists fine from the cache once its *scan* result (taken
        // before it was swapped in place, same size and time) is cached: proof that nothing is loaded.
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/registry.bin"
        XCTAssertEqual(try runHost(["list", "--cache", cache], directory: root).status, 0)
        // The first inspect checks the defaults (in a worker) and stores the outcome.
        XCTAssertEqual(try runHost(["inspect", "Gauge", "--cache", cache], directory: root).status, 0)
        let path = root + "/components/libGauge.so"
        var before = stat()
        XCTAssertEqual(stat(path, &before), 0)
        let crashing = try Data(contentsOf: URL(fileURLWithPath: try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_entry"], name: "faulty_crash_entry")))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // Same size, same inode, same mtime: the cache cannot tell — exactly like an untouched file.
        var replacement = crashing.prefix(original.count)
        if replacement.count < original.count { replacement.append(Data(count: original.count - replacement.count)) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: replacement)
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0, "restore the exact modification time")
        let list = try runHost(["list", "--cache", cache], directory: root)
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("Gauge 1.0.0 (org.easel.examples.gauge)"), list.stdout)
        let inspect = try runHost(["inspect", "Gauge", "--cache", cache], directory: root)
        XCTAssertEqual(inspect.status, 0)
        XCTAssertTrue(inspect.stdout.contains("Range: 0 - 100"))
        XCTAssertEqual(inspect.stderr, "", "the defaults check came from the cache: nothing was loaded")
    }

    func testScansInAWorkerGiveTheSameDescriptionsAsInProcess() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libAllTypes.so": try CFixture.build("all_types.c")])
        let inProcess = Registry(options: options(root + "/components", cache: root + "/a.bin", isolation: .inProcess), environment: testEnvironment)
        let workers = Registry(options: options(root + "/components", cache: root + "/b.bin"), environment: testEnvironment)
        for name in ["Gauge", "AllTypes"] {
            XCTAssertEqual(try inProcess.classInfo(named: name), try workers.classInfo(named: name), name)
        }
    }

    // MARK: - Stored listings

    /// A listing is printed again from the cache only while the walk it was made from is the same:
    /// every file with its signature, every directory, in the same mode.
    func testAStoredListingIsUsedOnlyForTheSameWalk() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libAllTypes.so": try CFixture.build("all_types.c")])
        let dir = root + "/components", cache = root + "/registry.bin"
        let first = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertNil(first.storedListing(mode: "text"), "none stored yet")
        XCTAssertEqual(first.classes.count, 2)
        first.storeListing(mode: "text", output: "the listing\n", status: 0)
        let second = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual(second.storedListing(mode: "text")?.output, "the listing\n")
        XCTAssertTrue(second.listedFromCache)
        XCTAssertNil(second.storedListing(mode: "json"), "another mode has its own listing")
        XCTAssertNil(Registry(options: options(dir, cache: cache, rescan: true), environment: testEnvironment).storedListing(mode: "text"), "--rescan lists again")
        // Each change of the walk makes it stale: a touched file, a new file in a subfolder, a removed file.
        let later = Date().addingTimeInterval(7)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: dir + "/libGauge.so")
        XCTAssertNil(Registry(options: options(dir, cache: cache), environment: testEnvironment).storedListing(mode: "text"), "touched")
        Registry(options: options(dir, cache: cache), environment: testEnvironment).storeListing(mode: "text", output: "after the touch\n", status: 0)
        XCTAssertEqual(Registry(options: options(dir, cache: cache), environment: testEnvironment).storedListing(mode: "text")?.output, "after the touch\n")
        try FileManager.default.createDirectory(atPath: dir + "/more", withIntermediateDirectories: true)
        Registry(options: options(dir, cache: cache), environment: testEnvironment).storeListing(mode: "text", output: "with a subfolder\n", status: 0)
        try FileManager.default.copyItem(atPath: try CFixture.broken("none"), toPath: dir + "/more/libMore.so")
        XCTAssertNil(Registry(options: options(dir, cache: cache), environment: testEnvironment).storedListing(mode: "text"), "a file added in a subfolder")
        try FileManager.default.removeItem(atPath: dir + "/more/libMore.so")
        Registry(options: options(dir, cache: cache), environment: testEnvironment).storeListing(mode: "text", output: "x\n", status: 0)
        try FileManager.default.removeItem(atPath: dir + "/libAllTypes.so")
        XCTAssertNil(Registry(options: options(dir, cache: cache), environment: testEnvironment).storedListing(mode: "text"), "a file removed")
        // Other commands rewriting the cache keep the listing (a class looked up, defaults checked).
        let lister = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual(lister.classes.map(\.name), ["Gauge"])
        lister.storeListing(mode: "names", output: "Gauge\n", status: 0)
        let checker = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        _ = try checker.checkedDefaults(of: try XCTUnwrap(checker.designableClass(named: "Gauge")))
        XCTAssertEqual(Registry(options: options(dir, cache: cache), environment: testEnvironment).storedListing(mode: "names")?.output, "Gauge\n")
    }

    /// A listing stored by another program (another build of the host; here the test runner, with
    /// the same working directory, search path and walk) is never printed: the program's own file
    /// is part of what a listing is made from.
    func testAListingStoredByAnotherProgramIsNotPrinted() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let dir = root + "/components", cache = root + "/registry.bin"
        let stored = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual(stored.classes.map(\.name), ["Gauge"])
        stored.storeListing(mode: "names", output: "stored by another program\n", status: 0)
        XCTAssertEqual(Registry(options: options(dir, cache: cache), environment: testEnvironment).storedListing(mode: "names")?.output,
                       "stored by another program\n", "the same program finds it")
        let listed = try runHost(["list", "--names", "--plugins", dir, "--cache", cache],
                                 directory: FileManager.default.currentDirectoryPath)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "Gauge\n")
    }

    /// `host list` twice prints the same, the second time from the stored listing; a plugin
    /// rebuilt in place (same name, another class) is listed as it is now, never as it was.
    func testListPrintsTheStoredListingUntilAFileChanges() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/registry.bin"
        for arguments in [["list"], ["list", "--json"], ["list", "--names"], ["list", "--strict"]] {
            let cold = try runHost(arguments + ["--cache", cache], directory: root)
            let warm = try runHost(arguments + ["--cache", cache], directory: root)
            XCTAssertEqual(warm.status, cold.status, "\(arguments)")
            XCTAssertEqual(warm.stdout, cold.stdout, "\(arguments)")
            XCTAssertEqual(warm.stderr, cold.stderr, "\(arguments)")
            XCTAssertTrue(warm.stdout.contains("Gauge"), "\(arguments): \(warm.stdout)")
        }
        let storedBefore = try Data(contentsOf: URL(fileURLWithPath: cache))
        XCTAssertEqual(try runHost(["list", "--cache", cache], directory: root).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cache)), storedBefore, "a listing from the cache writes nothing")
        // Rebuilt in place: same path, another plugin.
        let replacement = try Data(contentsOf: URL(fileURLWithPath: try CFixture.build("all_types.c")))
        try replacement.write(to: URL(fileURLWithPath: root + "/components/libGauge.so"))
        let rebuilt = try runHost(["list", "--cache", cache], directory: root)
        XCTAssertTrue(rebuilt.stdout.contains("AllTypes"), rebuilt.stdout)
        XCTAssertFalse(rebuilt.stdout.contains("Gauge "), rebuilt.stdout)
        XCTAssertEqual(try runHost(["list", "--cache", cache], directory: root).stdout, rebuilt.stdout)
        // A failed file and a warning are printed again as they were, with --strict's status.
        try "not a library".write(toFile: root + "/components/libBad.so", atomically: true, encoding: .utf8)
        let strict = ["list", "--strict", "--plugins", "components", "--cache", cache]
        let environment = ["EASEL_PLUGIN_PATH": root + "/missing"]
        let failing = try runHost(strict, environment: environment, directory: root)
        let again = try runHost(strict, environment: environment, directory: root)
        XCTAssertEqual(failing.status, 69)
        XCTAssertEqual([again.status, again.stdout, again.stderr] as [AnyHashable], [failing.status, failing.stdout, failing.stderr] as [AnyHashable])
        XCTAssertTrue(again.stdout.contains("libBad.so"), again.stdout)
        XCTAssertTrue(again.stderr.contains("missing: plugin directory does not exist"), again.stderr)
    }

    /// A corrupt stored listing is a warning, never printed: the list is made again, and stored.
    func testACorruptStoredListingIsAWarningAndListedAgain() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/registry.bin"
        let good = try runHost(["list", "--cache", cache], directory: root)
        // The listing record holds the output text: flip a byte of "Gauge" in it.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cache))
        let needle = Data("  Gauge ".utf8)
        let found = try XCTUnwrap(bytes.range(of: needle, options: .backwards))
        bytes[found.lowerBound + 2] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: cache))
        let repaired = try runHost(["list", "--cache", cache], directory: root)
        XCTAssertEqual(repaired.status, 0)
        XCTAssertEqual(repaired.stdout, good.stdout)
        XCTAssertTrue(repaired.stderr.contains("listing is corrupt"), repaired.stderr)
        let clean = try runHost(["list", "--cache", cache], directory: root)
        XCTAssertEqual([clean.stdout, clean.stderr], [good.stdout, ""])
    }

    // MARK: - Integrity

    /// Every byte of the cache is covered by a checksum: whichever byte is flipped, the cache (or
    /// the entry) is rebuilt with a warning and the answers are the same as from a fresh scan.
    func testAFlippedByteAnywhereIsNoticedAndRebuilt() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libAllTypes.so": try CFixture.build("all_types.c")])
        let dir = root + "/components", cache = root + "/registry.bin"
        let fresh = Registry(options: options(dir, cache: root + "/fresh.bin", isolation: .inProcess), environment: testEnvironment)
        let expected = try ["Gauge", "AllTypes"].map { try fresh.classInfo(named: $0) }
        let first = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        for name in ["Gauge", "AllTypes"] { _ = try first.checkedDefaults(of: try XCTUnwrap(first.designableClass(named: name))) }
        first.storeListing(mode: "text", output: "AllTypes, Gauge\n", status: 0)
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        var offset = 0
        while offset < good.count {
            var bad = good
            bad[offset] ^= 0x5A
            try bad.write(to: URL(fileURLWithPath: cache))
            var warnings: [String] = []
            let collecting = collectingWarnings { warnings.append($0) }
            // Every part of the cache is read: the listing, the index (each class), the entries (all),
            // the defaults.
            let lister = Registry(options: options(dir, cache: cache), environment: collecting)
            let listed = lister.storedListing(mode: "text")
            XCTAssertTrue(listed == nil || listed?.output == "AllTypes, Gauge\n", "byte \(offset): \(listed?.output ?? "")")
            if listed == nil { // as `host list` does: list, and store the listing
                XCTAssertEqual(lister.classes.map(\.name), ["AllTypes", "Gauge"], "byte \(offset)")
                lister.storeListing(mode: "text", output: "AllTypes, Gauge\n", status: 0)
            }
            for (name, info) in zip(["Gauge", "AllTypes"], expected) {
                XCTAssertEqual(try Registry(options: options(dir, cache: cache), environment: collecting).classInfo(named: name), info, "byte \(offset)")
            }
            let registry = Registry(options: options(dir, cache: cache), environment: collecting)
            XCTAssertEqual(registry.classes.map(\.name), ["AllTypes", "Gauge"], "byte \(offset)")
            XCTAssertEqual(try ["Gauge", "AllTypes"].map { try registry.classInfo(named: $0) }, expected, "byte \(offset)")
            for name in ["Gauge", "AllTypes"] {
                XCTAssertEqual(try registry.checkedDefaults(of: try XCTUnwrap(registry.designableClass(named: name))).count, 0, "byte \(offset)")
            }
            let rebuilt = try Data(contentsOf: URL(fileURLWithPath: cache))
            if rebuilt == bad {
                XCTFail("byte \(offset): the corrupt cache was kept")
            }
            offset += max(1, good.count / 97)
        }
    }

    /// The header's last field (always 0) and bytes appended after the last section were accepted
    /// silently; both are a corrupt cache now, rebuilt with a warning.
    func testTheHeaderPaddingAndTrailingBytesAreChecked() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let dir = root + "/components", cache = root + "/registry.bin"
        _ = Registry(options: options(dir, cache: cache), environment: testEnvironment).classes
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        var variants: [(String, Data)] = (84..<88).map { i in var d = good; d[i] ^= 0x01; return ("byte \(i)", d) }
        variants.append(("400 kB of zeros appended", good + Data(count: 400_000)))
        for (what, bad) in variants {
            try bad.write(to: URL(fileURLWithPath: cache))
            var warnings: [String] = []
            let collecting = collectingWarnings { warnings.append($0) }
            XCTAssertEqual(Registry(options: options(dir, cache: cache), environment: collecting).classes.map(\.name), ["Gauge"], what)
            XCTAssertTrue(warnings.contains { $0.contains("registry cache is corrupt") }, "\(what): \(warnings)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cache)), good, "\(what): rebuilt as it was")
        }
    }

    func testACorruptClassEntryIsScannedAgainNotFatal() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/registry.bin"
        XCTAssertEqual(try runHost(["list", "--cache", cache], directory: root).status, 0)
        // The first bytes after the header are the class descriptions (the blobs section).
        var bytes = try Data(contentsOf: URL(fileURLWithPath: cache))
        bytes[88 + 4] ^= 0xFF // the header is 88 bytes; the class descriptions (blobs) follow
        try bytes.write(to: URL(fileURLWithPath: cache))
        for command in [["inspect", "Gauge"], ["render", "Gauge", "-o", "out.png"]] {
            let result = try runHost(command + ["--cache", cache], directory: root)
            XCTAssertEqual(result.status, 0, "\(command): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("--rescan"), result.stderr)
        }
        let inspect = try runHost(["inspect", "Gauge", "--cache", cache], directory: root)
        XCTAssertEqual(inspect.stderr, "", "repaired: \(inspect.stderr)")
    }

    func testAHugeSparseCacheFileIsNotRead() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge")])
        let cache = root + "/huge.bin"
        XCTAssertTrue(FileManager.default.createFile(atPath: cache, contents: Data("EASELREG".utf8)))
        XCTAssertEqual(truncate(cache, 30 << 30), 0)
        let result = try runHost(["list", "--cache", cache], directory: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Gauge"))
        XCTAssertTrue(result.stderr.contains("more than the 512 MiB expected at most"), result.stderr)
    }

    // MARK: - The index

    func testOneClassIsFoundThroughTheIndexWhileNothingChanged() throws {
        let root = try componentsFolder(["libGauge.so": try TestPaths.example("Gauge"),
                                         "libAllTypes.so": try CFixture.build("all_types.c")])
        let dir = root + "/components", cache = root + "/registry.bin"
        let full = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        let expected = try full.classInfo(named: "Gauge")
        let warm = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual(try warm.classInfo(named: "Gauge"), expected)
        XCTAssertEqual(warm.indexedLookups, 1, "answered by the index")
        XCTAssertNotNil(try warm.designableClass(named: "AllTypes"))
        XCTAssertEqual(warm.indexedLookups, 2)
        XCTAssertNil(try Registry(options: options(dir, cache: cache), environment: testEnvironment).classInfo(named: "Nope"), "unknown: a full load says so")
        // A new file that sorts first and registers Gauge too: the directory changed, so the index
        // is not trusted and the new winner is found.
        try FileManager.default.copyItem(atPath: try TestPaths.example("Gauge"), toPath: dir + "/libAGauge.so")
        let changed = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual(try changed.classInfo(named: "Gauge")?.plugin.path, dir + "/libAGauge.so")
        XCTAssertEqual(changed.indexedLookups, 0)
        // The winner rewritten in place (the directory unchanged): its signature tells.
        let next = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual(try next.classInfo(named: "Gauge")?.plugin.path, dir + "/libAGauge.so")
        XCTAssertEqual(next.indexedLookups, 1)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/libAGauge.so"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: try CFixture.build("all_types.c"))))
        try handle.close()
        let rewritten = Registry(options: options(dir, cache: cache), environment: testEnvironment)
        XCTAssertEqual(try rewritten.classInfo(named: "Gauge")?.plugin.path, dir + "/libGauge.so")
        XCTAssertEqual(rewritten.indexedLookups, 0)
    }
}
