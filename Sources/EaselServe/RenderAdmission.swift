import EaselHost
import Foundation
import Glibc

/// The server's bound on what concurrent renders hold: each render reserves memory from one budget
/// before it draws, and a render the budget cannot take now is refused (503, `Retry-After`)
/// instead of run; renders that are admitted take one of a few slots (one per processor) to draw
/// and encode, and wait for one.
///
/// A render's pixels cost at most ``bytesPerPixel`` while it is drawn and encoded (the surface, the
/// encoder's rows, the file), and the file's bytes while it is sent. Without this, every request
/// rendered at once: one 10000×10000 PNG peaked at 738 MB of the server's memory, eight at 3.5 GB,
/// and under a memory limit the failures came back as 500 naming no file or class.
///
/// ```swift
/// let ticket = try admission.reserve(pixels: 10_000 * 10_000, for: "class Gauge at 10000×10000 pixels")
/// let bytes = try admission.withSlot { try render().encode() }
/// try ticket.resize(toBytes: bytes.count, for: …)   // what is left to hold while it is sent
/// ```
///
/// Thread rule: called from the connections' threads, concurrently.
package final class RenderAdmission: @unchecked Sendable {
    /// What a render holds at most per pixel (PNG) or square point (SVG, PDF) while it is drawn and
    /// encoded: 4 for the surface, 4 for the encoder's rows, 4 for the file (incompressible).
    package static let bytesPerPixel = 12
    /// The environment variable that sets the budget, in MiB.
    package static let environmentVariable = "EASEL_RENDER_MEMORY"
    /// Seconds a refused client is told to wait (`Retry-After`).
    package static let retryAfter = 2

    /// The bytes all renders together may hold.
    package let budget: Int
    /// How many renders draw or encode at once.
    package let slots: Int
    private let condition = NSCondition()
    private var reserved = 0
    private var busySlots = 0

    /// `budget` nil: ``machineBudget()``.
    package init(budget: Int? = nil, slots: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.budget = budget ?? Self.machineBudget()
        self.slots = max(1, slots)
    }

    /// The default budget: `$EASEL_RENDER_MEMORY` MiB when set; else a quarter of the memory this
    /// process may use (the machine's, or less under a cgroup limit or an address-space limit),
    /// at most 2 GiB.
    package static func machineBudget() -> Int {
        if let text = ProcessInfo.processInfo.environment[environmentVariable], let mib = Int(text), mib > 0 {
            return mib << 20
        }
        var available = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
           let limit = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            available = min(available, limit)
        }
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max { available = min(available, Int(clamping: limit.rlim_cur)) }
        return max(64 << 20, min(2 << 30, available / 4))
    }

    /// Bytes reserved now (for tests and messages).
    package var inUse: Int { condition.withLock { reserved } }

    /// Reserves what a render of `pixels` needs; `what` names it in the refusal ("class Gauge at
    /// 10000×10000 pixels"). Throws a ``RenderRefusal`` (503) when the budget cannot take it now
    /// (with `Retry-After`) or ever (without).
    package func reserve(pixels: Int, for what: String, file: String? = nil, className: String? = nil) throws -> Ticket {
        let ticket = Ticket(self)
        try ticket.resize(toBytes: pixels.multipliedReportingOverflow(by: Self.bytesPerPixel).overflow ? Int.max : pixels * Self.bytesPerPixel,
                          for: what, file: file, className: className)
        return ticket
    }

    /// Runs `body` holding one of the ``slots``, waiting for one if all are busy.
    package func withSlot<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        while busySlots >= slots { condition.wait() }
        busySlots += 1
        condition.unlock()
        defer {
            condition.lock()
            busySlots -= 1
            condition.signal()
            condition.unlock()
        }
        return try body()
    }

    /// Changes `ticket`'s reservation by `delta` bytes if the budget allows (a decrease always does).
    fileprivate func change(by delta: Int) -> (ok: Bool, inUse: Int) {
        condition.withLock {
            if delta > 0 && (delta > budget || reserved > budget - delta) { return (false, reserved) }
            reserved += delta
            return (true, reserved)
        }
    }

    /// Memory a render holds; given back when the ticket is released (deinit).
    package final class Ticket: @unchecked Sendable {
        private let admission: RenderAdmission
        private let lock = NSLock()
        /// The bytes reserved.
        package private(set) var bytes = 0

        fileprivate init(_ admission: RenderAdmission) { self.admission = admission }

        deinit { _ = admission.change(by: -bytes) }

        /// Makes the reservation `newBytes` (a render found larger after drawing; its file, smaller,
        /// once encoded). Growing beyond the budget throws a ``RenderRefusal`` naming `what`.
        package func resize(toBytes newBytes: Int, for what: String, file: String? = nil, className: String? = nil) throws {
            try lock.withLock {
                let (ok, inUse) = admission.change(by: newBytes - bytes)
                guard ok else {
                    let mib = { (n: Int) in "\((n + (1 << 20) - 1) >> 20) MiB" }
                    let needed = newBytes == Int.max ? "more than the budget" : mib(newBytes)
                    let fits = newBytes <= admission.budget
                    let message = "\(what) needs \(needed) of the server's render memory (\(RenderAdmission.bytesPerPixel) bytes a pixel while it is drawn and encoded); "
                        + (fits ? "\(mib(inUse)) of its \(mib(admission.budget)) are held by other renders now: retry in \(RenderAdmission.retryAfter) s"
                                : "that is more than its budget of \(mib(admission.budget)) (\(RenderAdmission.environmentVariable)): ask for a smaller size or scale")
                    throw RenderRefusal(HostError(.internalError, message, file: file, className: className),
                                        retryAfter: fits ? RenderAdmission.retryAfter : nil)
                }
                bytes = newBytes
            }
        }
    }
}

/// A render the server does not run now: 503, with `Retry-After` when a retry may succeed.
package struct RenderRefusal: Error {
    package var error: HostError
    package var retryAfter: Int?

    package init(_ error: HostError, retryAfter: Int?) {
        self.error = error
        self.retryAfter = retryAfter
    }
}
