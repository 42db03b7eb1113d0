import EaselRender

/// How different a render may be from its reference and still pass.
///
/// Defaults (documented in the README, overridable in `Snapshots/snapshot.json` and per run):
/// `threshold` 0.1, `maxDifferingShare` 0 (not one differing pixel), anti-aliasing ignored.
package struct SnapshotTolerance: Equatable, Sendable {
    /// Per-pixel colour threshold, 0…1: two pixels differ when their perceptual distance (YIQ, see
    /// ``ImageComparison``) exceeds `threshold²` of the largest distance there is. 0 counts every
    /// change of any channel; 0.1 ignores what the eye cannot tell apart.
    package var threshold: Double
    /// The largest share of differing pixels, 0…1, that still passes (0.001 = one pixel in 1000).
    package var maxDifferingShare: Double
    /// Whether differing pixels that look like anti-aliasing (an edge moved by a fraction of a pixel)
    /// are ignored. They are shown in yellow in the difference image either way.
    package var ignoresAntialiasing: Bool

    package static let `default` = SnapshotTolerance(threshold: 0.1, maxDifferingShare: 0, ignoresAntialiasing: true)

    package init(threshold: Double, maxDifferingShare: Double, ignoresAntialiasing: Bool) {
        self.threshold = threshold
        self.maxDifferingShare = maxDifferingShare
        self.ignoresAntialiasing = ignoresAntialiasing
    }
}

/// The comparison of a render with its reference, pixel by pixel, in the spirit of pixelmatch:
///
/// - **Colour distance.** Each pixel is composited over white and over black (so a transparent
///   pixel differs from a white one), converted to YIQ, and the larger weighted squared distance
///   (0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ², after Kotsarenko and Ramos) is compared with
///   `threshold² × 35215`, the largest distance two colours can have.
/// - **Anti-aliasing.** A differing pixel is anti-aliasing (after Vyšniauskas's detector) when, in
///   either image, it has at most two equal neighbours, has both a darker and a brighter neighbour,
///   and its darkest or its brightest neighbour lies in a flat area (three or more identical
///   neighbours) in both images: an edge that moved by a fraction of a pixel, not a change of content.
/// - **Verdict.** The render passes when the share of differing pixels (anti-aliasing excluded when
///   the tolerance says so) is at most `maxDifferingShare`. Images of different sizes never pass.
///
/// The difference image shows the reference faded to light grey, differing pixels in red and
/// anti-aliasing in yellow.
package struct ImageComparison: Sendable {
    package let width: Int
    package let height: Int
    /// Pixels over the threshold that count (not anti-aliasing, or anti-aliasing not ignored).
    package let differingPixels: Int
    /// Pixels over the threshold that look like anti-aliasing.
    package let antialiasedPixels: Int
    package let tolerance: SnapshotTolerance
    /// Reference faded, differences red, anti-aliasing yellow (only when asked for).
    package let difference: RGBAImage?

    package var totalPixels: Int { width * height }
    /// `differingPixels / totalPixels`.
    package var differingShare: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
    package var passes: Bool { differingShare <= tolerance.maxDifferingShare }

    /// The largest YIQ distance between two colours (black and white… the corners of the cube).
    static let maximumDistance = 35215.0

    /// Compares two images of the same size (nil when the sizes differ). With `drawDifference`,
    /// the difference image is drawn too.
    package static func compare(reference: RGBAImage, actual: RGBAImage, tolerance: SnapshotTolerance,
                               drawDifference: Bool = false) -> ImageComparison? {
        guard reference.width == actual.width, reference.height == actual.height else { return nil }
        let width = reference.width, height = reference.height
        if reference.pixels == actual.pixels && !drawDifference {
            return ImageComparison(width: width, height: height, differingPixels: 0, antialiasedPixels: 0,
                                   tolerance: tolerance, difference: nil)
        }
        let limit = tolerance.threshold * tolerance.threshold * maximumDistance
        var differing = 0, antialiased = 0
        var out = drawDifference ? [UInt8](repeating: 0, count: width * height * 4) : []
        reference.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                let pa = Pixels(base: a.baseAddress!, width: width, height: height)
                let pb = Pixels(base: b.baseAddress!, width: width, height: height)
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        var mark: (UInt8, UInt8, UInt8)?
                        if !pa.same(i, pb, i), distance(pa, i, pb, i) > limit {
                            if pa.isAntialiased(x, y, other: pb) || pb.isAntialiased(x, y, other: pa) {
                                antialiased += 1
                                if !tolerance.ignoresAntialiasing { differing += 1 }
                                mark = (255, 255, 0)
                            } else {
                                differing += 1
                                mark = (255, 0, 0)
                            }
                        }
                        guard drawDifference else { continue }
                        if let (r, g, bl) = mark {
                            out[i] = r; out[i + 1] = g; out[i + 2] = bl
                        } else {
                            // The reference, faded: its brightness over white, at 20% strength.
                            let grey = UInt8(max(0, min(255, 255 + (pa.brightness(i) - 255) * 0.2)).rounded())
                            out[i] = grey; out[i + 1] = grey; out[i + 2] = grey
                        }
                        out[i + 3] = 255
                    }
                }
            }
        }
        return ImageComparison(width: width, height: height, differingPixels: differing, antialiasedPixels: antialiased,
                               tolerance: tolerance,
                               difference: drawDifference ? RGBAImage(width: width, height: height, pixels: out) : nil)
    }

    /// The larger of the YIQ distances of the two pixels composited over white and over black.
    static func distance(_ a: Pixels, _ i: Int, _ b: Pixels, _ j: Int) -> Double {
        max(a.yiqDistance(i, b, j, background: 255), a.yiqDistance(i, b, j, background: 0))
    }
}

