/// Everything that decides when clicks sound, in musical terms. Any thread.
///
/// Built from the command line, a preset or a klick tempo map; compiled for one sample rate
/// into a `ClickTimeline`.
public struct ClickPlan: Hashable, Sendable {
    public var map: TempoMap
    /// Bars of count-in before bar 1, at the first entry's meter and starting tempo.
    public var countInBars: Int
    public var gapTrainer: GapTrainer?

    public init(map: TempoMap, countInBars: Int = 0, gapTrainer: GapTrainer? = nil) {
        self.map = map
        self.countInBars = countInBars
        self.gapTrainer = gapTrainer
    }

    /// True when every entry plays one and the same constant tempo: live tempo changes apply.
    public var isSingleTempo: Bool {
        guard let first = map.entries.first?.tempo.startTempo else { return false }
        return map.entries.allSatisfy { if case .constant(let t) = $0.tempo { t == first } else { false } }
    }

    /// Adds N clicks per beat to every entry.
    public func subdivided(_ n: Int) throws(TimingError) -> ClickPlan {
        var out = self
        for i in out.map.entries.indices {
            out.map.entries[i].pattern = try out.map.entries[i].pattern.subdivided(n)
        }
        return out
    }
}
