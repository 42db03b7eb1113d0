import EaselHost
import EaselPreview
import EaselRender
import Foundation
import XCTest

/// The host core is a library before it is a CLI: everything it needs is passed in (a
/// ``HostEnvironment``), so two cores live side by side in one process, as an application embedding
/// components needs. Each has its own warnings and its own workers; ending one leaves the other
/// working.
final class EmbeddedCoreTests: XCTestCase {
    /// A core whose warnings are collected, with a launcher of its own.
    final class Core {
        let warnings = Locked<[String]>([])
        let environment: HostEnvironment

        init() {
            let warnings = self.warnings
            environment = HostEnvironment(diagnostics: Diagnostics(warnings: { line in warnings.withValue { $0.append(line) } }),
                                          renderer: testEnvironment.renderer)
        }

        var lines: [String] { warnings.withValue { $0 } }
    }

    func rendered(_ registry: Registry, _ name: String) throws -> RGBAImage {
        let cls = try XCTUnwrap(try registry.designableClass(named: name))
        let target = try ComponentRender.render(cls, ComponentRenderRequest(className: name, format: .png(compressionLevel: 1)))
        return try target.rgbaImage()
    }

    func testTwoCoresInOneProcessHaveTheirOwnWarningsAndWorkers() throws {
        useHostAsWorker()
        // One folder whose class is registered twice (a warning for its core only), one clean folder.
        let warned = try TestPaths.scratch()
        try FileManager.default.copyItem(atPath: try TestPaths.example("Gauge"), toPath: warned + "/a-gauge.so")
        try FileManager.default.copyItem(atPath: try TestPaths.example("Gauge"), toPath: warned + "/b-gauge.so")
        let clean = try TestPaths.scratch()
        try FileManager.default.copyItem(atPath: try TestPaths.example("Rainbow"), toPath: clean + "/libRainbow.so")

        let first = Core(), second = Core()
        let one = Registry(options: RegistryOptions(searchPath: PluginSearchPath(directories: [warned]), cacheFile: nil),
                           environment: first.environment)
        let two = Registry(options: RegistryOptions(searchPath: PluginSearchPath(directories: [clean]), cacheFile: nil),
                           environment: second.environment)
        let gauge = try rendered(one, "Gauge")
        let rainbow = try rendered(two, "Rainbow")
        XCTAssertGreaterThan(gauge.width, 0)
        XCTAssertGreaterThan(rainbow.width, 0)
        XCTAssertEqual(first.lines.filter { $0.contains("class Gauge is registered by both") }.count, 1, "\(first.lines)")
        XCTAssertEqual(second.lines, [], "a warning of one core reached the other")

        // Each core started a launcher of its own.
        let launchers = [first.environment.workers.launcherProcessID, second.environment.workers.launcherProcessID]
        XCTAssertNotNil(launchers[0])
        XCTAssertNotNil(launchers[1])
        XCTAssertNotEqual(launchers[0], launchers[1])

        // Ending the first core stops its workers; the second goes on drawing.
        first.environment.finish()
        XCTAssertNil(first.environment.workers.launcherProcessID)
        XCTAssertEqual(kill(launchers[0]!, 0), -1, "the first core's launcher outlived its finish")
        XCTAssertEqual(try rendered(two, "Rainbow"), rainbow)
        second.environment.finish()
    }
}

extension EmbeddedCoreTests {
    /// What this process's fd 1 received while `body` ran.
    func standardOutput(of body: () throws -> Void) throws -> String {
        let path = try TestPaths.scratch() + "/stdout.txt"
        fflush(nil) // every C stream: what was printed so far lands where it was meant to
        let file = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let saved = dup(STDOUT_FILENO)
        XCTAssertGreaterThanOrEqual(file, 0)
        XCTAssertEqual(dup2(file, STDOUT_FILENO), STDOUT_FILENO)
        do {
            defer {
                fflush(nil) // every C stream: what was printed so far lands where it was meant to
                dup2(saved, STDOUT_FILENO)
                close(saved)
                close(file)
            }
            try body()
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Whether plugin code may print on the host's stdout belongs to each core (its environment),
    /// not to the process: a core that diverts (`--in-process` in the CLI) keeps a plugin's printf
    /// off fd 1, while a core beside it that does not leaves it there. (A process-wide switch turned
    /// on by the CLI decided it for every core.)
    func testEachCoreDecidesWhetherPluginOutputIsKeptOffStandardOutput() throws {
        let folder = try TestPaths.scratch()
        try FileManager.default.copyItem(atPath: try CFixture.build("validate_faults.c", defines: ["FAULT=stdout_writes"],
                                                                    name: "validate_stdout_writes"),
                                         toPath: folder + "/libPrinting.so")
        func core(diverting: Bool) -> (HostEnvironment, Registry) {
            let environment = HostEnvironment(renderer: testEnvironment.renderer, divertsPluginOutput: diverting)
            let options = RegistryOptions(searchPath: PluginSearchPath(directories: [folder]), isolation: .inProcess, cacheFile: nil)
            return (environment, Registry(options: options, environment: environment))
        }
        let (quiet, quietRegistry) = core(diverting: true)
        let (plain, plainRegistry) = core(diverting: false)
        let kept = try standardOutput { _ = try rendered(quietRegistry, "Probe") }
        XCTAssertFalse(kept.contains("drawing Probe"), "the diverting core's plugin printed on stdout: \(kept.debugDescription)")
        let shared = try standardOutput { _ = try rendered(plainRegistry, "Probe") }
        XCTAssertTrue(shared.contains("drawing Probe"), "the plain core's plugin printed elsewhere: \(shared.debugDescription)")
        quiet.finish()
        plain.finish()
    }
}
