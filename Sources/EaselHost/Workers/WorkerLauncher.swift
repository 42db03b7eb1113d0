import CSystem
@preconcurrency import Glibc

/// What a worker process runs, given to a ``WorkerLauncher`` by the program that makes it.
package struct WorkerProgram: Sendable {
    /// Serves the worker protocol on fd 3 until the host is done; returns the exit status. Runs in a
    /// process forked from the launcher.
    package let run: @Sendable () -> Int32
    /// Run once in the launcher of a long-running session before it forks workers, so that every
    /// worker starts with fonts and font maps loaded.
    package let warmUp: @Sendable () -> Void

    package init(run: @escaping @Sendable () -> Int32, warmUp: @escaping @Sendable () -> Void = {}) {
        self.run = run
        self.warmUp = warmUp
    }

    /// The worker loop (``WorkerServer``) on fd 3, drawing and measuring with `renderer`.
    package static func serving(renderer: Renderer?) -> WorkerProgram {
        WorkerProgram(run: { WorkerServer.run(fd: 3, renderer: renderer) }, warmUp: { renderer?.warmUp() })
    }
}

/// Starts worker processes by forking a template process, the *launcher* (a zygote), so that a
/// worker costs a `fork` instead of an `exec` and a relink of some fifty shared libraries.
///
/// ```
/// host ──control socket──▶ launcher ──fork──▶ worker (own process group, dies with the launcher)
///                                      └────▶ worker …
/// ```
///
/// - The launcher is forked from the host the first time a worker is needed, while the host is
///   single-threaded, so it holds no lock another thread took. A host that is multi-threaded by then
///   (or a test process, which sets `$EASEL_WORKER_EXECUTABLE`) runs `host __launcher` instead: the
///   same launcher, started by `exec`. A program that will create threads calls ``prepare(warm:)`` first.
/// - Each worker runs in a process group of its own, with the launcher as parent and a parent-death
///   signal (SIGKILL). Ending a worker kills its whole group, so processes a plugin forks end with it.
///   The launcher is a child subreaper: a process that leaves the group (`setsid`) and outlives its
///   parent is re-parented to the launcher, which kills it.
/// - When the host ends in any way, SIGKILL included, the launcher sees its control socket close,
///   kills every worker group and exits. Only the launcher reaps workers, so a pid is never killed
///   after it was reused.
/// - A worker gets its protocol socket as fd 3, `/dev/null` as stdin, one pipe as stdout and stderr,
///   and a data-size limit (`RLIMIT_DATA`) of twice ``memoryLimit``.
///
/// Each launcher is an object of its own: a process may hold several (two host cores, each with its
/// workers). The termination handler knows them all (`easel_termination_add_launcher`).
package final class WorkerLauncher: @unchecked Sendable {
    /// The argument that makes the host binary serve as an exec'd launcher: `host __launcher`.
    package static let launcherArgument = "__launcher"
    /// The exit status of a worker whose protocol channel (fd 3) was closed or replaced by the plugin.
    package static let brokenChannelStatus: Int32 = 86
    /// Tells a worker of a filled launcher its fill byte (see ``spawn(socket:output:fill:)``).
    static let memoryFillVariable = "EASEL_WORKER_MEMORY_FILL"
    /// Tells an exec'd launcher to run its program's warm-up.
    static let warmVariable = "EASEL_LAUNCHER_WARM"
    /// 1 GiB: far above what a component needs to draw (the examples stay under 40 MB), far below
    /// what would hurt the machine.
    package static let defaultMemoryLimit: UInt64 = 1 << 30

    /// What every worker of this launcher runs.
    package let program: WorkerProgram
    /// The memory limit of each worker, in bytes (`--memory-limit`): its resident memory is checked
    /// every 20 ms while a call runs, and its data size is capped at twice the limit (`RLIMIT_DATA`)
    /// as a backstop for allocations faster than that (they fail: malloc returns NULL).
    package let memoryLimit: UInt64
    /// The program an exec'd launcher runs (`EXECUTABLE __launcher`): `$EASEL_WORKER_EXECUTABLE`,
    /// else this process's own executable.
    private let executable: String?

    private let lock = Mutex()
    private var connection: Connection?
    /// The launchers of filled workers, by fill byte, and each such worker's fill.
    private var filled: [UInt8: Connection] = [:]
    private var fillOf: [pid_t: UInt8] = [:]
    private var wantsWarmUp = false
    private let live = Locked<[ObjectIdentifier: WeakWorker]>([:])
    private struct WeakWorker { weak var worker: WorkerProcess? }

    /// - Parameters:
    ///   - program: what each worker runs.
    ///   - memoryLimit: see ``memoryLimit``.
    ///   - executable: the program to exec as `EXECUTABLE __launcher` when forking is not possible
    ///     (nil: `$EASEL_WORKER_EXECUTABLE`, else this process's executable).
    package init(program: WorkerProgram, memoryLimit: UInt64 = WorkerLauncher.defaultMemoryLimit, executable: String? = nil) {
        self.program = program
        self.memoryLimit = memoryLimit
        self.executable = executable
    }

    deinit { shutdown() }

    /// Gets the launcher ready now: call it before the process creates threads. With `warm`, the
    /// launcher runs the program's warm-up before forking its first worker. Idempotent.
    package func prepare(warm: Bool = false) {
        lock.withLock {
            if warm { wantsWarmUp = true }
            _ = try? connectionLocked()
        }
    }

    /// How a worker ended.
    struct Ending: Equatable {
        /// The wait status (as from `waitpid`).
        var status: Int32
        /// Its peak resident memory, in kB.
        var maximumResidentKilobytes: Int
    }

    enum State: Equatable {
        case running
        case ended(Ending)
        /// Not a worker of this launcher (or the launcher is gone).
        case unknown
    }

    /// Starts a worker with `socket` as its fd 3 and `output` as its stdout and stderr. The caller
    /// keeps (and closes) its own copies of both.
    ///
    /// With `fill` (not 0xFF), the worker comes from a launcher of its own, exec'd with glibc's malloc
    /// tunables set so that every block malloc hands out is filled with `fill` (no thread cache, which
    /// would hand blocks back unfilled), and the worker fills 64 KiB of stack with it before each
    /// request: what a plugin reads without having set it is then `fill`. `host validate` draws in
    /// workers of two fills and compares the pictures.
    func spawn(socket: Int32, output: Int32, fill: UInt8? = nil) throws -> pid_t {
        try lock.withLock {
            let control = try connectionLocked(fill: fill)
            let reply = try control.request(LauncherMessage(op: .spawn, value: Int64(bitPattern: memoryLimit * 2)), fds: [socket, output])
            guard reply.pid > 0 else {
                throw HostError(.internalError, "cannot start a worker: \(String(cString: strerror(Int32(reply.value))))")
            }
            if let fill { fillOf[reply.pid] = fill }
            return reply.pid
        }
    }

    /// The launcher of worker `pid` (nil: none runs).
    private func launcher(of pid: pid_t) -> Connection? {
        fillOf[pid].map { filled[$0] } ?? connection
    }

    /// The worker's state, without waiting.
    func state(of pid: pid_t) -> State {
        lock.withLock {
            guard let control = launcher(of: pid), let reply = try? control.request(LauncherMessage(op: .state, pid: pid)) else { return .unknown }
            return reply.state
        }
    }

    /// Kills the worker's process group and waits for the worker; returns how it ended.
    @discardableResult
    func kill(_ pid: pid_t) -> State {
        lock.withLock {
            guard let control = launcher(of: pid), let reply = try? control.request(LauncherMessage(op: .kill, pid: pid)) else { return .unknown }
            return reply.state
        }
    }

    /// Tells the launcher that the host is done with a worker that quit on its own: it is reaped
    /// (and its process group killed) when it ends, without the host waiting.
    func forget(_ pid: pid_t) {
        lock.withLock {
            guard let control = launcher(of: pid) else { return }
            _ = try? control.request(LauncherMessage(op: .forget, pid: pid))
            fillOf[pid] = nil
        }
    }

    /// Ends every worker and the launcher, and waits for them. Called when the program ends (and when
    /// the launcher is released).
    package func shutdown() {
        lock.withLock {
            for control in filled.values { stop(control) }
            filled = [:]
            fillOf = [:]
            guard let control = connection else { return }
            stop(control)
            connection = nil
        }
    }

    private func stop(_ control: Connection) {
        _ = try? control.request(LauncherMessage(op: .shutdown))
        easel_termination_remove_launcher(control.terminationSlot)
        close(control.fd)
        var status: Int32 = 0
        while waitpid(control.pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The launcher's process id while it runs (tests).
    package var launcherProcessID: pid_t? { lock.withLock { connection?.pid } }

    // MARK: - Live workers

    /// Keeps `worker` among the workers ``quitAll()`` asks to quit, until ``forgetLive(_:)``.
    func follow(_ worker: WorkerProcess) {
        live.withValue { $0[ObjectIdentifier(worker)] = WeakWorker(worker: worker) }
    }

    func forgetLive(_ worker: WorkerProcess) {
        live.withValue { $0[ObjectIdentifier(worker)] = nil }
    }

    /// Asks every worker of this launcher to quit now, without waiting: for a command that makes no
    /// more plugin calls (a one-shot render, before it encodes and writes its picture), so that the
    /// workers end while the host works. Their end is awaited, and what their plugins print meanwhile
    /// is passed on, when each is released. Call it only while no plugin call runs on another thread.
    package func quitAll() {
        let workers = live.withValue { $0.values.compactMap(\.worker) }
        for worker in workers { worker.sendQuit() }
    }

    // MARK: - Starting the launcher

    private final class Connection {
        let fd: Int32
        let pid: pid_t
        /// Its slot in the termination handler's table (-1: none was free).
        let terminationSlot: Int32
        init(fd: Int32, pid: pid_t) {
            self.fd = fd
            self.pid = pid
            // A SIGTERM, SIGINT or SIGHUP closes the socket and waits for the launcher (HostProcess).
            terminationSlot = easel_termination_add_launcher(fd, pid)
        }

        func request(_ message: LauncherMessage, fds: [Int32] = []) throws -> LauncherMessage {
            var bytes = message.encoded()
            let sent = fds.withUnsafeBufferPointer { f in
                easel_send_with_fds(fd, &bytes, bytes.count, f.baseAddress, Int32(f.count))
            }
            guard sent == 0 else { throw HostError(.internalError, "the worker launcher is gone: \(String(cString: strerror(errno)))") }
            var reply = [UInt8](repeating: 0, count: LauncherMessage.size)
            var none: [Int32] = [0]
            var count: Int32 = 0
            let n = easel_receive_with_fds(fd, &reply, reply.count, &none, 0, &count)
            guard n == LauncherMessage.size, let decoded = LauncherMessage(reply) else {
                throw HostError(.internalError, "the worker launcher is gone (it sent \(n) bytes)")
            }
            return decoded
        }
    }

    private func connectionLocked(fill: UInt8? = nil) throws -> Connection {
        if let fill, let c = filled[fill] { return c }
        if fill == nil, let connection { return connection }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HostError(.internalError, "cannot create the worker launcher's socket: \(String(cString: strerror(errno)))")
        }
        let exec = executable ?? ProcessEnvironment.current["EASEL_WORKER_EXECUTABLE"].flatMap { $0.isEmpty ? nil : $0 }
        let pid: pid_t
        if fill == nil, exec == nil, easel_thread_count() == 1 {
            pid = forkLauncher(control: pair[1])
        } else {
            pid = try execLauncher(exec ?? Self.ownExecutable, control: pair[1], fill: fill)
        }
        close(pair[1])
        guard pid > 0 else {
            close(pair[0])
            throw HostError(.internalError, "cannot start the worker launcher: \(String(cString: strerror(errno)))")
        }
        let c = Connection(fd: pair[0], pid: pid)
        if let fill {
            filled[fill] = c
        } else {
            connection = c
        }
        return c
    }

    private static var ownExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : CommandLine.arguments[0]
    }

    private func forkLauncher(control: Int32) -> pid_t {
        fflush(stdout)
        fflush(stderr)
        let warm = wantsWarmUp
        let program = self.program
        let pid = fork()
        if pid == 0 {
            if dup2(control, 3) < 0 { _exit(70) }
            easel_close_from(4)
            _exit(Self.serve(control: 3, program: program, warm: warm))
        }
        return pid
    }

    private func execLauncher(_ executable: String, control: Int32, fill: UInt8? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, control, 3)
        var environment = ProcessEnvironment.current
        // A crashing plugin should end its worker at once, not after a symbolicated backtrace.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        if wantsWarmUp { environment[Self.warmVariable] = "1" }
        if let fill {
            // glibc fills a block it hands out with perturb ^ 0xFF.
            let tunables = "glibc.malloc.tcache_count=0:glibc.malloc.perturb=\(fill ^ 0xFF)"
            environment["GLIBC_TUNABLES"] = environment["GLIBC_TUNABLES"].map { $0 + ":" + tunables } ?? tunables
            environment[Self.memoryFillVariable] = String(fill)
        }
        var child: pid_t = 0
        let status = withCStrings([executable, Self.launcherArgument]) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { env in
                posix_spawn(&child, executable, &actions, nil, argv, env)
            }
        }
        guard status == 0 else {
            throw HostError(.internalError, "cannot start the worker launcher (\(executable)): \(String(cString: strerror(status)))")
        }
        return child
    }
}
