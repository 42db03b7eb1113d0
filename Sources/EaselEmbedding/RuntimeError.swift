import CEaselRuntime
import EaselHost
import Glibc

/// Errors as values (easel_runtime.h, ERRORS): a ``HostError`` copied into one malloc'd block, the
/// `easel_runtime_error` struct first and its strings after it, which easel_runtime_error_free frees.
enum RuntimeError {
    /// The C kind of a host error: the exit status `host` gives it.
    static func kind(_ error: HostError) -> easel_error_kind { easel_error_kind(error.exitCode) }

    /// Any error the runtime met, as a host error (an error of another type is an internal one).
    static func hostError(_ error: Error) -> HostError {
        (error as? HostError) ?? HostError(.internalError, "\(error)")
    }

    /// A new C error for `error`, owned by the caller.
    static func make(_ error: HostError) -> UnsafeMutablePointer<easel_runtime_error> {
        let strings: [String?] = [error.message, error.file, error.className, error.property, error.phase?.rawValue, error.description]
        let header = MemoryLayout<easel_runtime_error>.stride
        let total = header + strings.reduce(0) { $0 + ($1.map { $0.utf8.count + 1 } ?? 0) }
        let block = malloc(total)!
        var offset = header
        var pointers: [UnsafePointer<CChar>?] = []
        for string in strings {
            guard let string else { pointers.append(nil); continue }
            let start = (block + offset).assumingMemoryBound(to: CChar.self)
            _ = string.withCString { strcpy(start, $0) }
            pointers.append(UnsafePointer(start))
            offset += string.utf8.count + 1
        }
        let result = block.bindMemory(to: easel_runtime_error.self, capacity: 1)
        result.initialize(to: easel_runtime_error(kind: kind(error), reserved0: 0, message: pointers[0]!, file: pointers[1],
                                                  class_name: pointers[2], property: pointers[3], phase: pointers[4],
                                                  description: pointers[5]!))
        return result
    }

    /// Stores `error` in `*out` (when the caller asked for it).
    static func report(_ error: Error, to out: UnsafeMutablePointer<UnsafeMutablePointer<easel_runtime_error>?>?) {
        guard let out else { return }
        out.pointee = make(hostError(error))
    }

    /// Runs `body`; a thrown error goes to `out` and `failure` is returned.
    static func catching<T>(_ out: UnsafeMutablePointer<UnsafeMutablePointer<easel_runtime_error>?>?, _ failure: T,
                            _ body: () throws -> T) -> T {
        do { return try body() } catch {
            report(error, to: out)
            return failure
        }
    }
}
