/// A layout document's views in right-to-left: each view (but the root) moves to the mirror place in
/// its superview, its left and right margins trade flexibility, and text aligned to one side aligns
/// to the other, as Interface Builder lays out a document whose constraints are leading and trailing.
/// A view whose ``UIView/semanticContentAttribute`` forces left-to-right (and its subviews) stays.
enum LayoutMirroring {
    static func mirror(_ views: [UIView], root: UIView) {
        for view in views where view !== root {
            guard let superview = view.superview, !keepsDirection(view) else { continue }
            var frame = view.frame
            frame.origin.x = superview.bounds.width - frame.maxX
            view.frame = frame
            var mask = view.autoresizingMask
            let left = mask.contains(.flexibleLeftMargin), right = mask.contains(.flexibleRightMargin)
            mask.remove([.flexibleLeftMargin, .flexibleRightMargin])
            if left { mask.insert(.flexibleRightMargin) }
            if right { mask.insert(.flexibleLeftMargin) }
            view.autoresizingMask = mask
            if let label = view as? UILabel { label.textAlignment = swapped(label.textAlignment) }
            if let field = view as? UITextField { field.textAlignment = swapped(field.textAlignment) }
        }
    }

    private static func keepsDirection(_ view: UIView) -> Bool {
        var current: UIView? = view
        while let v = current {
            if v.semanticContentAttribute == .forceLeftToRight { return true }
            current = v.superview
        }
        return false
    }

    private static func swapped(_ alignment: NSTextAlignment) -> NSTextAlignment {
        switch alignment {
        case .left: return .right
        case .right: return .left
        default: return alignment
        }
    }
}
