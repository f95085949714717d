/// White noise from a fixed-seed linear congruential generator. Control thread.
///
/// A synthesized noise click is the same on every run and every machine.
struct SeededNoise {
    private var state: UInt32

    init(seed: UInt32) { state = seed }

    /// The next sample, uniform in [−1, 1).
    mutating func next() -> Double {
        // Numerical Recipes constants; the top 24 bits are the best mixed.
        state = state &* 1_664_525 &+ 1_013_904_223
        return Double(state >> 8) / Double(1 << 23) - 1
    }
}
