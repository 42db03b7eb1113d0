internal import CEasel

// Conversions between the Foundation/EaselKit value types and their C representations in easel.h.

extension CGPoint {
    init(_ p: easel_point) { self.init(x: p.x, y: p.y) }
    var easel: easel_point { easel_point(x: Double(x), y: Double(y)) }
}

extension CGSize {
    init(_ s: easel_size) { self.init(width: s.width, height: s.height) }
    var easel: easel_size { easel_size(width: Double(width), height: Double(height)) }
}

extension CGRect {
    init(_ r: easel_rect) { self.init(origin: CGPoint(r.origin), size: CGSize(r.size)) }
    var easel: easel_rect { easel_rect(origin: origin.easel, size: size.easel) }
}

extension UIEdgeInsets {
    init(_ i: easel_insets) {
        self.init(top: CGFloat(i.top), left: CGFloat(i.left), bottom: CGFloat(i.bottom), right: CGFloat(i.right))
    }
    var easel: easel_insets {
        easel_insets(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right))
    }
}

extension CGColor {
    convenience init(_ c: easel_color) { self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
    var easel: easel_color {
        easel_color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
}

extension UIColor {
    convenience init(_ c: easel_color) {
        self.init(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
    var easel: easel_color {
        easel_color(red: Double(redComponent), green: Double(greenComponent), blue: Double(blueComponent),
                    alpha: Double(alphaComponent))
    }
}

extension CGAffineTransform {
    init(_ t: easel_affine_transform) {
        self.init(a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx), ty: CGFloat(t.ty))
    }
    var easel: easel_affine_transform {
        easel_affine_transform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
}

/// A transparent colour: what a nil colour or "no shadow" is passed as.
let easelClearColor = easel_color(red: 0, green: 0, blue: 0, alpha: 0)
