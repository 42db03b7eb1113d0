@preconcurrency import Glibc
import EaselCLI
import EaselHost
import EaselPreview
import EaselRender
import Foundation

extension DrawingLibraryEngine {
    /// `host snapshot`: plans the suite, renders and compares each snapshot, records what the mode
    /// says, and writes the report, JUnit and JSON it was asked for.
    func snapshot(_ request: SnapshotRequest, _ invocation: Invocation) throws -> Int32 {
        let names = request.names
        var record: SnapshotRecordMode = request.records ? .all : .none
        if let text = request.recordMode {
            guard let mode = SnapshotRecordMode(rawValue: text), mode != .none else {
                throw UsageError(message: "--record \(text.quoted) is not one of: missing, failed, all")
            }
            record = mode
        }
        var overrides = SnapshotSettings.Overrides()
        if let text = request.scales {
            guard let scales = SnapshotSettings.parseScales(text) else {
                throw UsageError(message: "--scales \(text.quoted) is not a comma-separated list of scales from \(RenderOptions.scalesText) (e.g. 1,2)")
            }
            overrides.scales = scales
        }
        if !request.traits.isEmpty {
            do { overrides.traits = try Traits.matrix(request.traits) } catch let error as TraitError {
                throw UsageError(message: "--trait: \(error.description)")
            }
        }
        overrides.threshold = request.threshold
        overrides.maxDifferingShare = request.maxDifferingShare
        let variants = try request.variants.map { text -> SnapshotVariantSelection in
            guard let v = SnapshotVariantSelection.parse(text) else {
                throw UsageError(message: "--variants \(text.quoted) is not 'all' or a comma-separated list of variant names")
            }
            return v
        } ?? .all
        var jobs = request.jobs
        let shard = try request.shard.map { text -> SnapshotShard in
            guard let s = SnapshotShard.parse(text) else {
                throw UsageError(message: "--shard \(text.quoted) is not K/N with 1 <= K <= N (e.g. 2/5)")
            }
            return s
        }
        let json = request.json
        let directory = request.directory
        let reportDirectory = request.reportDirectory
        let diagnostics = invocation.environment.diagnostics
        FontConfiguration.pin()
        if FontConfiguration.mode != .pinned {
            diagnostics.warn("fonts are not pinned (\(FontConfiguration.failure ?? "\(FontConfiguration.environmentVariable)=system")): renders may differ from references recorded elsewhere")
        }
        for missing in FontConfiguration.missingFonts {
            diagnostics.warn("pinned font \(missing) is not installed (run Scripts/install-deps): text will not match references recorded with it")
        }
        let settings = try SnapshotSettings.read(directory: directory)
        if invocation.arguments.has("in-process") && jobs > 1 {
            diagnostics.warn("--jobs \(jobs) needs worker processes; with --in-process plugin calls run on one thread (--jobs 1)")
            jobs = 1
        }
        invocation.environment.workers.prepare() // before the job threads exist
        let registry = try invocation.registry()
        for name in settings.classes.keys.sorted() where !registry.classes.contains(where: { $0.name == name }) {
            diagnostics.warn("\(settings.file ?? directory): classes.\(name): no such class is registered (the entry is unused)")
        }
        let all = try SnapshotPlan.cases(registry: registry, settings: settings, names: names, variants: variants, overrides: overrides)
        // An empty suite passed ("0 passed, 0 failed", exit 0): a CI job run in the wrong folder, or
        // whose components were not built, was green. (A file that failed to load is reported below.)
        if all.isEmpty && registry.failures.isEmpty {
            throw HostError(.notFound, "no classes to snapshot in \(registry.searchPath.directories.joined(separator: ", ")) "
                            + "(expected plugins there, or name a folder with --plugins DIR)")
        }
        let cases = shard.map { Array($0.select(all)) } ?? all
        var registries = [registry]
        for _ in 1..<max(1, min(jobs, cases.count)) { registries.append(try invocation.registry()) }

        try prepareReportDirectory(reportDirectory)
        var options = SnapshotOptions(directory: directory, record: record, reportDirectory: reportDirectory)
        options.recordCommand = [CLI.programName, "snapshot", "record"]
        options.recordOptions = invocation.arguments.all("plugins").flatMap { ["--plugins", $0] } + (request.directoryGiven ? ["--dir", directory] : [])
        // Each missing reference said "no reference DIR/…; record it", and never that DIR itself
        // does not exist (a mistyped --dir, or a suite never recorded): said once, first.
        if record == .none && !cases.isEmpty && access(directory, F_OK) != 0 {
            let origin = request.directoryGiven ? "given with --dir" : "the default folder of references; name another with --dir"
            diagnostics.warn("\(directory): no such directory (\(origin)): no snapshot has been recorded there; "
                                    + "record them with: \(GalleryPage.shellCommand(options.recordCommand + options.recordOptions))")
        }
        let runner = SnapshotRunner(cases: cases, options: options, registries: registries)
        // A plugin file that does not load hides its classes from the suite: an error of the run.
        let loadFailures = registry.failures
        if !json {
            for failure in loadFailures { print("ERROR    " + failure.description) }
        }
        let progress = ProgressLine(enabled: !json && isatty(STDOUT_FILENO) == 1, total: cases.count)
        let start = Clock.seconds()
        let results = runner.run(report: { _, result in
            guard !json, !(request.quiet && result.status == .passed) else { return }
            progress.clear()
            print(TerminalText.printable(result.line, keepingNewlines: true))
            fflush(stdout)
        }, progress: { done, failed in progress.update(done: done, failed: failed) })
        progress.clear()
        let seconds = Clock.seconds() - start
        var summary = SnapshotReport.Summary(results)
        summary.errors += loadFailures.count
        let command = ([CLI.programName] + CommandLine.arguments.dropFirst()).joined(separator: " ")
        // What takes the failed renders as references: the same selection, --record failed.
        let accept = GalleryPage.shellCommand([CLI.programName, "snapshot", "verify"] + request.names + ["--record", "failed"]
                                              + options.recordOptions
                                              + request.traits.flatMap { ["--trait", $0] }
                                              + (request.variants.map { ["--variants", $0] } ?? [])
                                              + (request.scales.map { ["--scales", $0] } ?? []))

        var reportWritten = false
        if summary.failed + summary.errors > 0 || request.reportAsked {
            let html = SnapshotReport.html(results, loadFailures: loadFailures, reportDirectory: reportDirectory, command: command,
                                           accept: accept)
            makeDirectories(reportDirectory)
            try writeFile(Array(html.utf8), to: reportDirectory + "/index.html")
            try writeFile([], to: reportDirectory + "/" + SnapshotReport.marker)
            reportWritten = true
        }
        if let junit = request.junit {
            try writeFile(Array(SnapshotReport.junit(results, loadFailures: loadFailures, name: "\(CLI.programName) snapshot").utf8), to: junit)
        }
        if json {
            print(snapshotJSON(results, summary: summary, options: options, shard: shard, total: all.count,
                            settings: settings, seconds: seconds, reportWritten: reportWritten,
                            loadFailures: loadFailures).text, terminator: "")
        } else {
            var line = summary.line + " in " + String(format: "%.1f s", seconds)
            if let shard { line += " (shard \(shard.description): \(cases.count) of \(all.count) snapshots)" }
            print(line)
            if reportWritten && summary.failed + summary.errors > 0 { print("report: \(reportDirectory)/index.html") }
            if summary.failed > 0 && !request.records { print("if the new pictures are right, accept them: \(accept)") }
        }
        // A render that failed (or a plugin file that did not load) is 69; a reference or an
        // artifact that could not be written is 73, as the README's exit table says; a scene that is
        // bad data (65) or names no class (66) is neither (it exited 69, blaming a plugin).
        let errorCodes = Set(results.filter { $0.status == .error }.map(\.errorExitCode))
        if !loadFailures.isEmpty || errorCodes.contains(where: { ![65, 66, 73].contains($0) }) { return 69 }
        for code: Int32 in [73, 65, 66] where errorCodes.contains(code) { return code }
        return summary.failed > 0 ? 1 : 0
    }


