import CEasel

/// A point in points, UIKit coordinates (y grows downwards). The host-side twin of `easel_point`.
public struct Point: Equatable, Hashable, Codable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public init(_ c: easel_point) { self.init(x: c.x, y: c.y) }
    public var c: easel_point { easel_point(x: x, y: y) }
}

/// A size in points. The host-side twin of `easel_size`.
public struct Size: Equatable, Hashable, Codable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ c: easel_size) { self.init(width: c.width, height: c.height) }
    public var c: easel_size { easel_size(width: width, height: height) }
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle in points. The host-side twin of `easel_rect`.
public struct Rect: Equatable, Hashable, Codable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(origin: Point = Point(x: 0, y: 0), size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    public init(_ c: easel_rect) {
        self.init(x: c.origin.x, y: c.origin.y, width: c.size.width, height: c.size.height)
    }
    public var size: Size { Size(width: width, height: height) }
    public var c: easel_rect {
        easel_rect(origin: easel_point(x: x, y: y), size: easel_size(width: width, height: height))
    }
}

/// An sRGB colour with components in 0…1, alpha not premultiplied. The host-side twin of `easel_color`.
public struct Color: Equatable, Hashable, Codable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public init(_ c: easel_color) { self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
    public var c: easel_color { easel_color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// Edge insets in UIKit's order. The host-side twin of `easel_insets`.
public struct Insets: Equatable, Hashable, Codable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public init(_ c: easel_insets) { self.init(top: c.top, left: c.left, bottom: c.bottom, right: c.right) }
    public var c: easel_insets { easel_insets(top: top, left: left, bottom: bottom, right: right) }
}
