import FoundationEssentials
import Glibc

/// A worker process: the host binary re-executed as `host __worker`, running plugin code so that a
/// crash, an `exit()` or a hang in a plugin never takes the host down.
///
/// The worker gets a socketpair end as fd 3 for the protocol (``WorkerRequest``), `/dev/null` as
/// stdin, and one pipe for both stdout and stderr, whose last lines are kept for error messages.
/// Every call has a time budget; when it runs out, the worker is killed. When the worker dies, the
/// call fails with a ``HostError`` naming the plugin file, class, phase, the signal or exit status,
/// and the worker's last lines of output.
final class WorkerProcess {
    /// The program to run as a worker: `$EASEL_WORKER_EXECUTABLE`, else this program.
    nonisolated(unsafe) static var executable: String = {
        if let e = ProcessInfo.processInfo.environment["EASEL_WORKER_EXECUTABLE"], !e.isEmpty { return e }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? String(cString: buffer) : CommandLine.arguments[0]
    }()

    static var workerArgument: String { WorkerArgument.value }

    let pid: pid_t
    let connection: WorkerConnection
    private let output: Int32
    private var outputTail = OutputTail()
    private(set) var isAlive = true
    /// What ended the worker, once it has ended.
    private(set) var ending: String?

    /// Whether the worker's hello is still to be read (a worker started ahead of need).
    private var helloPending = true

    /// Starts a worker. With `waitForHello`, waits for its hello (at most `timeout` seconds); without,
    /// returns at once and the hello is read before the first call: a spare worker started ahead of
    /// need costs nothing on the path that uses it.
    init(timeout: Double, waitForHello: Bool = true) throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HostError(.internalError, "cannot create a socket pair for a worker: \(String(cString: strerror(errno)))")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(pair[0]); close(pair[1])
            throw HostError(.internalError, "cannot create a pipe for a worker: \(String(cString: strerror(errno)))")
        }
        for fd in pipeEnds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
        var environment = ProcessInfo.processInfo.environment
        // A crashing plugin should end the worker at once, not after a symbolicated backtrace.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let argv = [Self.executable, Self.workerArgument]
        var child: pid_t = 0
        let status = withCStrings(argv) { cargv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { cenv in
                posix_spawn(&child, Self.executable, &actions, nil, cargv, cenv)
            }
        }
        close(pair[1])
        close(pipeEnds[1])
        guard status == 0 else {
            close(pair[0]); close(pipeEnds[0])
            throw HostError(.internalError, "cannot start a worker (\(Self.executable)): \(String(cString: strerror(status)))")
        }
        pid = child
        connection = WorkerConnection(fd: pair[0])
        output = pipeEnds[0]
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        if waitForHello { try awaitHello(timeout: timeout) }
    }

    /// Reads the worker's hello if it has not been read yet, and checks the protocol version.
    func awaitHello(timeout: Double) throws {
        guard helloPending else { return }
        helloPending = false
        let hello = try call(nil, timeout: timeout, context: HostError(.pluginFailure, "", phase: .load))
        guard case .hello(let version, _) = hello, version == WorkerResponse.protocolVersion else {
            terminate()
            throw HostError(.internalError, "the worker speaks another protocol (\(hello); expected version \(WorkerResponse.protocolVersion)): is \(Self.executable) the same host?")
        }
    }

    deinit {
        terminate()
        close(output)
        close(connection.fd)
    }

    /// Sends `request` (nil: only wait, as for the hello) and waits for one response. `context`
    /// holds the file, class and property to name if it fails; its phase defaults to the request's.
    func call(_ request: WorkerRequest?, timeout: Double, context: HostError) throws -> WorkerResponse {
        if request != nil { try awaitHello(timeout: timeout) }
        let phase = context.phase ?? request?.phase ?? .load
        guard isAlive else {
            throw failure(context, phase: phase, "its worker had already stopped (\(ending ?? "unknown reason"))")
        }
        do {
            if let request { try connection.send(request.encoded()) }
            return try receive(timeout: timeout)
        } catch let failure as WorkerConnection.Failure {
            throw self.failure(context, phase: phase, describe(failure, timeout: timeout))
        }
    }

    /// Waits for one more response (after `call`, for streamed answers).
    func next(timeout: Double, context: HostError) throws -> WorkerResponse {
        do { return try receive(timeout: timeout) } catch let failure as WorkerConnection.Failure {
            throw self.failure(context, phase: context.phase ?? .validate, describe(failure, timeout: timeout))
        }
    }

    private func receive(timeout: Double) throws -> WorkerResponse {
        let deadline = Clock.now() + UInt64(max(timeout, 0.001) * 1e9)
        while true {
            let frame = try connection.receive(deadline: deadline, side: output) { [self] in drainOutput() }
            let response: WorkerResponse
            do { response = try WorkerResponse.decode(frame) } catch {
                throw WorkerConnection.Failure.corrupt("an undecodable message (\(error))")
            }
            // Not an answer: an instance has requests (see WorkerProcess+Requests.swift).
            if case .requested(let instance) = response { instancesWithRequests.insert(instance); continue }
            return response
        }
    }

    /// Instances that said they have requests since the host last took them.
    var instancesWithRequests = Set<UInt32>()

    /// Asks the worker to quit, then makes sure it is gone and reaped.
    func terminate() {
        guard isAlive else { return }
        try? connection.send(WorkerRequest.quit.encoded())
        shutdown(connection.fd, Int32(SHUT_WR))
        for _ in 0..<50 { // up to 50 ms for a clean exit
            if reap(blocking: false) { return }
            usleep(1000)
        }
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
    }

    /// The last lines the worker wrote to stdout or stderr.
    var lastOutput: [String] {
        drainOutput()
        return outputTail.lines
    }

    /// Reads what the worker printed; its warnings (plugin log lines at warning level, which the
    /// worker prints as "warning: …") are passed on to this process's warnings.
    private func drainOutput() {
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let n = read(output, &buffer, buffer.count)
            if n <= 0 { return }
            for line in outputTail.append(buffer[0..<n]) where line.hasPrefix("warning: ") {
                Diagnostics.warn(String(line.dropFirst("warning: ".count)))
            }
        }
    }

    /// Turns a connection failure into words, killing the worker if it hung.
    private func describe(_ failure: WorkerConnection.Failure, timeout: Double) -> String {
        switch failure {
        case .timedOut:
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
            ending = "stopped after \(PropertyInfo.formatNumber(timeout)) s without answering"
            return "did not answer within \(PropertyInfo.formatNumber(timeout)) s (an endless loop or a deadlock?); the worker was stopped"
        case .closed:
            _ = reap(blocking: true)
            return ending ?? "the worker ended unexpectedly"
        case .system(let code):
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
            return "the connection to the worker failed: \(String(cString: strerror(code)))"
        case .corrupt(let what):
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
            ending = "killed after sending \(what)"
            return "the worker sent \(what) (did the plugin write to file descriptor 3?); the worker was stopped"
        }
    }

    private func failure(_ context: HostError, phase: HostError.Phase, _ why: String) -> HostError {
        var message = why
        let tail = lastOutput
        if !tail.isEmpty {
            message += "\n  last output of the worker:\n" + tail.map { "    " + $0 }.joined(separator: "\n")
        }
        var e = HostError(.pluginFailure, message, file: context.file, className: context.className,
                          property: context.property, phase: phase)
        e.kind = .pluginFailure
        return e
    }

    /// Collects the worker's exit status; true once it has ended.
    @discardableResult
    private func reap(blocking: Bool) -> Bool {
        guard isAlive else { return true }
        var status: Int32 = 0
        let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        if r == 0 { return false }
        isAlive = false
        if r < 0 { ending = ending ?? "it could not be waited for"; return true }
        let signal = status & 0x7F
        if signal == 0 {
            let code = (status >> 8) & 0xFF
            ending = ending ?? "exited with status \(code)" + (code == 0 ? "" : " (did the plugin call exit()?)")
        } else {
            ending = ending ?? "crashed with \(Self.signalName(signal))"
        }
        return true
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGSEGV: return "SIGSEGV (segmentation fault: a bad memory access)"
        case SIGBUS: return "SIGBUS (bus error: a bad memory access)"
        case SIGABRT: return "SIGABRT (abort)"
        case SIGILL: return "SIGILL (illegal instruction: a Swift runtime trap such as fatalError or a failed precondition)"
        case SIGTRAP: return "SIGTRAP (a Swift runtime trap such as fatalError or a failed precondition)"
        case SIGFPE: return "SIGFPE (arithmetic error)"
        case SIGKILL: return "SIGKILL (killed)"
        case SIGTERM: return "SIGTERM (terminated)"
        default: return "signal \(signal)"
        }
    }
}

