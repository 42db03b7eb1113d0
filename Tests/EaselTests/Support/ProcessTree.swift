import Foundation
import XCTest

/// Looking at processes and files the tests started or left.
enum ProcessTree {
    /// The pids listed in `file`, one per line.
    static func pids(in file: String) -> [pid_t] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Waits up to 10 s for `file` to name a pid.
    static func waitForPid(in file: String) -> pid_t? {
        for _ in 0..<1000 {
            if let pid = pids(in: file).first { return pid }
            usleep(10_000)
        }
        return nil
    }

    /// Those of `pids` still running after up to 3 s (zombies count as ended).
    static func survivors(of pids: [pid_t]) -> [pid_t] {
        var alive = pids
        for _ in 0..<300 {
            alive = alive.filter(isRunning)
            if alive.isEmpty { return [] }
            usleep(10_000)
        }
        return alive
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // "pid (comm) S …": the state follows the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    /// Starts the built host in `directory` without waiting for it (its standard output `output`,
    /// default /dev/null).
    static func start(_ arguments: [String], in directory: String, environment: [String: String],
                      output: Any = FileHandle.nullDevice) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.host)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["EASEL_PLUGIN_PATH"] = ""
        env["EASEL_REGISTRY_CACHE"] = directory + "/registry.bin"
        env["EASEL_WORKER_EXECUTABLE"] = nil
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Files in the runtime directories older hosts kept private plugin copies in.
    static func runtimeFiles() -> Set<String> {
        var dirs = ["/dev/shm/easel-\(getuid())", "/dev/shm"]
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] { dirs.append(runtime + "/easel") }
        var files = Set<String>()
        for dir in dirs {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasSuffix(".so") {
                files.insert(dir + "/" + name)
            }
        }
        return files
    }

    /// Temporary output files (`.NAME.tmp-XXXXXX`) in `directory`.
    static func temporaryOutputs(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".tmp-") }
    }
}
