#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rain: the pink bed through two one-pole low-passes at the bed's cutoff (−12 dB per octave
/// above it), with droplets: decaying sine plinks at random pitches in the droplet band, one
/// every `meanGap` frames on average (each gap uniform in [½, 1½] of it). Its power for a bed
/// of unit power is worked out, not measured (`power`). Render thread once built (a plain value).
struct NoiseRain: BitwiseCopyable {
    /// A droplet's time constant: it falls by 1/e in 8 ms.
    static let dropletSeconds = 0.008
    /// The loudest droplet's first peak, in units of the bed's RMS; each is ½ to 1 of it.
    static let dropletPeak = 4.0

    /// Scales the raw pink bed, low-passed, to unit power.
    private let bedScale: Double
    private let pole: Double
    private var low1 = 0.0, low2 = 0.0
    /// The mean gap between droplets, in frames, and the frames until the next.
    private let meanGap: Double
    private var untilNext: Int64 = 0
    /// The droplet band as phase steps (a full turn is 2³²).
    private let lowStep: UInt32, stepSpan: UInt32
    /// Decay per frame, its square, and the ringing droplet: y = c1·y₁ − r²·y₂.
    private let decay: Double, decay2: Double
    private var c1 = 0.0, y1 = 0.0, y2 = 0.0
    /// The power of the droplets per frame, relative to the bed's unit power.
    let dropletPower: Double

    /// Control thread (libm).
    init(dropletsPerSecond: Double, bedCutoffHertz: Double, dropletLowHertz: Double, dropletHighHertz: Double, rate: Int) {
        let fs = Double(rate)
        pole = exp(-2 * Double.pi * min(bedCutoffHertz, 0.45 * fs) / fs)
        // The bed's power: the pink filter and the two poles together, on an impulse.
        var pink = NoiseFilter(color: .pink, rate: rate)
        var a = 0.0, b = 0.0, energy = 0.0, x = 1.0
        let n = Int(40 * (1 / (1 - 0.99886) + 1 / (1 - exp(-2 * Double.pi * NoiseFilter.blockerCornerHertz / fs)) + 2 / (1 - pole))) + 64
        for _ in 0..<n {
            a = pole * a + (1 - pole) * pink.next(x)
            b = pole * b + (1 - pole) * a
            energy += b * b
            x = 0
        }
        bedScale = 1 / (energy / 3).squareRoot()
        meanGap = fs / dropletsPerSecond
        let top = min(dropletHighHertz, 0.24 * fs), bottom = min(dropletLowHertz, top)
        lowStep = NoiseSine.step(hertz: bottom, rate: rate)
        stepSpan = NoiseSine.step(hertz: top, rate: rate) &- lowStep
        decay = exp(-1 / (NoiseRain.dropletSeconds * fs))
        decay2 = decay * decay
        // A droplet of peak A rings with energy A²/(2(1 − r²)); A² is on average 7/12 of the
        // loudest's (A uniform in [½, 1]).
        let meanSquare = NoiseRain.dropletPeak * NoiseRain.dropletPeak * 7 / 12
        dropletPower = meanSquare / (2 * (1 - decay2)) / meanGap
    }

    /// The sound's power for a bed of unit power.
    var power: Double { 1 + dropletPower }

    /// The next sample for the raw bed sample `bed`.
    @inline(__always)
    mutating func next(bed: Double, random: inout NoiseRandom) -> Double {
        low1 = pole * low1 + (1 - pole) * bed
        low2 = pole * low2 + (1 - pole) * low1
        var drop = c1 * y1 - decay2 * y2
        if untilNext <= 0 {
            // A new droplet: a pitch in the band, a peak of ½ to 1, and the gap to the next.
            let pitch = lowStep &+ UInt32(truncatingIfNeeded: (UInt64(random.next()) &* UInt64(stepSpan)) >> 32)
            let peak = NoiseRain.dropletPeak * (0.5 + 0.5 * NoiseRain.unit(random.next()))
            c1 = 2 * decay * NoiseSine.cosine(pitch)
            y1 = 0
            drop = peak * NoiseSine.sine(pitch)
            untilNext = Int64(meanGap * (0.5 + NoiseRain.unit(random.next())))
        }
        untilNext -= 1
        y2 = y1
        y1 = drop
        return low2 * bedScale + drop
    }

    /// 32 random bits as a number in [0, 1).
    @inline(__always)
    static func unit(_ bits: UInt32) -> Double { Double(bits) * 0x1p-32 }
}