/// The argument that makes the host binary serve as a worker: `host __worker`.
public enum WorkerArgument {
    public static let value = "__worker"
}

/// The last lines of a worker's output, bounded. Of a stack trace (the Swift runtime prints one
/// after a fatal error), only the first few frames outside the Swift runtime are kept, so the
/// error's own line is not pushed out by frames.
struct OutputTail {
    static let maximumLines = 12
    static let maximumLineLength = 300
    static let maximumFrames = 3
    private(set) var lines: [String] = []
    private var partial: [UInt8] = []
    private var framesKept = 0

    /// Adds output; returns the lines it completed.
    @discardableResult
    mutating func append(_ bytes: ArraySlice<UInt8>) -> [String] {
        var completed: [String] = []
        for b in bytes {
            if b == UInt8(ascii: "\n") {
                let line = String(decoding: partial, as: UTF8.self)
                partial.removeAll(keepingCapacity: true)
                completed.append(line)
                push(line)
            } else if partial.count < Self.maximumLineLength {
                partial.append(b)
            }
        }
        return completed
    }

    private mutating func push(_ line: String) {
        if line.isEmpty { return }
        if line.hasPrefix("Current stack trace:") { framesKept = 0 }
        if Self.isFrame(line) {
            if line.contains("libswiftCore.so") || framesKept >= Self.maximumFrames { return }
            framesKept += 1
        }
        lines.append(line)
        if lines.count > Self.maximumLines { lines.removeFirst(lines.count - Self.maximumLines) }
    }

    /// "4    libFoo.so    0x00007f… symbol + 12": a stack frame line.
    static func isFrame(_ line: String) -> Bool {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        return parts.count >= 3 && parts[0].allSatisfy(\.isNumber) && parts[2].hasPrefix("0x")
    }
}

/// Runs `body` with a NULL-terminated C array of strings.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
