internal import CEasel
import Glibc

/// Light or dark appearance (UIUserInterfaceStyle).
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// A view's layout direction as its traits say it (UITraitEnvironmentLayoutDirection).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// A layout direction (UIUserInterfaceLayoutDirection).
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

/// The user's preferred text size (UIContentSizeCategory), with UIKit's raw values.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategory" + threeXL)
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibility" + threeXL)

    /// UIKit's abbreviation of "extra extra extra large" in the raw values above (three X, then L),
    /// which are iOS's own, so that code comparing raw values reads the same here.
    private static let threeXL = String(repeating: "X", count: 3) + "L"

    /// Smallest first, in the order of easel.h's EASEL_CONTENT_SIZE_* codes.
    static let ordered: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// Its place from smallest (0) to largest; .unspecified counts as .large.
    var index: Int { Self.ordered.firstIndex(of: self) ?? 3 }

    /// Whether it is one of the accessibility sizes (the five largest).
    public var isAccessibilityCategory: Bool { index >= 7 }

    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool { lhs.index < rhs.index }
}

/// The traits a view is shown with, as UIKit's UITraitCollection: appearance, layout direction,
/// preferred text size and display scale. The host gives them (easel.traits/1); a view reads them
/// as ``UIView/traitCollection`` and is told of changes by ``UIView/traitCollectionDidChange(_:)``.
/// While a view lays out or draws, ``current`` is its traits: dynamic colours (``UIColor/systemBlue``,
/// ``UIColor/label``, `UIColor { traits in … }`) resolve against it.
public final class UITraitCollection: Equatable, @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let displayScale: CGFloat

    public init(userInterfaceStyle: UIUserInterfaceStyle = .unspecified, layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified,
                preferredContentSizeCategory: UIContentSizeCategory = .unspecified, displayScale: CGFloat = 0) {
        self.userInterfaceStyle = userInterfaceStyle
        self.layoutDirection = layoutDirection
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.displayScale = displayScale
    }

    /// A collection whose traits are those of `collections`, later ones winning where they are specified.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        var style = UIUserInterfaceStyle.unspecified, direction = UITraitEnvironmentLayoutDirection.unspecified
        var size = UIContentSizeCategory.unspecified, scale: CGFloat = 0
        for c in collections {
            if c.userInterfaceStyle != .unspecified { style = c.userInterfaceStyle }
            if c.layoutDirection != .unspecified { direction = c.layoutDirection }
            if c.preferredContentSizeCategory != .unspecified { size = c.preferredContentSizeCategory }
            if c.displayScale != 0 { scale = c.displayScale }
        }
        self.init(userInterfaceStyle: style, layoutDirection: direction, preferredContentSizeCategory: size, displayScale: scale)
    }

    /// What a view outside a host sees, and an instance until the host says otherwise: light,
    /// left-to-right, large text, scale 1.
    public static let `default` = UITraitCollection(userInterfaceStyle: .light, layoutDirection: .leftToRight,
                                                     preferredContentSizeCategory: .large, displayScale: 1)

    init(_ traits: easel_traits) {
        userInterfaceStyle = traits.appearance == EASEL_APPEARANCE_DARK ? .dark : .light
        layoutDirection = traits.layout_direction == EASEL_LAYOUT_RIGHT_TO_LEFT ? .rightToLeft : .leftToRight
        let index = Int(traits.content_size)
        preferredContentSizeCategory = index < UIContentSizeCategory.ordered.count ? UIContentSizeCategory.ordered[index] : .large
        displayScale = traits.display_scale.isFinite && traits.display_scale > 0 ? CGFloat(traits.display_scale) : 1
    }

    /// Whether colours may look different in `other` (the appearance differs).
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
    }

    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.userInterfaceStyle == rhs.userInterfaceStyle && lhs.layoutDirection == rhs.layoutDirection
            && lhs.preferredContentSizeCategory == rhs.preferredContentSizeCategory && lhs.displayScale == rhs.displayScale
    }

    // MARK: - The current traits

    /// The traits code on this thread runs with: a view's while it lays out, draws or hears of a trait
    /// change; ``default`` otherwise. Dynamic colours resolve against it.
    public static var current: UITraitCollection {
        guard let pointer = pthread_getspecific(currentKey) else { return .default }
        return Unmanaged<UITraitCollection>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `body` with these traits as ``current``, then restores the previous ones.
    public func performAsCurrent<R>(_ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(Self.currentKey)
        pthread_setspecific(Self.currentKey, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.currentKey, previous) }
        return try body()
    }

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
