/// Converting points and rectangles between the coordinates of views (UIView's convert(_:to:) and
/// convert(_:from:)).
extension UIView {
    /// Converts a point from this view's coordinates to `view`'s (nil: the root view's).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: view?.layer)
    }

    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: view?.layer)
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        (view?.layer ?? rootLayer).convert(point, to: layer)
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        (view?.layer ?? rootLayer).convert(rect, to: layer)
    }

    private var rootLayer: CALayer {
        var view = self
        while let parent = view.superview { view = parent }
        return view.layer
    }
}
