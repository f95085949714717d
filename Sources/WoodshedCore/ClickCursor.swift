/// Walks a compiled timeline step by step: where the next pattern cell falls and how loud it
/// is, and takes live changes (tempo, a new meter) without a jump in the beat phase.
/// Owned and moved by one thread at a time (the render thread while playing).
///
/// Holds unowned pointers into the timeline: whoever holds the cursor keeps the timeline alive.
/// It works on a copy of the current segment, so a live tempo change rewrites only the copy;
/// the segments after it then start where the copy ends.
@frozen public struct ClickCursor {
    @usableFromInline var timeline: TimelineHandle
    @usableFromInline var segmentIndex: Int
    @usableFromInline var step: Int64
    /// The current segment, possibly re-anchored by a live change.
    @usableFromInline var current: TimelineSegment
    /// Thousandths of a BPM set live (0: the timeline's own tempi).
    @usableFromInline var tempoOverride: Int64
    @usableFromInline var _frame: Int64
    @usableFromInline var _level: ClickLevel
    @usableFromInline var _gain: Float
    /// Frame of the current step; `Int64.max` once the timeline has ended.
    @inlinable public var frame: Int64 { _frame }
    /// Level of the current step (silent for muted bars and silent cells).
    @inlinable public var level: ClickLevel { _level }
    /// The current step's entry volume.
    @inlinable public var gain: Float { _gain }
    /// The timeline this cursor walks.
    @inlinable public var handle: TimelineHandle { timeline }
    /// The live tempo, if one was set (thousandths of a BPM).
    @inlinable public var liveTempo: Int64? { tempoOverride == 0 ? nil : tempoOverride }

    public init(_ timeline: TimelineHandle) {
        self.timeline = timeline
        segmentIndex = 0
        step = 0
        current = timeline.segments[0]
        tempoOverride = 0
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
        if step >= current.stepCount {
            let chained = tempoOverride != 0 ? current.constantEnd : nil
            enter(segmentIndex + 1, start: chained)
        }
        load()
    }

    /// Makes segment `i` current, starting at `start` when given (after a live change).
    @inlinable mutating func enter(_ i: Int, start: FramePosition?) {
        segmentIndex = i
        step = 0
        guard i < timeline.segments.count else { return }
        current = timeline.segments[i]
        if tempoOverride != 0 && !current.isRamp && current.tempo1 != tempoOverride {
            current.tempo1 = tempoOverride
            current.tempo2 = tempoOverride
        }
        if let start, !current.isRamp {
            current.start = start
        }
        if tempoOverride != 0 || start != nil { current.updateEndFrame() }
    }

    /// Moves to the first step at or after `target`. Control thread, or render thread on locate
    /// (bounded: one pass over the segments and a few steps). After a live tempo change the
    /// timeline is taken as if it had always run at the live tempo.
    #if !DEBUG  // checked in release builds: -Onone leaves stdlib calls opaque
    @_noLocks @_noAllocation
    #endif
    public mutating func seek(to target: Int64) {
        var start: FramePosition? = nil
        enter(0, start: nil)
        while segmentIndex < timeline.segments.count {
            if current.endFrame <= target && segmentIndex + 1 < timeline.segments.count {
                start = tempoOverride != 0 ? current.constantEnd : nil
                enter(segmentIndex + 1, start: start)
                continue
            }
            step = current.firstStep(atOrAfter: target, rampTable: timeline.rampTable)
            if step >= current.stepCount {
                start = tempoOverride != 0 ? current.constantEnd : nil
                enter(segmentIndex + 1, start: start)
            }
            break
        }
        load()
    }