/// Read access to RGBA rows, with the measures the comparison needs.
struct Pixels {
    let base: UnsafePointer<UInt8>
    let width: Int
    let height: Int

    @inline(__always) func same(_ i: Int, _ other: Pixels, _ j: Int) -> Bool {
        UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self) == UnsafeRawPointer(other.base + j).loadUnaligned(as: UInt32.self)
    }

    /// Channel `c` of pixel `i` composited over a grey `background` (0 or 255).
    @inline(__always) func composited(_ i: Int, _ c: Int, background: Double) -> Double {
        let alpha = Double(base[i + 3]) / 255
        return Double(base[i + c]) * alpha + background * (1 - alpha)
    }

    func yiqDistance(_ i: Int, _ other: Pixels, _ j: Int, background: Double) -> Double {
        let r1 = composited(i, 0, background: background), g1 = composited(i, 1, background: background), b1 = composited(i, 2, background: background)
        let r2 = other.composited(j, 0, background: background), g2 = other.composited(j, 1, background: background), b2 = other.composited(j, 2, background: background)
        let y = Pixels.y(r1, g1, b1) - Pixels.y(r2, g2, b2)
        let iq = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.27417610 - (b1 - b2) * 0.32180189
        let q = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694
        return 0.5053 * y * y + 0.299 * iq * iq + 0.1957 * q * q
    }

    @inline(__always) static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Brightness (Y) of pixel `i` over white.
    func brightness(_ i: Int) -> Double {
        Pixels.y(composited(i, 0, background: 255), composited(i, 1, background: 255), composited(i, 2, background: 255))
    }

    /// The neighbours of (x, y) inside the image, and whether (x, y) lies on the border (a border
    /// pixel counts one "equal neighbour" for the missing ones, as the detector prescribes).
    @inline(__always) func neighbours(_ x: Int, _ y: Int, _ body: (Int, Int) -> Bool) {
        for ny in max(y - 1, 0)...min(y + 1, height - 1) {
            for nx in max(x - 1, 0)...min(x + 1, width - 1) where nx != x || ny != y {
                if !body(nx, ny) { return }
            }
        }
    }

    @inline(__always) func onBorder(_ x: Int, _ y: Int) -> Bool {
        x == 0 || y == 0 || x == width - 1 || y == height - 1
    }

    /// Whether (x, y) has three or more neighbours of exactly its colour (it lies in a flat area).
    func hasManySiblings(_ x: Int, _ y: Int) -> Bool {
        let i = (y * width + x) * 4
        var equal = onBorder(x, y) ? 1 : 0
        var many = false
        neighbours(x, y) { nx, ny in
            if same(i, self, (ny * width + nx) * 4) { equal += 1 }
            if equal > 2 { many = true; return false }
            return true
        }
        return many
    }

    /// Whether pixel (x, y) of this image looks like anti-aliasing between flat areas that `other`
    /// has too.
    func isAntialiased(_ x: Int, _ y: Int, other: Pixels) -> Bool {
        let i = (y * width + x) * 4
        let centre = brightness(i)
        var equal = onBorder(x, y) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt = (0, 0), brightestAt = (0, 0)
        var tooFlat = false
        neighbours(x, y) { nx, ny in
            let delta = brightness((ny * width + nx) * 4) - centre
            if delta == 0 {
                equal += 1
                if equal > 2 { tooFlat = true; return false }
            } else if delta < darkest {
                darkest = delta; darkestAt = (nx, ny)
            } else if delta > brightest {
                brightest = delta; brightestAt = (nx, ny)
            }
            return true
        }
        if tooFlat || darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(darkestAt.0, darkestAt.1) && other.hasManySiblings(darkestAt.0, darkestAt.1))
            || (hasManySiblings(brightestAt.0, brightestAt.1) && other.hasManySiblings(brightestAt.0, brightestAt.1))
    }
}
