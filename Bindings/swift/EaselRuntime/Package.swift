// swift-tools-version:6.0
// EaselRuntime: Easel components in a Swift application, over the embedding runtime's C API
// (easel_runtime.h, libeasel-runtime.so). Scripts/install puts this package in
// PREFIX/share/easel/swift/EaselRuntime; depend on it by path:
//
//     dependencies: [.package(path: "PREFIX/share/easel/swift/EaselRuntime")],
//     targets: [.executableTarget(name: "App", dependencies: [.product(name: "EaselRuntime", package: "EaselRuntime")])]
//
// The C library is found with pkg-config (easel-runtime; PKG_CONFIG_PATH=PREFIX/lib/pkgconfig for a
// prefix pkg-config does not search) and at run time through PREFIX/lib, relative to this package.
import PackageDescription

/// PREFIX/lib, where libeasel-runtime.so is installed, relative to this package (the prefix can move).
let libraryDirectory = Context.packageDirectory + "/../../../../lib"

let package = Package(
    name: "EaselRuntime",
    products: [.library(name: "EaselRuntime", targets: ["EaselRuntime"])],
    targets: [
        .systemLibrary(name: "CEaselRuntime", path: "Sources/CEaselRuntime", pkgConfig: "easel-runtime"),
        .target(name: "EaselRuntime", dependencies: ["CEaselRuntime"], path: "Sources/EaselRuntime",
                linkerSettings: [.unsafeFlags(["-L", libraryDirectory, "-Xlinker", "-rpath", "-Xlinker", libraryDirectory])]),
    ]
)
