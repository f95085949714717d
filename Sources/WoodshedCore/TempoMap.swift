/// A whole click track in musical terms: entries played one after another. Any thread.
public struct TempoMap: Hashable, Sendable {
    public var entries: [TempoMapEntry]
    public init(entries: [TempoMapEntry]) { self.entries = entries }

    /// True when the last entry never ends.
    public var isEndless: Bool { entries.last?.bars == nil }

    /// Cuts the map after `bars` bars (counting from its start), making it finite.
    public func limited(toBars limit: Int) throws(TimingError) -> TempoMap {
        guard limit > 0 else { throw .badBars("the number of bars must be at least 1") }
        var out: [TempoMapEntry] = []
        var left = limit
        for var e in entries where left > 0 {
            let n = min(e.bars ?? left, left)
            if n != e.bars {
                if case .ramp = e.tempo, e.bars != nil {
                    throw .badBars("cannot cut a tempo ramp in its middle; the map has more bars than --bars \(limit)")
                }
                if case .perBeat = e.tempo {
                    throw .badBars("cannot cut a per-beat tempo list in its middle")
                }
            }
            e.bars = n
            left -= n
            out.append(e)
        }
        return TempoMap(entries: out)
    }
}
