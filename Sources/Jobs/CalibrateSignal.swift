/// The test signal `woodshed calibrate` plays through the loopback and finds again by
/// correlation (as jack_iodelay finds its sines' phases): seeded white noise of ±`level`, the
/// same on every run, and the search for it in a recording. Any thread (pure).
public enum CalibrateSignal {
    /// Samples in the signal: 8192 (0.17 s at 48 kHz).
    public static let length = 8192
    /// Its level: −12 dBFS, enough for a cable, not a shock through speakers.
    public static let level: Float = 0.25

    /// The signal: each sample +level or −level, from a splitmix64 generator with a fixed seed.
    public static func samples(count: Int = length) -> [Float] {
        var state: UInt64 = 0x5EED_CA1B
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return z & 1 == 0 ? level : -level
        }
    }

    /// Where `signal` starts in `recording`: the lag (0 … recording.count − signal.count) at
    /// which their correlation is largest in size (an interface may invert the polarity), if
    /// there it looks like the signal: a normalised
    /// correlation (cosine) of at least `minimumMatch` — 1 for the signal itself, however
    /// loud; about 1/√length for noise or another sound. nil when nothing came back.
    public static func find(_ signal: [Float], in recording: [Float], minimumMatch: Double = 0.5) -> Int? {
        let n = signal.count
        guard n > 0, recording.count >= n else { return nil }
        var best = 0, bestValue = -Double.infinity
        signal.withUnsafeBufferPointer { s in
            recording.withUnsafeBufferPointer { r in
                for lag in 0...(r.count - n) {
                    var sum: Float = 0
                    for j in 0..<n { sum += s[j] * r[lag + j] }
                    if Double(abs(sum)) > bestValue { bestValue = Double(abs(sum)); best = lag }
                }
            }
        }
        let signalEnergy = signal.reduce(0.0) { $0 + Double($1) * Double($1) }
        let heardEnergy = recording[best..<(best + n)].reduce(0.0) { $0 + Double($1) * Double($1) }
        guard heardEnergy > 0, bestValue / (signalEnergy * heardEnergy).squareRoot() >= minimumMatch else { return nil }
        return best
    }
}
