/// The speed trainer that listens (`--advance-when clean:20ms`): it steps the tempo up one
/// level only after a clean pass (every onset within the tolerance, no click missed) and back
/// down one level after a pass with a miss. A value; the control thread owns the live one
/// (`LiveCoach` judges the passes and sends the change to the render thread).
///
/// The rules (docs/coach.md, "Trainers that listen"):
/// - Pass `p` is bars `p·passBars ..< (p+1)·passBars` (bar 0 is bar 1, after the count-in).
/// - Its verdict is final once every click of it is decided: the analysis has heard half a
///   grid step past its last click (the hit nearest to that click may still come until then).
///   That is always after the pass has ended, in the first bar of the next pass.
/// - A final verdict changes the level (clean: up, miss: down, otherwise none) from the first
///   pass boundary the click has not reached yet (`nextBoundary(after:)`): the end of the pass
///   being played. The click changes tempo on the first frame of that bar, sample-exactly
///   (`RenderCommand.setTempoAtBar`).
/// - A pass counts only when all of it was played at the trainer's level: the pass that was
///   playing while a change was decided is judged (shown, logged) but moves nothing.
public struct CleanPassTrainer: Hashable, Sendable {
    /// What one pass was, once final.
    public enum Verdict: String, Hashable, Sendable {
        /// Every onset within the tolerance and no click missed.
        case clean
        /// At least one click had no onset.
        case miss
        /// Nothing missed, but an onset was outside the tolerance.
        case untidy
    }

    /// A change of level for the render thread: `milliBPM` from the first frame of bar `bar`.
    public struct Change: Hashable, Sendable {
        public let level: Int
        public let milliBPM: Int64
        public let bar: Int64
    }

    /// The levels, slowest first (thousandths of a BPM).
    public let tempi: [Int64]
    /// Bars per pass.
    public let passBars: Int
    /// `clean:20ms`: the largest deviation of a clean pass, in milliseconds.
    public let toleranceMs: Double
    /// The level now decided (it plays from `levelFromBar`).
    public private(set) var level = 0
    /// The bar from which `level` plays; passes that start before it do not count.
    public private(set) var levelFromBar: Int64 = 0

    /// The levels of a stepped speed trainer (`start`, `start + step`, … up to `limit`).
    public init(start: Tempo, trainer: SpeedTrainer, toleranceMs: Double) {
        var t = start.milliBPM
        var levels: [Int64] = []
        while t < trainer.limit.milliBPM {
            levels.append(t)
            t += trainer.step.milliBPM
        }
        levels.append(trainer.limit.milliBPM)
        self.init(tempi: levels, passBars: trainer.everyBars, toleranceMs: toleranceMs)
    }

    public init(tempi: [Int64], passBars: Int, toleranceMs: Double) {
        self.tempi = tempi.isEmpty ? [120_000] : tempi
        self.passBars = max(passBars, 1)
        self.toleranceMs = toleranceMs
    }

    /// The tempo of the decided level.
    public var milliBPM: Int64 { tempi[level] }

    /// The pass bar `bar` belongs to (bars before bar 1: none).
    public func pass(ofBar bar: Int64) -> Int64? { bar < 0 ? nil : bar / Int64(passBars) }

    /// The first pass boundary after `bar` (the bar the click has reached).
    public func nextBoundary(after bar: Int64) -> Int64 {
        (max(bar, -1) / Int64(passBars) + 1) * Int64(passBars)
    }

    /// A pass's verdict from its onsets' deviations (milliseconds) and its clicks missed.
    public func verdict(deviationsMs: [Double], missed: Int) -> Verdict {
        if missed > 0 { return .miss }
        return deviationsMs.allSatisfy { abs($0) <= toleranceMs } ? .clean : .untidy
    }

    /// True when pass `pass` was played all at the decided level (its verdict may move it).
    public func counts(pass: Int64) -> Bool { pass * Int64(passBars) >= levelFromBar }

    /// Takes pass `pass`'s final verdict, when the click has reached bar `reachedBar`; returns
    /// the change to send, if the level moves.
    public mutating func judge(pass: Int64, verdict: Verdict, reachedBar: Int64) -> Change? {
        guard counts(pass: pass) else { return nil }
        let next: Int
        switch verdict {
        case .clean: next = min(level + 1, tempi.count - 1)
        case .miss: next = max(level - 1, 0)
        case .untidy: next = level
        }
        guard next != level else { return nil }
        level = next
        levelFromBar = nextBoundary(after: max(reachedBar, pass * Int64(passBars)))
        return Change(level: next, milliBPM: tempi[next], bar: levelFromBar)
    }
}
