import Foundation

/// Identical render requests waiting for the session's lock share one answer: while a plugin call
/// is in progress (or hangs, up to its time budget), the page may queue the same preview again and
/// again (each edit, each resize step back and forth); only the latest frame is wanted, so a request
/// that finds an identical one still waiting joins it instead of rendering again. A render that has
/// begun (holds the lock, and so has read the values it draws with) takes no one new: a request
/// arriving then gets a render of its own, which reads the values as they are after it arrived.
///
/// Thread rule: ``answer(_:_:)`` is called from the connections' threads, concurrently.
final class SharedRenders: @unchecked Sendable {
    private final class Job {
        var result: Result<HTTPResponse, Error>?
    }
    private let condition = NSCondition()
    /// Renders asked for and not begun yet, by key.
    private var waiting: [String: Job] = [:]

    /// Answers the request `key` names (identical requests, identical keys): joins a render of the
    /// same key that has not begun, or runs `work`, which calls `begin` once it holds the session's
    /// lock (from then on, requests of the same key are not joined to it).
    func answer(_ key: String, _ work: (_ begin: () -> Void) throws -> HTTPResponse) throws -> HTTPResponse {
        condition.lock()
        if let job = waiting[key] {
            while job.result == nil { condition.wait() }
            let result = job.result!
            condition.unlock()
            return try result.get()
        }
        let job = Job()
        waiting[key] = job
        condition.unlock()
        let result = Result { try work { self.close(job, key) } }
        condition.lock()
        if waiting[key] === job { waiting[key] = nil }
        job.result = result
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Takes no one new into `job`.
    private func close(_ job: Job, _ key: String) {
        condition.lock()
        if waiting[key] === job { waiting[key] = nil }
        condition.unlock()
    }

    /// The key of a GET request: its path and query, in a fixed order.
    static func key(_ request: HTTPRequest) -> String {
        request.path + "?" + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }
}
