/// How the tempo moves through one entry of a tempo map. Any thread.
public enum TempoCurve: Hashable, Sendable {
    /// One tempo for the whole entry.
    case constant(Tempo)
    /// klick's `T1-T2`: tempo linear in beat position x over the entry's N beats,
    /// T(x) = T1 + (T2 − T1)·x/N.
    case ramp(from: Tempo, to: Tempo)
    /// klick's `t1,t2,...`: one tempo per beat.
    case perBeat([Tempo])

    /// klick's `T1-T2` as it plays: a ramp, or one constant tempo when both ends are equal
    /// (a "ramp" from 80 to 80 is 80 throughout).
    public static func from(_ t1: Tempo, to t2: Tempo) -> TempoCurve {
        t1 == t2 ? .constant(t1) : .ramp(from: t1, to: t2)
    }

    public var startTempo: Tempo {
        switch self {
        case .constant(let t), .ramp(let t, _): t
        case .perBeat(let list): list[0]
        }
    }
}

/// One line of a tempo map: so many bars of one meter, tempo curve and pattern. Any thread.
public struct TempoMapEntry: Hashable, Sendable {
    public var label: String?
    /// nil: endless (only the last entry).
    public var bars: Int?
    public var meter: Meter
    public var tempo: TempoCurve
    public var pattern: ClickPattern
    public var volume: Float

    public init(label: String? = nil, bars: Int?, meter: Meter = .fourFour, tempo: TempoCurve,
                pattern: ClickPattern? = nil, volume: Float = 1) {
        self.label = label
        self.bars = bars
        self.meter = meter
        self.tempo = tempo
        self.pattern = pattern ?? .standard(meter)
        self.volume = volume
    }
}

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

/// The trainers a preset may add on top of a map. Any thread.
public struct GapTrainer: Hashable, Sendable, Codable {
    /// Bars played, then bars muted, repeating from bar 1.
    public var playBars: Int
    public var muteBars: Int
    public init(playBars: Int, muteBars: Int) { self.playBars = playBars; self.muteBars = muteBars }
}

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
