// easel-bench — in-process measurements for the scripts in Scripts/ (not shipped to users).
//
//   easel-bench property-set PLUGIN.so CLASS PROPERTY
//       ns per property set: direct typed C call, through libffi (cached cif), through the host API.
@_spi(Benchmarks) import EaselHost
import Glibc

let args = Array(CommandLine.arguments.dropFirst())
guard args.count == 4, args[0] == "property-set" else {
    fputs("usage: easel-bench property-set PLUGIN.so CLASS PROPERTY\n", stderr)
    exit(64)
}
let registry = Registry(files: [args[1]])
if let failure = registry.failures.first {
    fputs("easel-bench: \(failure)\n", stderr)
    exit(69)
}
guard let cls = try? registry.designableClass(named: args[2]) else {
    fputs("easel-bench: no class \(args[2]) in \(args[1])\n", stderr)
    exit(66)
}
do {
    let instance = try cls.makeInstance(frame: Rect(size: cls.info.defaultSize))
    let r = try PropertyCallBenchmark.measure(instance, property: args[3])
    func f(_ v: Double) -> String { String(Double(Int(v * 10)) / 10) }
    print("property set, ns per call (median of 7 rounds of 200000):")
    print("  direct C call        \(f(r.direct))")
    print("  libffi, cached cif   \(f(r.ffi))   (\(f(r.ffi / r.direct))x direct)")
    print("  host API set(_:to:)  \(f(r.host))   (\(f(r.host / r.direct))x direct)")
} catch {
    fputs("easel-bench: \(error)\n", stderr)
    exit(70)
}
