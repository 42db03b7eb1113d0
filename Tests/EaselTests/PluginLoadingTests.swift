import CEasel
import EaselHost
import Foundation
import XCTest

/// Every way a plugin file can be bad ends in a clear error naming the file (and class and property
/// where there is one) and what was expected — never in a crash of the host.
final class PluginLoadingTests: XCTestCase {
    func loadFailure(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> HostError? {
        let registry = Registry(files: [path], environment: testEnvironment)
        XCTAssertTrue(registry.plugins.isEmpty, "\(path) should not load", file: file, line: line)
        XCTAssertEqual(registry.failures.count, 1, file: file, line: line)
        let failure = registry.failures.first
        XCTAssertEqual(failure?.file, path, "the error names the file", file: file, line: line)
        XCTAssertEqual(failure?.kind, .pluginFailure, file: file, line: line)
        XCTAssertEqual(failure?.exitCode, 69, file: file, line: line)
        return failure
    }

    func testAValidFixtureLoads() throws {
        let registry = Registry(files: [try CFixture.broken("none")], environment: testEnvironment)
        XCTAssertEqual(registry.failures, [])
        XCTAssertEqual(registry.classes.map(\.name), ["BrokenFixture"])
    }

    func testThePrivateCopyHoldsOnlyWhatTheLoaderReads() throws {
        // Symbol tables and debug information (two thirds of a Swift plugin) are not copied: here a
        // 2 MB tail after everything the program headers describe.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try CFixture.broken("none")))
        let original = bytes.count
        bytes.append(Data(repeating: 0xA5, count: 2 << 20))
        let path = try TestPaths.scratch() + "/libtailed.so"
        try bytes.write(to: URL(fileURLWithPath: path))
        let registry = Registry(files: [path], environment: testEnvironment)
        XCTAssertEqual(registry.failures, [])
        XCTAssertEqual(registry.classes.map(\.name), ["BrokenFixture"])
        var copies: [Int] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
                  target.hasPrefix("/memfd:libtailed.so") else { continue }
            var st = stat()
            if stat("/proc/self/fd/\(entry)", &st) == 0 { copies.append(Int(st.st_size)) }
        }
        XCTAssertEqual(copies.count, 1, "one private copy of libtailed.so is open")
        XCTAssertTrue(copies.allSatisfy { $0 > 0 && $0 <= original }, "copy sizes \(copies), file \(original) + 2 MB tail")
    }

    func testAFileThatIsNotELF() throws {
        let path = try TestPaths.scratch() + "/libnotes.so"
        try "just some text, not a library".write(toFile: path, atomically: true, encoding: .utf8)
        let e = loadFailure(path)
        XCTAssertEqual(e?.phase, .load)
        XCTAssertEqual(e?.message, "is not an ELF shared library (expected a .so built for this machine)")
    }

    func testATruncatedLibraryIsRefusedBeforeDlopen() throws {
        // dlopen of a truncated library kills the process with SIGBUS: the host must check first.
        let good = try Data(contentsOf: URL(fileURLWithPath: try CFixture.broken("none")))
        let dir = try TestPaths.scratch()
        for fraction in [0.05, 0.3, 0.6, 0.9] {
            let path = dir + "/libcut\(Int(fraction * 100)).so"
            try good.prefix(Int(Double(good.count) * fraction)).write(to: URL(fileURLWithPath: path))
            let e = loadFailure(path)
            XCTAssertEqual(e?.phase, .load)
            XCTAssertTrue(e?.message.hasPrefix("is truncated") ?? false, e?.message ?? "")
        }
    }

