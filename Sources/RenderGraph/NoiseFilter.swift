#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Colours white noise: nothing for white; Paul Kellet's "refined" pink filter (−3 dB per
/// octave within ±0.05 dB from 9.2 Hz at 44.1 kHz; its corners scale with the rate) for pink;
/// a leaky integrator (−6 dB per octave above 10 Hz) for brown. Pink and brown then pass a
/// DC blocker at 5 Hz, so their long-run mean is 0 by construction, however long they run.
/// Render thread once built (a plain value of a few Doubles).
struct NoiseFilter: Sendable, BitwiseCopyable {
    /// Where brown's leaky integrator stops integrating: flat below, −6 dB per octave above.
    static let brownCornerHertz = 10.0
    /// The DC blocker's corner (pink and brown): −0.01 dB at 100 Hz.
    static let blockerCornerHertz = 5.0

    let color: NoiseColor
    // Kellet's six one-pole sections and the one-sample delay term.
    private var b0 = 0.0, b1 = 0.0, b2 = 0.0, b3 = 0.0, b4 = 0.0, b5 = 0.0, b6 = 0.0
    /// Brown: the integrator's pole and state.
    private let leak: Double
    private var walk = 0.0
    /// The DC blocker y = x − x₋₁ + r·y₋₁: its pole, last input and last output.
    private let blocker: Double
    private var blockerIn = 0.0, blockerOut = 0.0

    /// Control thread.
    init(color: NoiseColor, rate: Int) {
        self.color = color
        leak = exp(-2 * Double.pi * NoiseFilter.brownCornerHertz / Double(rate))
        blocker = exp(-2 * Double.pi * NoiseFilter.blockerCornerHertz / Double(rate))
    }

    /// The next output for the white input `w`.
    @inline(__always)
    mutating func next(_ w: Double) -> Double {
        let x: Double
        switch color {
        case .white:
            return w
        case .pink:
            b0 = 0.99886 * b0 + w * 0.0555179
            b1 = 0.99332 * b1 + w * 0.0750759
            b2 = 0.96900 * b2 + w * 0.1538520
            b3 = 0.86650 * b3 + w * 0.3104856
            b4 = 0.55000 * b4 + w * 0.5329522
            b5 = -0.7616 * b5 - w * 0.0168980
            x = b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362
            b6 = w * 0.115926
        case .brown:
            walk = leak * walk + w
            x = walk
        }
        let y = x - blockerIn + blocker * blockerOut
        blockerIn = x
        blockerOut = y
        return y
    }

    /// Σ h[n]² over the filter's impulse response: the output's power for white input of
    /// power 1. Found by running a fresh filter on an impulse until what is left is below
    /// e⁻⁴⁰ of the start (control thread; at most a few milliseconds at 384 kHz).
    static func impulseEnergy(color: NoiseColor, rate: Int) -> Double {
        if color == .white { return 1 }
        var f = NoiseFilter(color: color, rate: rate)
        let slowest = 1 / (1 - max(f.leak, 0.99886)) + 1 / (1 - f.blocker)
        let n = Int(40 * slowest) + 64
        var energy = 0.0
        var x = 1.0
        for _ in 0..<n {
            let y = f.next(x)
            energy += y * y
            x = 0
        }
        return energy
    }
}
