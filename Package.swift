// swift-tools-version:6.0
//
// Easel: designable components for Linux. See README.md and Docs/architecture.md.
//
// Two packages, one direction:
//   Core/Package.swift   libEaselCore.so: CEasel (the ABI header), EaselHost, EaselJSON, EaselCLI
//   this package         host (the program: the core's commands, and the drawing library on first need)
//                        libEaselDrawing.so: EaselRender, EaselPreview, EaselServe and the commands that draw
//                        EaselKit (the SDK for Swift components) → CEasel, CFFI only
//   host → EaselCLI → EaselJSON → EaselHost → CEasel;  EaselDrawing → EaselServe → EaselPreview → EaselRender → EaselHost
// The core is a package of its own so that the program and the drawing library share one copy of it
// (see Core/Package.swift). Example components live in Plugins/ (plain targets with explicit paths; no
// SwiftPM package plugins).
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

/// One package name shared with the core package, so that `package` declarations cross between them
/// (see Core/Package.swift). Every host-side target uses it, with `packageAccess: false`.
let easelPackage: [SwiftSetting] = [.unsafeFlags(["-package-name", "easel"])]
/// Where an installed program or library finds libEaselCore.so: beside it (the build folder, and
/// PREFIX/lib/easel for the drawing library), or in ../lib/easel (PREFIX/bin/host).
let findsCore: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../lib/easel"])]

/// Where an installed libeasel-runtime.so (PREFIX/lib) finds libEaselCore.so: in PREFIX/lib/easel.
let runtimeFindsCore: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/easel"])]

/// The shared core (libEaselCore.so) and its C modules.
let core: Target.Dependency = .product(name: "EaselCore", package: "Core")
let cEasel: Target.Dependency = .product(name: "CEasel", package: "Core")
let cFFI: Target.Dependency = .product(name: "CFFI", package: "Core")
let cSystem: Target.Dependency = .product(name: "CSystem", package: "Core")

/// A component plugin: a dynamic library the host dlopens.
func component(_ name: String) -> Product {
    .library(name: name, type: .dynamic, targets: [name])
}

