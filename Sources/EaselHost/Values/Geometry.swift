import CEasel

/// A point in points, UIKit coordinates (y grows downwards). The host-side twin of `easel_point`.
package struct Point: Equatable, Hashable, Codable, Sendable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) { self.x = x; self.y = y }
    package init(_ c: easel_point) { self.init(x: c.x, y: c.y) }
    package var c: easel_point { easel_point(x: x, y: y) }
}

/// A size in points. The host-side twin of `easel_size`.
package struct Size: Equatable, Hashable, Codable, Sendable {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) { self.width = width; self.height = height }
    package init(_ c: easel_size) { self.init(width: c.width, height: c.height) }
    package var c: easel_size { easel_size(width: width, height: height) }
    package static let zero = Size(width: 0, height: 0)
}

/// A rectangle in points. The host-side twin of `easel_rect`.
package struct Rect: Equatable, Hashable, Codable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    package init(origin: Point = Point(x: 0, y: 0), size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    package init(_ c: easel_rect) {
        self.init(x: c.origin.x, y: c.origin.y, width: c.size.width, height: c.size.height)
    }
    package var size: Size { Size(width: width, height: height) }
    package var c: easel_rect {
        easel_rect(origin: easel_point(x: x, y: y), size: easel_size(width: width, height: height))
    }
}

/// An sRGB colour with components in 0…1, alpha not premultiplied. The host-side twin of `easel_color`.
package struct Color: Equatable, Hashable, Codable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    package init(_ c: easel_color) { self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
    package var c: easel_color { easel_color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// Edge insets in UIKit's order. The host-side twin of `easel_insets`.
package struct Insets: Equatable, Hashable, Codable, Sendable {
    package var top: Double
    package var left: Double
    package var bottom: Double
    package var right: Double
    package init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    package init(_ c: easel_insets) { self.init(top: c.top, left: c.left, bottom: c.bottom, right: c.right) }
    package var c: easel_insets { easel_insets(top: top, left: left, bottom: bottom, right: right) }
}
