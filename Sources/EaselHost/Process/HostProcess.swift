import CSystem
import Glibc

/// What every program built on the host does when it starts and when it ends.
///
/// ```swift
/// HostProcess.start()          // first thing in main
/// let status = run()            // with a HostEnvironment, finished when done
/// ```
package enum HostProcess {
    /// The standard descriptors (0, 1, 2) that were closed when the program started; they have been
    /// opened on /dev/null since, so no file or socket the host opens can take their numbers.
    /// Standard output is opened read-only, so that writing to it still fails (EBADF), as it would
    /// have: the command ends with 73 saying it is closed (see ``standardOutputError``).
    package static var closedStandardDescriptors: Set<Int32> { closedAtStart.withValue { $0 } }
    /// Process-wide by nature: the process's own descriptors 0–2, as they were at its start.
    private static let closedAtStart = Locked<Set<Int32>>([])

    /// Why a write to standard output failed (an errno: ENOSPC for a full disk, EPIPE for a reader
    /// gone, EBADF when it is closed), if one did. Standard output is a stream of the host's own
    /// (fully buffered, 64 KiB) that remembers it: stdio keeps only that a write failed.
    package static var standardOutputError: Int32? {
        let code = easel_standard_output_error()
        return code == 0 ? nil : code
    }

    /// Opens any closed standard descriptor on /dev/null, makes standard output the host's stream
    /// (``standardOutputError``), and installs the termination handler: a
    /// SIGTERM, SIGINT, SIGHUP or SIGQUIT removes the temporary files being written, stops every
    /// worker (with the processes its plugins started) and then ends the program with that signal.
    package static func start() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closedAtStart.withValue { _ = $0.insert(fd) }
            let null = open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY)
            if null >= 0 && null != fd { dup2(null, fd); close(null) }
        }
        easel_standard_output_install()
        easel_termination_install()
        // Every loaded plugin keeps one descriptor (its private copy, see PluginImage).
        var files = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &files) == 0, files.rlim_cur < files.rlim_max {
            files.rlim_cur = files.rlim_max
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &files)
        }
        removeStaleCopies()
    }

    /// For a program that runs until it is told to stop (`watch`, `serve`): from now on a SIGTERM,
    /// SIGINT or SIGHUP asks it to stop (``stopRequested``) instead of ending it at once. A call into
    /// a worker then running is cut short (the worker is killed), and so is every later one that
    /// waits, so the program's loop sees the request whatever a plugin does. A second signal, or a
    /// SIGQUIT, ends the program at once, as it ends every other command (the way out of a plugin
    /// that hangs in this process, with `--in-process`).
    package static func stopOnSignal() {
        easel_termination_stop_on_signal()
    }

    /// Whether a signal asked the program to stop (see ``stopOnSignal()``).
    package static var stopRequested: Bool { easel_termination_stop_signal() != 0 }

    /// The signal that asked the program to stop, if one did (see ``stopOnSignal()``).
    static var stopSignal: Int32? {
        let signal = easel_termination_stop_signal()
        return signal == 0 ? nil : signal
    }

    /// Hosts before 0.2 kept private plugin copies as files in a runtime directory, and left one
    /// behind whenever a load crashed; removes those of processes that no longer run.
    static func removeStaleCopies() {
        var dirs = ["/dev/shm/easel-\(getuid())"]
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty { dirs.append(runtime + "/easel") }
        for dir in dirs {
            guard let names = visibleEntries(of: dir) else { continue }
            for name in names {
                guard let pid = name.split(separator: "-").first.flatMap({ pid_t($0) }), kill(pid, 0) != 0, errno == ESRCH else { continue }
                unlink("\(dir)/\(name)")
            }
            rmdir(dir)
        }
    }
}
