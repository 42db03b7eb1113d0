import Glibc

/// The animation time one instance reads through the host's `easel.clock/1` extension (easel.h).
///
/// Virtual by default, as one-shot renders need it: it starts at 0 and moves only when the host
/// advances it (by 1/60 s per redraw the instance asked for), so a render is the same on every
/// machine. A live view switches it to real time.
final class AnimationClock: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    /// Virtual time in ticks of 1/600,000 s, so that frames of 1/60 s add up exactly (30 frames are
    /// 0.5 s, not 0.49999…).
    private var ticks: Int64 = 0
    static let ticksPerSecond = 600_000.0
    private var virtualTime: Double { Double(ticks) / Self.ticksPerSecond }
    /// The monotonic time real time is measured from, once switched to real time.
    private var realStart: Double?

    init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    /// Seconds on this clock.
    func now() -> Double {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let realStart { return virtualTime + Self.monotonic() - realStart }
        return virtualTime
    }

    /// Moves a virtual clock forward (a real one ignores it).
    func advance(by seconds: Double) {
        pthread_mutex_lock(&lock)
        if realStart == nil { ticks += Int64((max(0, seconds) * Self.ticksPerSecond).rounded()) }
        pthread_mutex_unlock(&lock)
    }

    /// From now on, follow real time (continuing from the current reading).
    func followRealTime() {
        pthread_mutex_lock(&lock)
        if realStart == nil { realStart = Self.monotonic() }
        pthread_mutex_unlock(&lock)
    }

    static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
