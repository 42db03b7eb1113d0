import CSystem
@preconcurrency import Glibc

extension WorkerLauncher {
    /// The launcher's loop on `control` (an exec'd launcher, `host __launcher`, calls it with fd 3),
    /// forking workers that run `program`. Never returns normally: the launcher exits when the host is
    /// gone or says shut down. `warm`: run the program's warm-up first (nil: as the host asked, in
    /// the environment of an exec'd launcher).
    package static func serve(control: Int32 = 3, program: WorkerProgram, warm: Bool? = nil) -> Int32 {
        setpgid(0, 0) // terminal signals go to the host, which decides
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { signal(s, SIG_IGN) }
        signal(SIGCHLD, SIG_DFL)
        let null = open("/dev/null", O_RDWR)
        if null >= 0 { dup2(null, 0); dup2(null, 1); if null > 2 { close(null) } }
        _ = easel_set_child_subreaper()
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
        if warm ?? (ProcessEnvironment.current[WorkerLauncher.warmVariable] == "1") { program.warmUp() }
        var server = LauncherServer(control: control, program: program)
        server.run()
        return 0
    }
}

/// The launcher's side: the loop that answers the host's control messages, forks workers, reaps
/// them and kills what their plugins left behind.
struct LauncherServer {
    let control: Int32
    let program: WorkerProgram
    /// Known workers: nil while running, their ending once reaped.
    var workers: [pid_t: WorkerLauncher.Ending?] = [:]
    /// Workers the host will not ask about again: their endings are dropped once reaped.
    var forgotten: Set<pid_t> = []

    init(control: Int32, program: WorkerProgram) {
        self.control = control
        self.program = program
    }

    mutating func run() {
        while true {
            var fds = [pollfd(fd: control, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, 1000)
            reapAll()
            sweepStrays()
            if ready < 0 && errno != EINTR { break }
            if ready <= 0 { continue }
            var bytes = [UInt8](repeating: 0, count: LauncherMessage.size)
            var received: [Int32] = [-1, -1, -1, -1]
            var count: Int32 = 0
            let n = easel_receive_with_fds(control, &bytes, bytes.count, &received, 4, &count)
            if n <= 0 { break } // the host is gone
            let passed = Array(received[0..<Int(count)])
            defer { for fd in passed { close(fd) } }
            guard n == LauncherMessage.size, let message = LauncherMessage(bytes) else { continue }
            var reply = LauncherMessage(op: message.op, pid: message.pid)
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

    func state(_ pid: pid_t) -> WorkerLauncher.State {
        guard let known = workers[pid] else { return .unknown }
        if let ending = known { return .ended(ending) }
        return .running
    }

    mutating func kill(_ pid: pid_t) -> WorkerLauncher.State {
        guard let known = workers[pid] else { return .unknown }
        if let ending = known { return .ended(ending) }
        Glibc.kill(-pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let ending = WorkerLauncher.Ending(status: status, maximumResidentKilobytes: Int(usage.ru_maxrss))
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
                workers[pid] = .some(WorkerLauncher.Ending(status: status, maximumResidentKilobytes: Int(usage.ru_maxrss)))
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
        _exit(program.run())
    }
}
