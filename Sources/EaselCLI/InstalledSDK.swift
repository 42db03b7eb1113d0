import EaselHost
import Glibc

/// The Easel SDK installed beside the running `host` by Scripts/install: `PREFIX/bin/host` (and its
/// other name, `easel`) belongs to PREFIX, whose layout is
///
///     bin/host, bin/easel                     the CLI
///     include/easel.h, lib/pkgconfig/easel.pc the C ABI (pkg-config easel)
///     lib/easel/libEaselMacros.so             the macro library behind @Designable
///     lib/easel/swift/                        EaselKit prebuilt, with `toolchain`: the Swift version it is for
///     share/easel/swift/EaselKit/             EaselKit as a SwiftPM package (depend on it by path)
///     share/easel/rust/easel-sys/             the Rust binding (a Cargo crate, by path)
///
/// (Scripts/install writes exactly this; keep the two in step.)
struct InstalledSDK {
    let prefix: String

    var swiftPackage: String { prefix + "/share/easel/swift/EaselKit" }
    var macroLibrary: String { prefix + "/lib/easel/libEaselMacros.so" }
    var pkgConfigDirectory: String { prefix + "/lib/pkgconfig" }
    var header: String { prefix + "/include/easel.h" }
    var rustCrate: String { prefix + "/share/easel/rust/easel-sys" }
    var prebuiltKit: String { prefix + "/lib/easel/swift" }

    /// The Swift version EaselKit was prebuilt for ("6.3.1"), nil when there is no prebuilt EaselKit.
    var prebuiltToolchain: String? {
        guard access(prebuiltKit + "/libEaselKit.a", R_OK) == 0, let file = fopen(prebuiltKit + "/toolchain", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 64)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let version = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.filter { $0.isNumber || $0 == "." }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy({ !$0.isEmpty }) ? version : nil
    }

    /// The SDK of the running executable's prefix.
    static func ofRunningExecutable() -> InstalledSDK {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable = n > 0 ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : CommandLine.arguments[0]
        let bin = parentDirectory(of: executable)
        return InstalledSDK(prefix: parentDirectory(of: bin))
    }

    /// The files a project in `language` builds against; throws naming the first one missing.
    func check(for language: ProjectLanguage) throws {
        let needed: [String]
        switch language {
        case .swift: needed = [swiftPackage + "/Package.swift", macroLibrary]
        case .c, .cpp: needed = [header, pkgConfigDirectory + "/easel.pc"]
        case .rust: needed = [rustCrate + "/Cargo.toml"]
        }
        for path in needed where access(path, R_OK) != 0 {
            throw HostError(.notFound, "the Easel SDK is not installed in \(prefix) (expected \(path)): install it with "
                                + "Scripts/install --prefix DIR from a clone of Easel, and run DIR/bin/easel new", file: path)
        }
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
