import CSystem
import EaselHost
import EaselPreview
import Foundation
import Glibc

/// `host serve --build CMD --sources DIR…`: runs the build command (`sh -c CMD`) when a file in a
/// source folder is saved, debounced, and reports its output line by line and its exit status as
/// ``SessionEvent/buildOutput(command:line:)`` and ``SessionEvent/buildFinished(command:status:seconds:)``.
/// What the build produces is reloaded by the design session, like any other change in the watched
/// folders: the build must write its `.so` into one of them (or to a file a symbolic link there
/// points to).
///
/// It runs on a thread of its own. A save during a build runs the build again once it is done; one
/// build runs at a time.
package final class BuildRunner: @unchecked Sendable {
    package let command: String
    package let sources: [String]
    /// Quiet time after the last save before the build starts.
    package let debounce: Double
    private let report: (SessionEvent) -> Void
    private let watcher: DirectoryWatcher
    private var thread: Thread?
    private let stopLock = NSLock()
    private var stopped = false
    private var running: Process?
    /// The process groups of builds that ended, which processes they left running may still be in.
    private var endedGroups: [pid_t] = []

    package init(command: String, sources: [String], debounce: Double = 0.3, report: @escaping (SessionEvent) -> Void) throws {
        self.command = command
        self.sources = sources
        self.debounce = debounce
        self.report = report
        for dir in sources {
            var st = stat()
            guard stat(dir, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
                throw HostError(.notFound, "no such directory (expected a folder of sources for --build)", file: dir)
            }
        }
        watcher = try DirectoryWatcher(directories: sources)
    }

    /// Starts watching the sources.
    package func start() {
        let t = Thread { [weak self] in self?.loop() }
        t.name = "easel-build"
        thread = t
        t.start()
    }

    /// Stops watching and ends a build that is running, with everything it started: the command's
    /// shell leads a process group of its own, and the whole group gets SIGTERM, then SIGKILL if it
    /// is still there 2 s later. (Ending only the shell left `swift build` and its compilers running.)
    /// So do the processes below the shell that left its group (`setsid`), found before the group is
    /// signalled (once their parent ends they are re-parented out of reach).
    package func stop() {
        stopLock.lock()
        stopped = true
        let pid = running?.processIdentifier ?? 0
        let ended = endedGroups.filter { kill(-$0, SIGTERM) == 0 }
        stopLock.unlock()
        // What ended builds left running in the background (signalled as groups: their leaders are
        // reaped, their numbers free).
        let endedBy = Self.now() + 2
        while ended.contains(where: { kill(-$0, 0) == 0 }) && Self.now() < endedBy { usleep(10_000) }
        for group in ended { kill(-group, SIGKILL) }
        guard pid > 0 else { return }
        let below = Self.descendants(of: pid)
        Self.signal(group: pid, SIGTERM)
        for p in below { Self.signal(group: p, SIGTERM) }
        let deadline = Self.now() + 2
        while (isBuilding || below.contains { kill($0, 0) == 0 }) && Self.now() < deadline { usleep(10_000) }
        if isBuilding { Self.signal(group: pid, SIGKILL) }
        for p in below where kill(p, 0) == 0 { Self.signal(group: p, SIGKILL) }
    }

    /// The longest build output line kept, in bytes: what follows on the same line is dropped,
    /// and the line says so (a minified file or a progress bar redrawn with carriage returns).
    static let longestLine = 2000

    /// One output line as reported: its text, and a mark when its end was dropped.
    static func line(_ bytes: [UInt8], cut: Bool) -> String {
        String(decoding: bytes, as: UTF8.self) + (cut ? " … (cut: the line is longer than \(longestLine) bytes)" : "")
    }

    /// The exit status of the child `pid` (128 + N for signal N), waiting for its end, without
    /// reaping it; nil if it was reaped already.
    static func exitStatus(of pid: pid_t) -> Int32? {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            if errno != EINTR { return nil }
        }
        let code = info._sifields._sigchld.si_status
        return info.si_code == CLD_EXITED ? code : 128 + code
    }

    /// Whether `pid` has ended: a zombie not yet reaped, or gone (`Process.isRunning` stays true
    /// until every process holding the descriptors Foundation gave the shell has ended).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: end)...].split(separator: " ").first == "Z"
    }

    /// Every process below `pid` (children, theirs, …), from /proc.
    static func descendants(of pid: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { continue }
            // After "PID (command)": the state, then the parent's pid.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(child) }
        }
        var result: [pid_t] = [], queue = [pid]
        while let next = queue.popLast() {
            for c in children[next] ?? [] { result.append(c); queue.append(c) }
        }
        return result
    }

    private var isStopped: Bool { stopLock.lock(); defer { stopLock.unlock() }; return stopped }
    private var isBuilding: Bool { stopLock.lock(); defer { stopLock.unlock() }; return running != nil }

    /// Signals the process group `leader` leads (Foundation's `Process` starts each child as a group
    /// leader), or the process alone if it leads none.
    private static func signal(group leader: pid_t, _ signal: Int32) {
        if kill(-leader, signal) != 0 { kill(leader, signal) }
    }

    private func loop() {
        var lastSave: Double?
        while !isStopped {
            let wait = lastSave.map { max(0, $0 + debounce - Self.now()) } ?? 0.25
            let events = watcher.next(timeout: min(wait, 0.25))
            // Forget ended builds' groups that are empty now, before their numbers can be reused.
            stopLock.lock()
            endedGroups.removeAll { kill(-$0, 0) != 0 }
            stopLock.unlock()
            // Saves of visible source files (editors' swap and backup files start with a dot or end
            // in ~, Emacs's auto-saves, written while one types, are #NAME#; what a build writes
            // beside its sources, as `easel new --c`'s `make` does in ".", ran the build a second time).
            if events.contains(where: { e in
                let name = e.path.split(separator: "/").last.map(String.init) ?? ""
                return e.change != .overflow && !name.hasPrefix(".") && !name.hasSuffix("~") && !Self.isBuildProduct(name)
                    && !(name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
                    && [.written, .movedIn, .deleted].contains(e.change)
            }) || events.contains(where: { $0.change == .overflow }) {
                lastSave = Self.now()
            }
            if let t = lastSave, Self.now() >= t + debounce {
                lastSave = nil
                build()
            }
        }
    }

    /// Runs the command once, reporting its output as it comes.
    private func build() {
        let start = Self.now()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        stopLock.lock()
        if stopped { stopLock.unlock(); return }
        do { try process.run() } catch {
            stopLock.unlock()
            report(.buildOutput(command: command, line: "cannot run /bin/sh: \(error)"))
            report(.buildFinished(command: command, status: 127, seconds: Self.now() - start))
            return
        }
        running = process
        // Killed with the host if it ends at once (a second signal, SIGQUIT), when stop() cannot run.
        easel_termination_set_build_group(process.processIdentifier)
        stopLock.unlock()
        report(.buildOutput(command: command, line: "running `\(command)`"))
        var partial: [UInt8] = []
        // Read until the output ends, or until the command has ended and what it wrote is read: a
        // process it left running in the background (`cmd &`) keeps the pipe open, and the build
        // was "running" (no build after a save) until that process ended.
        let fd = pipe.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var exited = false, drained = 0, cut = false
        while true {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, exited ? 0 : 100)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 {
                if exited { break }
                exited = !process.isRunning || Self.hasEnded(process.processIdentifier)
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            if exited { drained += n; if drained > 1 << 20 { break } }
            for byte in buffer[0..<n] {
                if byte == UInt8(ascii: "\n") {
                    report(.buildOutput(command: command, line: Self.line(partial, cut: cut)))
                    partial.removeAll(keepingCapacity: true)
                    cut = false
                } else if partial.count < Self.longestLine {
                    partial.append(byte)
                } else {
                    cut = true
                }
            }
        }
        if !partial.isEmpty { report(.buildOutput(command: command, line: Self.line(partial, cut: cut))) }
        try? pipe.fileHandleForReading.close()
        // The shell's status, read without reaping it: Foundation hears of the end (and reaps) only
        // when every process holding the descriptors it gave the shell has ended, background ones too.
        let status = Self.exitStatus(of: process.processIdentifier) ?? {
            process.waitUntilExit()   // reaped already: Foundation has the status
            return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        }()
        stopLock.lock()
        running = nil
        easel_termination_set_build_group(0)
        // The group is ended with serve: what the build left in the background is in it.
        endedGroups = endedGroups.filter { kill(-$0, 0) == 0 } + [process.processIdentifier]
        stopLock.unlock()
        report(.buildFinished(command: command, status: status, seconds: Self.now() - start))
    }

    /// A shared library (`libX.so`, `libX.so.1`), an object or an archive: never a source.
    static func isBuildProduct(_ name: String) -> Bool {
        name.hasSuffix(".so") || name.contains(".so.") || name.hasSuffix(".o") || name.hasSuffix(".a")
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
