/// PCG32 (O'Neill's XSH-RR output on a 64-bit LCG): small, fast, statistically sound, and the
/// same sequence on every machine for a seed. Render thread once built (a plain value: no
/// allocation, no lock, no system call), so noise never asks the system for randomness; also the
/// seeded order of `woodshed tinnitus match`'s octave check (`--seed`).
public struct NoiseRandom: Sendable, BitwiseCopyable {
    private var state: UInt64
    private let increment: UInt64

    /// The standard PCG32 seeding: `seed` picks the place in the sequence, `stream` the sequence.
    public init(seed: UInt64, stream: UInt64 = 0x5EED_D15C) {
        state = 0
        increment = (stream &<< 1) | 1
        _ = next()
        state &+= seed
        _ = next()
    }

    /// The next 32 random bits.
    @inline(__always)
    public mutating func next() -> UInt32 {
        let old = state
        state = old &* 6_364_136_223_846_793_005 &+ increment
        let shuffled = UInt32(truncatingIfNeeded: ((old &>> 18) ^ old) &>> 27)
        let rotation = UInt32(truncatingIfNeeded: old &>> 59)
        return (shuffled &>> rotation) | (shuffled &<< (0 &- rotation))
    }

    /// The next value, uniform and exactly symmetric about 0: (k + ½)/2³¹ − 1 for a random
    /// 32-bit k, so in (−1, 1) with mean 0 and variance 1/3 (to 2⁻⁶⁴).
    @inline(__always)
    mutating func nextSymmetric() -> Double {
        (Double(next()) + 0.5) * 0x1p-31 - 1
    }
}
