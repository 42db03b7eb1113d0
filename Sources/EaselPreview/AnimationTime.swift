import Glibc

/// Monotonic seconds, for pacing live frames (and timing a design session's reloads).
package enum AnimationTime {
    /// Seconds on the monotonic clock (CLOCK_MONOTONIC: never set back, counted from an arbitrary moment).
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
