// swift-tools-version:6.0
//
// Easel: designable components for Linux. See README.md.
//
// Dependencies point one way:  host → EaselCLI → EaselJSON → EaselHost → CEasel (the ABI header);
//                              EaselDrawing (a dynamic library host loads on first need) → EaselCLI, EaselServe,
//                              EaselPreview → EaselRender, EaselHost
//                              EaselKit (the SDK for Swift components) → CEasel, CFFI
// Example components live in Plugins/ (plain targets with explicit paths; no SwiftPM package plugins).
import Foundation
import PackageDescription

/// The macro library behind EaselKit's @Designable (Sources/EaselMacros, not a SwiftPM target: a
/// `.macro` target needs swift-syntax as a package, which cannot be fetched). Scripts/build-macros
/// builds it from the toolchain's own swift-syntax; Scripts/setup and Scripts/test run it before
/// `swift build`, and a plain `swift build` in a fresh clone runs it here, when the library is missing.
let macroLibrary = Context.packageDirectory + "/.build/macros/libEaselMacros.so"
if !FileManager.default.fileExists(atPath: macroLibrary) {
    let build = Process()
    build.executableURL = URL(fileURLWithPath: Context.packageDirectory + "/Scripts/build-macros")
    try? build.run()
    build.waitUntilExit()
}
/// What EaselKit and every Swift component target compile with: the macro plugin.
let macroSettings: [SwiftSetting] = [.unsafeFlags(["-load-plugin-library", macroLibrary])]

/// A component plugin: a dynamic library the host dlopens.
func component(_ name: String) -> Product {
    .library(name: name, type: .dynamic, targets: [name])
}

let package = Package(
    name: "Easel",
    products: [
        .executable(name: "host", targets: ["host"]),
        // Everything of the CLI that draws, loaded by `host` on first need (see Sources/host/DrawingLibrary.swift).
        .library(name: "EaselDrawing", type: .dynamic, targets: ["EaselDrawing"]),
        .library(name: "EaselKit", targets: ["EaselKit"]),
        component("RoundedCornerButton"),
        component("Gauge"),
        component("Rainbow"),
        component("FancyButton"),
        component("TaxRateRow"),
        component("CircularProgressBar"),
    ],
    targets: [
        // The contract: one C header, no dependencies.
        .target(name: "CEasel", path: "Sources/CEasel", exclude: ["easel.pc.in"]),
        // The frozen layout of the ABI 1.0 draft, which the host still reads (easel.h, VERSIONING).
        .target(name: "CEaselLegacy", dependencies: ["CEasel"], path: "Sources/CEaselLegacy"),

        // The few Linux calls Swift cannot make directly (prctl, SCM_RIGHTS, signal-safe cleanup).
        .target(name: "CSystem", path: "Sources/CSystem"),

        // System libraries (Debian -dev packages, installed by Scripts/setup).
        .systemLibrary(name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi",
                       providers: [.apt(["libffi-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // Pango and librsvg are declared by hand (see their shim.h): their pkg-config flags carry
        // -pthread, which SwiftPM warns about on every build.
        .systemLibrary(name: "CPango", path: "Sources/CPango", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CRsvg", path: "Sources/CRsvg", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // fontconfig, for the renderer's pinned font setup (EaselRender/FontConfiguration.swift).
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // libmicrohttpd is loaded by `host serve` on first use, not linked (see its shim.h): no pkgConfig,
        // whose flags would link it.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),

        // Host core: discovery, loading, validation, libffi property calls, the common protocol.
        .target(name: "EaselHost", dependencies: ["CEasel", "CEaselLegacy", "CFFI", "CZlib", "CSystem"], path: "Sources/EaselHost"),
        // The canvas on Cairo/Pango/librsvg and image output.
        .target(name: "EaselRender", dependencies: ["CEasel", "CCairo", "CPango", "CRsvg", "CPNG", "CFontconfig", "CSystem"],
                path: "Sources/EaselRender"),
        // The SDK Swift component authors import; linked statically into each Swift plugin.
        .target(name: "EaselKit", dependencies: ["CEasel", "CFFI"], path: "Sources/EaselKit",
                swiftSettings: macroSettings),
        // The JSON writer and the schemas of `list --json` and `inspect --json` (no renderer).
        .target(name: "EaselJSON", dependencies: ["EaselHost"], path: "Sources/EaselJSON"),
        // Rendering components, layouts and scenes as Interface Builder does (both of the above).
        .target(name: "EaselPreview", dependencies: ["EaselHost", "EaselRender", "EaselJSON"], path: "Sources/EaselPreview"),
        // The live designer's HTTP server (host serve) and its page (Page/, served from the source tree or
        // the install location).
        .target(name: "EaselServe", dependencies: ["EaselPreview", "EaselHost", "EaselRender", "CMicroHTTPD", "CSystem"],
                path: "Sources/EaselServe", exclude: ["Page"]),
        // The command line: the argument parser, the dispatcher, every command's options, and the commands
        // that never draw (list, inspect, new, completions, manual). No renderer, no Foundation.
        .target(name: "EaselCLI", dependencies: ["EaselHost", "EaselJSON"], path: "Sources/EaselCLI"),
        // The commands that draw (render, watch, serve, gallery, snapshot, validate) and the renderer's
        // services for plugins: the EaselDrawing dynamic library, which `host` loads on first need.
        .target(name: "EaselDrawing", dependencies: ["EaselCLI", "EaselHost", "EaselRender", "EaselPreview", "EaselServe"],
                path: "Sources/EaselDrawing"),
        // The program: starts with the parts above that never draw; the drawing library only when needed.
        .executableTarget(name: "host", dependencies: ["EaselCLI", "EaselHost"], path: "Sources/host"),
        // In-process measurements used by Scripts/bench-* (not shipped).
        .executableTarget(name: "easel-bench", dependencies: ["CEasel", "EaselHost", "EaselPreview", "EaselRender"],
                          path: "Sources/easel-bench"),

        // Example components.
        .target(name: "RoundedCornerButton", dependencies: ["EaselKit"], path: "Plugins/RoundedCornerButton", swiftSettings: macroSettings),
        .target(name: "Gauge", dependencies: ["CEasel"], path: "Plugins/Gauge"),
        .target(name: "Rainbow", dependencies: ["EaselKit"], path: "Plugins/Rainbow", swiftSettings: macroSettings),
        // Resources (images, layout documents) are not compiled: Scripts/setup copies them beside the
        // library as <Name>.resources, where EaselKit's EaselBundle finds them.
        .target(name: "FancyButton", dependencies: ["EaselKit"], path: "Plugins/FancyButton", exclude: ["Resources"],
                swiftSettings: macroSettings),
        .target(name: "TaxRateRow", dependencies: ["EaselKit"], path: "Plugins/TaxRateRow", exclude: ["Resources"],
                swiftSettings: macroSettings),
        .target(name: "CircularProgressBar", dependencies: ["EaselKit"], path: "Plugins/CircularProgressBar",
                exclude: ["Resources"], swiftSettings: macroSettings),

        .testTarget(name: "EaselTests", dependencies: ["EaselHost", "EaselRender", "EaselPreview", "EaselServe"], path: "Tests/EaselTests",
                    exclude: ["Resources"]),
    ]
    // Every target builds in the Swift 6 language mode (the default of tools version 6.0).
)
