import CSystem
@preconcurrency import Glibc

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
///   same launcher, started by `exec`. A program that will create threads calls ``prepare()`` first.
/// - Each worker runs in a process group of its own, with the launcher as parent and a parent-death
///   signal (SIGKILL). Ending a worker kills its whole group, so processes a plugin forks end with it.
///   The launcher is a child subreaper: a process that leaves the group (`setsid`) and outlives its
///   parent is re-parented to the launcher, which kills it.
/// - When the host ends in any way, SIGKILL included, the launcher sees its control socket close,
///   kills every worker group and exits. Only the launcher reaps workers, so a pid is never killed
///   after it was reused.
/// - A worker gets its protocol socket as fd 3, `/dev/null` as stdin, one pipe as stdout and stderr,
///   and a data-size limit (`RLIMIT_DATA`) when one is asked for.
package enum WorkerLauncher {
    /// What a forked worker runs; returns its exit status. Set by the program (the renderer's worker
    /// loop) before the first worker starts.
    nonisolated(unsafe) package static var workerMain: (() -> Int32)?
    /// Run once in the launcher of a long-running session before it forks workers, so that every
    /// worker starts with fonts and font maps loaded (see ``prepare(warm:)``).
    nonisolated(unsafe) package static var warmUp: (() -> Void)?
    /// The argument that makes the host binary serve as an exec'd launcher: `host __launcher`.
    package static let launcherArgument = "__launcher"
    /// The exit status of a worker whose protocol channel (fd 3) was closed or replaced by the plugin.
    package static let brokenChannelStatus: Int32 = 86
    /// Tells a worker of a filled launcher its fill byte (see ``spawn(socket:output:memoryLimit:fill:)``).
    static let memoryFillVariable = "EASEL_WORKER_MEMORY_FILL"

    /// Gets the launcher ready now: call it before the process creates threads. With `warm`, the
    /// launcher runs ``warmUp`` before forking its first worker. Idempotent.
    package static func prepare(warm: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        if warm { wantsWarmUp = true }
        _ = try? connectionLocked()
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
    static func spawn(socket: Int32, output: Int32, memoryLimit: UInt64, fill: UInt8? = nil) throws -> pid_t {
        lock.lock()
        defer { lock.unlock() }
        let control = try connectionLocked(fill: fill)
        let reply = try control.request(Message(op: .spawn, value: Int64(bitPattern: memoryLimit)), fds: [socket, output])
        guard reply.pid > 0 else {
            throw HostError(.internalError, "cannot start a worker: \(String(cString: strerror(Int32(reply.value))))")
        }
        if let fill { fillOf[reply.pid] = fill }
        return reply.pid
    }

    /// The launcher of worker `pid` (nil: none runs).
    private static func launcher(of pid: pid_t) -> Connection? {
        fillOf[pid].map { filled[$0] } ?? connection
    }

    /// The worker's state, without waiting.
    static func state(of pid: pid_t) -> State {
        lock.lock()
        defer { lock.unlock() }
        guard let control = launcher(of: pid), let reply = try? control.request(Message(op: .state, pid: pid)) else { return .unknown }
        return reply.state
    }

    /// Kills the worker's process group and waits for the worker; returns how it ended.
    @discardableResult
    static func kill(_ pid: pid_t) -> State {
        lock.lock()
        defer { lock.unlock() }
        guard let control = launcher(of: pid), let reply = try? control.request(Message(op: .kill, pid: pid)) else { return .unknown }
        return reply.state
    }

    /// Tells the launcher that the host is done with a worker that quit on its own: it is reaped
    /// (and its process group killed) when it ends, without the host waiting.
    static func forget(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        guard let control = launcher(of: pid) else { return }
        _ = try? control.request(Message(op: .forget, pid: pid))
        fillOf[pid] = nil
    }

    /// Ends every worker and the launcher, and waits for them. Called when the program ends.
    package static func shutdown() {
        lock.lock()
        defer { lock.unlock() }
        for control in filled.values { stop(control) }
        filled = [:]
        fillOf = [:]
        guard let control = connection else { return }
        stop(control)
        connection = nil
        easel_termination_set_launcher(-1, 0)
    }

    private static func stop(_ control: Connection) {
        _ = try? control.request(Message(op: .shutdown))
        close(control.fd)
        var status: Int32 = 0
        if control.isChild { while waitpid(control.pid, &status, 0) < 0 && errno == EINTR {} }
    }

    /// The launcher's process id while it runs (tests).
    package static var launcherProcessID: pid_t? {
        lock.lock()
        defer { lock.unlock() }
        return connection?.pid
    }

    // MARK: - Host side

    private final class Connection {
        let fd: Int32
        let pid: pid_t
        /// Whether the launcher is this process's child (it always is; kept for clarity in shutdown).
        let isChild: Bool
        init(fd: Int32, pid: pid_t, isChild: Bool) { self.fd = fd; self.pid = pid; self.isChild = isChild }

        func request(_ message: Message, fds: [Int32] = []) throws -> Message {
            var bytes = message.encoded()
            let sent = fds.withUnsafeBufferPointer { f in
                easel_send_with_fds(fd, &bytes, bytes.count, f.baseAddress, Int32(f.count))
            }
            guard sent == 0 else { throw HostError(.internalError, "the worker launcher is gone: \(String(cString: strerror(errno)))") }
            var reply = [UInt8](repeating: 0, count: Message.size)
            var none: [Int32] = [0]
            var count: Int32 = 0
            let n = easel_receive_with_fds(fd, &reply, reply.count, &none, 0, &count)
            guard n == Message.size, let decoded = Message(reply) else {
                throw HostError(.internalError, "the worker launcher is gone (it sent \(n) bytes)")
            }
            return decoded
        }
    }

    nonisolated(unsafe) private static var connection: Connection?
    /// The launchers of filled workers, by fill byte, and each such worker's fill.
    nonisolated(unsafe) private static var filled: [UInt8: Connection] = [:]
    nonisolated(unsafe) private static var fillOf: [pid_t: UInt8] = [:]
    nonisolated(unsafe) private static var wantsWarmUp = false
    private static let lock = Mutex()

    private static func connectionLocked(fill: UInt8? = nil) throws -> Connection {
        if let fill, let c = filled[fill] { return c }
        if fill == nil, let connection { return connection }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HostError(.internalError, "cannot create the worker launcher's socket: \(String(cString: strerror(errno)))")
        }
        let executable = ProcessEnvironment.current["EASEL_WORKER_EXECUTABLE"].flatMap { $0.isEmpty ? nil : $0 }
        let pid: pid_t
        if fill == nil, executable == nil, easel_thread_count() == 1, workerMain != nil {
            pid = forkLauncher(control: pair[1])
        } else {
            pid = try execLauncher(executable ?? ownExecutable, control: pair[1], fill: fill)
        }
        close(pair[1])
        guard pid > 0 else {
            close(pair[0])
            throw HostError(.internalError, "cannot start the worker launcher: \(String(cString: strerror(errno)))")
        }
        let c = Connection(fd: pair[0], pid: pid, isChild: true)
        if let fill {
            // Ends with the host like the other (its socket closes), without a signal-time wait.
            filled[fill] = c
            return c
        }
        connection = c
        // A SIGTERM, SIGINT or SIGHUP closes the socket and waits for the launcher (HostProcess).
        easel_termination_set_launcher(c.fd, pid)
        return c
    }

    private static var ownExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : CommandLine.arguments[0]
    }

    private static func forkLauncher(control: Int32) -> pid_t {
        fflush(stdout)
        fflush(stderr)
        let warm = wantsWarmUp
        let pid = fork()
        if pid == 0 {
            if dup2(control, 3) < 0 { _exit(70) }
            easel_close_from(4)
            _exit(serve(control: 3, warm: warm))
        }
        return pid
    }

    private static func execLauncher(_ executable: String, control: Int32, fill: UInt8? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, control, 3)
        var environment = ProcessEnvironment.current
        // A crashing plugin should end its worker at once, not after a symbolicated backtrace.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        if wantsWarmUp { environment["EASEL_LAUNCHER_WARM"] = "1" }
        if let fill {
            // glibc fills a block it hands out with perturb ^ 0xFF.
            let tunables = "glibc.malloc.tcache_count=0:glibc.malloc.perturb=\(fill ^ 0xFF)"
            environment["GLIBC_TUNABLES"] = environment["GLIBC_TUNABLES"].map { $0 + ":" + tunables } ?? tunables
            environment[memoryFillVariable] = String(fill)
        }
        var child: pid_t = 0
        let status = withCStrings([executable, launcherArgument]) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { env in
                posix_spawn(&child, executable, &actions, nil, argv, env)
            }
        }
        guard status == 0 else {
            throw HostError(.internalError, "cannot start the worker launcher (\(executable)): \(String(cString: strerror(status)))")
        }
        return child
    }

    // MARK: - Launcher side

    /// The launcher's loop on `control` (an exec'd launcher calls it with fd 3). Never returns
    /// normally: the launcher exits when the host is gone or says shut down.
    package static func serve(control: Int32 = 3, warm: Bool? = nil) -> Int32 {
        setpgid(0, 0) // terminal signals go to the host, which decides
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { signal(s, SIG_IGN) }
        signal(SIGCHLD, SIG_DFL)
        let null = open("/dev/null", O_RDWR)
        if null >= 0 { dup2(null, 0); dup2(null, 1); if null > 2 { close(null) } }
        _ = easel_set_child_subreaper()
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
        if warm ?? (ProcessEnvironment.current["EASEL_LAUNCHER_WARM"] == "1") { warmUp?() }
        var server = LauncherServer(control: control)
        server.run()
        return 0
    }

    struct LauncherServer {
        let control: Int32
        /// Known workers: nil while running, their ending once reaped.
        var workers: [pid_t: Ending?] = [:]
        /// Workers the host will not ask about again: their endings are dropped once reaped.
        var forgotten: Set<pid_t> = []

        init(control: Int32) { self.control = control }

        mutating func run() {
            while true {
                var fds = [pollfd(fd: control, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 1, 1000)
                reapAll()
                sweepStrays()
                if ready < 0 && errno != EINTR { break }
                if ready <= 0 { continue }
                var bytes = [UInt8](repeating: 0, count: Message.size)
                var received: [Int32] = [-1, -1, -1, -1]
                var count: Int32 = 0
                let n = easel_receive_with_fds(control, &bytes, bytes.count, &received, 4, &count)
                if n <= 0 { break } // the host is gone
                let passed = Array(received[0..<Int(count)])
                defer { for fd in passed { close(fd) } }
                guard n == Message.size, let message = Message(bytes) else { continue }
                var reply = Message(op: message.op, pid: message.pid)
                switch message.op {
                case .spawn:
                    if passed.count == 2 {
                        let pid = startWorker(socket: passed[0], output: passed[1], memoryLimit: UInt64(bitPattern: message.value))
                        reply.pid = pid
                        reply.value = pid > 0 ? 0 : Int64(errno)
                        if pid > 0 { workers[pid] = .some(nil) }
                    } else {
                        reply.pid = -1
                        reply.value = Int64(EINVAL)
                    }
                case .state:
                    reapAll()
                    reply.state = state(message.pid)
                    if case .ended = reply.state { workers[message.pid] = nil }
                case .kill:
                    reply.state = kill(message.pid)
                    if case .ended = reply.state { workers[message.pid] = nil }
                case .forget:
                    // Still reaped by reapAll (and its group killed) when it ends; the host asks no more.
                    forgotten.insert(message.pid)
                case .shutdown:
                    killEverything()
                    var out = reply.encoded()
                    _ = easel_send_with_fds(control, &out, out.count, nil, 0)
                    _exit(0)
                }
                var out = reply.encoded()
                if easel_send_with_fds(control, &out, out.count, nil, 0) != 0 { break }
            }
            killEverything()
            _exit(0)
        }

        func state(_ pid: pid_t) -> State {
            guard let known = workers[pid] else { return .unknown }
            if let ending = known { return .ended(ending) }
            return .running
        }

        mutating func kill(_ pid: pid_t) -> State {
            guard let known = workers[pid] else { return .unknown }
            if let ending = known { return .ended(ending) }
            Glibc.kill(-pid, SIGKILL)
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
            let ending = Ending(status: status, maximumResidentKilobytes: Int(usage.ru_maxrss))
            workers[pid] = .some(ending)
            sweepStrays()
            return .ended(ending)
        }

        /// Reaps every child that ended: a worker's ending is kept for the host (and what is left of
        /// its process group killed); any other child is a stray re-parented here, already gone.
        mutating func reapAll() {
            var endedWorker = false
            while true {
                var status: Int32 = 0
                var usage = rusage()
                let pid = wait4(-1, &status, WNOHANG, &usage)
                if pid <= 0 { break }
                if let known = workers[pid], known == nil {
                    workers[pid] = .some(Ending(status: status, maximumResidentKilobytes: Int(usage.ru_maxrss)))
                    Glibc.kill(-pid, SIGKILL) // what the plugin started in the worker's group
                    endedWorker = true
                    if forgotten.remove(pid) != nil { workers[pid] = nil }
                }
            }
            if endedWorker { sweepStrays() }
        }

        /// Kills children that are not workers: processes a plugin started that left their worker's
        /// group and were re-parented here when their parent ended.
        func sweepStrays() {
            for pid in Self.children() where workers[pid] == nil { Glibc.kill(pid, SIGKILL) }
        }

        mutating func killEverything() {
            for (pid, ending) in workers where ending == nil {
                Glibc.kill(-pid, SIGKILL)
                Glibc.kill(pid, SIGKILL)
            }
            // Wait for every child (workers and strays), killing strays that appear meanwhile.
            for _ in 0..<200 {
                for pid in Self.children() { Glibc.kill(pid, SIGKILL) }
                var status: Int32 = 0
                let pid = waitpid(-1, &status, WNOHANG)
                if pid < 0 && errno == ECHILD { return }
                if pid <= 0 { usleep(1000) }
            }
        }

        /// This process's children, from /proc/self/task/*/children.
        static func children() -> [pid_t] {
            guard let tasks = visibleEntries(of: "/proc/self/task") else { return [] }
            var result: [pid_t] = []
            for task in tasks {
                let fd = open("/proc/self/task/\(task)/children", O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = read(fd, &buffer, buffer.count)
                close(fd)
                if n > 0 {
                    result += String(decoding: buffer[0..<n], as: UTF8.self).split(separator: " ").compactMap { pid_t($0) }
                }
            }
            return result
        }

        /// Forks one worker. In the child: own process group, parent-death signal, fds 0–3 set up,
        /// every other descriptor closed, the data limit applied; then the worker loop.
        func startWorker(socket: Int32, output: Int32, memoryLimit: UInt64) -> pid_t {
            let parent = getpid()
            let pid = fork()
            guard pid == 0 else { return pid }
            setpgid(0, 0)
            _ = easel_set_parent_death_signal(SIGKILL)
            if getppid() != parent { _exit(1) }
            // Default dispositions: terminal signals, and crashes. The Swift runtime's backtracer
            // (installed at the host's start) would spend seconds symbolicating a plugin's crash.
            for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
                signal(s, SIG_DFL)
            }
            let null = open("/dev/null", O_RDONLY)
            guard null >= 0, dup2(null, 0) >= 0, dup2(output, 1) >= 0, dup2(output, 2) >= 0,
                  dup2(socket, 3) >= 0 else { _exit(70) }
            easel_close_from(4)
            if memoryLimit > 0 {
                var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
                setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit)
            }
            _exit(WorkerLauncher.workerMain?() ?? 70)
        }
    }

    /// One control message: fixed size, native byte order (both ends are the same binary).
    struct Message {
        enum Op: UInt32 { case spawn = 1, state, kill, shutdown, forget }
        static let size = 32
        var op: Op
        var pid: pid_t = 0
        var value: Int64 = 0
        var state: State = .unknown

        init(op: Op, pid: pid_t = 0, value: Int64 = 0) {
            self.op = op
            self.pid = pid
            self.value = value
        }

        init?(_ bytes: [UInt8]) {
            func field<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
                bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
            }
            guard bytes.count == Self.size, let op = Op(rawValue: field(0, UInt32.self)) else { return nil }
            self.op = op
            pid = field(4, Int32.self)
            value = field(8, Int64.self)
            switch field(16, UInt32.self) {
            case 1: state = .running
            case 2: state = .ended(Ending(status: field(20, Int32.self), maximumResidentKilobytes: Int(field(24, Int64.self))))
            default: state = .unknown
            }
        }

        func encoded() -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: Self.size)
            func put<T: FixedWidthInteger>(_ v: T, _ offset: Int) {
                withUnsafeBytes(of: v) { for (i, b) in $0.enumerated() { bytes[offset + i] = b } }
            }
            put(op.rawValue, 0)
            put(pid, 4)
            put(value, 8)
            switch state {
            case .running: put(UInt32(1), 16)
            case .ended(let e): put(UInt32(2), 16); put(e.status, 20); put(Int64(e.maximumResidentKilobytes), 24)
            case .unknown: put(UInt32(0), 16)
            }
            return bytes
        }
    }
}

/// A pthread mutex in a class (so it has a stable address).
final class Mutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
}
