// EaselKit: the SDK Swift component authors import.
//
// It re-exports Foundation (CGFloat, CGPoint, CGSize, CGRect) and offers UIKit's and CoreAnimation's
// names (UIView, UIButton, UIColor, CALayer, CGContext, UIBezierPath, …) so that an @IBDesignable view
// ports almost line for line. The C ABI (CEasel) and libffi (CFFI) are imported internally only:
// no C type appears in EaselKit's public interface.
//
//     import EaselKit
//
//     final class RoundedCornerButton: UIButton {
//         @Inspectable(range: 0...100, summary: "Radius of the corners")
//         var cornerRadius: CGFloat = 0.0
//
//         override func layoutSubviews() {
//             super.layoutSubviews()
//             layer.cornerRadius = cornerRadius
//             layer.masksToBounds = cornerRadius > 0
//         }
//     }
//
//     @_cdecl("easel_plugin_entry")
//     public func easelPluginEntry() -> UnsafeRawPointer? {
//         EaselPlugin.export(id: "org.example.buttons", name: "Buttons", version: "1.0.0",
//                            classes: [RoundedCornerButton.self])
//     }
//
// Resources — images and layout documents — ship in a folder beside the plugin
// (`components/libButtons.so` → `components/Buttons.resources/`): `UIImage(named: "icon")`,
// `EaselBundle(for: Self.self)` (Bundle(for:)), and `UINib` / `loadLayoutDocument()` with `@Outlet`s
// for views laid out in JSON (Docs/layout-documents.md). The toolkit measures text and images through
// the host during layout, exactly as they will be drawn, and renders the layer tree with the fewest
// canvas calls that give the picture (see CALayer+Rendering.swift). The seeds' ports are in Plugins/.
@_exported import Foundation
