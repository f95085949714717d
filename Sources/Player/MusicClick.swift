import WoodshedCore

/// The click that goes with the music: its tempo, where bar 1 starts in the file, and the
/// meter. Its beats are the metronome's (`ClickTimeline`, see `ProgramClick`), placed on the
/// file's own timeline so they follow the music at any speed. Any thread (a value).
public struct MusicClick: Hashable, Sendable {
    /// Quarter-note tempo in thousandths of a BPM (as `Tempo`).
    public var milliBPM: Int64
    /// Where bar 1 starts in the file.
    public var offset: SourceTime
    /// Beats per bar (accent on the first).
    public var beatsPerBar: Int
    /// Whether beats sound during passes (count-ins always sound).
    public var duringPasses: Bool

    public init(milliBPM: Int64, offset: SourceTime = SourceTime(microseconds: 0), beatsPerBar: Int = 4, duringPasses: Bool = true) {
        self.milliBPM = milliBPM
        self.offset = offset
        self.beatsPerBar = beatsPerBar
        self.duringPasses = duringPasses
    }

    /// Count-ins with no click given run at 120 BPM in 4/4.
    public static let countInDefault = MusicClick(milliBPM: 120_000, duringPasses: false)

    /// The metronome's timeline for this click: endless bars of `beatsPerBar`/4 at its tempo
    /// (× `speed` thousandths), accent on each bar's first beat, the first step at `start`.
    /// Nil for a tempo or meter the metronome refuses (then there is no click).
    public func timeline(rate: Int, speed: Int = 1000, start: FramePosition = .zero) -> ClickTimeline? {
        guard let tempo = try? Tempo(milliBPM: milliBPM), let meter = try? Meter(beats: beatsPerBar, denominator: 4) else { return nil }
        let entry = TempoMapEntry(bars: nil, meter: meter, tempo: .constant(tempo), pattern: .standard(meter))
        return try? ClickTimeline(plan: ClickPlan(map: TempoMap(entries: [entry])), rate: rate, start: start, speed: speed)
    }

    /// The timeline of the music's beats in the file's frames at `rate`, shifted so that frame
    /// 0 is source frame `from`: its first step is a bar's first beat at or before `from` (the
    /// exact beat position, so each beat lands on offset + round(k · 60 · rate / BPM) − from).
    public func sourceTimeline(rate: Int, from: Int64) -> ClickTimeline? {
        let origin = offset.frame(rate: rate)
        let perBeat = 60_000 * Int128(rate)
        // The bar before the one holding `from`, so that the first step is at or before it.
        let beat = ExactMath.floorDiv(Int128(from - origin) * Int128(milliBPM), perBeat)
        let bars = Int128(max(beatsPerBar, 1))
        let first = (ExactMath.floorDiv(beat, bars) - 1) * bars
        // origin − from + first · perBeat / BPM, exactly: a whole part and a fraction in [0, 1).
        let n = first * perBeat, d = Int128(milliBPM)
        let whole = ExactMath.floorDiv(n, d)
        let rem = n - whole * d
        let g = rem == 0 ? d : ExactMath.gcd(rem, d)
        let start = FramePosition(whole: origin - from + Int64(whole), num: Int64(rem / g), den: Int64(d / g))
        return timeline(rate: rate, start: start)
    }
}
