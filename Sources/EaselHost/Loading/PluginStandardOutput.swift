@preconcurrency import Glibc

/// Keeps what plugin code running in this process prints off the host's standard output.
///
/// A worker's stdout is a pipe the host reads (for error messages), so a plugin's `printf` is never
/// mixed into what the host writes on stdout (`render -o -`'s picture, every `--json` document). With
/// `--in-process` (for debuggers) plugin code shares the host's fd 1; a host environment made with
/// ``HostEnvironment/divertsPluginOutput`` (the CLI's `--in-process`) runs each call into a plugin
/// inside ``around(diverting:_:)``: fd 1 points at stderr while plugin code runs (every call into a
/// plugin: load and init, create, sets and gets, prepare, awake, layout, draw, actions, destroy,
/// deinit) and back at the host's stdout in between, with C's stdout buffer flushed on both sides of
/// each switch. Not covered: what a plugin's own threads print between calls (easel.h: stdout
/// belongs to the host's user, which `host validate`'s stdout check enforces).
///
/// Switching costs four system calls per outermost call into a plugin, so it is off unless a command
/// runs plugins in process; worker processes (whose fd 1 is already that pipe) never turn it on.
/// Whether to divert is the caller's (its environment's); where fd 1 points is the process's, kept here.
package enum PluginStandardOutput {
    private struct State {
        /// The host's fd 1 as it was when plugin code began (a copy), kept while fd 1 points at
        /// stderr; -1 otherwise. Taken afresh each time: whoever embeds the core may move its stdout.
        var hostOutput: Int32 = -1
        /// Calls into plugins in progress (they nest, and `--jobs` threads may overlap them).
        var depth = 0
        /// While set, fd 1 is someone else's (``OutputCapture`` collecting a plugin's stdout): left alone.
        var suspended = false

        /// Whether fd 1 is pointed at stderr now.
        var diverted: Bool { hostOutput >= 0 }

        mutating func divert() {
            fflush(stdout) // what the host printed goes to its stdout
            hostOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3) // fails with no stdout: nothing to protect
            if hostOutput >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0 {
                close(hostOutput)
                hostOutput = -1
            }
        }

        mutating func restore() {
            fflush(stdout) // what the plugin printf'ed goes to stderr
            dup2(hostOutput, STDOUT_FILENO)
            close(hostOutput)
            hostOutput = -1
        }
    }
    /// Process-wide by nature: fd 1 is the process's, whichever environment's plugin points it away.
    private static let state = Locked(State())

    /// Runs `body`, plugin code; with `diverting` (the environment's
    /// ``HostEnvironment/divertsPluginOutput``), fd 1 points at stderr while it runs.
    static func around<R>(diverting: Bool, _ body: () throws -> R) rethrows -> R {
        guard diverting else { return try body() }
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
        state.withValue { state in
            if state.diverted { state.restore() }
            state.suspended = true
        }
    }

    /// Ends ``suspend()``, once fd 1 is the host's stdout again.
    static func resume() {
        state.withValue { state in
            state.suspended = false
            if state.depth > 0 { state.divert() }
        }
    }
}
