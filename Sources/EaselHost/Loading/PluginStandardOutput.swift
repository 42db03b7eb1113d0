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
    /// Whether the diversion is on. Process-wide by nature (fd 1 is the process's): set once, before
    /// any call into a plugin, by the thread that starts the command, and read without a lock on
    /// every call into a plugin, where a lock would cost every property set and get.
    nonisolated(unsafe) private static var enabled = false

    private struct State {
        /// The host's own stdout, kept while fd 1 points elsewhere.
        var hostOutput: Int32 = -1
        /// Calls into plugins in progress (they nest, and `--jobs` threads may overlap them).
        var depth = 0
        /// Whether fd 1 is pointed at stderr now.
        var diverted = false
        /// While set, fd 1 is someone else's (``OutputCapture`` collecting a plugin's stdout): left alone.
        var suspended = false

        mutating func divert() {
            fflush(stdout) // what the host printed goes to its stdout
            diverted = dup2(STDERR_FILENO, STDOUT_FILENO) >= 0
        }

        mutating func restore() {
            fflush(stdout) // what the plugin printf'ed goes to stderr
            dup2(hostOutput, STDOUT_FILENO)
            diverted = false
        }
    }
    private static let state = Locked(State())

    /// Turns the diversion on for the rest of this process (`--in-process`). Idempotent.
    package static func divertInProcessPlugins() {
        state.withValue { state in
            guard !enabled else { return }
            state.hostOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
            enabled = state.hostOutput >= 0 // no stdout to protect: nothing to do
        }
    }

    /// Runs `body`, plugin code, with fd 1 pointed at stderr when the diversion is on.
    static func around<R>(_ body: () throws -> R) rethrows -> R {
        guard enabled else { return try body() }
        state.withValue { state in
            state.depth += 1
            if state.depth == 1 && !state.suspended { state.divert() }
        }
        defer {
            state.withValue { state in
                state.depth -= 1
                if state.depth == 0 && state.diverted { state.restore() }
            }
        }
        return try body()
    }

    /// Leaves fd 1 alone until ``resume()``: its caller points fd 1 somewhere itself (``OutputCapture``).
    static func suspend() {
        guard enabled else { return }
        state.withValue { state in
            if state.diverted { state.restore() }
            state.suspended = true
        }
    }

    /// Ends ``suspend()``, once fd 1 is the host's stdout again.
    static func resume() {
        guard enabled else { return }
        state.withValue { state in
            state.suspended = false
            if state.depth > 0 { state.divert() }
        }
    }
}
