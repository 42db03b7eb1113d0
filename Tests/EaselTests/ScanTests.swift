import EaselHost
import Foundation
import XCTest

/// Cold scans: in batches, on several scanner workers; a crash or a hang in one file blames that
/// file only, in whichever batch it is.
final class ScanTests: XCTestCase {
    override func setUp() { useHostAsWorker() }

    func testManyFilesAcrossBatchesWithCrashesInTheMiddle() throws {
        let root = try TestPaths.scratch()
        let dir = root + "/components"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let good = try CFixture.build("hostile_plugin.c", defines: ["FAULT=none"], name: "hostile_none")
        let crash = try CFixture.build("faulty_plugin.c", defines: ["FAULT=crash_entry"], name: "faulty_crash_entry")
        let crashing: Set<Int> = [7, 199, 200, 333, 401]
        for i in 0..<450 {
            let name = String(format: "%@/lib%04d.so", dir, i)
            try FileManager.default.copyItem(atPath: crashing.contains(i) ? crash : good, toPath: name)
        }
        var warnings = 0
        let collecting = collectingWarnings { _ in warnings += 1 }
        let registry = Registry(options: RegistryOptions(searchPath: PluginSearchPath(directories: [dir]), cacheFile: nil), environment: collecting)
        XCTAssertEqual(registry.plugins.count, 450 - crashing.count)
        XCTAssertEqual(registry.failures.count, crashing.count)
        let blamed = Set(registry.failures.compactMap { $0.file.map { Int($0.suffix(7).prefix(4))! } })
        XCTAssertEqual(blamed, crashing)
        for failure in registry.failures { XCTAssertTrue(failure.message.contains("crashed with SIGSEGV"), failure.description) }
        XCTAssertGreaterThan(warnings, 0, "duplicate class names are warned about")
    }
}
