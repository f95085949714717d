/// An exact point on the frame timeline: `whole + num/den + extra`. Any thread.
///
/// Constant-tempo arithmetic keeps `num/den` exact (denominators come from tempo × meter
/// denominator × grid). Only klick-style ramps, whose lengths are logarithms, add an irrational
/// part; it lives in `extra` (a Double in [0, 1)), so integer frames never pass through floating
/// point. Should a map ever make `den` exceed 2^53 (thousands of distinct tempi), the fraction
/// moves into `extra` too, an error below 1e-12 frames.
@frozen public struct FramePosition: Hashable, Sendable {
    public var whole: Int64
    public var num: Int64
    public var den: Int64
    public var extra: Double

    @inlinable public init(whole: Int64, num: Int64 = 0, den: Int64 = 1, extra: Double = 0) {
        self.whole = whole; self.num = num; self.den = den; self.extra = extra
    }

    public static let zero = FramePosition(whole: 0)

    /// True when no floating point is involved.
    @inlinable public var isExact: Bool { extra == 0 }

    /// round(self) = floor(self + 1/2), exactly when `isExact`.
    @inlinable public var rounded: Int64 {
        if extra == 0 {
            return whole + (2 * num >= den ? 1 : 0)
        }
        return whole + ExactMath.floor(Double(num) / Double(den) + extra + 0.5)
    }

    /// Adds p/q frames (q > 0), keeping the result exact.
    @inlinable public func adding(_ p: Int128, over q: Int128) -> FramePosition {
        let intPart = p / q, rem = p % q   // p ≥ 0 here
        var n = Int128(num) * q + rem * Int128(den)
        var d = Int128(den) * q
        let g = ExactMath.gcd(n, d)
        n /= g; d /= g
        var out = self
        out.whole += Int64(intPart) + Int64(n / d)
        n %= d
        if d <= 1 << 53 {
            out.num = Int64(n); out.den = Int64(d)
        } else {
            out.num = 0; out.den = 1
            out.addFraction(ExactMath.ratio(n, d))
        }
        return out
    }

    /// Adds a non-negative irrational number of frames (the length of a ramp).
    public func adding(frames x: Double) -> FramePosition {
        var out = self
        let i = ExactMath.floor(x)
        out.whole += i
        out.addFraction(x - Double(i))
        return out
    }

    @inlinable mutating func addFraction(_ f: Double) {
        var e = extra + f
        // Keep `num/den + extra` in [0, 2) and `extra` in [0, 1).
        while e >= 1 { e -= 1; whole += 1 }
        extra = e
    }
}
