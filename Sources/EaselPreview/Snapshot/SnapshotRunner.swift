import EaselHost
import EaselRender
import Foundation
import Glibc

/// Which references a run writes (swift-snapshot-testing's record modes).
package enum SnapshotRecordMode: String, CaseIterable, Sendable {
    /// Verify only: never write a reference; a missing one is a failure.
    case none
    /// Write references that do not exist yet; verify the others.
    case missing
    /// Write references that are missing, unreadable, of another size or over the tolerance.
    case failed
    /// Make every reference equal its render (files whose pixels are unchanged are left alone).
    case all
}

/// What a run does besides rendering: where references and failure artifacts go.
package struct SnapshotOptions: Sendable {
    /// The snapshot directory (`Snapshots`).
    package var directory: String
    package var record: SnapshotRecordMode
    /// Where failure artifacts and index.html go.
    package var reportDirectory: String
    /// zlib level of written references and artifacts.
    package var pngLevel = 9
    /// The command that records a missing reference, before the class or scene it records: the
    /// program as it was run and the options of this run that `record` needs too (`--plugins`,
    /// `--dir`), so that the command a failure suggests can be copied as it is.
    package var recordCommand = ["host", "snapshot", "record"]
    /// The options of ``recordCommand`` that come after the class or scene.
    package var recordOptions: [String] = []

    package init(directory: String, record: SnapshotRecordMode, reportDirectory: String) {
        self.directory = directory
        self.record = record
        self.reportDirectory = reportDirectory
    }
}

/// The outcome of one snapshot.
package struct SnapshotResult: Sendable {
    package enum Status: String, Sendable {
        /// The render matches its reference within the tolerance.
        case passed
        /// It does not, or its reference is missing, unreadable or of another size.
        case failed
        /// The reference was written (record modes).
        case recorded
        /// The render itself failed (a plugin crashed, hung or reported an error).
        case error
    }

    /// The files a person looks at for a failure, absolute or relative to the current directory.
    package struct Artifacts: Sendable {
        package var directory: String
        package var reference: String?
        package var actual: String?
        package var difference: String?
    }

    package var snapshot: SnapshotCase
    package var status: Status
    /// Why it failed or errored, or what recording did ("new", "updated: …").
    package var message: String?
    package var comparison: ImageComparison?
    /// Pixel sizes: the render's and the reference's, when known.
    package var actualSize: (width: Int, height: Int)?
    package var referenceSize: (width: Int, height: Int)?
    package var artifacts: Artifacts?
    package var seconds: Double
    /// An error that was writing a file (a reference, an artifact), not rendering: exit 73, not 69.
    package var writeFailed = false
    /// The exit status an error of this snapshot calls for on its own: 69 for a plugin that
    /// failed, 73 for a write, and, as `host render` exits, 65 for a scene that is malformed or whose
    /// attribute does not fit, 66 for one that names no registered class (not a plugin's failure).
    package var errorExitCode: Int32 = 69

    /// "ok", "FAIL", "ERROR", "recorded": the word a result line starts with.
    package var word: String {
        switch status {
        case .passed: return "ok"
        case .failed: return "FAIL"
        case .error: return "ERROR"
        case .recorded: return "recorded"
        }
    }

    /// The one line a run prints for it.
    package var line: String {
        var text = word.padding(toLength: 9, withPad: " ", startingAt: 0) + snapshot.id
        if let message { text += " — " + message }
        if let artifacts, status == .failed || status == .error { text += " (see \(artifacts.directory))" }
        return text
    }
}

