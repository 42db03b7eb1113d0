// SwiftOwnThread — a test fixture plugin: views whose own thread changes them 200 ms after
// init(frame:), as an image that finished loading would, and say so the UIKit way. The test suite
// builds it with swiftc against the built EaselKit (see Tests/Fixtures/SwiftAllTypes/README.md).
//
// Class LateLayout (20×20): the thread sets `arrived` and calls setNeedsLayout(); layoutSubviews()
// copies `arrived` into what draw shows: green once laid out with it, red before.
// Class LateDisplay (20×20): the thread sets `arrived` and calls setNeedsDisplay(); draw paints
// green once arrived, red before.
// Each view stops its thread (and waits for it) in deinit: the host's destroy.
import EaselKit

/// A thread that runs `body` once, after a delay, unless stopped first; `stop()` waits for it.
final class LateArrival: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// `body` runs on the new thread: the view's own code, which knows what it may touch there.
    init(after delay: TimeInterval, _ body: @escaping () -> Void) {
        nonisolated(unsafe) let body = body
        Thread.detachNewThread { [self] in
            defer { finished.signal() }
            var waited: TimeInterval = 0
            while waited < delay {
                if isStopped { return }
                Thread.sleep(forTimeInterval: 0.01)
                waited += 0.01
            }
            lock.lock()
            defer { lock.unlock() }
            if !stopped { body() }
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        finished.wait()
    }
}

@IBDesignable @Designable
final class LateLayout: UIView {
    private var arrived = false
    private var shown = false
    private var arrival: LateArrival?

    override class var defaultSize: CGSize { CGSize(width: 20, height: 20) }

    override init(frame: CGRect) {
        super.init(frame: frame)
        unowned(unsafe) let view = self
        arrival = LateArrival(after: 0.2) {
            view.arrived = true
            view.setNeedsLayout()
        }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    deinit { arrival?.stop() }

    override func layoutSubviews() {
        super.layoutSubviews()
        shown = arrived
    }

    override func draw(_ rect: CGRect) {
        (shown ? UIColor.green : UIColor.red).setFill()
        UIBezierPath(rect: bounds).fill()
    }
}

@IBDesignable @Designable
final class LateDisplay: UIView {
    private var arrived = false
    private var arrival: LateArrival?

    override class var defaultSize: CGSize { CGSize(width: 20, height: 20) }

    override init(frame: CGRect) {
        super.init(frame: frame)
        unowned(unsafe) let view = self
        arrival = LateArrival(after: 0.2) {
            view.arrived = true
            view.setNeedsDisplay()
        }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    deinit { arrival?.stop() }

    override func draw(_ rect: CGRect) {
        (arrived ? UIColor.green : UIColor.red).setFill()
        UIBezierPath(rect: bounds).fill()
    }
}

@_cdecl("easel_plugin_entry")
public func easelPluginEntry() -> UnsafeRawPointer? {
    EaselPlugin.export(id: "org.easel.tests.swift-own-thread", name: "Swift Own Thread", version: "1.0.0",
                       classes: [LateLayout.self, LateDisplay.self])
}
