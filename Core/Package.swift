// swift-tools-version:6.0
//
// Easel's core: the C ABI, the host core (EaselHost), the JSON schemas and the command line, built
// as ONE dynamic library, libEaselCore.so, that every Easel program and library of ours links:
//
//   host (the program)        ─┐
//   libEaselDrawing.so         ├─▶ libEaselCore.so  (EaselHost, EaselJSON, EaselCLI; no Foundation, no Cairo)
//   the tests                 ─┘
//
// Why a package of its own: SwiftPM links a package's own targets statically into each product that
// uses them, so a core shared by the `host` program and the drawing library it loads on first need
// would be loaded twice into one process. Only a product of *another* package is linked as a shared
// library. This package holds no files of its own: its Sources is the repository's Sources (a
// symbolic link), and the root Package.swift depends on it by path. Every target of both packages is
// compiled with one package name ("easel") so that `package` declarations are visible across them
// (Docs/decisions/one-cli.md).
import PackageDescription

/// One package name for both packages' targets (SwiftPM's own is per package; `packageAccess: false`
/// leaves it out so that this one counts).
let easelPackage: [SwiftSetting] = [.unsafeFlags(["-package-name", "easel"])]

let package = Package(
    name: "EaselCore",
    products: [
        .library(name: "EaselCore", type: .dynamic, targets: ["EaselHost", "EaselJSON", "EaselCLI"]),
        // The ABI header, for EaselKit and the example components.
        .library(name: "CEasel", targets: ["CEasel"]),
        .library(name: "CFFI", targets: ["CFFI"]),
        .library(name: "CSystem", targets: ["CSystem"]),
    ],
    targets: [
        // The contract: one C header, no dependencies.
        .target(name: "CEasel", path: "Sources/CEasel", exclude: ["easel.pc.in"]),
        // The frozen layout of the ABI 1.0 draft, which the host still reads (easel.h, VERSIONING).
        .target(name: "CEaselLegacy", dependencies: ["CEasel"], path: "Sources/CEaselLegacy"),
        // The few Linux calls Swift cannot make directly (prctl, SCM_RIGHTS, signal-safe cleanup).
        .target(name: "CSystem", path: "Sources/CSystem"),
        // System libraries (Debian -dev packages, installed by Scripts/install-deps).
        .systemLibrary(name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),

        // Host core: discovery, loading, validation, libffi property calls, workers, the common protocol.
        .target(name: "EaselHost", dependencies: ["CEasel", "CEaselLegacy", "CFFI", "CZlib", "CSystem"],
                path: "Sources/EaselHost", packageAccess: false, swiftSettings: easelPackage),
        // The JSON writer and the schemas of `list --json` and `inspect --json` (no renderer).
        .target(name: "EaselJSON", dependencies: ["EaselHost"], path: "Sources/EaselJSON",
                packageAccess: false, swiftSettings: easelPackage),
        // The command line: the argument parser, the dispatcher, the command catalogue, and the commands
        // that never draw (list, inspect, new, completions, manual). No renderer, no Foundation.
        .target(name: "EaselCLI", dependencies: ["EaselHost", "EaselJSON"], path: "Sources/EaselCLI",
                packageAccess: false, swiftSettings: easelPackage),
    ]
)
