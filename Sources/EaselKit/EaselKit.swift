// EaselKit: the SDK Swift component authors import.
//
// It re-exports Foundation (CGFloat, CGPoint, CGSize, CGRect) and offers UIKit's and CoreAnimation's
// names (UIView, UIButton, UIColor, CALayer, CGContext, UIBezierPath, …) so that an @IBDesignable view
// ports almost line for line: with the @Designable macro (Designable.swift), @IBInspectable members,
// their doc comments and their didSet observers work as written. The C ABI (CEasel) and libffi (CFFI)
// are imported internally only: no C type appears in EaselKit's public interface.
//
//     import EaselKit
//
//     @IBDesignable @Designable
//     class RoundedCornerButton: UIButton {
//         /// Radius of the button's corners, in points
//         @IBInspectable @Inspector(range: 0...100, step: 1)
//         var cornerRadius: CGFloat = 0.0 {
//             didSet {
//                 layer.cornerRadius = cornerRadius
//                 layer.masksToBounds = cornerRadius > 0
//             }
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
// `EaselBundle(for: Self.self)` (Bundle(for:)), and `UINib` / `loadLayoutDocument()` with `@Outlet`s (IB's `@IBOutlet`)
// for views laid out in JSON (Docs/layout-documents.md). The toolkit measures text and images through
// the host during layout, exactly as they will be drawn, and renders the layer tree with the fewest
// canvas calls that give the picture (see CALayer+Rendering.swift). The seeds' ports are in Plugins/.
//
// Concurrency (Swift 6 language mode). EaselKit and the example components compile in the Swift 6
// mode, and so may yours, without warnings. Views and layers are *not* @MainActor as UIKit's are: the
// ABI's thread rule (easel.h, THREADS) is that the host never calls into a plugin from two threads
// at once, not that it calls from the main thread — a worker calls from its main thread, `host serve`
// from its engine thread — so a main-actor view would trap (MainActor.assumeIsolated) or lie. Views
// are ordinary non-Sendable classes used by one thread at a time, which Swift 6 checks for free: keep
// them out of Tasks and global variables. What is immutable and shared is Sendable, as in UIKit:
// UIColor, UIFont, UIImage, CGColor, CGGradient, the geometry and option types; so
// `static let accent = UIColor(…)` compiles in the Swift 6 mode. The SDK's own shared state (the
// plugin's host connection, caches) is behind locks.
@_exported import Foundation