let package = Package(
    name: "Easel",
    products: [
        .executable(name: "host", targets: ["host"]),
        // Everything that draws, loaded by `host` on first need (see Sources/host/DrawingLibrary.swift).
        .library(name: "EaselDrawing", type: .dynamic, targets: ["EaselDrawing"]),
        .library(name: "EaselKit", targets: ["EaselKit"]),
        // The embedding runtime: easel_runtime.h's C API over the same core, for applications
        // (libeasel-runtime.so; Scripts/install puts it in PREFIX/lib with easel-runtime.pc).
        .library(name: "easel-runtime", type: .dynamic, targets: ["EaselEmbedding"]),
        component("RoundedCornerButton"),
        component("Gauge"),
        component("Rainbow"),
        component("FancyButton"),
        component("TaxRateRow"),
        component("CircularProgressBar"),
    ],
    dependencies: [.package(path: "Core")],
    targets: [
        // System libraries (Debian -dev packages, installed by Scripts/install-deps).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // Pango and librsvg are declared by hand (see their shim.h): their pkg-config flags carry
        // -pthread, which SwiftPM warns about on every build.
        .systemLibrary(name: "CPango", path: "Sources/CPango", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CRsvg", path: "Sources/CRsvg", providers: [.apt(["librsvg2-dev"])]),
        // fontconfig, for the renderer's pinned font setup (EaselRender/FontConfiguration.swift).
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // libmicrohttpd is loaded by `host serve` on first use, not linked (see its shim.h): no pkgConfig,
        // whose flags would link it.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),

        // The canvas on Cairo/Pango/librsvg and image output.
        .target(name: "EaselRender", dependencies: [core, cEasel, "CCairo", "CPango", "CRsvg", "CPNG", "CFontconfig", cSystem],
                path: "Sources/EaselRender", packageAccess: false, swiftSettings: easelPackage),
        // The SDK Swift component authors import; linked statically into each Swift plugin.
        .target(name: "EaselKit", dependencies: [cEasel, cFFI], path: "Sources/EaselKit",
                swiftSettings: macroSettings),
        // Rendering components, layouts and scenes as Interface Builder does; the design session.
        .target(name: "EaselPreview", dependencies: [core, "EaselRender"], path: "Sources/EaselPreview",
                packageAccess: false, swiftSettings: easelPackage),
        // The live designer's HTTP server (host serve) and its page (Page/, served from the source tree or
        // the install location).
        .target(name: "EaselServe", dependencies: ["EaselPreview", core, "EaselRender", "CMicroHTTPD", cSystem],
                path: "Sources/EaselServe", exclude: ["Page"], packageAccess: false, swiftSettings: easelPackage),
        // The commands that draw (render, watch, serve, gallery, snapshot, validate), each with its spec,
        // and the renderer's services for plugins: the EaselDrawing library, which `host` loads on first need.
        .target(name: "EaselDrawing", dependencies: [core, "EaselRender", "EaselPreview", "EaselServe"],
                path: "Sources/EaselDrawing", packageAccess: false, swiftSettings: easelPackage, linkerSettings: findsCore),
        // The program: the core's commands at once; the drawing library only when needed.
        .executableTarget(name: "host", dependencies: [core], path: "Sources/host",
                          packageAccess: false, swiftSettings: easelPackage, linkerSettings: findsCore),
        // The embedding runtime's header (easel_runtime.h) and its C implementation over the core.
        .target(name: "CEaselRuntime", dependencies: [cEasel, "CCairo"], path: "Sources/CEaselRuntime", exclude: ["easel-runtime.pc.in"]),
        .target(name: "EaselEmbedding", dependencies: [core, cEasel, cSystem, "CEaselRuntime", "CCairo", "EaselRender", "EaselPreview"],
                path: "Sources/EaselEmbedding", packageAccess: false, swiftSettings: easelPackage, linkerSettings: runtimeFindsCore),
        // In-process measurements used by Scripts/bench-* (not shipped).
        .executableTarget(name: "easel-bench", dependencies: [cEasel, core, "EaselPreview", "EaselRender"],
                          path: "Sources/easel-bench", packageAccess: false, swiftSettings: easelPackage),

        // Example components.
        .target(name: "RoundedCornerButton", dependencies: ["EaselKit"], path: "Plugins/RoundedCornerButton", swiftSettings: macroSettings),
        // The Makefile builds it against an installed SDK (Scripts/install installs it as an example).
        .target(name: "Gauge", dependencies: [cEasel], path: "Plugins/Gauge", exclude: ["Makefile"]),
        .target(name: "Rainbow", dependencies: ["EaselKit"], path: "Plugins/Rainbow", swiftSettings: macroSettings),
        // Resources (images, layout documents) are not compiled: Scripts/setup copies them beside the
        // library as <Name>.resources, where EaselKit's EaselBundle finds them.
        .target(name: "FancyButton", dependencies: ["EaselKit"], path: "Plugins/FancyButton", exclude: ["Resources"],
                swiftSettings: macroSettings),
        .target(name: "TaxRateRow", dependencies: ["EaselKit"], path: "Plugins/TaxRateRow", exclude: ["Resources"],
                swiftSettings: macroSettings),
        .target(name: "CircularProgressBar", dependencies: ["EaselKit"], path: "Plugins/CircularProgressBar",
                exclude: ["Resources"], swiftSettings: macroSettings),

        .testTarget(name: "EaselTests", dependencies: [core, "EaselRender", "EaselPreview", "EaselServe", "EaselEmbedding", "CEaselRuntime"], path: "Tests/EaselTests",
                    exclude: ["Resources"], packageAccess: false, swiftSettings: easelPackage),
    ]
    // Every target builds in the Swift 6 language mode (the default of tools version 6.0).
)
