/// The layout pass and autoresizing.
extension UIView {
    /// What the host's `layout(size)` does: the bounds take `size`, then `layoutSubviews()` runs on
    /// this view and, where needed, down the tree.
    func layoutAsRoot(size: CGSize) {
        if bounds.size != size { bounds.size = size }
        layoutPass(force: true)
    }

    /// How many more times one layout pass runs `layoutSubviews()` when it marks its own view again.
    static let maximumLayoutRepeats = 3

    /// `layoutSubviews()` if needed (or forced), then the layer-only sublayers, then the subviews.
    func layoutPass(force: Bool) {
        if force || needsLayoutFlag {
            // Layout code that changes what layout depends on (the seed's FancyButton sets
            // imageEdgeInsets in layoutSubviews()) marks the view again: lay out again until it
            // settles, at most `maximumLayoutRepeats` more times in one pass, as UIKit's next layout
            // cycles would.
            var repeats = 0
            repeat {
                needsLayoutFlag = false
                layer.clearNeedsLayout()
                layoutSubviews()
                repeats += 1
            } while needsLayoutFlag && repeats <= UIView.maximumLayoutRepeats
            needsLayoutFlag = false
            layer.clearNeedsLayout()
        }
        layer.layoutNonViewSublayers()
        for subview in subviews {
            subview.layoutPass(force: false)
        }
    }

    /// The backing layer's bounds changed: lay out again and resize autoresizing subviews.
    func layerBoundsDidChange(from old: CGRect) {
        let new = bounds
        guard new.size != old.size else { return }
        setNeedsLayout()
        if layer.needsDisplayOnBoundsChange || contentMode == .redraw { setNeedsDisplay() }
        guard autoresizesSubviews else { return }
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            subview.autoresize(from: old.size, to: new.size)
        }
    }

    /// UIKit's springs and struts: the superview grew by a delta, shared among the flexible margins
    /// and dimensions in proportion to their current sizes.
    private func autoresize(from old: CGSize, to new: CGSize) {
        var rect = frame
        let mask = autoresizingMask
        func share(_ origin: CGFloat, _ size: CGFloat, _ container: CGFloat, _ delta: CGFloat,
                   _ flexibleLow: Bool, _ flexibleSize: Bool, _ flexibleHigh: Bool) -> (CGFloat, CGFloat) {
            let parts = [(flexibleLow, origin), (flexibleSize, size), (flexibleHigh, container - origin - size)]
            let flexible = parts.filter(\.0)
            guard !flexible.isEmpty, delta != 0 else { return (origin, size) }
            let total = flexible.reduce(0) { $0 + max(0, $1.1) }
            func portion(_ part: (Bool, CGFloat)) -> CGFloat {
                guard part.0 else { return 0 }
                return total > 0 ? delta * max(0, part.1) / total : delta / CGFloat(flexible.count)
            }
            return (origin + portion(parts[0]), max(0, size + portion(parts[1])))
        }
        (rect.origin.x, rect.size.width) = share(rect.minX, rect.width, old.width, new.width - old.width,
                                                 mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                                                 mask.contains(.flexibleRightMargin))
        (rect.origin.y, rect.size.height) = share(rect.minY, rect.height, old.height, new.height - old.height,
                                                  mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                                                  mask.contains(.flexibleBottomMargin))
        frame = rect
    }
}
