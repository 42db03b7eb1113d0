import EaselPreview
import EaselRender
import Foundation
import XCTest

/// A Swift application embedding components through the installed EaselRuntime package
/// (PREFIX/share/easel/swift/EaselRuntime, over libeasel-runtime.so), built with `swift build`
/// against the installed SDK alone, as an application outside the repository is.
final class SwiftRuntimeBindingTests: XCTestCase {
    func testASwiftApplicationDrawsAComponentThroughTheInstalledPackage() throws {
        let prefix = try InstalledSDK.prefix()
        let app = try TestPaths.scratch("swift-app")
        try FileManager.default.createDirectory(atPath: app + "/Sources/App", withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "App",
            dependencies: [.package(path: "\(prefix)/share/easel/swift/EaselRuntime")],
            targets: [.executableTarget(name: "App", dependencies: [.product(name: "EaselRuntime", package: "EaselRuntime")])]
        )
        """.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        try """
        import EaselRuntime

        let runtime = try EaselRuntime(path: CommandLine.arguments[1])
        print(runtime.classNames.joined(separator: " "))
        let gauge = try runtime.makeView("Gauge")
        let button = try runtime.makeView("RoundedCornerButton")
        print("\\(button.displayName), button \\(button.kind == EASEL_KIND_BUTTON); \\(gauge.displayName), progress \\(gauge.kind == EASEL_KIND_PROGRESS)")
        var changes: [String] = []
        gauge.onPropertyChanged = { name, value in changes.append("\\(name)=\\(value)") }
        try gauge.set("value", "64")
        do { try gauge.set("value", "640") } catch let error as EaselRuntimeError { print("refused \\(error.kind) \\(error.property ?? "-")") }
        let size = gauge.frame.size
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))!
        let cr = cairo_create(surface)!
        try gauge.draw(into: cr)
        cairo_surface_write_to_png(surface, CommandLine.arguments[2])
        var down = easel_pointer_event()
        down.phase = EASEL_POINTER_DOWN
        down.location = easel_point(x: 115, y: 60)
        down.click_count = 1
        down.buttons = 1
        print("handled \\(try gauge.send(down)) \\(changes)")
        """.write(toFile: app + "/Sources/App/main.swift", atomically: true, encoding: .utf8)

        let path = "/opt/swift/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let build = try runProcess("/usr/bin/env", ["swift", "build"], environment: ["PATH": path, "PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "TMPDIR": app],
                                   directory: app)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        let components = try exampleComponents(["Gauge", "RoundedCornerButton"]) + "/components"
        let run = try runProcess(app + "/.build/debug/App", [components, app + "/gauge.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Gauge RoundedCornerButton\nRounded Corner Button, button true; Gauge, progress true\nrefused 65 value\nhandled true [\"value=25\"]\n")
        // Written by Cairo's own PNG writer: compared as snapshots are.
        let comparison = try XCTUnwrap(ImageComparison.compare(reference: try hostRender("Gauge", plugins: components, arguments: ["--set", "value=64"]),
                                                               actual: try RGBAImage.readPNG(app + "/gauge.png"), tolerance: .default))
        XCTAssertTrue(comparison.passes, "\(comparison.differingPixels) pixels differ from host render")
    }
}
