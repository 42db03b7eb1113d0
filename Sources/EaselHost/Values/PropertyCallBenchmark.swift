import CEasel
import Glibc

/// Measures the cost of a property set, for `Scripts/bench-registry` (not part of the package API).
package enum PropertyCallBenchmark {
    /// Nanoseconds per call, median of `rounds` rounds of `iterations` calls each, for one CGFloat or
    /// Double property of a class loaded in this process:
    /// - `direct`: the plugin's setter called as a typed C function pointer (the physical limit);
    /// - `ffi`: the same setter through libffi with the cached cif (what the host does per set);
    /// - `host`: `DesignableInstance.set` (name lookup, type and range check, then libffi).
    package static func measure(_ instance: DesignableInstance, property: String, iterations: Int = 200_000,
                               rounds: Int = 7) throws -> (direct: Double, ffi: Double, host: Double) {
        guard let native = instance as? NativeInstance, let (info, accessor) = native.cls.properties[property],
              info.type == .cgFloat || info.type == .double, let setter = accessor.setter else {
            throw HostError(.usage, "benchmarks need an in-process CGFloat or Double property", property: property)
        }
        let pointer = native.pointer
        typealias SetDouble = @convention(c) (UnsafeMutableRawPointer?, Double) -> Void
        let direct = unsafeBitCast(setter, to: SetDouble.self)
        func time(_ body: (Int) throws -> Void) rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<rounds {
                let start = Clock.now()
                for i in 0..<iterations { try body(i) }
                samples.append(Double(Clock.now() - start) / Double(iterations))
            }
            return samples.sorted()[rounds / 2]
        }
        let value = { (i: Int) -> Double in Double(i & 31) }
        let d = time { direct(pointer, value($0)) }
        let f = time { accessor.set(pointer, info.type == .cgFloat ? .cgFloat(value($0)) : .double(value($0))) }
        let h = try time { try instance.set(property, to: info.type == .cgFloat ? .cgFloat(value($0)) : .double(value($0))) }
        return (d, f, h)
    }
}

/// A monotonic clock.
package enum Clock {
    /// Nanoseconds.
    package static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Seconds.
    package static func seconds() -> Double { Double(now()) / 1e9 }
}
