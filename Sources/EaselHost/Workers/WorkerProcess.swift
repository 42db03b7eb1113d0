import Glibc

/// A worker process, forked by the ``WorkerLauncher``: it runs plugin code so that a crash, an
/// `exit()`, a hang or a runaway allocation in a plugin never takes the host down.
///
/// The worker gets a socketpair end as fd 3 for the protocol (``WorkerRequest``), `/dev/null` as
/// stdin, and one pipe for both stdout and stderr, whose first and last lines are kept for error
/// messages. Every call has a time budget and the worker a memory limit; when either runs out, the
/// worker (with its whole process group) is killed. When the worker dies, the call fails with a
/// ``HostError`` naming the plugin file, class, phase, the signal or exit status, and the worker's output.
final class WorkerProcess {
    let pid: pid_t
    /// The launcher it came from (its memory limit applies), and where what it prints is passed on.
    let launcher: WorkerLauncher
    let diagnostics: Diagnostics
    let connection: WorkerConnection
    private let output: Int32
    private var outputTail = OutputTail()
    private(set) var isAlive = true
    /// What ended the worker, once it has ended.
    private(set) var ending: String?
    /// The phase of the call in which the worker ended, for the calls that find it gone (a crash in
    /// a destroy the host made as it let go of an instance is reported by the next call).
    private var endedDuring: HostError.Phase?
    /// The resident memory last sampled, in kB, and when (``Clock``).
    private var lastResidentKilobytes = 0
    private var lastMemorySample: UInt64 = 0

    /// Whether the worker's hello is still to be read (a worker started ahead of need).
    private var helloPending = true

    /// Starts a worker. With `waitForHello`, waits for its hello (at most `timeout` seconds); without,
    /// returns at once and the hello is read before the first call: a spare worker started ahead of
    /// need costs nothing on the path that uses it.
    /// `fill`: a worker whose new memory holds that byte (see ``WorkerLauncher/spawn(socket:output:memoryLimit:fill:)``).
    init(environment: HostEnvironment, timeout: Double, waitForHello: Bool = true, fill: UInt8? = nil) throws {
        launcher = environment.workers
        diagnostics = environment.diagnostics
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
        defer { close(pair[1]); close(pipeEnds[1]) }
        do {
            pid = try launcher.spawn(socket: pair[1], output: pipeEnds[1], fill: fill)
        } catch {
            close(pair[0]); close(pipeEnds[0])
            throw error
        }
        connection = WorkerConnection(fd: pair[0])
        output = pipeEnds[0]
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        launcher.follow(self)
        if waitForHello { try awaitHello(timeout: timeout) }
    }

    /// Reads the worker's hello if it has not been read yet, and checks the protocol version.
    func awaitHello(timeout: Double) throws {
        guard helloPending else { return }
        helloPending = false
        let hello = try call(nil, timeout: timeout, context: HostError(.pluginFailure, "", phase: .load))
        guard case .hello(let version, _) = hello, version == WorkerResponse.protocolVersion else {
            terminate()
            throw HostError(.internalError, "the worker speaks another protocol (\(hello); expected version \(WorkerResponse.protocolVersion))")
        }
    }

    deinit {
        launcher.forgetLive(self)
        terminate()
        close(output)
        close(connection.fd)
    }

    /// Sends `request` (nil: only wait, as for the hello) and waits for one response. `context`
    /// holds the file, class and property to name if it fails; its phase defaults to the request's.
    func call(_ request: WorkerRequest?, timeout: Double, context: HostError) throws -> WorkerResponse {
        if request != nil { try awaitHello(timeout: timeout) }
        let phase = context.phase ?? request?.phase ?? .load
        guard isAlive, !quitSent else {
            let when = endedDuring.map { " during \($0.rawValue)" } ?? ""
            throw failure(context, phase: phase, "its worker had already stopped (\(ending ?? (quitSent ? "quit" : "unknown reason"))\(when))")
        }
        outputTail.beginCall()
        if let request { loading = Self.builds(loadedBy: request) }
        do {
            if let request { try connection.send(request.encoded()) }
            return try receive(timeout: timeout)
        } catch let failure as WorkerConnection.Failure {
            let why = describe(failure, timeout: timeout)
            if !isAlive { endedDuring = endedDuring ?? phase }
            throw self.failure(context, phase: phase, why)
        }
    }

    /// Waits for one more response (after `call`, for streamed answers).
    func next(timeout: Double, context: HostError) throws -> WorkerResponse {
        do { return try receive(timeout: timeout) } catch let failure as WorkerConnection.Failure {
            throw self.failure(context, phase: context.phase ?? .validate, describe(failure, timeout: timeout))
        }
    }

