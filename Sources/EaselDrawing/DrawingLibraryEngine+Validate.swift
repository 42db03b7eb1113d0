@preconcurrency import Glibc
import EaselCLI
import EaselHost
import EaselJSON
import EaselPreview

extension DrawingLibraryEngine {
    /// `host validate`: the checks matching the filter, on each file, in fresh workers (or in this
    /// process), with a line per check and a summary, or JSON.
    func validate(_ request: ValidateRequest, _ invocation: Invocation) throws -> Int32 {
        let patterns = request.patterns
        let checks = PluginValidator.checks(matching: patterns.isEmpty ? nil : patterns)
        if !patterns.isEmpty && checks.isEmpty {
            throw UsageError(message: "--filter \(patterns.joined(separator: ",")) matches no check (see \(CLI.programName) validate --list)")
        }
        if request.lists {
            if request.json {
                // The checks as easel.validate/1 lists them (it printed the text list).
                print(JSON.object([("schema", .string("easel.validate/1")), ("checks", .array(checkList(checks)))]).text, terminator: "")
                return 0
            }
            let width = PluginValidator.checks.map(\.name.count).max() ?? 0
            for check in checks {
                print(check.name.padding(to: width + 2) + check.summary + " (budget \(PropertyInfo.formatNumber(check.budget)) s)")
            }
            return 0
        }
        let seed = request.seed
        let files = request.files
        guard !files.isEmpty else { throw UsageError(message: "missing FILE.so (the plugins to validate)") }
        for file in files { try checkPluginFile(file) }
        let isolation = request.isolation
        let json = request.json, onlyFailed = request.onlyFailed
        if isolation != .inProcess { invocation.environment.workers.prepare() }

        if !json { print("\(CLI.programName) validate: seed \(seed) (reproduce with --seed \(seed)); \(checks.count) check\(checks.count == 1 ? "" : "s") per plugin") }
        var reports: [PluginValidation] = []
        for file in files {
            if !json {
                print("")
                print(TerminalText.printable(file))
            }
            let report = PluginValidator.validate(file, checks: checks, isolation: isolation, seed: seed, environment: invocation.environment) { result in
                guard !json, !onlyFailed || result.status == .failed else { return }
                print(TerminalText.printable(line(result), keepingNewlines: true))
                fflush(stdout)
            }
            reports.append(report)
            if !json {
                if let plugin = report.plugin { print(TerminalText.printable("  \(plugin.name) \(plugin.version) (\(plugin.id)): ") + counts(report)) } else { print("  " + counts(report)) }
            }
        }
        if json {
            print(validationJSON(reports, seed: seed, checks: checks).text, terminator: "")
        } else {
            let all = reports.flatMap(\.results)
            let failedPlugins = reports.filter(\.failed).count
            print("")
            print("\(reports.count) plugin\(reports.count == 1 ? "" : "s"), \(failedPlugins) failed: " + counts(PluginValidation(path: "", plugin: nil, results: all)))
        }
        return reports.contains(where: \.failed) ? 1 : 0
    }

    /// "  failed   defaults            class Gauge: property value: …", further messages indented below.
    private func line(_ result: ValidationResult) -> String {
        let width = (PluginValidator.checks.map(\.name.count).max() ?? 0) + 2
        // Escaped first: a line feed in a plugin's string (its name in "ABI 1.1, 1 class: …") would
        // print a line of its own; only a worker's last output keeps its lines.
        var messages = result.messages.map(TerminalText.message)
        let first = messages.isEmpty ? "" : messages.removeFirst()
        var text = "  " + result.status.rawValue.padding(to: 9) + result.check.padding(to: width) + first
        let indent = String(repeating: " ", count: 2 + 9 + width)
        for m in messages { text += "\n" + indent + m }
        // A message's own lines (a worker's last output) stay under the check's column.
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.hasPrefix(indent) ? String($0.element) : indent + $0.element }
            .joined(separator: "\n")
    }

    private func counts(_ report: PluginValidation) -> String {
        "\(report.count(.passed)) passed, \(report.count(.failed)) failed, \(report.count(.warning)) warning\(report.count(.warning) == 1 ? "" : "s"), \(report.count(.skipped)) skipped"
    }

    private func validationJSON(_ reports: [PluginValidation], seed: UInt64, checks: [ValidationCheck]) -> JSON {
        let all = PluginValidation(path: "", plugin: nil, results: reports.flatMap(\.results))
        let checkList = checkList(checks)
        let plugins: [JSON] = reports.map(pluginJSON)
        let summary: JSON = .object([
            ("plugins", .integer(Int64(reports.count))), ("failedPlugins", .integer(Int64(reports.filter(\.failed).count))),
            ("passed", .integer(Int64(all.count(.passed)))), ("failed", .integer(Int64(all.count(.failed)))),
            ("warnings", .integer(Int64(all.count(.warning)))), ("skipped", .integer(Int64(all.count(.skipped)))),
        ])
        return .object([("schema", .string("easel.validate/1")), ("seed", .integer(Int64(bitPattern: seed))),
                        ("checks", .array(checkList)), ("plugins", .array(plugins)), ("summary", summary)])
    }

    private func checkList(_ checks: [ValidationCheck]) -> [JSON] {
        checks.map { .object([("name", .string($0.name)), ("summary", .string($0.summary)), ("budget", .number($0.budget))]) }
    }

    private func pluginJSON(_ r: PluginValidation) -> JSON {
        let results: [JSON] = r.results.map { result in
            .object([("check", .string(result.check)), ("status", .string(result.status.rawValue)),
                     ("messages", .array(result.messages.map(JSON.string))), ("seconds", .number(result.seconds))])
        }
        return .object([
            ("path", .string(r.path)), ("id", .optional(r.plugin?.id)), ("name", .optional(r.plugin?.name)),
            ("version", .optional(r.plugin?.version)), ("abi", .optional(r.plugin?.abi)), ("failed", .bool(r.failed)),
            ("results", .array(results)),
        ])
    }
}
