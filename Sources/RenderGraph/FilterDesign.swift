#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The biquads of a `FilterChoice` at one rate: 4th-order Butterworth low- and high-passes
/// (two biquads each, Q = 1/(2 cos(π/8)) and 1/(2 cos(3π/8))), by the bilinear transform with
/// the corner pre-warped, so the gain is −3.01 dB at the corner exactly and falls 24 dB per
/// octave (more near Nyquist, where the bilinear transform squeezes the frequency axis). A band
/// is a high-pass at LO followed by a low-pass at HI (four biquads). Control thread only (libm).
public enum FilterDesign {
    /// The two sections' Q of a 4th-order Butterworth.
    static let butterworthQ = [1 / (2 * cos(Double.pi / 8)), 1 / (2 * cos(3 * Double.pi / 8))]

    /// The sections of `choice` at `rate`, in the order they run.
    public static func sections(_ choice: FilterChoice, rate: Int) -> [NotchDesign.Section] {
        switch choice {
        case .lowpass(let f): lowpass(f, rate: rate)
        case .highpass(let f): highpass(f, rate: rate)
        case .band(let low, let high): highpass(low, rate: rate) + lowpass(high, rate: rate)
        }
    }

    /// A 4th-order Butterworth low-pass at `hertz` (unity gain at DC).
    public static func lowpass(_ hertz: Double, rate: Int) -> [NotchDesign.Section] {
        let k = tan(Double.pi * hertz / Double(rate))
        return butterworthQ.map { q in
            let norm = 1 / (1 + k / q + k * k)
            let b0 = k * k * norm
            return NotchDesign.Section(b0: b0, b1: 2 * b0, b2: b0, a1: 2 * (k * k - 1) * norm, a2: (1 - k / q + k * k) * norm)
        }
    }

    /// A 4th-order Butterworth high-pass at `hertz` (unity gain at Nyquist).
    public static func highpass(_ hertz: Double, rate: Int) -> [NotchDesign.Section] {
        let k = tan(Double.pi * hertz / Double(rate))
        return butterworthQ.map { q in
            let norm = 1 / (1 + k / q + k * k)
            return NotchDesign.Section(b0: norm, b1: -2 * norm, b2: norm, a1: 2 * (k * k - 1) * norm, a2: (1 - k / q + k * k) * norm)
        }
    }
}
