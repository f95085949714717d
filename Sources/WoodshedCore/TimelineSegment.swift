/// A stretch of the compiled timeline with one tempo curve, meter and pattern. Plain data:
/// built on the control thread, read by the render thread.
///
/// A step is one cell of the pattern grid (`stepsPerBeat` per beat). Step `j` of the segment is
/// step `firstStep + j` of its tempo-map entry, which picks the pattern cell and the bar.
@frozen public struct TimelineSegment: Sendable {
    public var start: FramePosition
    /// First step of this segment, counted from the start of its tempo-map entry.
    public var firstStep: Int64
    /// Steps in the segment; `Int64.max` for an endless one.
    public var stepCount: Int64
    /// Global bar number of the entry's first bar (count-in bars are negative).
    public var entryFirstBar: Int64
    public var stepsPerBar: Int64
    public var stepsPerBeat: Int64
    public var denominator: Int64
    /// Thousandths of a BPM at the start and end; equal for a constant tempo.
    public var tempo1: Int64
    public var tempo2: Int64
    /// Beats of the ramp (its entry's bars × beats); used only when tempo1 != tempo2.
    public var rampBeats: Int64
    public var patternOffset: Int
    public var patternLength: Int
    public var gain: Float
    /// Gap trainer: bars played then bars muted (muteBars 0: no gap trainer).
    public var playBars: Int64
    public var muteBars: Int64
    /// Frames × thousandths of a BPM per whole note: 240 000 · rate.
    public var wholeNoteUnits: Int64
    /// round(end), or `Int64.max` for an endless segment. Set by `ClickTimeline`.
    public var endFrame: Int64 = .max
    /// Ramps only: where this segment's step frames start in the timeline's ramp table.
    public var rampTableOffset: Int = -1

    @inlinable public var isRamp: Bool { tempo1 != tempo2 }

    /// The frame step `j` of this segment starts on: round(ideal), exact for constant tempo.
    /// Ramp frames come from `rampTable` (computed on the control thread by `rampFrame`).
    @inlinable public func frame(ofStep j: Int64, rampTable: UnsafeMutableBufferPointer<Int64>) -> Int64 {
        if isRamp { return rampTable[rampTableOffset + Int(j)] }
        let d = Int128(tempo1) * Int128(denominator) * Int128(stepsPerBeat)
        let p = Int128(j) * Int128(wholeNoteUnits)
        if start.isExact {
            let n = Int128(start.num) * d + p * Int128(start.den)
            return start.whole + Int64(ExactMath.roundDiv(n, Int128(start.den) * d))
        }
        let q = p / d, r = Int64(p % d)
        let f = Double(start.num) / Double(start.den) + start.extra + Double(r) / Double(Int64(d)) + 0.5
        return start.whole + Int64(q) + ExactMath.floor(f)
    }

    /// A ramp step's frame, from the formula. Control thread (uses libm).
    public func rampFrame(ofStep j: Int64) -> Int64 {
        start.whole + ExactMath.floor(Double(start.num) / Double(start.den) + start.extra + rampFrames(atStep: j) + 0.5)
    }

    /// Frames from the ramp's start to step j: klick's beat-linear ramp,
    /// t(x) = (240/den)·N/(T2−T1)·ln(T(x)/T1) seconds for x = j / stepsPerBeat beats.
    public func rampFrames(atStep j: Int64) -> Double {
        let n = Double(rampBeats), t1 = Double(tempo1), dt = Double(tempo2 - tempo1)
        let x = Double(j) / Double(stepsPerBeat)
        // Equal ends: the limit of the formula, a constant tempo (never 0 · ∞).
        guard dt != 0 else { return Double(wholeNoteUnits) * x / (Double(denominator) * t1) }
        let scale = Double(wholeNoteUnits) * n / (Double(denominator) * dt)
        return scale * (dt * x / (n * t1)).ln1p
    }

    /// The exact position where the segment ends (for finite segments).
    public var end: FramePosition {
        isRamp ? start.adding(frames: rampFrames(atStep: stepCount)) : exactPosition(ofStep: stepCount)
    }

    /// The exact (unrounded) position of step `j` at a constant tempo. Any thread: no libm.
    @inlinable public func exactPosition(ofStep j: Int64) -> FramePosition {
        let d = Int128(tempo1) * Int128(denominator) * Int128(stepsPerBeat)
        return start.adding(Int128(j) * Int128(wholeNoteUnits), over: d)
    }

    /// Where a constant-tempo segment ends, exactly; nil for ramps and endless segments.
    @inlinable public var constantEnd: FramePosition? {
        isRamp || stepCount == .max ? nil : exactPosition(ofStep: stepCount)
    }

    /// Sets `endFrame` again after a constant-tempo segment's start or tempo changed live.
    @inlinable public mutating func updateEndFrame() {
        if !isRamp { endFrame = constantEnd?.rounded ?? .max }
    }

    /// The first step whose frame is at or after `frame` (may be `stepCount`). Bounded work:
    /// a binary search in the ramp table, or an estimate and a step or two at constant tempo.
    #if !DEBUG  // checked in release builds: -Onone leaves stdlib calls opaque
    @_noLocks @_noAllocation
    #endif
    public func firstStep(atOrAfter frame: Int64, rampTable: UnsafeMutableBufferPointer<Int64>) -> Int64 {
        if isRamp {
            var lo: Int64 = 0, hi = stepCount
            while lo < hi {
                let mid = (lo + hi) / 2
                if rampTable[rampTableOffset + Int(mid)] < frame { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let offset = Double(frame - start.whole) - Double(start.num) / Double(start.den) - start.extra
        let perStep = Double(wholeNoteUnits) / (Double(tempo1) * Double(denominator) * Double(stepsPerBeat))
        var j = ExactMath.floor(max(0, offset / perStep))
        j = min(j, stepCount)
        while j > 0 && self.frame(ofStep: j - 1, rampTable: rampTable) >= frame { j -= 1 }
        while j < stepCount && self.frame(ofStep: j, rampTable: rampTable) < frame { j += 1 }
        return j
    }
}

extension Double {
    /// ln(1 + x), precise for small x.
    var ln1p: Double { log1p(self) }
}

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