    /// Removes an earlier report (a directory holding the marker); refuses a directory that has
    /// other contents, so a mistyped --report never deletes anything else.
    private func prepareReportDirectory(_ dir: String) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: dir, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw HostError(.cannotCreate, "is a file (expected a directory for the snapshot report)", file: dir)
        }
        let contents = (try? fm.contentsOfDirectory(atPath: dir)) ?? []
        if contents.isEmpty { return }
        guard contents.contains(SnapshotReport.marker) else {
            throw HostError(.cannotCreate, "holds files that are not a snapshot report (expected an empty directory or an earlier report with \(SnapshotReport.marker); choose another --report)", file: dir)
        }
        // The marker alone did not protect what a person had put in the report since (notes, a
        // folder of their own): it was deleted with the rest. Only what a report writes is removed.
        if let foreign = foreignEntries(in: dir).first {
            throw HostError(.cannotCreate, "holds files that a snapshot report does not write (\(foreign)); move them, or choose another --report", file: dir)
        }
        do { try fm.removeItem(atPath: dir) } catch {
            throw HostError(.cannotCreate, "cannot remove the earlier report: \(error.localizedDescription)", file: dir)
        }
    }

    /// What in an earlier report a run did not write there: anything but the marker, index.html,
    /// folders, the three artifact PNGs and the temporaries of interrupted atomic writes.
    private func foreignEntries(in dir: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: dir) else { return [] }
        var foreign: [String] = []
        while let relative = walk.nextObject() as? String {
            if walk.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { continue }
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            let topLevel = !relative.contains("/")
            let written = topLevel ? [SnapshotReport.marker, "index.html"].contains(name)
                : ["reference.png", "actual.png", "difference.png"].contains(name)
            if !written && !(name.hasPrefix(".") && name.contains(".tmp-")) { foreign.append(relative) }
        }
        return foreign.sorted()
    }

    private func writeFile(_ bytes: [UInt8], to path: String) throws {
        try HostError.rendering { try AtomicFile.write(bytes, to: path) }
    }

    private func snapshotJSON(_ results: [SnapshotResult], summary: SnapshotReport.Summary, options: SnapshotOptions,
                     shard: SnapshotShard?, total: Int, settings: SnapshotSettings, seconds: Double,
                     reportWritten: Bool, loadFailures: [HostError]) -> JSON {
        func size(_ s: (width: Int, height: Int)?) -> JSON {
            s.map { .object([("width", .integer(Int64($0.width))), ("height", .integer(Int64($0.height)))]) } ?? .null
        }
        return .object([
            ("schema", .string("easel.snapshot/1")),
            ("record", .string(options.record.rawValue)),
            ("directory", .string(options.directory)),
            ("settingsFile", .optional(settings.file)),
            ("shard", shard.map { .object([("index", .integer(Int64($0.index))), ("count", .integer(Int64($0.count)))]) } ?? .null),
            ("suiteSize", .integer(Int64(total))),
            ("summary", .object([
                ("total", .integer(Int64(summary.total))), ("passed", .integer(Int64(summary.passed))),
                ("failed", .integer(Int64(summary.failed))), ("errors", .integer(Int64(summary.errors))),
                ("recorded", .integer(Int64(summary.recorded))), ("seconds", .number(seconds)),
            ])),
            ("report", reportWritten ? .string(options.reportDirectory + "/index.html") : .null),
            ("loadFailures", .array(loadFailures.map { failure in
                .object([("path", .optional(failure.file)), ("phase", .optional(failure.phase?.rawValue)),
                         ("message", .string(failure.message))])
            })),
            ("snapshots", .array(results.map { r in
                let c = r.comparison
                return .object([
                    ("id", .string(r.snapshot.id)),
                    ("class", .optional(r.snapshot.className)),
                    ("scene", { if case .scene(let p) = r.snapshot.subject { return .string(p) } else { return .null } }()),
                    ("variant", .string(r.snapshot.variant)),
                    ("state", .optional(r.snapshot.state?.name)),
                    ("traits", .array(r.snapshot.traits.assignments.map { .string($0) })),
                    ("scale", .number(r.snapshot.scale)),
                    ("reference", .string(options.directory + "/" + r.snapshot.referencePath)),
                    ("status", .string(r.status.rawValue)),
                    ("message", .optional(r.message)),
                    ("size", size(r.actualSize)),
                    ("referenceSize", size(r.referenceSize)),
                    ("differingPixels", c.map { .integer(Int64($0.differingPixels)) } ?? .null),
                    ("antialiasedPixels", c.map { .integer(Int64($0.antialiasedPixels)) } ?? .null),
                    ("differingShare", c.map { .number($0.differingShare) } ?? .null),
                    ("threshold", .number(r.snapshot.tolerance.threshold)),
                    ("maxDifferingShare", .number(r.snapshot.tolerance.maxDifferingShare)),
                    ("ignoreAntialiasing", .bool(r.snapshot.tolerance.ignoresAntialiasing)),
                    ("artifacts", r.artifacts.map { a in
                        .object([("reference", .optional(a.reference)), ("actual", .optional(a.actual)), ("difference", .optional(a.difference))])
                    } ?? .null),
                    ("seconds", .number(r.seconds)),
                ])
            })),
        ])
    }
}
