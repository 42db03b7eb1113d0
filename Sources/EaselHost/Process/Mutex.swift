@preconcurrency import Glibc

/// A pthread mutex in a class (so it has a stable address).
final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }

    /// Runs `body` holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value shared between threads, reached only under its lock: what is process-wide by nature
/// (a file descriptor of the process, a library it loaded once) and must still be safe to touch from
/// any thread.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = Mutex()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    package func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try mutex.withLock { try body(&value) }
    }
}