/// Renders snapshots and compares them with their references, on `jobs` threads, each with its own
/// registry (so its own worker processes: plugin calls are never concurrent within one process).
///
/// ```swift
/// let runner = SnapshotRunner(cases: plan, options: options, registries: [registry])
/// let results = runner.run { index, result in print(result.line) }
/// ```
package final class SnapshotRunner: @unchecked Sendable {
    package let cases: [SnapshotCase]
    package let options: SnapshotOptions
    private let registries: [Registry]

    /// One registry per job: `registries.count` threads render at once.
    package init(cases: [SnapshotCase], options: SnapshotOptions, registries: [Registry]) {
        precondition(!registries.isEmpty)
        self.cases = cases
        self.options = options
        self.registries = registries
    }

    /// Runs every case. `report` is called on the calling thread for each result in the cases'
    /// order (whatever order the jobs finish in), `progress` after every finished case with the
    /// number done and the number failed so far.
    package func run(report: (Int, SnapshotResult) -> Void, progress: (Int, Int) -> Void = { _, _ in }) -> [SnapshotResult] {
        if registries.count == 1 || cases.count <= 1 {
            var results: [SnapshotResult] = []
            for (i, c) in cases.enumerated() {
                let r = runCase(c, registry: registries[0])
                results.append(r)
                report(i, r)
                progress(results.count, results.filter { $0.status == .failed || $0.status == .error }.count)
            }
            return results
        }
        // Threads take cases in order from a shared cursor; results are reported in order.
        let shared = SharedProgress(count: cases.count)
        let jobs = min(registries.count, cases.count)
        for job in 0..<jobs {
            let registry = UncheckedBox(registries[job]) // used by this thread only
            let thread = Thread { [self] in
                while let index = shared.take() {
                    shared.finish(index, runCase(cases[index], registry: registry.value))
                }
                shared.exit()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        var results: [SnapshotResult] = []
        var lastFinished = 0
        while results.count < cases.count {
            let (ready, finished, failed) = shared.wait(after: results.count, finished: lastFinished)
            lastFinished = finished
            for r in ready {
                report(results.count, r)
                results.append(r)
            }
            progress(finished, failed)
        }
        shared.waitForExits(jobs)
        return results
    }

    // MARK: - One case

    func runCase(_ c: SnapshotCase, registry: Registry) -> SnapshotResult {
        let start = Clock.seconds()
        var result = SnapshotResult(snapshot: c, status: .passed, seconds: 0)
        do {
            let actual = try render(c, registry: registry)
            result.actualSize = (actual.width, actual.height)
            try compare(actual, &result)
        } catch let error as HostError {
            result.status = .error
            result.message = error.description
            result.writeFailed = error.kind == .cannotCreate
            result.errorExitCode = error.exitCode
        } catch {
            result.status = .error
            result.message = "\(error)"
        }
        result.seconds = Clock.seconds() - start
        return result
    }

    /// The render's pixels.
    func render(_ c: SnapshotCase, registry: Registry) throws -> RGBAImage {
        let target: RenderTarget
        switch c.subject {
        case .component(let className, let variant, _):
            guard let cls = try registry.designableClass(named: className) else {
                throw HostError.noClass(named: className, "no class named \(className.quoted) is registered")
            }
            // Rendered as `host render CLASS --variant NAME` renders it.
            let declared = cls.info.variants.contains { $0.name == variant }
            var request = ComponentRenderRequest(className: className, scale: c.scale, format: .png(compressionLevel: options.pngLevel),
                                                 variant: declared ? variant : nil)
            request.traits = c.traits
            request.play = c.state?.play
            target = try ComponentRender.render(cls, request)
        case .scene(let path):
            let scene = try Scene.read(path)
            target = try SceneRender.render(scene, classes: registry.designableClass(named:), classNames: registry.classes.map(\.name),
                                            format: .png(compressionLevel: options.pngLevel), scale: c.scale,
                                            traits: c.traits == .default ? nil : c.traits)
        }
        return try HostError.rendering(className: c.className) { try target.rgbaImage() }
    }

    private func compare(_ actual: RGBAImage, _ result: inout SnapshotResult) throws {
        let c = result.snapshot
        let referencePath = options.directory + "/" + c.referencePath
        let mode = options.record
        guard FileManager.default.fileExists(atPath: referencePath) else {
            if mode != .none {
                try write(actual, to: referencePath)
                result.status = .recorded
                result.message = "new → \(referencePath)"
            } else {
                result.status = .failed
                result.message = "no reference \(referencePath) (record it: \(GalleryPage.shellCommand(options.recordCommand + [recordArgument(c)] + options.recordOptions)), or verify --record missing)"
                try writeArtifacts(reference: nil, actual: actual, difference: nil, &result)
            }
            return
        }
        let reference: RGBAImage
        do { reference = try RGBAImage.readPNG(referencePath) } catch let error as RenderError {
            if mode == .failed || mode == .all {
                try write(actual, to: referencePath)
                result.status = .recorded
                result.message = "replaced an unreadable reference (\(error))"
            } else {
                result.status = .failed
                result.message = "the reference is unreadable: \(error)"
                try writeArtifacts(reference: nil, actual: actual, difference: nil, &result)
            }
            return
        }
        result.referenceSize = (reference.width, reference.height)
        guard reference.width == actual.width, reference.height == actual.height else {
            let change = "size changed from \(reference.width)×\(reference.height) to \(actual.width)×\(actual.height) pixels"
            if mode == .failed || mode == .all {
                try write(actual, to: referencePath)
                result.status = .recorded
                result.message = "updated: \(change)"
            } else {
                result.status = .failed
                result.message = change
                try writeArtifacts(reference: reference, actual: actual, difference: nil, &result)
            }
            return
        }
        let comparison = ImageComparison.compare(reference: reference, actual: actual, tolerance: c.tolerance)!
        result.comparison = comparison
        if comparison.passes {
            if mode == .all && reference.pixels != actual.pixels {
                try write(actual, to: referencePath)
                result.status = .recorded
                result.message = "updated (\(describe(comparison)), within the tolerance)"
            }
            return
        }
        if mode == .failed || mode == .all {
            try write(actual, to: referencePath)
            result.status = .recorded
            result.message = "updated: \(describe(comparison))"
            return
        }
        result.status = .failed
        result.message = describe(comparison)
        let drawn = ImageComparison.compare(reference: reference, actual: actual, tolerance: c.tolerance, drawDifference: true)!
        try writeArtifacts(reference: reference, actual: actual, difference: drawn.difference, &result)
    }

    /// "312 of 14400 pixels differ (2.17%; at most 0% may); 40 more are anti-aliasing".
    func describe(_ c: ImageComparison) -> String {
        var text = "\(c.differingPixels) of \(c.totalPixels) pixels differ (\(Self.percent(c.differingShare)); at most \(Self.percent(c.tolerance.maxDifferingShare)) may)"
        let ignored = c.tolerance.ignoresAntialiasing ? c.antialiasedPixels : 0
        if ignored > 0 { text += "; \(ignored) more are anti-aliasing (ignored)" }
        return text
    }

    static func percent(_ share: Double) -> String {
        let p = share * 100
        if p == 0 { return "0%" }
        if p >= 0.01 { return String(format: "%.2f%%", p) }
        return String(format: "%.4f%%", p)
    }

    private func recordArgument(_ c: SnapshotCase) -> String {
        switch c.subject {
        case .component(let className, _, _): return className
        case .scene(let path): return path
        }
    }

    private func write(_ image: RGBAImage, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        makeDirectories(directory)
        try HostError.rendering { try AtomicFile.write(image.encodePNG(level: options.pngLevel), to: path) }
    }

    /// Writes reference, actual and difference images for a failure into the report directory.
    private func writeArtifacts(reference: RGBAImage?, actual: RGBAImage, difference: RGBAImage?,
                                _ result: inout SnapshotResult) throws {
        let dir = options.reportDirectory + "/" + result.snapshot.id
        var artifacts = SnapshotResult.Artifacts(directory: dir)
        // The marker goes in before the first artifact: a run interrupted before its index.html
        // left a report without one, which the next run refused as someone else's folder (73).
        makeDirectories(options.reportDirectory)
        let marker = open(options.reportDirectory + "/" + SnapshotReport.marker, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if marker >= 0 { close(marker) }
        if let reference {
            artifacts.reference = dir + "/reference.png"
            try write(reference, to: artifacts.reference!)
        }
        artifacts.actual = dir + "/actual.png"
        try write(actual, to: artifacts.actual!)
        if let difference {
            artifacts.difference = dir + "/difference.png"
            try write(difference, to: artifacts.difference!)
        }
        result.artifacts = artifacts
    }
}


/// The state the job threads of a run share, behind one lock.
private final class SharedProgress: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0, finished = 0, failed = 0, exited = 0
    private var slots: [SnapshotResult?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next case to run, nil when none is left.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ result: SnapshotResult) {
        condition.lock()
        slots[index] = result
        finished += 1
        if result.status == .failed || result.status == .error { failed += 1 }
        condition.signal()
        condition.unlock()
    }

    func exit() {
        condition.lock()
        exited += 1
        condition.signal()
        condition.unlock()
    }

    /// Waits until results after the first `reported` are ready or more cases finished than
    /// `finished`; returns the ready results in order and the counts.
    func wait(after reported: Int, finished seen: Int) -> ([SnapshotResult], Int, Int) {
        condition.lock()
        defer { condition.unlock() }
        while true {
            var ready: [SnapshotResult] = []
            while reported + ready.count < slots.count, let r = slots[reported + ready.count] { ready.append(r) }
            if !ready.isEmpty || finished != seen { return (ready, finished, failed) }
            condition.wait()
        }
    }

    func waitForExits(_ count: Int) {
        condition.lock()
        while exited < count { condition.wait() }
        condition.unlock()
    }
}

/// A value handed to exactly one thread.
private struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
