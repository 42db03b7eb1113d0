// SwiftUndesignable — a test fixture plugin that exports a subclass which forgot @Designable: it
// compiles (it inherits its superclass's tables), and the plugin must be refused when it loads, with
// a message naming the class and what to write.
import EaselKit

@IBDesignable @Designable
class Gadget: UIView {
    @IBInspectable var size: CGFloat = 1
}

class BigGadget: Gadget {
    @IBInspectable var extra: Int = 2
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.tests.swift-undesignable", name: "Swift Undesignable", version: "0.1.0",
                       classes: [Gadget.self, BigGadget.self])
}
