import Foundation
import WoodshedTestSupport

/// Frequency of the strongest partial, for tests. Any thread.
enum Spectrum {
    /// Estimates the frequency of the strongest sinusoid in `x` (mono, at `rate`): Hann window,
    /// FFT over the largest power of two ≤ `x.count`, and a parabola through the log magnitudes
    /// of the peak bin and its neighbours (bias well under 0.05 bin).
    static func dominantFrequency(_ x: [Float], rate: Int) -> Double {
        let (magnitude, n) = hannMagnitude(x)
        var k = 1
        for i in 1..<(n / 2 - 1) where magnitude[i] > magnitude[k] { k = i }
        let a = log(magnitude[k - 1]), b = log(magnitude[k]), c = log(magnitude[k + 1])
        let shift = 0.5 * (a - c) / (a - 2 * b + c)
        return (Double(k) + shift) * Double(rate) / Double(n)
    }

    /// The pitch heard in `x` (mono, at `rate`): the power-weighted mean frequency within ±5 % of
    /// the strongest partial (Hann window, FFT over the largest power of two ≤ `x.count`). Robust
    /// where a phase vocoder smears a tone into sidebands (Rubber Band R2 on a pure sine), and
    /// equal to the partial's frequency for a clean tone.
    static func pitch(_ x: [Float], rate: Int) -> Double {
        let (magnitude, n) = hannMagnitude(x)
        var k = 1
        for i in 1..<(n / 2 - 1) where magnitude[i] > magnitude[k] { k = i }
        let binHz = Double(rate) / Double(n)
        let half = max(4, Int(Double(k) * 0.05))
        var weighted = 0.0, total = 0.0
        for i in max(1, k - half)...min(n / 2 - 1, k + half) {
            let e = magnitude[i] * magnitude[i]
            weighted += e * Double(i)
            total += e
        }
        return weighted / total * binHz
    }

    /// Energy outside ±`width` bins of the strongest partial, relative to the energy inside, in dB
    /// (a rough THD+N of a pure tone through a process).
    static func residualDecibels(_ x: [Float], width: Int = 8) -> Double {
        let (magnitude, n) = hannMagnitude(x)
        var k = 1
        for i in 1..<(n / 2) where magnitude[i] > magnitude[k] { k = i }
        var inside = 0.0, outside = 0.0
        for i in 1..<(n / 2) {
            let e = magnitude[i] * magnitude[i]
            if abs(i - k) <= width { inside += e } else { outside += e }
        }
        return 10 * log10(outside / inside)
    }

    private static func hannMagnitude(_ x: [Float]) -> ([Double], Int) {
        var n = 1
        while n * 2 <= x.count { n *= 2 }
        var re = [Double](repeating: 0, count: n)
        var im = [Double](repeating: 0, count: n)
        for i in 0..<n {
            re[i] = Double(x[i]) * (0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n)))
        }
        FourierTransform(size: n).transform(&re, &im)
        return ((0..<n).map { (re[$0] * re[$0] + im[$0] * im[$0]).squareRoot() + 1e-300 }, n)
    }
}