    /// Skips the steps before `target` without playing them (after an xrun, or a small jump of
    /// the transport). Bounded: after 64 steps it seeks instead.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public mutating func skip(to target: Int64) {
        var n = 0
        while _frame < target {
            n += 1
            if n > 64 { seek(to: target); return }
            advance()
        }
    }

    /// A live tempo change at frame `f` (no step before `f` is still pending), keeping the beat
    /// phase: with x the exact position of the pending step, it moves to f + (x − f)·T/T′, kept
    /// to the new tempo's own grid of 1/(T′·denominator·steps per beat) frames; later steps
    /// follow at the new step length. A step due exactly at `f` stays at `f`. Applies to
    /// constant-tempo timelines only (`isSingleTempo`); returns false otherwise.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @discardableResult
    public mutating func changeTempo(to milliBPM: Int64, at f: Int64) -> Bool {
        guard timeline.isSingleTempo, milliBPM > 0 else { return false }
        tempoOverride = milliBPM
        guard segmentIndex < timeline.segments.count else { return true }
        let s = current
        guard !s.isRamp, s.start.isExact, s.tempo1 != milliBPM else { return true }
        // Exact position of the pending step: x = start + step·Q/dd = whole + (num·dd + step·Q·den)/(den·dd).
        let dd = Int128(s.tempo1) * Int128(s.denominator) * Int128(s.stepsPerBeat)
        let b = Int128(s.start.den) * dd
        let a = Int128(s.start.num) * dd + Int128(step) * Int128(s.wholeNoteUnits) * Int128(s.start.den)
        let q = a / b, r = a % b
        // δ = x − f = wholePart + r/b, clamped at 0 (a step due at f stays at f).
        var deltaNum = (Int128(s.start.whole) + q - Int128(f)) * b + r
        if deltaNum < 0 { deltaNum = 0 }
        // δ′ = δ·T/T′ on the new grid 1/D′, D′ = T′·den·spb / gcd(Q, T′·den·spb).
        let newDD = Int128(milliBPM) * Int128(s.denominator) * Int128(s.stepsPerBeat)
        let gridDen = newDD / ExactMath.gcd(Int128(s.wholeNoteUnits), newDD)
        let x = deltaNum * Int128(s.tempo1), y = b * Int128(milliBPM)
        let units = (x / y) * gridDen + ExactMath.roundDiv((x % y) * gridDen, y)
        var n = current
        n.start = FramePosition(whole: f + Int64(units / gridDen), num: Int64(units % gridDen), den: Int64(gridDen))
        n.firstStep = s.firstStep + step
        if s.stepCount != .max { n.stepCount = s.stepCount - step }
        n.tempo1 = milliBPM
        n.tempo2 = milliBPM
        n.updateEndFrame()
        current = n
        step = 0
        load()
        return true
    }

    /// True when the pending step starts a bar.
    @inlinable public var isAtBarStart: Bool {
        segmentIndex < timeline.segments.count && (current.firstStep + step) % current.stepsPerBar == 0
    }

    /// Continues on another timeline (a new meter or pattern) from the pending step, which
    /// becomes the first step of the new timeline's bar 1, numbered as the bar it replaces.
    /// The live tempo, if set, carries over.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public mutating func adopt(_ next: TimelineHandle, keepTempo: Bool = true) {
        let here: FramePosition
        let barNumber: Int64
        if segmentIndex < timeline.segments.count && !current.isRamp {
            here = current.exactPosition(ofStep: step)
            barNumber = current.entryFirstBar + (current.firstStep + step + current.stepsPerBar - 1) / current.stepsPerBar
        } else {
            here = FramePosition(whole: _frame == .max ? 0 : _frame)
            barNumber = 0
        }
        timeline = next
        if !keepTempo { tempoOverride = 0 }
        enter(next.firstBarSegment, start: here)
        if segmentIndex < timeline.segments.count { current.entryFirstBar = max(barNumber, 0) }
        load()
    }

    @inlinable mutating func load() {
        guard segmentIndex < timeline.segments.count else {
            _frame = Int64.max
            _level = .silent
            return
        }
        let s = current
        _frame = s.frame(ofStep: step, rampTable: timeline.rampTable)
        let entryStep = s.firstStep + step
        let cell = timeline.cells[s.patternOffset + Int(entryStep % Int64(s.patternLength))]
        var muted = false
        if s.muteBars > 0 {
            let bar = s.entryFirstBar + entryStep / s.stepsPerBar
            muted = bar >= 0 && bar % (s.playBars + s.muteBars) >= s.playBars
        }
        _level = muted ? .silent : cell
        _gain = s.gain
    }

    /// Global bar number of the current step (count-in bars are negative, bar 1 is 0).
    @inlinable public var bar: Int64 {
        guard segmentIndex < timeline.segments.count else { return Int64.max }
        return current.entryFirstBar + (current.firstStep + step) / current.stepsPerBar
    }

    /// Beat of the current step within its bar, from 0; and whether the step starts a beat.
    @inlinable public var beatInBar: (beat: Int64, onBeat: Bool) {
        guard segmentIndex < timeline.segments.count else { return (0, false) }
        let inBar = (current.firstStep + step) % current.stepsPerBar
        return (inBar / current.stepsPerBeat, inBar % current.stepsPerBeat == 0)
    }

    /// The current step within its bar, from 0, and the bar's steps and steps per beat (the
    /// coach's grid: every step counts, silent `.` cells too).
    @inlinable public var stepInBar: (step: Int64, stepsPerBar: Int64, stepsPerBeat: Int64) {
        guard segmentIndex < timeline.segments.count else { return (0, 1, 1) }
        return ((current.firstStep + step) % current.stepsPerBar, current.stepsPerBar, current.stepsPerBeat)
    }

    /// The pattern's level of the current step, even in a bar the gap trainer mutes (`level`
    /// is silent there): where a hit is expected.
    @inlinable public var cellLevel: ClickLevel {
        guard segmentIndex < timeline.segments.count else { return .silent }
        let s = current
        return timeline.cells[s.patternOffset + Int((s.firstStep + step) % Int64(s.patternLength))]
    }

    /// True when the gap trainer mutes the current step's bar.
    @inlinable public var isInGap: Bool {
        guard segmentIndex < timeline.segments.count, current.muteBars > 0 else { return false }
        let b = bar
        return b >= 0 && b % (current.playBars + current.muteBars) >= current.playBars
    }

    /// The tempo playing now, in thousandths of a BPM: a live change's, else the current
    /// segment's (after the end, the last one's). Reads no reference: the render thread's.
    @inlinable public var tempoNow: Int64 { tempoOverride != 0 ? tempoOverride : current.tempo1 }

    /// Meter and tempo of the current step: beats per bar, denominator, thousandths of a BPM.
    @inlinable public var meterAndTempo: (beats: Int64, denominator: Int64, milliBPM: Int64) {
        guard segmentIndex < timeline.segments.count else { return (4, 4, 120_000) }
        return (current.stepsPerBar / current.stepsPerBeat, current.denominator, current.tempo1)
    }

    /// The musical position at `frame`, for JACK's BBT: the bar (as `bar`), beat in bar from 0,
    /// and the fraction of the beat, from the frames of the steps around it, so a beat's BBT
    /// changes on the very frame its click starts. Call with `frame` before the pending step
    /// (the render thread does, at the end of a cycle). Bounded work.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func musicalPosition(at frame: Int64) -> MusicalPosition {
        guard segmentIndex < timeline.segments.count else {
            return MusicalPosition(bar: 0, beat: 0, beatFraction: 0, beatsPerBar: 4, denominator: 4, milliBPM: 120_000)
        }
        let next = _frame
        // The step before the pending one, in this segment (or the segment's start).
        var s = current
        var prevStep = step - 1
        var prevFrame = next
        if prevStep >= 0 {
            prevFrame = s.frame(ofStep: prevStep, rampTable: timeline.rampTable)
        } else if segmentIndex > 0 && tempoOverride == 0 && frame < next {
            // Still in the last step of the previous segment.
            let p = timeline.segments[segmentIndex - 1]
            if p.stepCount != .max {
                s = p
                prevStep = p.stepCount - 1
                prevFrame = p.frame(ofStep: prevStep, rampTable: timeline.rampTable)
            }
        }
        var fraction = 0.0
        var at = prevStep
        if frame >= next || prevFrame >= next || prevStep < 0 {
            at = step
            s = current
        } else {
            fraction = Double(frame - prevFrame) / Double(next - prevFrame)
            if fraction < 0 { fraction = 0 }
        }
        let entryStep = s.firstStep + at
        let inBar = entryStep % s.stepsPerBar
        let beat = inBar / s.stepsPerBeat
        let beatFraction = (Double(inBar % s.stepsPerBeat) + fraction) / Double(s.stepsPerBeat)
        return MusicalPosition(bar: s.entryFirstBar + entryStep / s.stepsPerBar, beat: beat,
                               beatFraction: beatFraction, beatsPerBar: s.stepsPerBar / s.stepsPerBeat,
                               denominator: s.denominator, milliBPM: s.tempo1)
    }
}

