import Foundation

/// Server-Sent Events to a bounded number of clients: each event goes to every subscribed client's
/// queue; a client whose queue grows past `maximumQueuedBytes` (it stopped reading) is dropped.
///
/// Thread rule: ``publish(_:data:)`` may be called from any thread; each client's stream is read
/// on its connection's thread.
package final class EventHub: @unchecked Sendable {
    package let maximumClients: Int
    package let maximumQueuedBytes: Int
    private let lock = NSLock()
    private var clients: [ObjectIdentifier: Client] = [:]
    private var nextID = 1
    private var isClosed = false

    package init(maximumClients: Int = 32, maximumQueuedBytes: Int = 4 << 20) {
        self.maximumClients = maximumClients
        self.maximumQueuedBytes = maximumQueuedBytes
    }

    /// How many clients are subscribed.
    package var clientCount: Int { lock.lock(); defer { lock.unlock() }; return clients.count }

    /// A new client's stream, starting with a `hello` event; nil when `maximumClients` are subscribed
    /// (and still there: when every slot is taken, the streams whose clients closed them give theirs
    /// up first, not when their connection next looks).
    package func subscribe() -> EventStream? {
        lock.lock()
        defer { lock.unlock() }
        if clients.count >= maximumClients {
            for (key, client) in clients where client.clientLeft() {
                client.end()
                clients[key] = nil
            }
        }
        guard !isClosed, clients.count < maximumClients else { return nil }
        let client = Client(hub: self)
        clients[ObjectIdentifier(client)] = client
        // `retry`: a page whose server was restarted reconnects within a second (the browser's
        // default is 3 s), and its hello has the page read everything again.
        _ = client.enqueue(Array("retry: 1000\n".utf8) + Self.frame(id: nextID, event: "hello", data: #"{"schema":"easel.serve/1"}"#),
                           limit: maximumQueuedBytes)
        return client
    }

    /// Sends `event` with one line of JSON `data` to every client.
    package func publish(_ event: String, data: String) {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        let frame = Self.frame(id: nextID, event: event, data: data)
        for (key, client) in clients where !client.enqueue(frame, limit: maximumQueuedBytes) {
            clients[key] = nil
        }
    }

    /// Ends every stream (the server stops).
    package func close() {
        lock.lock()
        isClosed = true
        let all = clients.values
        clients.removeAll()
        lock.unlock()
        for c in all { c.end() }
    }

    fileprivate func remove(_ client: Client) {
        lock.lock()
        clients[ObjectIdentifier(client)] = nil
        lock.unlock()
    }

    static func frame(id: Int, event: String, data: String) -> [UInt8] {
        Array("id: \(id)\nevent: \(event)\ndata: \(data)\n\n".utf8)
    }

    final class Client: EventStream {
        private let condition = NSCondition()
        private var queue: [UInt8] = []
        private var ended = false
        private weak var hub: EventHub?
        /// Whether the client closed its connection (see ``EventStream/watch(clientLeft:)``).
        private var left: (@Sendable () -> Bool)?

        init(hub: EventHub) { self.hub = hub }

        func watch(clientLeft: @escaping @Sendable () -> Bool) {
            condition.lock()
            left = clientLeft
            condition.unlock()
        }

        /// Whether the client is known to have closed its connection.
        func clientLeft() -> Bool {
            condition.lock()
            let left = self.left
            condition.unlock()
            return left?() ?? false
        }

        /// Queues a frame; false (and the stream ends) when the client is too far behind.
        func enqueue(_ frame: [UInt8], limit: Int) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            if ended { return false }
            if queue.count + frame.count > limit {
                ended = true
                condition.broadcast()
                return false
            }
            queue += frame
            condition.broadcast()
            return true
        }

        func end() {
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }

        func next(maximumWait: Double) -> [UInt8]? {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(maximumWait)
            while queue.isEmpty && !ended {
                if !condition.wait(until: deadline) { return [] }
            }
            if queue.isEmpty { return nil }
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }

        func closed() {
            end()
            hub?.remove(self)
        }
    }
}
