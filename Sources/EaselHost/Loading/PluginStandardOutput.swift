@preconcurrency import Glibc

/// Keeps what plugin code running in this process prints off the host's standard output.
///
/// A worker's stdout is a pipe the host reads (for error messages), so a plugin's `printf` is never
/// mixed into what the host writes on stdout (`render -o -`'s picture, every `--json` document). With
/// `--in-process` (for debuggers) plugin code shares the host's fd 1; once ``divertInProcessPlugins()`` was called,
/// fd 1 points at stderr while plugin code runs (every call into a plugin: load and init, create,
/// sets and gets, prepare, awake, layout, draw, actions, destroy, deinit) and back at the host's
/// stdout in between, with C's stdout buffer flushed on both sides of each switch. Not covered:
/// what a plugin's own threads print between calls (easel.h: stdout belongs to the host's user,
/// which `host validate`'s stdout check enforces).
///
/// Switching costs two system calls per call into a plugin, so it is off unless a command runs
/// plugins in process; worker processes (whose fd 1 is already that pipe) never turn it on.
package enum PluginStandardOutput {
    nonisolated(unsafe) private static var enabled = false
    /// The host's own stdout, kept while fd 1 points elsewhere.
    nonisolated(unsafe) private static var hostOutput: Int32 = -1
    /// Calls into plugins in progress (they nest, and `--jobs` threads may overlap them).
    nonisolated(unsafe) private static var depth = 0
    /// Whether fd 1 is pointed at stderr now.
    nonisolated(unsafe) private static var diverted = false
    /// While set, fd 1 is someone else's (``OutputCapture`` collecting a plugin's stdout): left alone.
    nonisolated(unsafe) private static var suspended = false
    private static let lock = Mutex()

    /// Turns the diversion on for the rest of this process (`--in-process`). Idempotent.
    package static func divertInProcessPlugins() {
        lock.lock()
        defer { lock.unlock() }
        guard !enabled else { return }
        hostOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        enabled = hostOutput >= 0 // no stdout to protect: nothing to do
    }

    /// Runs `body`, plugin code, with fd 1 pointed at stderr when the diversion is on.
    static func around<R>(_ body: () throws -> R) rethrows -> R {
        guard enabled else { return try body() }
        enter()
        defer { leave() }
        return try body()
    }

    /// Leaves fd 1 alone until ``resume()``: its caller points fd 1 somewhere itself (``OutputCapture``).
    static func suspend() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if diverted { restore() }
        suspended = true
    }

    /// Ends ``suspend()``, once fd 1 is the host's stdout again.
    static func resume() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        suspended = false
        if depth > 0 { divert() }
    }

    private static func enter() {
        lock.lock()
        defer { lock.unlock() }
        depth += 1
        if depth == 1 && !suspended { divert() }
    }

    private static func leave() {
        lock.lock()
        defer { lock.unlock() }
        depth -= 1
        if depth == 0 && diverted { restore() }
    }

    private static func divert() {
        fflush(stdout) // what the host printed goes to its stdout
        diverted = dup2(STDERR_FILENO, STDOUT_FILENO) >= 0
    }

    private static func restore() {
        fflush(stdout) // what the plugin printf'ed goes to stderr
        dup2(hostOutput, STDOUT_FILENO)
        diverted = false
    }
}