    private func receive(timeout: Double) throws -> WorkerResponse {
        while true {
            let frame = try connection.receive(budget: timeout, side: output, drain: { [self] in drainOutput() },
                                               tick: { [self] in try checkStopRequest(); try checkMemory() })
            let response: WorkerResponse
            do { response = try WorkerResponse.decode(frame) } catch {
                throw WorkerConnection.Failure.corrupt("an undecodable message (\(error))")
            }
            // Not an answer: an instance has requests (see WorkerProcess+Requests.swift).
            if case .requested(let instance) = response { instancesWithRequests.insert(instance); continue }
            return response
        }
    }

    /// The builds the current call loads (a `load`, `problems` or `scan` request): what their init logs is
    /// shown once however many workers load them (see ``PluginLogLine``).
    private var loading: [FileSignature] = []

    static func builds(loadedBy request: WorkerRequest) -> [FileSignature] {
        switch request {
        case .load(let path), .problems(let path): return FileSignature(path: path).map { [$0] } ?? []
        case .scan(let paths): return paths.compactMap(FileSignature.init(path:))
        default: return []
        }
    }

    /// Instances that said they have requests since the host last took them.
    var instancesWithRequests = Set<UInt32>()

    /// Samples the worker's resident memory, at most every 20 ms across calls (a quick call's every
    /// reply does not pay for reading /proc); over the limit, the call fails. What a worker could
    /// allocate between two samples is bounded by its data-size limit.
    private func checkMemory() throws {
        let now = Clock.now()
        guard now &- lastMemorySample >= 20_000_000 else { return }
        lastMemorySample = now
        guard let bytes = ProcessMemory.residentBytes(pid) else { return }
        lastResidentKilobytes = Int(bytes >> 10)
        if bytes > launcher.memoryLimit { throw WorkerConnection.Failure.memoryExceeded }
    }

    /// A program that stops on a signal (``HostProcess/stopOnSignal()``) cuts short the call it waits
    /// for once a signal asked it to stop: a plugin that hangs never holds up the stop.
    private func checkStopRequest() throws {
        if let signal = HostProcess.stopSignal { throw WorkerConnection.Failure.stopRequested(signal: signal) }
    }

    /// Sends the worker its quit (once), without waiting: it runs its plugins' deinit and ends.
    func sendQuit() {
        guard isAlive, !quitSent else { return }
        quitSent = true
        try? connection.send(WorkerRequest.quit.encoded())
        shutdown(connection.fd, Int32(SHUT_WR))
    }
    private var quitSent = false

