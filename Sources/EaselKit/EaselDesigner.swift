internal import CEasel
import Glibc

/// The host of one designable instance (easel.h, `easel_instance_host`): how the view talks back to
/// the designer that shows it. Reach it as ``UIView/designer`` from the end of `init(frame:)` on — in
/// `awakeFromNib()`, `prepareForInterfaceBuilder()`, `layoutSubviews()`, `draw(_:)`, actions and your
/// own timers and threads.
///
///     func animate(to target: CGFloat) {            // an action
///         animation = (from: progress, to: target, start: designer?.animationTime ?? 0)
///         designer?.requestRedraw()
///     }
///     override func draw(_ rect: CGRect) {
///         if let a = animation, let now = designer?.animationTime {
///             let t = min(1, (now - a.start) / 0.4)
///             progress = a.from + (a.to - a.from) * t   // reported to the host: property_changed
///             if t < 1 { designer?.requestRedraw() } else { animation = nil }
///         }
///         …
///     }
///
/// Thread rules (easel.h): `log`, `requestRedraw`, `requestLayout`, `propertyChanged` and
/// `animationTime` may be called from any thread while the instance lives. An `@IBInspectable` that
/// your own code changes during a call from the host (an action, `draw(_:)`) is reported with
/// `propertyChanged` by itself; from your own timers and threads, call it yourself. `setNeedsDisplay()`
/// called outside the host's calls asks for a redraw by itself, and `setNeedsLayout()` for a layout.
public final class EaselDesigner: @unchecked Sendable {
    let host: UnsafePointer<easel_instance_host>

    init(_ host: UnsafePointer<easel_instance_host>) { self.host = host }

    /// Logs through the host with the instance's class attached. An `.error` right before a failing
    /// callback explains the failure.
    public func log(_ level: EaselPlugin.LogLevel, _ message: String) {
        message.withCString { host.pointee.log(host, level.cValue, $0) }
    }

    /// Asks to be drawn again soon (the next frame of an animation: call it from `draw(_:)` while the
    /// animation runs). Coalesced by the host.
    public func requestRedraw() { host.pointee.request_redraw(host) }

    /// Asks to be laid out (and drawn) again soon.
    public func requestLayout() { host.pointee.request_layout(host) }

    /// Says that the component changed property `name` itself, so the host reads it back and shows
    /// and keeps the new value. Automatic for `@IBInspectable`s your code changes during an action or a
    /// draw.
    public func propertyChanged(_ name: String) {
        name.withCString { host.pointee.property_changed(host, $0) }
    }

    /// Seconds on the host's animation clock (extension `easel.clock/1`): real time in live views, a
    /// virtual clock in one-shot renders that advances 1/60 s per redraw you asked for, so that a
    /// render shows an animation where it ends. nil if the host has no clock.
    public var animationTime: TimeInterval? {
        let pluginHost = host.pointee.host
        guard let clock = EASEL_EXTENSION_CLOCK.withCString({ pluginHost.pointee.get_extension(pluginHost, $0) })
        else { return nil }
        return clock.assumingMemoryBound(to: easel_clock.self).pointee.now(host)
    }

    /// The host's extension table `id` (easel_host.get_extension), or nil if it has none.
    private func hostExtension<T>(_ id: UnsafePointer<CChar>, as type: T.Type) -> UnsafePointer<T>? {
        let pluginHost = host.pointee.host
        return pluginHost.pointee.get_extension(pluginHost, id)?.assumingMemoryBound(to: type)
    }

    /// The traits the host shows the instance with (easel.traits/1): appearance, layout direction,
    /// text size, scale. nil when the host offers none (UIKit's defaults apply).
    public var traits: UITraitCollection? {
        guard let table = hostExtension(EASEL_EXTENSION_TRAITS, as: easel_host_traits.self) else { return nil }
        return UITraitCollection(table.pointee.get(host))
    }

    /// Tells the host that the control sent `event` (easel.input/1's send_action, what
    /// `UIControl.sendActions(for:)` does for each event): the designer's actions log, `host render
    /// --play`'s report, an embedding application's callback. Ignored by a host without easel.input/1.
    public func sendAction(_ event: String) {
        guard let table = hostExtension(EASEL_EXTENSION_INPUT, as: easel_host_input.self) else { return }
        event.withCString { table.pointee.send_action(host, $0) }
    }

    // MARK: - The host's calls in progress

    /// How deep the current thread is in calls from the host (per thread: the host's calls and a
    /// component's own threads are told apart).
    private static let depthKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the current thread is inside a call from the host (which lays out and draws after
    /// it anyway, so a `setNeedsDisplay()` needs no request).
    static var isInCallback: Bool { pthread_getspecific(depthKey) != nil }

    /// Runs `body` as a call from the host.
    static func inCallback<R>(_ body: () -> R) -> R {
        let previous = pthread_getspecific(depthKey)
        pthread_setspecific(depthKey, UnsafeRawPointer(bitPattern: Int(bitPattern: previous) + 1))
        defer { pthread_setspecific(depthKey, previous) }
        return body()
    }
}

extension UIView {
    /// The host of the designable instance this view belongs to (its own, or its root's), or nil
    /// before `init(frame:)` returned and outside a host.
    public var designer: EaselDesigner? {
        var view: UIView? = self
        while let current = view {
            if let link = current.designerLink { return link }
            view = current.superview
        }
        return nil
    }
}
