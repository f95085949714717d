/// Walks a `ClickTimeline` step by step: where the next pattern cell falls and how loud it is.
/// Owned and moved by one thread at a time (the render thread while playing).
///
/// Holds unowned pointers into the timeline: whoever holds the cursor keeps the timeline alive.
@frozen public struct ClickCursor {
    @usableFromInline let segments: UnsafeMutableBufferPointer<TimelineSegment>
    @usableFromInline let cells: UnsafeMutableBufferPointer<ClickLevel>
    @usableFromInline let rampTable: UnsafeMutableBufferPointer<Int64>
    @usableFromInline var segmentIndex: Int
    @usableFromInline var step: Int64
    @usableFromInline var _frame: Int64
    @usableFromInline var _level: ClickLevel
    @usableFromInline var _gain: Float
    /// Frame of the current step; `Int64.max` once the timeline has ended.
    @inlinable public var frame: Int64 { _frame }
    /// Level of the current step (silent for muted bars and silent cells).
    @inlinable public var level: ClickLevel { _level }
    /// The current step's entry volume.
    @inlinable public var gain: Float { _gain }

    public init(timeline: ClickTimeline) {
        segments = timeline.segments
        cells = timeline.cells
        rampTable = timeline.rampTable
        segmentIndex = 0
        step = 0
        _frame = 0
        _level = .silent
        _gain = 1
        load()
    }

    /// True when no step is left.
    @inlinable public var isFinished: Bool { _frame == Int64.max }

    /// Moves to the next step. Bounded work: no loop over silent steps.
    @inlinable public mutating func advance() {
        step += 1
        if step >= segments[segmentIndex].stepCount {
            segmentIndex += 1
            step = 0
        }
        load()
    }

    /// Moves to the first step at or after `target`. Control thread, or render thread on locate
    /// (bounded: one pass over the segments and a few steps).
    #if !DEBUG  // checked in release builds: -Onone leaves stdlib calls opaque
    @_noLocks @_noAllocation
    #endif
    public mutating func seek(to target: Int64) {
        segmentIndex = 0
        step = 0
        while segmentIndex < segments.count {
            let s = segments[segmentIndex]
            if s.endFrame <= target && segmentIndex + 1 < segments.count {
                segmentIndex += 1
                continue
            }
            step = s.firstStep(atOrAfter: target, rampTable: rampTable)
            if step >= s.stepCount { segmentIndex += 1; step = 0 }
            break
        }
        load()
    }

    @inlinable mutating func load() {
        guard segmentIndex < segments.count else {
            _frame = Int64.max
            _level = .silent
            return
        }
        let s = segments[segmentIndex]
        _frame = s.frame(ofStep: step, rampTable: rampTable)
        let entryStep = s.firstStep + step
        let cell = cells[s.patternOffset + Int(entryStep % Int64(s.patternLength))]
        var muted = false
        if s.muteBars > 0 {
            let bar = s.entryFirstBar + entryStep / s.stepsPerBar
            muted = bar >= 0 && bar % (s.playBars + s.muteBars) >= s.playBars
        }
        _level = muted ? .silent : cell
        _gain = s.gain
    }

    /// Global bar number of the current step (count-in bars are negative, bar 1 is 0).
    public var bar: Int64 {
        guard segmentIndex < segments.count else { return Int64.max }
        let s = segments[segmentIndex]
        return s.entryFirstBar + (s.firstStep + step) / s.stepsPerBar
    }
}
