/// A take's figures: how many onsets, their mean deviation and spread, the clicks nobody played
/// and the onsets no click asked for. Any thread (a value).
public struct CoachSummary: Sendable, Equatable {
    /// Onsets placed on a grid position of their own.
    public var count: Int
    /// Mean deviation in milliseconds (positive = late on average); 0 without onsets.
    public var meanMs: Double
    /// Standard deviation of the deviations in milliseconds (population); 0 below 2 onsets.
    public var spreadMs: Double
    /// Grid positions where a click sounded and no onset was found.
    public var missing: Int
    /// Onsets that share their grid position with a nearer one.
    public var extra: Int

    public init(count: Int, meanMs: Double, spreadMs: Double, missing: Int, extra: Int) {
        self.count = count; self.meanMs = meanMs; self.spreadMs = spreadMs; self.missing = missing; self.extra = extra
    }

    /// The figures of these deviations (milliseconds).
    public init(deviations: [Double], missing: Int, extra: Int) {
        let n = Double(deviations.count)
        let mean = deviations.isEmpty ? 0 : deviations.reduce(0, +) / n
        let variance = deviations.count < 2 ? 0 : deviations.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        self.init(count: deviations.count, meanMs: mean, spreadMs: variance.squareRoot(), missing: missing, extra: extra)
    }
}
