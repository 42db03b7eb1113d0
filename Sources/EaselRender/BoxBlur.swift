/// A Gaussian blur of an 8-bit alpha mask, approximated by three successive box blurs per axis.
///
/// The box width for a standard deviation σ is d = ⌊σ·3·√(2π)/4 + 0.5⌋, the rule of the SVG / CSS
/// filter specifications: three boxes of width d (odd d), or for even d two boxes of width d offset
/// by half a pixel in opposite directions and a centred box of width d + 1, which keeps the result
/// centred. Each pass is a running sum, so the cost does not depend on σ.
struct BoxBlur {
    /// The three (left, right) reaches of the passes, in pixels.
    let passes: [(left: Int, right: Int)]

    /// The widest box used: wider than any mask (``RenderTarget/maximumSide`` × 2 pixels per side),
    /// so a wider one would spread a pixel just as thin. A plugin's blur of 1e9 points used to trap
    /// converting the width to an Int, taking down the process that replays it (the host).
    static let widestBox = 4 * RenderTarget.maximumSide + 1

    /// A blur of standard deviation `sigma` pixels; no passes when σ is too small to matter.
    init(sigma: Double) {
        let width = sigma.isFinite && sigma > 0 ? (sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down) : 0
        let d = Int(min(width, Double(Self.widestBox)))
        if d < 2 {
            passes = []
        } else if d % 2 == 1 {
            passes = Array(repeating: (d / 2, d / 2), count: 3)
        } else {
            passes = [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        }
    }

    /// How far (in pixels) the blur spreads a pixel in each direction.
    var reach: Int { passes.reduce(0) { $0 + max($1.left, $1.right) } }

    /// Blurs `height` rows of `width` bytes (`stride` bytes apart) in place.
    func apply(to pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) {
        guard !passes.isEmpty, width > 0, height > 0 else { return }
        let longest = max(width, height)
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
        defer { line.deallocate() }
        for y in 0..<height {
            let row = pixels + y * stride
            for pass in passes { blurLine(row, step: 1, count: width, scratch: line, pass) }
        }
        for x in 0..<width {
            let column = pixels + x
            for pass in passes { blurLine(column, step: stride, count: height, scratch: line, pass) }
        }
    }

    /// One box pass along a line of `count` samples `step` bytes apart; outside the line is 0.
    private func blurLine(_ data: UnsafeMutablePointer<UInt8>, step: Int, count: Int,
                          scratch: UnsafeMutablePointer<UInt8>, _ pass: (left: Int, right: Int)) {
        for i in 0..<count { scratch[i] = data[i * step] }
        let size = pass.left + pass.right + 1
        let half = size / 2
        // Window [i - left, i + right], running sum.
        var sum = 0
        for j in 0...min(pass.right, count - 1) { sum += Int(scratch[j]) }
        for i in 0..<count {
            data[i * step] = UInt8((sum + half) / size)
            let entering = i + pass.right + 1
            if entering < count { sum += Int(scratch[entering]) }
            let leaving = i - pass.left
            if leaving >= 0 { sum -= Int(scratch[leaving]) }
        }
    }
}
