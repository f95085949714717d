import Control

/// What `click --coach` has heard so far, in figures: the last hit (the needle), each bar's
/// mean and spread (a strip of the last bars), the session's figures for the practice log, the
/// passes of a listening speed trainer and the gap trainer's drift. Control thread (a value
/// `LiveCoach` owns). Deviations are in milliseconds, positive = late; spread is the standard
/// deviation.
public struct CoachBoard {
    /// One finished bar: its hits' deviations and its clicks missed.
    public struct Bar: Equatable, Sendable {
        public let bar: Int64
        public var deviations: [Double] = []
        public var missed = 0
        /// True when the gap trainer muted it.
        public var inGap = false
        public var mean: Double? { CoachBoard.mean(deviations) }
        public var spread: Double? { CoachBoard.spread(deviations) }
    }

    /// The session's figures (the practice log's `hits`, `mean_ms`, `spread_ms`, `missed`,
    /// `drift_ms`).
    public struct Figures: Equatable, Sendable {
        public var hits = 0
        public var meanMs: Double?
        public var spreadMs: Double?
        public var missed = 0
        /// The gap trainer: the mean deviation of the hits in its muted bars.
        public var driftMs: Double?
    }

    public let rate: Int
    /// The last hit: its deviation and position ("3.2.1").
    public private(set) var needle: (ms: Double, position: String)?
    /// Bars finished, oldest first (the last `keptBars`).
    public private(set) var bars: [Bar] = []
    public static let keptBars = 16
    private var open: [Int64: Bar] = [:]
    private var all: [Double] = []
    private var gap: [Double] = []
    private var missed = 0
    /// Since the last `takeStretch` (the practice log's entry): deviations, gap deviations, misses.
    private var stretch: (all: [Double], gap: [Double], missed: Int) = ([], [], 0)

    public init(rate: Int) { self.rate = max(rate, 1) }

    /// A hit decided by the grid (count-in hits are not counted).
    public mutating func take(_ hit: LiveGrid.Hit) {
        guard hit.step.bar >= 0 else { return }
        let ms = hit.deviationFrames * 1000 / Double(rate)
        needle = (ms, hit.step.position)
        all.append(ms)
        stretch.all.append(ms)
        if hit.step.inGap { gap.append(ms); stretch.gap.append(ms) }
        open[hit.step.bar, default: Bar(bar: hit.step.bar)].deviations.append(ms)
    }

    /// A step closed by the grid; returns the bar it finished, if it was its last step.
    @discardableResult
    public mutating func take(_ closed: LiveGrid.Closed) -> Bar? {
        let s = closed.step
        guard s.bar >= 0 else { return nil }
        var bar = open[s.bar, default: Bar(bar: s.bar)]
        if closed.missed { bar.missed += 1; missed += 1; stretch.missed += 1 }
        bar.inGap = bar.inGap || s.inGap
        guard s.step == s.stepsPerBar - 1 else { open[s.bar] = bar; return nil }
        open[s.bar] = nil
        bars.append(bar)
        if bars.count > Self.keptBars { bars.removeFirst(bars.count - Self.keptBars) }
        return bar
    }

    /// The session's figures so far.
    public var figures: Figures {
        Figures(hits: all.count, meanMs: Self.mean(all), spreadMs: Self.spread(all), missed: missed, driftMs: Self.mean(gap))
    }

    /// The figures since the last call (a practice-log entry's stretch of the session).
    public mutating func takeStretch() -> Figures {
        defer { stretch = ([], [], 0) }
        return Figures(hits: stretch.all.count, meanMs: Self.mean(stretch.all), spreadMs: Self.spread(stretch.all),
                       missed: stretch.missed, driftMs: Self.mean(stretch.gap))
    }

    static func mean(_ xs: [Double]) -> Double? { xs.isEmpty ? nil : xs.reduce(0, +) / Double(xs.count) }

    /// The population standard deviation (0 for one value).
    static func spread(_ xs: [Double]) -> Double? {
        guard let m = mean(xs) else { return nil }
        return (xs.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(xs.count)).squareRoot()
    }
}
