/// `host new NAME --swift`: a SwiftPM package with one dynamic library, written as an Xcode author
/// writes an @IBDesignable view, against the installed EaselKit package and macro library.
extension ProjectTemplate {
    var swiftFiles: [File] {
        [
            File(path: "Package.swift", text: fill(swiftPackage.replacing("@PREBUILT@", with: prebuiltCheck))),
            File(path: "Sources/\(name)/\(name).swift", text: fill(swiftComponent)),
            File(path: "README.md", text: fill(swiftReadme)),
            File(path: ".gitignore", text: ".build/\n/*.png\n"),
        ]
    }
}

extension ProjectTemplate {
    /// The manifest's `let prebuilt`: true (unless EASEL_KIT=source) when the compiler is the one
    /// the installation's EaselKit was prebuilt with, which is the only one that can read its module.
    var prebuiltCheck: String {
        guard let version = sdk.prebuiltToolchain else {
            return "let prebuilt = false   // this installation has no prebuilt EaselKit"
        }
        var parts = version.split(separator: ".").compactMap { Int($0) }
        while parts.count < 3 { parts.append(0) }
        let next = "\(parts[0]).\(parts[1]).\(parts[2] + 1)"
        return """
            #if compiler(>=\(version)) && !compiler(>=\(next))   // Swift \(version), which built the installation's EaselKit
            let prebuilt = Context.environment["EASEL_KIT"] != "source"
            #else
            let prebuilt = false
            #endif
            """
    }
}

private let swiftPackage = #"""
// swift-tools-version:6.0
// @NAME@: a designable component for Easel (made by `easel new @NAME@`). Build it with `swift build`;
// README.md says how to preview it.
import PackageDescription

/// Where the Easel SDK is installed (Easel's `Scripts/install --prefix`): $EASEL when it is set
/// (`EASEL=/other/prefix swift build`), else the installation that made this project.
let easel = Context.environment["EASEL"] ?? "@PREFIX@"

/// Whether to link EaselKit as the installation prebuilt it, for the toolchain that built it: the
/// first build then compiles only this component. With another toolchain, or with EASEL_KIT=source,
/// EaselKit is compiled from the sources installed beside it (once; a longer first build).
@PREBUILT@
let kit = easel + "/lib/easel/swift"

let package = Package(
    name: "@NAME@",
    products: [
        // The host loads components as shared libraries: .build/debug/lib@NAME@.so.
        .library(name: "@NAME@", type: .dynamic, targets: ["@NAME@"]),
    ],
    dependencies: prebuilt ? [] : [.package(path: easel + "/share/easel/swift/EaselKit")],
    targets: [
        .target(
            name: "@NAME@",
            dependencies: prebuilt ? [] : [.product(name: "EaselKit", package: "EaselKit")],
            swiftSettings: [
                .swiftLanguageMode(.v6),
                // The macro library behind @Designable (SwiftPM cannot build it: it needs swift-syntax),
                // and where the prebuilt EaselKit's module and the C modules it imports are.
                .unsafeFlags(["-load-plugin-library", easel + "/lib/easel/libEaselMacros.so"]
                             + (prebuilt ? ["-I", kit, "-I", kit + "/CEasel", "-I", kit + "/CFFI"] : [])),
            ],
            linkerSettings: prebuilt ? [.unsafeFlags(["-L", kit, "-lEaselKit"])] : []),
    ]
)

"""#

private let swiftComponent = #"""
import EaselKit

/// A rounded box with a title.
@IBDesignable @Designable
final class @NAME@: UIView {
    /// The text in the middle
    @IBInspectable var title: String = "@NAME@" {
        didSet { setNeedsDisplay() }
    }

    /// Radius of the corners, in points
    @IBInspectable @Inspector(range: 0...40, step: 1)
    var cornerRadius: CGFloat = 12 {
        didSet { setNeedsDisplay() }
    }

    override class var defaultSize: CGSize { CGSize(width: 200, height: 80) }

    /// Named states that the designer, the gallery and snapshot tests show.
    override class var designableVariants: [DesignableVariant] {
        [.init("pill", summary: "Fully rounded ends", ["title": "Pill", "cornerRadius": "40"])]
    }

    override func draw(_ rect: CGRect) {
        UIColor.systemBlue.setFill()
        UIBezierPath(roundedRect: bounds, cornerRadius: cornerRadius).fill()

        let style = NSMutableParagraphStyle()
        style.alignment = .center
        let font = UIFont.boldSystemFont(ofSize: 22)
        let line = CGRect(x: 0, y: (bounds.height - font.lineHeight) / 2, width: bounds.width, height: font.lineHeight)
        title.draw(in: line, withAttributes: [.font: font, .foregroundColor: UIColor.white, .paragraphStyle: style])
    }
}

/// The plugin's one entry point: the host calls it when it loads lib@NAME@.so.
@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "@ID@", name: "@NAME@", version: "0.1.0", classes: [@NAME@.self])
}

"""#

private let swiftReadme = #"""
# @NAME@

A designable component for Easel (`easel manual | man -l -`), made by `easel new @NAME@`: a Swift
package whose one product, `lib@NAME@.so`, the Easel host loads, inspects and renders.

## Build

```sh
swift build
```

## Preview

```sh
easel inspect @NAME@ --plugins .build/debug                       # its properties
easel render @NAME@ --plugins .build/debug -o @NAME@.png           # a picture
easel render @NAME@ --plugins .build/debug --set title=Hello --set cornerRadius=30 -o hello.png
easel watch .build/debug --out previews                            # redrawn after every swift build
```

Or design it live in the browser: the page rebuilds on every save of a source file and reloads what
was built, keeping the values you set.

```sh
easel serve .build/debug --build "swift build" --sources Sources --open
```

## Writing it

`Sources/@NAME@/@NAME@.swift` is written as in Xcode: `@IBDesignable`, `@IBInspectable` properties
with `didSet` observers (the host's sets run them), a `///` doc comment as each property's summary,
and `@Inspector(range:step:group:displayName:)` for the inspector. `@Designable` is the macro that
reads all of it. `designableVariants` lists named states (`easel render @NAME@ --plugins .build/debug
--variant pill -o pill.png`). Inspectable types: Int, CGFloat, Double, String, Bool, CGPoint, CGSize, CGRect,
UIColor, UIColor?, UIImage?, UIEdgeInsets and enums adopting `InspectableEnum`.

Images and layout documents go in `Sources/@NAME@/Resources/`, declared in `Package.swift` as the
target's `resources: [.process("Resources")]`: `swift build` copies them into
`.build/debug/@NAME@_@NAME@.resources/`, where the host finds them, and `UIImage(named:)` and
`UINib(nibName:bundle: Bundle(for: type(of: self)))` read them (a layout document, Easel's xib, is
described in `@PREFIX@/share/doc/easel/layout-documents.md`).

The package builds against the Easel SDK installed in `@PREFIX@` (`EASEL=/other/prefix swift build`
for another installation): it links the EaselKit the installation prebuilt for its toolchain (so a
first build compiles only this component), or, with another toolchain or `EASEL_KIT=source`, the
EaselKit package installed beside it; and it loads the macro library behind `@Designable` (see
`Package.swift`). It builds in the Swift 6 language mode.

"""#
