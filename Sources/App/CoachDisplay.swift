import Foundation

/// `click --coach` in words and characters: the ahead/behind needle, the last bar's mean and
/// spread, the strip of the last bars, the trainer's line, and the plain line per bar. Any
/// thread (pure functions of a `CoachBoard`).
public enum CoachDisplay {
    /// The needle's half width in milliseconds: a hit this early or late sits at the end.
    public static let needleRangeMs = 50.0

    /// "+4.2 ms", "-12.0 ms", "0.0 ms".
    public static func ms(_ value: Double) -> String {
        let v = (value * 10).rounded() / 10
        return (v > 0 ? "+" : "") + String(format: "%.1f ms", v == 0 ? 0 : v)
    }

    /// A spread (never negative): "3.4 ms".
    public static func spread(_ value: Double) -> String { String(format: "%.1f ms", value) }

    /// `ahead ·········|···●····· behind  +4.2 ms at 3.2.1`: `width` cells between the words, the
    /// centre on time, one end ±`needleRangeMs`.
    public static func needle(_ board: CoachBoard, width: Int = 41) -> String {
        let cells = max(width | 1, 11)
        let centre = cells / 2
        var line = Array(repeating: Character("·"), count: cells)
        line[centre] = "|"
        guard let n = board.needle else { return "ahead " + String(line) + " behind  (no hit yet)" }
        let x = max(-1, min(1, n.ms / needleRangeMs))
        line[centre + Int((x * Double(centre)).rounded())] = "●"
        return "ahead " + String(line) + " behind  " + ms(n.ms) + " at " + n.position
    }

    /// `last bar 12: mean +2.1 ms · spread 3.4 ms · 4 hits · 0 missed` (nil before the first bar).
    public static func lastBar(_ board: CoachBoard) -> String? {
        board.bars.last.map(barLine)
    }

    /// `bar 12: mean +2.1 ms · spread 3.4 ms · 4 hits · 0 missed` (`gap` when muted).
    public static func barLine(_ b: CoachBoard.Bar) -> String {
        let figures = b.mean.map { "mean \(ms($0)) · spread \(spread(b.spread ?? 0))" } ?? "no hit"
        return "bar \(b.bar + 1)\(b.inGap ? " (gap)" : ""): \(figures) · \(b.deviations.count) hit\(b.deviations.count == 1 ? "" : "s") · \(b.missed) missed"
    }

    /// The last bars, oldest first, one cell each: `+2` / `-5` (whole ms of the mean), `x` for
    /// a bar with a miss, `·` for a bar without hits: `bars 5-12  +2 -1 +0 x +3 · -4 +1`.
    public static func strip(_ board: CoachBoard, bars count: Int = 8) -> String? {
        let shown = board.bars.suffix(count)
        guard let first = shown.first, let last = shown.last else { return nil }
        let cells = shown.map { b -> String in
            if b.missed > 0 { return "x" }
            guard let m = b.mean else { return "·" }
            let whole = Int(m.rounded())
            return (whole >= 0 ? "+" : "") + String(whole)
        }
        return "bars \(first.bar + 1)-\(last.bar + 1)  " + cells.joined(separator: " ")
    }

    /// The session so far: `coach: 32 hits · mean +1.2 ms · spread 4.0 ms · 1 missed` (and the
    /// gap trainer's drift).
    public static func session(_ f: CoachBoard.Figures) -> String {
        var parts = ["\(f.hits) hit\(f.hits == 1 ? "" : "s")"]
        if let m = f.meanMs { parts.append("mean \(ms(m))") }
        if let s = f.spreadMs { parts.append("spread \(spread(s))") }
        parts.append("\(f.missed) missed")
        if let d = f.driftMs { parts.append("gap drift \(ms(d))") }
        return "coach: " + parts.joined(separator: " · ")
    }
}
