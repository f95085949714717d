/// Tap tempo: the average interval of the last taps, forgetting them after a pause.
/// Control thread.
public struct TapTempo: Sendable {
    /// Taps further apart than this start a new tempo.
    public var resetAfter: Double = 2.0
    /// How many of the latest taps are averaged.
    public var keep = 6
    private var taps: [Double] = []

    public init() {}

    /// Records a tap at `time` seconds; returns the tempo in thousandths of a BPM (rounded to
    /// 0.1 BPM) once two or more taps are close enough, nil for the first tap.
    public mutating func tap(at time: Double) -> Int64? {
        if let last = taps.last, time - last > resetAfter || time <= last { taps.removeAll() }
        taps.append(time)
        if taps.count > keep { taps.removeFirst(taps.count - keep) }
        guard taps.count >= 2 else { return nil }
        let interval = (taps[taps.count - 1] - taps[0]) / Double(taps.count - 1)
        let bpm = 60 / interval
        let tenths = (bpm * 10).rounded()
        return min(max(Int64(tenths) * 100, 1_000), 1_000_000)
    }

    /// Taps so far in the current run.
    public var count: Int { taps.count }
}

