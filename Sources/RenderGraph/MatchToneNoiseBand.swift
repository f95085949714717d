#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The narrow-band noise of `woodshed tinnitus match --noise-band`: seeded white noise
/// (`NoiseRandom`) through two band-pass biquads in series (RBJ's, 0 dB at the centre, each
/// 1/3 octave wide between its −3 dB points), scaled to an RMS of 1. The coefficients come
/// from `Tuning`, worked out on the control thread (`tuning`, in `MatchTone.prepare`); the
/// render thread only switches between them (`use`) and filters (`next`). Render thread only
/// (a value inside `MatchTone`).
struct MatchToneNoiseBand: Sendable, BitwiseCopyable {
    /// A band's coefficients, divided by a0 (b1 is 0 and b2 is −b0), and 1 / the RMS of the two
    /// stages' output for white noise of RMS 1.
    struct Tuning: Sendable, BitwiseCopyable, Equatable {
        var b0 = 0.0, a1 = 0.0, a2 = 0.0, scale = 0.0
    }

    /// Each band-pass's width between its −3 dB points, in octaves.
    static let widthOctaves = 1.0 / 3
    /// The impulse response summed for the scale: 8192 frames, about 8 time constants at
    /// 125 Hz and 96 kHz (the energy left after it is below 1e-6 of the whole).
    static let impulseFrames = 8192

    private var t = Tuning()
    /// Each stage's last inputs and outputs (direct form I).
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
    private var u1 = 0.0, u2 = 0.0, v1 = 0.0, v2 = 0.0
    private var random = NoiseRandom(seed: 0x7417_7105)
    /// The index of the tuning in use (−1: none yet).
    var tuningIndex = -1

    /// The band around `frequency` Hz at `rate`. Control thread.
    static func tuning(frequency: Double, rate: Double) -> Tuning {
        let w = 2 * Double.pi * frequency / rate
        let alpha = sin(w) * sinh(log(2) / 2 * widthOctaves * w / sin(w))
        let a0 = 1 + alpha
        var t = Tuning(b0: alpha / a0, a1: -2 * cos(w) / a0, a2: (1 - alpha) / a0)
        // The energy of the two stages' impulse response: the output's variance for white
        // noise of variance 1.
        var p1 = 0.0, p2 = 0.0, q1 = 0.0, q2 = 0.0, r1 = 0.0, r2 = 0.0, s1 = 0.0, s2 = 0.0
        var energy = 0.0
        for n in 0..<impulseFrames {
            let x = n == 0 ? 1.0 : 0.0
            let y = t.b0 * (x - p2) - t.a1 * q1 - t.a2 * q2
            p2 = p1; p1 = x; q2 = q1; q1 = y
            let z = t.b0 * (y - r2) - t.a1 * s1 - t.a2 * s2
            r2 = r1; r1 = y; s2 = s1; s1 = z
            energy += z * z
        }
        t.scale = energy > 0 ? 1 / energy.squareRoot() : 0
        return t
    }

    /// Filters with `tuning` (number `index`) from now on, keeping the filters' state.
    @inline(__always)
    mutating func use(_ tuning: Tuning, index: Int) {
        t = tuning
        tuningIndex = index
    }

    /// The next sample: RMS 1 (uniform white noise of variance 1/3 made variance 1, filtered, scaled).
    @inline(__always)
    mutating func next() -> Double {
        let x = random.nextSymmetric() * 1.7320508075688772   // √3
        let y = t.b0 * (x - x2) - t.a1 * y1 - t.a2 * y2
        x2 = x1; x1 = x; y2 = y1; y1 = y
        let z = t.b0 * (y - u2) - t.a1 * v1 - t.a2 * v2
        u2 = u1; u1 = y; v2 = v1; v1 = z
        return z * t.scale
    }
}
