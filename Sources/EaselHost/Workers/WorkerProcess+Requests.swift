/// Instance requests (easel_instance_host: request_layout, request_redraw, property_changed) from
/// a worker: the worker sends `requested(instance:)` frames whenever an instance asks while nothing
/// was pending, at any time; they are collected here while the host waits for answers, and read
/// without waiting when the host looks for them between calls.
extension WorkerProcess {
    /// Whether instance `id` said it has requests; reads any frames already waiting first (never
    /// blocks). Forgets the mark: the caller takes the requests.
    func takeRequestMark(_ id: UInt32) -> Bool {
        pollRequests()
        return instancesWithRequests.remove(id) != nil
    }

    /// Reads the `requested` frames already waiting on the connection, without blocking. Only call
    /// it between calls (no answer is outstanding then, so every waiting frame is such a mark).
    func pollRequests() {
        guard isAlive else { return }
        while let frame = try? connection.receiveIfReady() {
            if case .requested(let instance)? = try? WorkerResponse.decode(frame) { instancesWithRequests.insert(instance) }
        }
    }

    /// The descriptor to poll for readability to learn, without a call, that an instance asked for
    /// something (for event loops such as `host watch`).
    var requestDescriptor: Int32 { connection.fd }
}
