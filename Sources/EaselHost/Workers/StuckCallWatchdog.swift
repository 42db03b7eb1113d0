import CSystem

/// The last line of defence against a call that never returns inside this process.
///
/// Drawing a worker's display list happens here, in the host, and each canvas call goes into
/// Cairo, which cannot be interrupted. Geometry is bounded before it reaches Cairo
/// (CairoCanvas+Bounds) and the replay checks its budget between calls; should one call still run
/// away (a case those bounds miss), the program cannot continue and must not hang: past the
/// deadline the watchdog prints `error` (as the command would have printed it), releases what the
/// program holds (workers, temporary files, a build's processes; see HostProcess) and exits with
/// the error's status. Nothing partial is written: outputs are written only after drawing.
enum StuckCallWatchdog {
    /// How long a call may run, given the budget the caller checks itself: twice it, plus a second.
    static func deadline(forBudget seconds: Double) -> Double { 2 * seconds + 1 }

    /// Runs `body` with the watchdog armed for `seconds`; `error` is what ends the program if it
    /// does not return by then, printed after `label` ("host render": see ``Diagnostics/label``).
    static func guarding<T>(seconds: Double, label: String, error: @autoclosure () -> HostError, _ body: () throws -> T) rethrows -> T {
        let failure = error()
        let text = "\(label): error: \(failure)\n"
        _ = easel_watchdog_arm(seconds, text, failure.exitCode)
        defer { easel_watchdog_disarm() }
        return try body()
    }
}
