import EaselHost
import EaselRender
import Foundation

/// The outcome of one check on one plugin.
package struct ValidationResult: Sendable {
    package enum Status: String, Sendable {
        case passed, failed, warning, skipped
    }

    package var check: String
    package var status: Status
    /// Why: what failed (naming the class, property and values), warnings, or what was checked.
    package var messages: [String]
    package var seconds: Double
}

/// One plugin file's validation.
package struct PluginValidation: Sendable {
    package var path: String
    /// Its identity, when it loaded.
    package var plugin: PluginInfo?
    package var results: [ValidationResult]

    package init(path: String, plugin: PluginInfo?, results: [ValidationResult]) {
        self.path = path
        self.plugin = plugin
        self.results = results
    }

    package func count(_ status: ValidationResult.Status) -> Int { results.filter { $0.status == status }.count }
    package var failed: Bool { results.contains { $0.status == .failed } }
}

/// A named, documented check (`host validate --list`).
package struct ValidationCheck: Sendable {
    package let name: String
    /// One line: what it checks.
    package let summary: String
    /// The check's time budget in seconds (each call into the plugin also has the per-call budget).
    package let budget: Double
    /// Whether it needs the plugin to have loaded (all but `load` and `descriptors`).
    let needsLoad: Bool
    let body: @Sendable (ValidationContext) throws -> Void
}

/// What a check works with, and where it puts what it found.
package final class ValidationContext {
    package let path: String
    package let probe: PluginProbe
    package let seed: UInt64
    /// Whether plugin code runs in worker processes (false: `--in-process`).
    package let isolated: Bool
    /// Where plugin code runs, for checks that start workers of their own.
    package let isolation: Isolation
    /// The host core the checks run in (for workers of their own).
    package let environment: HostEnvironment
    let start = Clock.seconds()
    let budget: Double
    private(set) var failures: [String] = []
    private(set) var warnings: [String] = []
    private(set) var notes: [String] = []
    private(set) var skipReason: String?

    init(path: String, probe: PluginProbe, seed: UInt64, isolation: Isolation, budget: Double, environment: HostEnvironment) {
        self.path = path
        self.environment = environment
        self.probe = probe
        self.seed = seed
        self.isolation = isolation
        self.isolated = isolation != .inProcess
        self.budget = budget
    }

    /// The plugin's classes (loaded in the probe's process on first use).
    package func classes() throws -> [DesignableClass] { try probe.load() }

    package func fail(_ message: String) { failures.append(message) }
    package func warn(_ message: String) { warnings.append(message) }
    package func note(_ message: String) { notes.append(message) }
    package func skip(_ reason: String) { skipReason = reason }

    /// Throws when the check ran out of its time budget.
    package func checkBudget() throws {
        let elapsed = Clock.seconds() - start
        if elapsed > budget { throw BudgetExceeded(elapsed: elapsed, budget: budget) }
    }

    struct BudgetExceeded: Error {
        let elapsed: Double
        let budget: Double
    }

    var result: (ValidationResult.Status, [String]) {
        if !failures.isEmpty { return (.failed, failures + warnings) }
        if !warnings.isEmpty { return (.warning, warnings) }
        if let skipReason, notes.isEmpty { return (.skipped, [skipReason]) }
        return (.passed, notes + (skipReason.map { [$0] } ?? []))
    }
}

/// `host validate`: runs the named checks on a plugin, each in a worker process of its own with its
/// time budget (or all in this process with `--in-process`), and reports passed, failed, warning or
/// skipped for each, with reasons naming the class, property and values.
///
/// ```swift
/// let report = PluginValidator.validate("components/libGauge.so", checks: PluginValidator.checks,
///                                       isolation: .default, seed: 42)
/// for r in report.results { print(r.status, r.check, r.messages) }
/// ```
package enum PluginValidator {
    /// Every check, in the order they run.
    package static var checks: [ValidationCheck] { ValidationChecks.all }

    /// The checks whose names match `patterns` (shell globs, e.g. `draw*`; nil: all).
    package static func checks(matching patterns: [String]?) -> [ValidationCheck] {
        guard let patterns else { return checks }
        return checks.filter { check in patterns.contains { fnmatch($0, check.name, 0) == 0 } }
    }

    /// Validates one file. `progress` is called after each check.
    package static func validate(_ path: String, checks: [ValidationCheck], isolation: Isolation, seed: UInt64,
                                environment: HostEnvironment,
                                progress: (ValidationResult) -> Void = { _ in }) -> PluginValidation {
        var report = PluginValidation(path: path, plugin: nil, results: [])
        // One shared probe in this process (a plugin is loaded into a process once); a fresh worker
        // per check otherwise.
        var shared: PluginProbe?
        if isolation == .inProcess { shared = PluginProbes.make(inProcess: path, environment: environment) }
        var loadFailure: String?
        // Whether the file loads decides what else can run: found out first, even when `load` is
        // not among the checks asked for.
        do {
            let probe = try shared ?? PluginProbes.make(path: path, isolation: isolation, environment: environment)
            do {
                report.plugin = try probe.load().first?.info.plugin
            } catch let error as HostError {
                loadFailure = Self.describe(error)
            }
            if shared == nil { probe.stop() }
        } catch {
            loadFailure = "\(error)"
        }
        for check in checks {
            let start = Clock.seconds()
            var result: ValidationResult
            if check.needsLoad, loadFailure != nil {
                result = ValidationResult(check: check.name, status: .skipped, messages: ["the plugin did not load (see the load check)"], seconds: 0)
            } else {
                result = run(check, path: path, shared: shared, isolation: isolation, seed: seed, environment: environment)
            }
            result.seconds = Clock.seconds() - start
            report.results.append(result)
            progress(result)
        }
        return report
    }

    static func run(_ check: ValidationCheck, path: String, shared: PluginProbe?, isolation: Isolation, seed: UInt64,
                    environment: HostEnvironment) -> ValidationResult {
        let probe: PluginProbe
        do { probe = try shared ?? PluginProbes.make(path: path, isolation: isolation, environment: environment) } catch {
            return ValidationResult(check: check.name, status: .failed, messages: ["could not start a worker: \(error)"], seconds: 0)
        }
        defer { if shared == nil { probe.stop() } }
        let context = ValidationContext(path: path, probe: probe, seed: seed, isolation: shared == nil ? isolation : .inProcess,
                                        budget: check.budget, environment: environment)
        do {
            try check.body(context)
        } catch let exceeded as ValidationContext.BudgetExceeded {
            context.fail("took more than its budget of \(PropertyInfo.formatNumber(exceeded.budget)) s (stopped after \(String(format: "%.1f", exceeded.elapsed)) s)")
        } catch let error as HostError {
            context.fail(describe(error))
        } catch {
            context.fail("\(error)")
        }
        let (status, messages) = context.result
        return ValidationResult(check: check.name, status: status, messages: messages, seconds: 0)
    }

    /// An error without the file (every line is about the plugin being validated).
    /// The error without the context the check's message already gives: the file (the report is
    /// per file), and the class and property when the message names them ("class Gauge: variant full
    /// does not render: class Gauge: crashed…" said the class twice).
    static func describe(_ error: HostError, inClass className: String? = nil, property: String? = nil) -> String {
        var e = error
        e.file = nil
        if let className, e.className == className { e.className = nil }
        if let property, e.property == property { e.property = nil }
        return e.description
    }
}

extension PluginProbes {
    /// The in-process probe (`--in-process`).
    static func make(inProcess path: String, environment: HostEnvironment) -> PluginProbe {
        try! make(path: path, isolation: .inProcess, environment: environment)
    }
}
