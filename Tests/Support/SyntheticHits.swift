import Foundation

/// Drum-like and plucked notes synthesised for the detector's tests: each note starts exactly
/// on its frame (its first sample is the attack), over a background of white noise. Test thread
/// (the coach's tests, and any test that needs notes with known attacks).
public struct SyntheticHits {
    public enum Sound: CaseIterable, Sendable {
        /// White noise with a fast exponential decay (a snare or a hi-hat).
        case noiseBurst
        /// A decaying string tone with a few harmonics (a guitar or a bass note).
        case pluck
        /// A low sine that falls in pitch (a kick drum).
        case thump
    }

    /// Samples of a note of `sound` at `peak` (linear, full scale 1), `length` frames long.
    public static func note(_ sound: Sound, peak: Float, rate: Int, length: Int, random: inout SeededRandom) -> [Float] {
        let r = Double(rate)
        var out = [Float](repeating: 0, count: length)
        var phase = 0.0
        for i in 0..<length {
            let t = Double(i) / r
            switch sound {
            case .noiseBurst:
                out[i] = random.gaussian() / 3 * Float(exp(-t / 0.012))
            case .pluck:
                let w = 2 * Double.pi * 196 * t
                let tone = 0.6 * sin(w) + 0.3 * sin(2 * w) + 0.1 * sin(3 * w)
                out[i] = Float(tone * exp(-t / 0.08))
            case .thump:
                let f = 50 + 90 * exp(-t / 0.02)
                phase += 2 * Double.pi * f / r
                out[i] = Float(sin(phase) * exp(-t / 0.06))
            }
        }
        let top = out.reduce(0) { max($0, abs($1)) }
        return out.map { $0 * peak / top }
    }

    /// A take: `notes` at their frames over noise of `noiseRMS`, `length` frames long.
    public static func take(notes: [(frame: Int, sound: Sound, peak: Float)], rate: Int, length: Int, noiseRMS: Float,
                     seed: UInt64) -> [Float] {
        var random = SeededRandom(seed: seed)
        var out = (0..<length).map { _ in random.gaussian() * noiseRMS }
        for n in notes {
            let samples = note(n.sound, peak: n.peak, rate: rate, length: min(rate / 2, length - n.frame), random: &random)
            for (i, x) in samples.enumerated() { out[n.frame + i] += x }
        }
        return out
    }
}
