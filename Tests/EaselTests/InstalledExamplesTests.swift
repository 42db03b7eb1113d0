import Foundation
import XCTest

/// The examples in other languages as Scripts/install installs them (PREFIX/share/easel/examples:
/// Gauge in C, CppBadge in C++17, RustBadge in Rust): copied out of the prefix into a folder of their
/// own, each builds with its one command against the installation alone (pkg-config easel, the
/// installed easel-sys), then passes the installed `easel validate` and renders.
final class InstalledExamplesTests: XCTestCase {
    func testEachInstalledExampleBuildsFromTheInstalledPrefixAlone() throws {
        let root = try TestPaths.scratch()
        let prefix = root + "/the prefix"
        let install = try runProcess(TestPaths.repoRoot + "/Scripts/install", ["--prefix", prefix, "--from", TestPaths.products])
        XCTAssertEqual(install.status, 0, install.stderr)
        let examples = root + "/elsewhere/examples"
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: prefix + "/share/easel/examples", toPath: examples)

        let files = try XCTUnwrap(FileManager.default.subpaths(atPath: examples)).sorted()
        XCTAssertEqual(files.filter { !$0.hasPrefix("RustBadge/src/") }, [
            "CppBadge", "CppBadge/CppBadge.cpp", "CppBadge/Makefile", "Gauge", "Gauge/Makefile", "Gauge/gauge.c",
            "README.md", "RustBadge", "RustBadge/Cargo.lock", "RustBadge/Cargo.toml", "RustBadge/src",
        ])
        // Nothing in them leads back to the repository: only the installation is named.
        for file in ["Gauge/Makefile", "CppBadge/Makefile", "RustBadge/Cargo.toml", "README.md"] {
            let text = try String(contentsOfFile: examples + "/" + file, encoding: .utf8)
            XCTAssertFalse(text.contains(TestPaths.repoRoot), "\(file) names the repository")
            XCTAssertFalse(text.contains("Bindings/") || text.contains("Sources/"), "\(file): \(text)")
            XCTAssertTrue(text.contains(prefix), "\(file) names the installation: \(text)")
        }

        let path = "\(prefix)/bin:/opt/swift/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let env = ["PATH": path, "EASEL_PLUGIN_PATH": "", "EASEL_REGISTRY_CACHE": root + "/registry.bin",
                   "CARGO_TARGET_DIR": examples + "/RustBadge/target", "TMPDIR": root]
        let cargo = try XCTUnwrap(ForeignExample.cargo, "cargo is needed for the Rust example (Rust 1.77 or later)")
        let builds: [(folder: String, command: [String], library: String)] = [
            ("Gauge", ["make"], "libGauge.so"),
            ("CppBadge", ["make"], "libCppBadge.so"),
            ("RustBadge", [cargo, "build", "--offline"], "target/debug/librust_badge.so"),
        ]
        var libraries: [String] = []
        for build in builds {
            let result = try runProcess("/usr/bin/env", build.command, environment: env, directory: examples + "/" + build.folder)
            XCTAssertEqual(result.status, 0, "\(build.folder): \(result.stdout)\(result.stderr)")
            XCTAssertFalse(result.stdout.contains("warning") || result.stderr.contains("warning:"), "\(build.folder): \(result.stdout)\(result.stderr)")
            if build.command == ["make"] {
                // The compiler is given the installed header's folder (pkg-config escapes the space).
                XCTAssertTrue(result.stdout.contains("-I" + prefix.replacingOccurrences(of: " ", with: "\\ ") + "/include"), result.stdout)
            }
            libraries.append(examples + "/" + build.folder + "/" + build.library)
        }
        let validate = try runProcess(prefix + "/bin/easel", ["validate", "--seed", "11"] + libraries, environment: env, directory: examples)
        XCTAssertEqual(validate.status, 0, validate.stdout + validate.stderr)
        XCTAssertTrue(validate.stdout.contains("3 plugins, 0 failed"), validate.stdout)
        for (name, folder) in [("Gauge", "Gauge"), ("CppBadge", "CppBadge"), ("RustBadge", "RustBadge/target/debug")] {
            let render = try runProcess(prefix + "/bin/easel", ["render", name, "--plugins", folder, "-o", root + "/\(name).png"],
                                        environment: env, directory: examples)
            XCTAssertEqual(render.status, 0, "\(name): \(render.stderr)")
        }
        XCTAssertEqual(try runProcess(TestPaths.repoRoot + "/Scripts/uninstall", ["--prefix", prefix]).status, 0)
    }
}
