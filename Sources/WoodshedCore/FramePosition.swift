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

/// Integer helpers for exact timing. Any thread.
public enum ExactMath {
    @inlinable public static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var a = a.magnitude, b = b.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : Int128(a)
    }

    /// floor(x) as an integer, for |x| < 2^62, without Foundation.
    @inlinable public static func floor(_ x: Double) -> Int64 {
        let t = Int64(x)
        return Double(t) > x ? t - 1 : t
    }

    /// n / d as a Double for 0 <= n < d, without converting Int128 to Double (which the
    /// real-time checker rejects): both are shifted into 62 bits first.
    @inlinable public static func ratio(_ n: Int128, _ d: Int128) -> Double {
        var n = n, d = d
        while d > Int128(Int64.max >> 1) { n >>= 1; d >>= 1 }
        return Double(Int64(n)) / Double(Int64(d))
    }

    /// floor(n / d) for d > 0 and any sign of n.
    @inlinable public static func floorDiv(_ n: Int128, _ d: Int128) -> Int128 {
        let q = n / d
        return (n % d != 0 && n < 0) ? q - 1 : q
    }

    /// round(n / d) = floor(n/d + 1/2) for d > 0, exactly.
    @inlinable public static func roundDiv(_ n: Int128, _ d: Int128) -> Int128 {
        floorDiv(2 * n + d, 2 * d)
    }

    /// The ideal frame of beat k at a constant tempo from frame 0:
    /// round(k · 240 · rate / (bpm · denominator)), the timing contract's formula.
    public static func beatFrame(_ k: Int64, tempo: Tempo, denominator: Int, rate: Int) -> Int64 {
        Int64(roundDiv(Int128(k) * 240_000 * Int128(rate), Int128(tempo.milliBPM) * Int128(denominator)))
    }
}
