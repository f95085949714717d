import WoodshedCore

/// The grid a take is measured against: every step of the click's own plan (tempo or tempo map,
/// meter, pattern subdivisions; silent `.` steps and muted bars are grid positions too), with
/// bar 1 beat 1 at `anchorFrame`. Any thread (a value; built once, read by the analysis thread).
public struct ClickGrid: Sendable {
    /// One grid position: its frame, its place in the bar, and whether a click sounds there.
    public struct Point: Sendable, Equatable {
        public var frame: Double
        public var position: GridPosition
        public var sounds: Bool

        public init(frame: Double, position: GridPosition, sounds: Bool) {
            self.frame = frame; self.position = position; self.sounds = sounds
        }
    }

    public let sampleRate: Int
    /// Every grid position from the plan's first step up to one past `endFrame`, in order.
    public let points: [Point]

    /// Compiles `plan` at `sampleRate` (the same frames the click renders on) and lays its steps
    /// from `anchorFrame` (where bar 1 beat 1 falls; a count-in comes before it) up to the first
    /// step after `endFrame`.
    public init(plan: ClickPlan, sampleRate: Int, anchorFrame: Double = 0, endFrame: Double) throws(TimingError) {
        let timeline = try ClickTimeline(plan: plan, rate: sampleRate)
        var cursor = timeline.cursor(at: 0)
        var points: [Point] = []
        var subdivision = 0
        while !cursor.isFinished {
            let (beat, onBeat) = cursor.beatInBar
            subdivision = onBeat ? 1 : subdivision + 1
            let frame = anchorFrame + Double(cursor.frame - timeline.firstBarFrame)
            points.append(Point(frame: frame,
                                position: GridPosition(bar: Int(cursor.bar) + 1, beat: Int(beat) + 1, subdivision: subdivision),
                                sounds: cursor.level != .silent))
            if frame > endFrame { break }
            cursor.advance()
        }
        withExtendedLifetime(timeline) {}
        self.sampleRate = sampleRate
        self.points = points
    }

    /// True when `frame` is no more than half a step before the first grid position or after the last.
    public func covers(_ frame: Double) -> Bool {
        guard let first = points.first, let last = points.last else { return false }
        guard points.count > 1 else { return frame == first.frame }
        let before = (points[1].frame - first.frame) / 2, after = (last.frame - points[points.count - 2].frame) / 2
        return frame >= first.frame - before && frame <= last.frame + after
    }

    /// The grid position nearest to `frame` (of two at the same distance, the earlier one).
    public func nearest(to frame: Double) -> GridHit {
        precondition(!points.isEmpty, "a click grid has at least one step")
        var lo = 0, hi = points.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid].frame < frame { lo = mid + 1 } else { hi = mid }
        }
        // points[lo] is the first at or after `frame`; points[lo - 1] the last before it.
        var i = min(lo, points.count - 1)
        if lo > 0 && (lo == points.count || frame - points[lo - 1].frame <= points[lo].frame - frame) { i = lo - 1 }
        let p = points[i]
        return GridHit(position: p.position, gridFrame: p.frame,
                       deviationMs: (frame - p.frame) * 1000 / Double(sampleRate), index: i)
    }
}
