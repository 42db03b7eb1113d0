import EaselHost
import Foundation

/// A small seeded generator (SplitMix64): the same seed gives the same values on every machine, so
/// `host validate --seed N` reproduces a failure.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1 with 53 random bits.
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// The values the round-trip check sets on a property: its default, the edges of its range (min, max,
/// one step in from each), seeded random values, and for strings the hard cases: empty, CJK, emoji
/// (with a skin tone and a flag), 10 kB long, combining marks.
package enum ValueSamples {
    /// How many seeded random values each property gets besides the fixed ones.
    package static let randomCount = 4

    package static let edgeStrings: [(label: String, value: String)] = [
        ("empty", ""),
        ("CJK", "公积金 税率 東京 서울"),
        ("emoji", "😀 👍🏽 🇨🇳 👩‍💻"),
        ("10 kB", String(repeating: "Lorem ipsum 中文 ", count: 520)),
        ("combining marks", "e\u{301} n\u{303} a\u{30A}\u{301} Z\u{335}\u{321}"),
    ]

    /// `images`: image names that exist in the plugin's resources (the default is always included).
    package static func values(for p: PropertyInfo, using rng: inout SeededGenerator, images: [String] = []) -> [PropertyValue] {
        var out: [PropertyValue] = [p.defaultValue]
        func add(_ v: PropertyValue) { if !out.contains(v) { out.append(v) } }
        switch p.type {
        case .int:
            if let r = p.range {
                let lo = Int64(r.min.rounded(.up)), hi = Int64(r.max.rounded(.down))
                let step = r.step >= 1 ? Int64(r.step) : 1
                for v in [lo, hi, lo + step, hi - step] where v >= lo && v <= hi { add(.int(v)) }
                for _ in 0..<randomCount where hi >= lo {
                    let span = UInt64(hi - lo) / UInt64(step)
                    add(.int(lo + Int64(rng.next() % (span &+ 1)) * step))
                }
            } else {
                for v: Int64 in [0, 1, -1, .max, .min] { add(.int(v)) }
                for _ in 0..<randomCount { add(.int(Int64(bitPattern: rng.next()) >> 20)) }
            }
        case .cgFloat, .double:
            let make: (Double) -> PropertyValue = p.type == .cgFloat ? { .cgFloat($0) } : { .double($0) }
            if let r = p.range {
                for v in [r.min, r.max] { add(make(v)) }
                if r.step > 0 {
                    if r.min + r.step <= r.max { add(make(r.min + r.step)) }
                    if r.max - r.step >= r.min { add(make(r.max - r.step)) }
                }
                for _ in 0..<randomCount {
                    var v = r.min + rng.unit() * (r.max - r.min)
                    if r.step > 0 { v = min(r.max, r.min + ((v - r.min) / r.step).rounded() * r.step) }
                    add(make(v))
                }
            } else {
                for v in [0.0, 1, -1, 0.5, 1e6, -1e6] { add(make(v)) }
                for _ in 0..<randomCount { add(make((rng.unit() - 0.5) * 2e4)) }
            }
        case .string:
            for s in edgeStrings { add(.string(s.value)) }
            for _ in 0..<randomCount { add(.string(randomString(using: &rng))) }
        case .bool:
            add(.bool(true)); add(.bool(false))
        case .enumeration:
            for c in p.enumCases { add(.enumeration(c.value)) }
        case .point:
            add(.point(Point(x: 0, y: 0)))
            for _ in 0..<randomCount { add(.point(Point(x: number(&rng), y: number(&rng)))) }
        case .size:
            add(.size(Size(width: 0, height: 0)))
            for _ in 0..<randomCount { add(.size(Size(width: abs(number(&rng)), height: abs(number(&rng))))) }
        case .rect:
            add(.rect(Rect(x: 0, y: 0, width: 0, height: 0)))
            for _ in 0..<randomCount {
                add(.rect(Rect(x: number(&rng), y: number(&rng), width: abs(number(&rng)), height: abs(number(&rng)))))
            }
        case .insets:
            add(.insets(Insets(top: 0, left: 0, bottom: 0, right: 0)))
            for _ in 0..<randomCount { add(.insets(Insets(top: number(&rng), left: number(&rng), bottom: number(&rng), right: number(&rng)))) }
        case .color:
            for c in [Color(red: 0, green: 0, blue: 0, alpha: 1), Color(red: 1, green: 1, blue: 1, alpha: 1),
                      Color(red: 0, green: 0, blue: 0, alpha: 0)] { add(.color(c)) }
            for _ in 0..<randomCount {
                // Whole 8-bit steps: what the value syntax can write and every component keeps.
                func channel() -> Double { Double(rng.next() % 256) / 255 }
                add(.color(Color(red: channel(), green: channel(), blue: channel(), alpha: channel())))
            }
        case .image:
            add(.image(nil))
            for name in images { add(.image(name)) }
        }
        return out
    }

    /// A number with two decimals in ±1000.
    static func number(_ rng: inout SeededGenerator) -> Double {
        ((rng.unit() - 0.5) * 200_000).rounded() / 100
    }

    /// 0–40 characters from ASCII, Latin-1, CJK, Hangul and emoji.
    static func randomString(using rng: inout SeededGenerator) -> String {
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0xFF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F600...0x1F64F]
        var s = ""
        for _ in 0..<Int(rng.next() % 41) {
            let pool = pools[Int(rng.next() % UInt64(pools.count))]
            let value = pool.lowerBound + UInt32(rng.next() % UInt64(pool.count))
            if let scalar = Unicode.Scalar(value) { s.unicodeScalars.append(scalar) }
        }
        return s
    }

    /// Whether two values are the same for a round trip: equal, with "no image" and "" alike and
    /// NaN equal to NaN.
    package static func same(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
        switch (a, b) {
        case (.image(let x), .image(let y)): return (x ?? "") == (y ?? "")
        case (.cgFloat(let x), .cgFloat(let y)), (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        default: return a == b
        }
    }

    /// Whether `got` is `set` rounded to single precision (a Float kept behind a Double property).
    package static func sameInSinglePrecision(_ got: PropertyValue, _ set: PropertyValue) -> Bool {
        switch (got, set) {
        case (.cgFloat(let g), .cgFloat(let s)), (.double(let g), .double(let s)): return g == Double(Float(s))
        default: return false
        }
    }

    /// A value for a message: its value syntax, long strings shortened.
    package static func describe(_ v: PropertyValue, _ p: PropertyInfo) -> String {
        if case .string(let s) = v {
            if s.isEmpty { return "\"\" (empty)" }
            if s.utf8.count > 60 { return "a \(s.utf8.count)-byte string \"\(s.prefix(16))…\"" }
            return "\"\(s)\""
        }
        if case .image(nil) = v { return "no image" }
        return p.format(v)
    }
}