    func testALibraryForAnotherMachine() throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try CFixture.broken("none")))
        let ours = UInt16(bytes[18]) | UInt16(bytes[19]) << 8
        let other: UInt16 = ours == 62 ? 183 : 62 // x86-64 ↔ AArch64
        bytes[18] = UInt8(other & 0xFF)
        bytes[19] = UInt8(other >> 8)
        let path = try TestPaths.scratch() + "/libforeign.so"
        try bytes.write(to: URL(fileURLWithPath: path))
        let e = loadFailure(path)
        XCTAssertEqual(e?.message, "is a shared library for another machine (ELF machine \(other); expected \(ours), this host's)")
    }

    func testALibraryWithoutTheEntrySymbol() throws {
        let e = loadFailure(try CFixture.broken("no_entry"))
        XCTAssertEqual(e?.phase, .entry)
        XCTAssertTrue(e?.message.contains("has no entry symbol 'easel_plugin_entry'") ?? false)
        XCTAssertTrue(e?.message.contains("EASEL_PLUGIN_ENTRY") ?? false, "says how to fix it")
    }

    func testABIMajorMismatch() throws {
        let e = loadFailure(try CFixture.broken("abi_major"))
        XCTAssertEqual(e?.phase, .abi)
        XCTAssertEqual(e?.message, "was built for ABI 2.0, but this host speaks ABI 1.2 (expected major version 1)")
    }

    func testABIMinorNewerThanTheHost() throws {
        let e = loadFailure(try CFixture.broken("abi_minor"))
        XCTAssertEqual(e?.phase, .abi)
        XCTAssertEqual(e?.message, "was built for ABI 1.3, newer than this host's 1.2 (expected minor version <= 2; update the host)")
    }

    /// A descriptor laid out by this header but labelled 1.0 by hand would be read through the 1.0
    /// layout, whose id pointer is where 1.1 has struct_size and class_count: it is refused with
    /// what it is and the fix (it crashed the worker, and an --in-process host).
    func testA1_1DescriptorLabelled1_0IsRefusedNotMisread() throws {
        let e = loadFailure(try CFixture.broken("abi_1_0_label"))
        XCTAssertEqual(e?.phase, .abi)
        XCTAssertEqual(e?.message, "easel_plugin: declares ABI 1.0, but is laid out as ABI 1.1 (struct_size 80 and class_count 1 at offset 8, where 1.0 has the id pointer): set .abi = EASEL_ABI_VERSION (1.2 in this easel.h), the version of the header it was compiled against")
        let dir = try TestPaths.scratch()
        try FileManager.default.copyItem(atPath: try CFixture.broken("abi_1_0_label"), toPath: dir + "/libMislabelled.so")
        let inProcess = try runHost(["list", "--in-process", "--cache", "none", "--plugins", dir])
        XCTAssertEqual(inProcess.status, 0, inProcess.stderr)
        XCTAssertTrue(inProcess.stdout.contains("declares ABI 1.0, but is laid out as ABI 1.1"), inProcess.stdout)
    }

    /// The other way round: a plugin laid out by the 1.0 draft header but declaring 1.1 has its id
    /// pointer where 1.1 has struct_size. The message said only "struct_size is 698470832 …".
    func testA1_0DescriptorLabelled1_1IsRefusedSayingSo() throws {
        let path = try CFixture.build("abi-1.0/legacy_plugin.c", defines: ["LABELLED_MINOR=1"], name: "legacy_labelled_1_1",
                                      includeDirectory: TestPaths.fixtures + "/abi-1.0")
        let e = loadFailure(path)
        XCTAssertTrue(e?.message.hasPrefix("easel_plugin: struct_size is ") ?? false, e?.message ?? "")
        XCTAssertTrue(e?.message.hasSuffix("a plugin laid out as ABI 1.0 but declaring 1.1 has a pointer here: build it against this easel.h)") ?? false,
                      e?.message ?? "")
    }

    func testTheABIRuleItself() {
        func ok(_ p: (UInt32, UInt32), _ h: (UInt32, UInt32)) -> Bool {
            easel_abi_is_compatible(easel_abi_version(major: p.0, minor: p.1), easel_abi_version(major: h.0, minor: h.1))
        }
        XCTAssertTrue(ok((1, 0), (1, 0)))
        XCTAssertTrue(ok((1, 0), (1, 3)), "older minors load in newer hosts")
        XCTAssertFalse(ok((1, 4), (1, 3)), "newer minors do not")
        XCTAssertFalse(ok((2, 0), (1, 9)))
        XCTAssertFalse(ok((0, 9), (1, 0)))
    }

    func testAnEntryThatReturnsNULL() throws {
        let e = loadFailure(try CFixture.broken("entry_null"))
        XCTAssertEqual(e?.phase, .entry)
        XCTAssertEqual(e?.message, "the entry point returned NULL (expected a plugin descriptor)")
    }

    func testAnInitThatFailsExplainsWhyWithThePluginsOwnWords() throws {
        let e = loadFailure(try CFixture.broken("init_fails"))
        XCTAssertEqual(e?.phase, .initialize)
        XCTAssertEqual(e?.message, "init returned false: the fixture's licence file is missing")
    }

    func testAnUnknownTypeCodeNamesClassAndProperty() throws {
        let e = loadFailure(try CFixture.broken("unknown_type"))
        XCTAssertEqual(e?.phase, .validate)
        XCTAssertEqual(e?.className, "BrokenFixture")
        XCTAssertEqual(e?.property, "level")
        XCTAssertEqual(e?.message, "unknown type code 99 (expected an EASEL_TYPE_* code, 1…12)")
    }

    func testADefaultOutsideItsOwnRange() throws {
        let e = loadFailure(try CFixture.broken("default_range"))
        XCTAssertEqual(e?.className, "BrokenFixture")
        XCTAssertEqual(e?.property, "level")
        XCTAssertEqual(e?.message, "the default value is invalid: 50 is outside the range 0…10 (expected a number in 0…10)")
    }

    func testInvalidUTF8InAClassName() throws {
        let e = loadFailure(try CFixture.broken("bad_utf8"))
        XCTAssertEqual(e?.phase, .validate)
        XCTAssertEqual(e?.message, "the name of class #0 is not valid UTF-8: 'Broken\\xFFFixture'")
    }

    func testAMissingRequiredCallback() throws {
        let e = loadFailure(try CFixture.broken("no_draw"))
        XCTAssertEqual(e?.className, "BrokenFixture")
        XCTAssertEqual(e?.message, "draw is NULL (expected a function: draw(_ rect:))")
    }

    func testTwoPluginsRegisteringOneClassNameWinnerIsTheFirstPathAndTheWarningNamesBoth() throws {
        let gauge = try TestPaths.example("Gauge")
        let duplicate = try CFixture.broken("duplicate")
        let dir = try TestPaths.scratch()
        // Whatever order the files are created or listed in, the path that sorts first wins.
        try FileManager.default.copyItem(atPath: gauge, toPath: dir + "/b-gauge.so")
        try FileManager.default.copyItem(atPath: duplicate, toPath: dir + "/a-duplicate.so")
        var warnings: [String] = []
        let collecting = collectingWarnings { warnings.append($0) }
        for _ in 0..<2 {
            warnings = []
            let registry = Registry(searchPath: PluginSearchPath(directories: [dir]), environment: collecting)
            XCTAssertEqual(try registry.designableClass(named: "Gauge")?.info.plugin.path, dir + "/a-duplicate.so")
            XCTAssertEqual(warnings, ["class Gauge is registered by both \(dir)/a-duplicate.so and \(dir)/b-gauge.so; using \(dir)/a-duplicate.so (its path sorts first)"])
        }
    }

    func testOneBadFileDoesNotStopTheOthers() throws {
        let dir = try TestPaths.scratch()
        try FileManager.default.copyItem(atPath: try TestPaths.example("Gauge"), toPath: dir + "/libGauge.so")
        try FileManager.default.copyItem(atPath: try CFixture.broken("abi_major"), toPath: dir + "/libOld.so")
        try "garbage".write(toFile: dir + "/libJunk.so", atomically: true, encoding: .utf8)
        let registry = Registry(searchPath: PluginSearchPath(directories: [dir]), environment: testEnvironment)
        XCTAssertEqual(registry.classes.map(\.name), ["Gauge"])
        XCTAssertEqual(registry.failures.map(\.file), [dir + "/libJunk.so", dir + "/libOld.so"])
    }

    func testTheSamePathCanBeLoadedAgainAfterARebuild() throws {
        // dlopen of an already-open path returns the old image; private copies make each build load.
        let dir = try TestPaths.scratch()
        let path = dir + "/libSwap.so"
        try FileManager.default.copyItem(atPath: try CFixture.broken("none"), toPath: path)
        XCTAssertEqual(Registry(files: [path], environment: testEnvironment).classes.map(\.name), ["BrokenFixture"])
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: try CFixture.build("all_types.c"), toPath: path)
        XCTAssertEqual(Registry(files: [path], environment: testEnvironment).classes.map(\.name), ["AllTypes"])
    }
}
