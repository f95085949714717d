/// "+X BPM every N bars up to a limit", then hold. Any thread.
public struct SpeedTrainer: Hashable, Sendable {
    public var step: Tempo
    public var everyBars: Int
    public var limit: Tempo
    public init(step: Tempo, everyBars: Int, limit: Tempo) {
        self.step = step; self.everyBars = everyBars; self.limit = limit
    }

    /// Entries of `everyBars` bars, each `step` faster, from `start` up to `limit`, then the limit
    /// held for ever (or until the map is limited).
    public func entries(start: Tempo, meter: Meter, pattern: ClickPattern) throws(TimingError) -> [TempoMapEntry] {
        guard everyBars > 0 else { throw .badBars("a speed trainer steps every 1 or more bars") }
        var out: [TempoMapEntry] = []
        var t = start.milliBPM
        while t < limit.milliBPM {
            out.append(TempoMapEntry(bars: everyBars, meter: meter, tempo: .constant(try Tempo(milliBPM: t)), pattern: pattern))
            t += step.milliBPM
        }
        out.append(TempoMapEntry(bars: nil, meter: meter, tempo: .constant(limit), pattern: pattern))
        return out
    }
}
