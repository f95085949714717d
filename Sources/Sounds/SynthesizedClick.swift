import Foundation

/// The recipe of one synthesized click level. Control thread.
///
/// Damped partials and an optional filtered noise burst, ended by a short cosine fade.
/// Everything is given in seconds and hertz, so the click has the same timing at any output
/// rate: the attack is sample 0, the wave lasts `length` seconds and its last sample is exactly 0.
struct SynthesizedClick: Sendable {
    /// A damped cosine: cosine phase puts the partial's full level on sample 0. Control thread.
    struct Partial: Sendable {
        var frequency: Double
        var amplitude: Double
        /// Time constant of the exponential decay, in seconds.
        var decay: Double
    }

    /// Fixed-seed white noise, high- and low-passed, with an exponential decay. Control thread.
    struct Noise: Sendable {
        var amplitude: Double
        var decay: Double
        var highPass: Double
        var lowPass: Double
        var seed: UInt32
    }

    var partials: [Partial] = []
    var noise: Noise? = nil
    /// Seconds from the attack to the last (zero) sample.
    var length: Double
    /// Seconds of the raised-cosine fade that ends the wave.
    var fade: Double
    /// The wave's largest absolute sample after normalisation.
    var peak: Float

    /// Partials above this are left out at every rate, so a sound has the same timbre at 44.1 kHz
    /// and 96 kHz; lower rates also drop those too close to Nyquist.
    static let highestPartial = 16_000.0

    /// The wave at `rate` Hz: attack on sample 0, peak `peak`, last sample 0.
    func render(rate: Int) -> [Float] {
        let r = Double(rate)
        let count = max(3, Int((length * r).rounded()))
        let fadeCount = min(count - 1, max(1, Int((fade * r).rounded())))
        let fadeStart = count - 1 - fadeCount
        var x = [Double](repeating: 0, count: count)

        for p in partials where p.frequency < min(Self.highestPartial, 0.45 * r) {
            let w = 2 * Double.pi * p.frequency / r
            for i in 0..<count {
                let t = Double(i) / r
                x[i] += p.amplitude * exp(-t / p.decay) * cos(w * Double(i))
            }
        }
        if let n = noise {
            var source = SeededNoise(seed: n.seed)
            var highPass = Biquad(.highPass, cutoff: n.highPass, rate: rate)
            var lowPass = Biquad(.lowPass, cutoff: n.lowPass, rate: rate)
            for i in 0..<count {
                let t = Double(i) / r
                let filtered = lowPass.process(highPass.process(source.next()))
                x[i] += n.amplitude * exp(-t / n.decay) * filtered
            }
        }
        for i in fadeStart..<count {
            let phase = Double(i - fadeStart) / Double(fadeCount)  // 0 ... 1
            x[i] *= 0.5 * (1 + cos(Double.pi * phase))
        }

        let largest = x.reduce(0) { max($0, abs($1)) }
        let scale = largest > 0 ? Double(peak) / largest : 0
        var wave = x.map { Float($0 * scale) }
        // Noise starts anywhere in [−1, 1): give it a definite attack on sample 0, so the onset
        // is the click's first frame. Partials in cosine phase already start at their peak.
        if noise != nil { wave[0] = peak }
        wave[count - 1] = 0
        return wave
    }
}
