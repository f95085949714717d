import WoodshedCore

/// MIDI clock out: 0xF8 at 24 per quarter note, each on its exact frame, from a tempo anchor
/// (an exact frame where the clock is at a known, exact tick position, and the tempo from
/// there), never from an accumulated sum. Start (0xFA) means position 0; elsewhere a Song
/// Position Pointer (sixteenths) then Continue (0xFB); Stop is 0xFC. Render thread only.
///
/// Tick k falls on round(anchor + (k − anchorTick)·L) with L = 2500·rate/T frames (T in
/// thousandths of a quarter-note BPM). A tempo change at frame f moves the pending tick x to
/// f + (x − f)·T/T′ (the timing contract's rule, as for the clicks), kept to the 1/T′ grid.
struct MIDIClock {
    let rate: Int64
    /// Anchor frame, exact: whole + num/den.
    var anchorWhole: Int64 = 0
    var anchorNum: Int128 = 0
    var anchorDen: Int128 = 1
    /// Tick position at the anchor, exact: tickNum / tickDen.
    var tickNum: Int128 = 0
    var tickDen: Int128 = 1
    var milliBPM: Int64 = 120_000
    /// The next tick to send, and its frame.
    var nextTick: Int64 = 0
    var nextFrame: Int64 = 0
    /// True between Start/Continue and Stop.
    var running = false

    init(rate: Int) { self.rate = Int64(rate) }

    /// Exact frame of tick k as (numerator, denominator).
    @inline(__always)
    func exactFrame(ofTick k: Int64) -> (num: Int128, den: Int128) {
        // anchor + (k − t)·2500·rate/T, t = tickNum/tickDen
        // = whole + [anchorNum·T·tickDen + (k·tickDen − tickNum)·2500·rate·anchorDen] / (anchorDen·T·tickDen)
        let t = Int128(milliBPM)
        let den = anchorDen * t * tickDen
        let num = anchorNum * t * tickDen + (Int128(k) * tickDen - tickNum) * 2500 * Int128(rate) * anchorDen
        return (Int128(anchorWhole) * den + num, den)
    }

    @inline(__always)
    func frame(ofTick k: Int64) -> Int64 {
        let e = exactFrame(ofTick: k)
        return Int64(ExactMath.roundDiv(e.num, e.den))
    }

    /// Anchors the clock: at exact frame `at` it is at quarter note `qNum/qDen` with tempo `T`;
    /// the next tick is the first at or after frame `from`.
    mutating func anchor(at: FramePosition, quarterNum qNum: Int128, quarterDen qDen: Int128, milliBPM T: Int64, from: Int64) {
        anchorWhole = at.whole
        anchorNum = Int128(at.num)
        anchorDen = Int128(max(at.den, 1))
        let g = ExactMath.gcd(qNum * 24, qDen)
        tickNum = qNum * 24 / g
        tickDen = qDen / g
        milliBPM = max(T, 1)
        // First tick at or after `from`: start near the right one, then step (bounded).
        let approx = ExactMath.floorDiv(tickNum, tickDen)
            + ExactMath.floorDiv((Int128(from) - Int128(anchorWhole)) * Int128(milliBPM), 2500 * Int128(rate))
        var k = Int64(approx) - 1
        var n = 0
        while frame(ofTick: k) < from && n < 8 { k += 1; n += 1 }
        n = 0
        while k > Int64.min + 1 && frame(ofTick: k - 1) >= from && n < 8 { k -= 1; n += 1 }
        nextTick = k
        nextFrame = frame(ofTick: k)
    }

    /// Anchors on the cursor's pending step (its exact frame, quarter-note position and tempo);
    /// the next tick is the first at or after `frame`. Nothing changes once the timeline ended.
    @inline(__always)
    mutating func anchor(on cursor: ClickCursor, from frame: Int64) {
        guard let a = cursor.clockAnchor() else { return }
        anchor(at: a.frame, quarterNum: a.quarterNum, quarterDen: a.quarterDen, milliBPM: a.milliBPM, from: frame)
    }

