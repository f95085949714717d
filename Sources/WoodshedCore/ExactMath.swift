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
