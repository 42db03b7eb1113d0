/// Learns what plugin files contain: in this process, or in a scanner worker so that a plugin that
/// crashes or hangs while loading is recorded as failed, with why, instead of ending the host.
enum PluginScanner {
    /// In this process. The loaded plugins are returned too, for instances.
    static func scanInProcess(_ paths: [String]) -> [String: (ScanOutcome, LoadedPlugin?)] {
        var results: [String: (ScanOutcome, LoadedPlugin?)] = [:]
        for path in paths {
            do {
                let plugin = try PluginLoader.load(path)
                results[path] = (.plugin(plugin.info, plugin.classes.map(\.info)), plugin)
            } catch let error as HostError {
                results[path] = (.failed(error.with(file: path)), nil)
            } catch {
                results[path] = (.failed(HostError(.pluginFailure, "\(error)", file: path, phase: .load)), nil)
            }
        }
        return results
    }

    /// In a scanner worker, all files in one batch; when the worker dies or hangs on a file, that file
    /// is recorded as failed and a new worker goes on with the rest.
    static func scanInWorkers(_ paths: [String], timeout: Double) -> [String: ScanOutcome] {
        var results: [String: ScanOutcome] = [:]
        var remaining = paths[...]
        while let current = remaining.first {
            let context = HostError(.pluginFailure, "", file: current, phase: .load)
            do {
                let worker = try WorkerProcess(timeout: timeout)
                var response = try worker.call(.scan(paths: Array(remaining)), timeout: timeout, context: context)
                while true {
                    switch response {
                    case .scanned(let path, let outcome):
                        results[path] = outcome
                        if remaining.first == path { remaining.removeFirst() }
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
            } catch {
                results[current] = .failed(HostError(.internalError, "\(error)", file: current))
                remaining.removeFirst()
            }
        }
        return results
    }
}
