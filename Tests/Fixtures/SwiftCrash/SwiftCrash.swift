// SwiftCrash — a test fixture plugin in Swift that fails the Swift way: a fatalError traps the process
// it runs in. `fault` picks where: 1 in draw, 2 in the setter (its didSet),
// 3 an endless loop in draw. Built like SwiftAllTypes (see its README).
import EaselKit

@IBDesignable @Designable
final class SwiftCrash: UIView {
    /// 0 behaves, 1 traps in draw, 2 traps when set, 3 loops in draw
    @IBInspectable @Inspector(range: 0...3) var fault: Int = 0 {
        didSet { if fault == 2 { fatalError("SwiftCrash was told to trap in its setter") } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBlue
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class var defaultSize: CGSize { CGSize(width: 40, height: 20) }

    override func draw(_ rect: CGRect) {
        if fault == 1 { fatalError("SwiftCrash was told to trap in draw") }
        if fault == 3 { while fault == 3 { usleep(1000) } }
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.tests.swift-crash", name: "Swift Crash", version: "1.0.0",
                       classes: [SwiftCrash.self])
}
