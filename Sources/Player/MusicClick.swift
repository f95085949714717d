import WoodshedCore

/// The click that goes with the music: its tempo, where bar 1 starts in the file, and the
/// meter. Beats are placed on the file's own timeline, so they follow the music at any speed.
/// Any thread (a value).
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

    /// Source frame of beat `k` (k may be negative): offset + round(k · 60 · rate / BPM).
    public func beatSourceFrame(_ k: Int64, rate: Int) -> Int64 {
        offset.frame(rate: rate) + Int64(ExactMath.roundDiv(Int128(k) * 60_000 * Int128(rate), Int128(milliBPM)))
    }

    /// The first beat whose source frame is ≥ `frame`.
    public func firstBeat(atOrAfter frame: Int64, rate: Int) -> Int64 {
        let rel = Int128(frame - offset.frame(rate: rate))
        var k = Int64(ExactMath.floorDiv(rel * Int128(milliBPM), 60_000 * Int128(rate))) - 1
        while beatSourceFrame(k, rate: rate) < frame { k += 1 }
        return k
    }
}
