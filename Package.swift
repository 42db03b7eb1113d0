// swift-tools-version:6.0
//
// Easel: designable components for Linux. See README.md.
//
// Dependencies point one way:  host (CLI) → EaselPreview → EaselRender, EaselHost → CEasel (the ABI header)
//                              EaselKit (the SDK for Swift components) → CEasel, CFFI
// Example components live in Plugins/ (plain targets with explicit paths; no SwiftPM package plugins).
import PackageDescription

/// A component plugin: a dynamic library the host dlopens.
func component(_ name: String) -> Product {
    .library(name: name, type: .dynamic, targets: [name])
}

let package = Package(
    name: "Easel",
    products: [
        .executable(name: "host", targets: ["host"]),
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
        .target(name: "CEasel", path: "Sources/CEasel"),
        // The frozen layout of the ABI 1.0 draft, which the host still reads (easel.h, VERSIONING).
        .target(name: "CEaselLegacy", dependencies: ["CEasel"], path: "Sources/CEaselLegacy"),

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
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),

        // Host core: discovery, loading, validation, libffi property calls, the common protocol.
        .target(name: "EaselHost", dependencies: ["CEasel", "CEaselLegacy", "CFFI", "CZlib"], path: "Sources/EaselHost"),
        // The canvas on Cairo/Pango/librsvg and image output.
        .target(name: "EaselRender", dependencies: ["CEasel", "CCairo", "CPango", "CRsvg", "CPNG"],
                path: "Sources/EaselRender"),
        // The SDK Swift component authors import; linked statically into each Swift plugin.
        .target(name: "EaselKit", dependencies: ["CEasel", "CFFI"], path: "Sources/EaselKit"),
        // Rendering components, layouts and scenes as Interface Builder does (both of the above).
        .target(name: "EaselPreview", dependencies: ["EaselHost", "EaselRender"], path: "Sources/EaselPreview"),
        // The command-line tool.
        .executableTarget(name: "host", dependencies: ["EaselHost", "EaselRender", "EaselPreview"], path: "Sources/host"),
        // In-process measurements used by Scripts/bench-* (not shipped).
        .executableTarget(name: "easel-bench", dependencies: ["CEasel", "EaselHost", "EaselPreview", "EaselRender"],
                          path: "Sources/easel-bench"),

        // Example components.
        .target(name: "RoundedCornerButton", dependencies: ["EaselKit"], path: "Plugins/RoundedCornerButton"),
        .target(name: "Gauge", dependencies: ["CEasel"], path: "Plugins/Gauge"),
        .target(name: "Rainbow", dependencies: ["EaselKit"], path: "Plugins/Rainbow"),
        // Resources (images, layout documents) are not compiled: Scripts/setup copies them beside the
        // library as <Name>.resources, where EaselKit's EaselBundle finds them.
        .target(name: "FancyButton", dependencies: ["EaselKit"], path: "Plugins/FancyButton", exclude: ["Resources"]),
        .target(name: "TaxRateRow", dependencies: ["EaselKit"], path: "Plugins/TaxRateRow", exclude: ["Resources"]),
        .target(name: "CircularProgressBar", dependencies: ["EaselKit"], path: "Plugins/CircularProgressBar",
                exclude: ["Resources"]),

        .testTarget(name: "EaselTests", dependencies: ["EaselHost", "EaselRender", "EaselPreview"], path: "Tests/EaselTests",
                    exclude: ["Resources"]),
    ],
    swiftLanguageModes: [.v5]
)