    /// Sends the span's ticks before the cursor's pending step, then anchors on that step
    /// (beat by beat on tempo maps; where another song's timeline takes over).
    @inline(__always)
    mutating func reanchor(on cursor: ClickCursor, spanStart: Int64, offset: Int, into out: MIDIEventBuffer) {
        guard cursor.clockAnchor() != nil else { return }
        emit(start: spanStart, frames: Int(cursor.frame - spanStart), offset: offset, into: out)
        anchor(on: cursor, from: cursor.frame)
    }

    /// A live tempo change at frame `f` (the pending tick is at or after `f`).
    mutating func changeTempo(to newMilliBPM: Int64, at f: Int64) {
        guard newMilliBPM > 0, newMilliBPM != milliBPM else { return }
        let x = exactFrame(ofTick: nextTick)
        // δ = x − f ≥ 0, as n/x.den; δ′ = δ·T/T′ on the 1/T′ grid: units = round(n·T′·T/(x.den·T′)) / T′
        var delta = x.num - Int128(f) * x.den
        if delta < 0 { delta = 0 }
        let units = ExactMath.roundDiv(delta * Int128(milliBPM), x.den)  // δ′·T′
        let tNew = Int128(newMilliBPM)
        // The pending tick becomes the anchor: tick position nextTick at f + units/T′.
        anchorWhole = f + Int64(units / tNew)
        anchorNum = units % tNew
        anchorDen = tNew
        tickNum = Int128(nextTick)
        tickDen = 1
        milliBPM = newMilliBPM
        nextFrame = frame(ofTick: nextTick)
    }

    /// Writes the ticks in timeline frames [start, start + frames) to `out` at `offset + (frame −
    /// start)`; ticks before `start` (skipped cycles) are dropped.
    @inline(__always)
    mutating func emit(start: Int64, frames: Int, offset: Int, into out: MIDIEventBuffer) {
        let end = start + Int64(frames)
        var n = 0
        while nextFrame < end && n < 4096 {
            if nextFrame >= start {
                _ = out.tryAppend(MIDIEvent(offset: Int32(truncatingIfNeeded: Int64(offset) + nextFrame - start), count: 1, b0: 0xF8))
            }
            nextTick += 1
            nextFrame = frame(ofTick: nextTick)
            n += 1
        }
    }

    /// Start at cycle offset `offset`: 0xFA at position 0, else a Song Position Pointer and 0xFB
    /// (the clock moves on to the next sixteenth).
    mutating func start(offset: Int, into out: MIDIEventBuffer) {
        running = true
        let o = Int32(truncatingIfNeeded: offset)
        if nextTick <= 0 {
            _ = out.tryAppend(MIDIEvent(offset: o, count: 1, b0: 0xFA))
        } else {
            let sixteenth = (nextTick + 5) / 6
            nextTick = sixteenth * 6
            nextFrame = frame(ofTick: nextTick)
            songPosition(sixteenth, offset: o, into: out)
            _ = out.tryAppend(MIDIEvent(offset: o, count: 1, b0: 0xFB))
        }
    }

    /// Stop at cycle offset `offset`.
    mutating func stop(offset: Int, into out: MIDIEventBuffer) {
        running = false
        _ = out.tryAppend(MIDIEvent(offset: Int32(truncatingIfNeeded: offset), count: 1, b0: 0xFC))
    }

    /// While stopped, after a relocation: where Continue will resume.
    mutating func announcePosition(offset: Int, into out: MIDIEventBuffer) {
        guard !running, nextTick > 0 else { return }
        songPosition((nextTick + 5) / 6, offset: Int32(truncatingIfNeeded: offset), into: out)
    }

    private func songPosition(_ sixteenth: Int64, offset: Int32, into out: MIDIEventBuffer) {
        let s = min(sixteenth, 16_383)
        _ = out.tryAppend(MIDIEvent(offset: offset, count: 3, b0: 0xF2, b1: UInt8(s & 0x7F), b2: UInt8((s >> 7) & 0x7F)))
    }
}