    /// Asks the worker to quit, then makes sure it is gone (with its process group) and reaped; what
    /// it printed meanwhile (its plugins' deinit) is passed on.
    func terminate() {
        guard isAlive else { return }
        sendQuit()
        // A worker that quits closes its output once its plugins' deinit returned: wait for that
        // (up to 50 ms), keeping what deinit printed; the launcher reaps the process. A worker that
        // does not finish in time, or whose output a child of its plugin holds open, is killed.
        let deadline = Clock.now() + 50_000_000
        var ended = false
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while !ended, Clock.now() < deadline {
            var pfd = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, (deadline - min(deadline, Clock.now())) / 1_000_000))
            guard poll(&pfd, 1, left) > 0 else { continue }
            while true {
                let n = read(output, &buffer, buffer.count)
                if n > 0 {
                    for line in outputTail.append(buffer[0..<n]) { PluginLogLine.forward(line, loading: loading, to: diagnostics) }
                    continue
                }
                if n == 0 { ended = true }
                break
            }
        }
        if ended {
            isAlive = false
            ending = ending ?? "quit"
            launcher.forget(pid)
        } else {
            reap(kill: true)
            drainOutput()
        }
    }

    /// The first and last lines the worker wrote to stdout or stderr during the current call (or
    /// before it, if it wrote nothing since).
    var lastOutput: [String] {
        drainOutput()
        return outputTail.lines
    }

    /// Reads what the worker printed. Plugin log lines come prefixed by their level: warnings and
    /// errors are passed on to this process's warnings, info and debug lines to its verbose output.
    private func drainOutput() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(output, &buffer, buffer.count)
            if n <= 0 { return }
            for line in outputTail.append(buffer[0..<n]) { PluginLogLine.forward(line, loading: loading, to: diagnostics) }
        }
    }

    /// Turns a connection failure into words, killing the worker if it is still running.
    private func describe(_ failure: WorkerConnection.Failure, timeout: Double) -> String {
        switch failure {
        case .timedOut:
            // A worker the plugin stopped (raise(SIGSTOP)) is not looping: say so.
            let suspended = Self.isSuspended(pid)
            reap(kill: true)
            ending = "stopped after \(PropertyInfo.formatNumber(timeout)) s without answering"
            if suspended {
                return "did not answer within \(PropertyInfo.formatNumber(timeout)) s: it was suspended by a signal (SIGSTOP or SIGTSTP) and never resumed; the worker was stopped"
            }
            return "did not answer within \(PropertyInfo.formatNumber(timeout)) s (an endless loop or a deadlock?); the worker was stopped"
        case .memoryExceeded:
            reap(kill: true)
            let limit = launcher.memoryLimit >> 20
            ending = "stopped after exceeding the memory limit of \(limit) MB"
            return "exceeded the memory limit of \(limit) MB (it used \(lastResidentKilobytes >> 10) MB; see --memory-limit); the worker was stopped"
        case .closed:
            // The worker ended, or the plugin closed the host's channel and went on.
            for _ in 0..<100 where isAlive {
                if reap(kill: false) { break }
                usleep(1000)
            }
            if isAlive {
                reap(kill: true)
                ending = "the plugin closed the host's channel (file descriptor 3) and went on running; the worker was stopped"
            }
            return ending ?? "the worker ended unexpectedly"
        case .stopRequested(let signal):
            reap(kill: true)
            ending = "stopped because the host was asked to stop (\(Self.signalName(signal)))"
            return "was cut short: the host was asked to stop (\(Self.signalName(signal))); the worker was stopped"
        case .system(let code):
            reap(kill: true)
            return "the connection to the worker failed: \(String(cString: strerror(code)))"
        case .corrupt(let what):
            reap(kill: true)
            ending = "killed after sending \(what)"
            return "the worker sent \(what): the plugin wrote into the host's channel (file descriptor 3); the worker was stopped"
        }
    }

    /// `context.message`, when given, says what was being done ("action poke") and leads the message.
    /// Whether `pid` is in the stopped state ('T' or 't' in /proc/PID/stat, after the command name).
    static func isSuspended(_ pid: pid_t) -> Bool {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0, let paren = buffer[0..<n].lastIndex(of: UInt8(ascii: ")")), paren + 2 < n else { return false }
        return buffer[paren + 2] == UInt8(ascii: "T") || buffer[paren + 2] == UInt8(ascii: "t")
    }

    private func failure(_ context: HostError, phase: HostError.Phase, _ why: String) -> HostError {
        var message = context.message.isEmpty ? why : context.message + ": " + why
        let tail = lastOutput
        if !tail.isEmpty {
            message += HostError.workerOutputHeader + tail.map { "    " + $0 }.joined(separator: "\n")
        }
        var e = HostError(.pluginFailure, message, file: context.file, className: context.className,
                          property: context.property, phase: phase)
        e.kind = .pluginFailure
        return e
    }

    /// Collects the worker's ending from the launcher (killing its process group first with `kill`);
    /// true once it has ended.
    @discardableResult
    private func reap(kill: Bool) -> Bool {
        guard isAlive else { return true }
        let state = kill ? launcher.kill(pid) : launcher.state(of: pid)
        switch state {
        case .running:
            return false
        case .unknown:
            isAlive = false
            ending = ending ?? "it could not be waited for (the worker launcher is gone)"
        case .ended(let end):
            isAlive = false
            let signal = end.status & 0x7F
            let nearLimit = UInt64(end.maximumResidentKilobytes) * 1024 >= launcher.memoryLimit
            let memory = nearLimit ? "; it had reached its memory limit of \(launcher.memoryLimit >> 20) MB" : ""
            if signal == 0 {
                let code = (end.status >> 8) & 0xFF
                if code == WorkerLauncher.brokenChannelStatus {
                    ending = ending ?? "the plugin broke the host's channel: it closed or replaced file descriptor 3"
                } else {
                    ending = ending ?? "exited with status \(code)" + (code == 0 ? "" : " (did the plugin call exit()?)") + memory
                }
            } else {
                ending = ending ?? "crashed with \(Self.signalName(signal))" + memory
            }
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
        case SIGINT: return "SIGINT (interrupted)"
        case SIGHUP: return "SIGHUP (hang-up)"
        default: return "signal \(signal)"
        }
    }
}
