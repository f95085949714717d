/// A take measured against the click grid: one row per onset and the summary. Any thread (a value).
public struct CoachReport: Sendable, Equatable {
    /// One onset: when it was played, the grid position it belongs to, how early or late.
    public struct Row: Sendable, Equatable {
        /// Seconds from the start of the take.
        public var time: Double
        public var position: GridPosition
        /// Milliseconds from the grid position: positive = late.
        public var deviationMs: Double
        /// True when another onset was nearer to the same grid position (a double hit).
        public var isExtra: Bool
    }

    public var rows: [Row]
    public var summary: CoachSummary

    /// Places every onset within the grid on it (from half a step before its first position to
    /// half a step after its last: notes before bar 1, or its count-in, and after the end of a
    /// tempo map are left out); grid positions with a sounding click from `fromFrame` up to
    /// `toFrame` (the analysed part of the take) and no onset count as missing.
    public init(onsets allOnsets: [Onset], grid: ClickGrid, fromFrame: Double, toFrame: Double) {
        let rate = Double(grid.sampleRate)
        let onsets = allOnsets.filter { grid.covers($0.frame) }
        let hits = onsets.map { grid.nearest(to: $0.frame) }
        // The onset nearest to each grid position keeps it; others there are extra.
        var best: [Int: Int] = [:]
        for (k, h) in hits.enumerated() {
            if let b = best[h.index], abs(hits[b].deviationMs) <= abs(h.deviationMs) { continue }
            best[h.index] = k
        }
        rows = hits.enumerated().map { k, h in
            Row(time: onsets[k].frame / rate, position: h.position, deviationMs: h.deviationMs, isExtra: best[h.index] != k)
        }
        let played = rows.filter { !$0.isExtra }.map(\.deviationMs)
        var missing = 0
        for (i, p) in grid.points.enumerated() where p.sounds && p.frame >= fromFrame && p.frame < toFrame && best[i] == nil {
            missing += 1
        }
        summary = CoachSummary(deviations: played, missing: missing, extra: rows.count - played.count)
    }
}