extension ClickCursor {
    /// Where the pending step is, for MIDI clock: its exact frame, its position in quarter notes
    /// from the timeline's start (`quarterNum / quarterDen`, exact) and the tempo there
    /// (thousandths of a quarter-note BPM; inside a ramp, the beat-linear tempo at that step).
    /// Nil once the timeline has ended. Bounded: one pass over the segments before it.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func clockAnchor() -> (frame: FramePosition, quarterNum: Int128, quarterDen: Int128, milliBPM: Int64)? {
        guard segmentIndex < timeline.segments.count else { return nil }
        var num: Int128 = 0, den: Int128 = 1
        var i = 0
        while i < segmentIndex {
            let s = timeline.segments[i]
            if s.stepCount != .max {
                // stepCount · 4 / (den · spb) quarters
                let d = Int128(s.denominator) * Int128(s.stepsPerBeat)
                num = num * d + Int128(s.stepCount) * 4 * den
                den *= d
                let g = ExactMath.gcd(num, den)
                num /= g; den /= g
            }
            i += 1
        }
        let original = timeline.segments[segmentIndex]
        let s = current
        let inSegment = s.firstStep - original.firstStep + step
        let d = Int128(s.denominator) * Int128(s.stepsPerBeat)
        num = num * d + Int128(inSegment) * 4 * den
        den *= d
        let g = ExactMath.gcd(num, den)
        num /= g; den /= g
        let frame: FramePosition
        var tempo = s.tempo1
        if s.isRamp {
            frame = FramePosition(whole: _frame)
            let dt = Int128(s.tempo2 - s.tempo1)
            let n = Int128(s.rampBeats) * Int128(s.stepsPerBeat)
            tempo = s.tempo1 + Int64(ExactMath.roundDiv(dt * Int128(step), n))
        } else if s.start.isExact {
            frame = s.exactPosition(ofStep: step)
        } else {
            frame = FramePosition(whole: _frame)
        }
        return (frame, num, den, tempo)
    }
}
