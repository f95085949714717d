import Foundation

/// Reproducible random numbers (SplitMix64), with Gaussian values. Test thread (a value).
public struct SeededRandom: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Standard normal (Box–Muller).
    public mutating func gaussian() -> Float {
        let u1 = (Double(next() >> 11) + 1) / 9_007_199_254_740_993, u2 = Double(next() >> 11) / 9_007_199_254_740_992
        return Float((-2 * log(u1)).squareRoot() * cos(2 * .pi * u2))
    }
}
