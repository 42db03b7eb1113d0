import Dispatch
@preconcurrency import Glibc

/// Learns what plugin files contain: in this process, or in scanner workers so that a plugin that
/// crashes or hangs while loading is recorded as failed, with why, instead of ending the host.
///
/// Workers scan in batches of ``batchSize`` files and are then replaced: a process that keeps
/// thousands of plugins loaded makes every further `dlopen` slower (the loader walks its list of
/// loaded objects), so a long scan would grow faster than the number of files. Up to
/// ``parallelScanners`` workers (one per processor, at most 4) scan batches side by side. A scan
/// that runs longer than a second shows its progress on stderr when stderr is a terminal.
enum PluginScanner {
    static let batchSize = 200
    static var parallelScanners: Int { max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// In this process. The loaded plugins are returned too, for instances.
    static func scanInProcess(_ paths: [String], environment: HostEnvironment) -> [String: (ScanOutcome, LoadedPlugin?)] {
        var results: [String: (ScanOutcome, LoadedPlugin?)] = [:]
        let progress = ScanProgress(total: paths.count)
        for path in paths {
            do {
                let plugin = try PluginLoader.load(path, environment: environment)
                results[path] = (.plugin(plugin.info, plugin.classes.map(\.info)), plugin)
            } catch let error as HostError {
                results[path] = (.failed(error.with(file: path)), nil)
            } catch {
                results[path] = (.failed(HostError(.pluginFailure, "\(error)", file: path, phase: .load)), nil)
            }
            progress.done(failed: results[path].map { if case .failed = $0.0 { return true } else { return false } } ?? false)
        }
        progress.finish()
        return results
    }

    /// In scanner workers: batches of files, on several workers at once; when a worker dies or hangs
    /// on a file, that file is recorded as failed and a new worker goes on with the rest of its batch.
    static func scanInWorkers(_ paths: [String], timeout: Double, environment: HostEnvironment) -> [String: ScanOutcome] {
        let batches = stride(from: 0, to: paths.count, by: batchSize).map { Array(paths[$0..<min($0 + batchSize, paths.count)]) }
        let scanners = min(parallelScanners, batches.count)
        guard scanners > 1 else {
            let progress = ScanProgress(total: paths.count)
            var results: [String: ScanOutcome] = [:]
            for batch in batches { results.merge(scanBatch(batch, timeout: timeout, environment: environment, progress: progress)) { $1 } }
            progress.finish()
            return results
        }
        // Fork the launcher before there are threads.
        environment.workers.prepare()
        final class Shared: @unchecked Sendable {
            let lock = Mutex()
            var next = 0
            var results: [String: ScanOutcome] = [:]
        }
        let shared = Shared()
        let progress = ScanProgress(total: paths.count)
        DispatchQueue.concurrentPerform(iterations: scanners) { _ in
            while true {
                shared.lock.lock()
                let index = shared.next
                shared.next += 1
                shared.lock.unlock()
                guard index < batches.count else { return }
                let scanned = scanBatch(batches[index], timeout: timeout, environment: environment, progress: progress)
                shared.lock.lock()
                shared.results.merge(scanned) { $1 }
                shared.lock.unlock()
            }
        }
        progress.finish()
        return shared.results
    }

    /// One batch, in one worker (more if one dies), which is stopped at the end.
    static func scanBatch(_ paths: [String], timeout: Double, environment: HostEnvironment, progress: ScanProgress) -> [String: ScanOutcome] {
        var results: [String: ScanOutcome] = [:]
        var remaining = paths[...]
        while let current = remaining.first {
            let context = HostError(.pluginFailure, "", file: current, phase: .load)
            do {
                let worker = try WorkerProcess(environment: environment, timeout: timeout)
                defer { worker.terminate() }
                var response = try worker.call(.scan(paths: Array(remaining)), timeout: timeout, context: context)
                while true {
                    switch response {
                    case .scanned(let path, let outcome):
                        results[path] = outcome
                        if remaining.first == path { remaining.removeFirst() }
                        if case .failed = outcome { progress.done(failed: true) } else { progress.done(failed: false) }
                    case .ok:
                        remaining.removeAll()
                    case .failure(let error):
                        throw error
                    default:
                        throw HostError(.internalError, "unexpected scanner response \(response)", file: remaining.first)
                    }
                    guard let next = remaining.first else { break }
                    response = try worker.next(timeout: timeout, context: HostError(.pluginFailure, "", file: next, phase: .load))
                }
            } catch let error as HostError {
                // The file being scanned when the worker died or hung takes the blame.
                let blamed = remaining.first ?? current
                results[blamed] = .failed(error.with(file: blamed, phase: .load))
                if !remaining.isEmpty { remaining.removeFirst() }
                progress.done(failed: true)
            } catch {
                results[current] = .failed(HostError(.internalError, "\(error)", file: current))
                remaining.removeFirst()
                progress.done(failed: true)
            }
        }
        return results
    }
}

/// "scanning plugins: 1234/10000 (2 failed)" on stderr, for scans longer than a second, only when
/// stderr is a terminal; the line is cleared when the scan ends. Thread-safe.
final class ScanProgress: @unchecked Sendable {
    private let total: Int
    private let start = Clock.now()
    private let enabled = isatty(2) != 0
    private let lock = Mutex()
    private var finished = 0
    private var failed = 0
    private var lastShown: UInt64 = 0
    private var shown = false

    init(total: Int) { self.total = total }

    func done(failed didFail: Bool) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        finished += 1
        if didFail { failed += 1 }
        let now = Clock.now()
        guard now - start > 1_000_000_000, now - lastShown > 100_000_000 else { return }
        lastShown = now
        shown = true
        fputs("\rscanning plugins: \(finished)/\(total)" + (failed > 0 ? " (\(failed) failed)" : "") + "\u{1B}[K", stderr)
    }

    func finish() {
        guard enabled, shown else { return }
        fputs("\r\u{1B}[K", stderr)
    }
}
