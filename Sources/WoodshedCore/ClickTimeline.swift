import Synchronization

/// A `ClickPlan` compiled for one sample rate: segments with exact start frames and the
/// pattern cells they read. Built on the control thread, read (never changed) by the render
/// thread through `ClickCursor`, released on the control thread.
public final class ClickTimeline: @unchecked Sendable {
    public let rate: Int
    public let segments: UnsafeMutableBufferPointer<TimelineSegment>
    public let cells: UnsafeMutableBufferPointer<ClickLevel>
    /// Step frames of every ramp, computed here so the render thread never calls libm.
    public let rampTable: UnsafeMutableBufferPointer<Int64>
    /// round(end of the last bar), or nil when the plan never ends.
    public let endFrame: Int64?
    /// Frame where bar 1 starts (after the count-in).
    public let firstBarFrame: Int64
    /// The buffers, for a cursor or a command to the render thread.
    public let handle: TimelineHandle

    private static let nextID = Atomic<UInt64>(1)

    /// Clicks of all ramps together (their table holds one frame per click: 128 MiB).
    public static let maxRampClicks = 1 << 24

    /// `start`: where the first step is (the rehearsal player's click starts on the music's own
    /// beat grid); `speed`: thousandths of the plan's tempi the click plays at (the player's
    /// count-in at a pass's speed), kept exact by scaling the frames per whole note instead.
    public init(plan: ClickPlan, rate: Int, start: FramePosition = .zero, speed: Int = 1000) throws(TimingError) {
        guard !plan.map.entries.isEmpty else { throw .badBars("the tempo map has no entries") }
        guard OptionRange.countIn.range.contains(plan.countInBars) else { throw .badBars("count-in must be 0 to 64 bars") }
        if let g = plan.gapTrainer, g.playBars < 1 || g.muteBars < 0 {
            throw .badBars("a gap trainer plays 1 or more bars and mutes 0 or more")
        }
        self.rate = rate
        // Tempo × speed/1000 over the same rate is the ratio (tempo · speed/g) / (rate · 1000/g).
        let g = Int64(ExactMath.gcd(Int128(max(speed, 1)), 1000))
        let units = Int64(240_000) * Int64(rate) * (1000 / g)
        let tempoScale = Int64(max(speed, 1)) / g
        var segs: [TimelineSegment] = []
        var cells: [ClickLevel] = []
        var ramps: [Int64] = []
        var position = start
        var bar: Int64 = -Int64(plan.countInBars)
        var firstBarFrame: Int64 = 0
        var firstBarSegment = 0

        func append(_ entry: TempoMapEntry, gap: GapTrainer?) throws(TimingError) {
            let spb = Int64(entry.pattern.stepsPerBeat)
            let stepsPerBar = Int64(entry.meter.beats) * spb
            let patternOffset = cells.count
            cells.append(contentsOf: entry.pattern.steps)
            var seg = TimelineSegment(
                start: position, firstStep: 0, stepCount: 0, entryFirstBar: bar,
                stepsPerBar: stepsPerBar, stepsPerBeat: spb, denominator: Int64(entry.meter.denominator),
                tempo1: 0, tempo2: 0, rampBeats: 0,
                patternOffset: patternOffset, patternLength: entry.pattern.steps.count,
                gain: entry.volume, playBars: Int64(gap?.playBars ?? 0), muteBars: Int64(gap?.muteBars ?? 0),
                wholeNoteUnits: units)
            if let bars = entry.bars, bars < 1 { throw .badBars("an entry must have 1 or more bars") }
            let totalSteps = entry.bars.map { Int64($0) * stepsPerBar } ?? Int64.max
            // A ramp whose ends are equal is a constant tempo (its ramp formula divides by T2 − T1).
            let curve = if case .ramp(let t1, let t2) = entry.tempo { TempoCurve.from(t1, to: t2) } else { entry.tempo }
            switch curve {
            case .constant(let t):
                seg.tempo1 = t.milliBPM * tempoScale; seg.tempo2 = t.milliBPM * tempoScale
                seg.stepCount = totalSteps
                segs.append(seg)
            case .ramp(let t1, let t2):
                guard let bars = entry.bars else { throw .badBars("a tempo ramp needs a number of bars") }
                // Every click of a ramp is computed here, into a table: keep it within memory.
                guard ramps.count + Int(totalSteps) < Self.maxRampClicks else {
                    throw .badBars("tempo ramps of more than \(Self.maxRampClicks) clicks in all (bars × beats × subdivisions) are not supported")
                }
                seg.tempo1 = t1.milliBPM * tempoScale; seg.tempo2 = t2.milliBPM * tempoScale
                seg.rampBeats = Int64(bars * entry.meter.beats)
                seg.stepCount = totalSteps
                seg.rampTableOffset = ramps.count
                for j in 0...totalSteps { ramps.append(seg.rampFrame(ofStep: j)) }
                segs.append(seg)
            case .perBeat(let list):
                guard let bars = entry.bars else { throw .badBars("a tempo list needs a number of bars") }
                guard list.count == bars * entry.meter.beats else {
                    throw .tempoListLength(expected: bars * entry.meter.beats, got: list.count)
                }
                for (k, t) in list.enumerated() {
                    var s = seg
                    s.start = position
                    s.firstStep = Int64(k) * spb
                    s.stepCount = spb
                    s.tempo1 = t.milliBPM * tempoScale; s.tempo2 = t.milliBPM * tempoScale
                    segs.append(s)
                    position = s.end
                }
            }
            if case .perBeat = entry.tempo {} else if totalSteps != Int64.max {
                position = segs[segs.count - 1].end
            }
            if let bars = entry.bars { bar += Int64(bars) }
        }

        if plan.countInBars > 0 {
            let first = plan.map.entries[0]
            try append(TempoMapEntry(bars: plan.countInBars, meter: first.meter,
                                     tempo: .constant(first.tempo.startTempo),
                                     pattern: .countIn(first.meter), volume: first.volume),
                       gap: nil)
            firstBarFrame = position.rounded
            firstBarSegment = segs.count
        }
        for (i, e) in plan.map.entries.enumerated() {
            if e.bars == nil && i != plan.map.entries.count - 1 {
                throw .badBars("only the last entry may be endless")
            }
            try append(e, gap: plan.gapTrainer)
        }

        for i in segs.indices where segs[i].stepCount != Int64.max {
            segs[i].endFrame = segs[i].end.rounded
        }
        self.firstBarFrame = firstBarFrame
        self.endFrame = plan.map.isEndless ? nil : position.rounded
        self.segments = .allocate(capacity: segs.count)
        _ = self.segments.initialize(from: segs)
        self.cells = .allocate(capacity: max(cells.count, 1))
        _ = self.cells.initialize(from: cells)
        self.rampTable = .allocate(capacity: max(ramps.count, 1))
        _ = self.rampTable.initialize(from: ramps)
        self.handle = TimelineHandle(
            segments: segments, cells: self.cells, rampTable: rampTable, firstBarSegment: firstBarSegment,
            id: Self.nextID.add(1, ordering: .relaxed).oldValue, isSingleTempo: plan.isSingleTempo)
    }

    deinit {
        segments.deallocate()
        cells.deallocate()
        rampTable.deallocate()
    }

    /// A cursor at the first click at or after `frame`.
    public func cursor(at frame: Int64 = 0) -> ClickCursor {
        var c = ClickCursor(handle)
        c.seek(to: frame)
        return c
    }
}
