import WoodshedCore

/// The sections to practise, in order, and the shared settings: it says which step follows
/// which (count-in, pass, gap; then the next pass or the next section), and how long each is.
/// Any thread (a value); the player's worker walks it.
public struct PracticeProgram: Hashable, Sendable {
    public var sections: [Section]
    public var settings: ProgramSettings

    public init(sections: [Section], settings: ProgramSettings) {
        self.sections = sections
        self.settings = settings
    }

    /// The first step of section `index`'s pass `pass` (its count-in, or the pass itself), at
    /// `speed` thousandths when given, else at the plan's speed for that pass.
    public func start(section index: Int, pass: Int = 0, speed: Int? = nil) -> ProgramStep? {
        guard sections.indices.contains(index) else { return nil }
        let s = sections[index]
        let speed = speed ?? s.plan.speed(ofPass: pass, sessionSpeed: settings.speed)
        if s.plan.countInBars > 0 {
            let beats = s.plan.countInBars * settings.countInClick.beatsPerBar
            return ProgramStep(kind: .countIn(beats: beats), section: index, pass: pass, speed: speed,
                               length: settings.countInLength(beats: beats, speed: speed))
        }
        return passStep(section: index, pass: pass, from: s.start, speed: speed)
    }

    /// The pass of section `index` from source frame `from` (A, or a resumed position) to B.
    public func passStep(section index: Int, pass: Int, from: Int64, speed: Int) -> ProgramStep {
        let s = sections[index]
        let from = min(max(from, s.start), s.end)
        return ProgramStep(kind: .pass(from: from), section: index, pass: pass, speed: speed,
                           length: settings.outputFrames(sourceFrames: s.end - from, speed: speed))
    }

    /// What follows `step`, or nil when the program ends.
    public func step(after step: ProgramStep) -> ProgramStep? {
        let s = sections[step.section]
        switch step.kind {
        case .countIn:
            return passStep(section: step.section, pass: step.pass, from: s.start, speed: step.speed)
        case .pass:
            let gap = s.plan.listenFirst && step.pass == 0 ? 0 : gapLength(section: step.section, speed: step.speed)
            if gap > 0 {
                return ProgramStep(kind: .gap, section: step.section, pass: step.pass, speed: step.speed, length: gap)
            }
            return afterPass(step)
        case .gap:
            if settings.compare {
                return ProgramStep(kind: .yourTake, section: step.section, pass: step.pass, speed: step.speed,
                                   length: settings.comparePauseFrames + step.length)
            }
            return afterPass(step)
        case .yourTake:
            return afterPass(step)
        }
    }

    /// Output frames of the gap after a pass of section `index` at `speed` (0: none).
    public func gapLength(section index: Int, speed: Int) -> Int64 {
        let s = sections[index]
        let full = settings.outputFrames(sourceFrames: s.length, speed: speed)
        return switch s.plan.gap {
        case .none: 0
        case .milliseconds(let ms): Int64(ExactMath.roundDiv(Int128(ms) * Int128(settings.outputRate), 1000))
        case .passMultiple(let t): Int64(ExactMath.roundDiv(Int128(full) * Int128(t), 1000))
        }
    }

    /// Whether `step` is the blind turn: the silent step after the last pass (its pass number is
    /// one past the last).
    public func isBlind(_ step: ProgramStep) -> Bool {
        guard step.kind == .gap, case .times(let n) = sections[step.section].plan.repeats else { return false }
        return step.pass >= n
    }

    /// The next pass, or the blind turn, or the advance after the last one.
    private func afterPass(_ step: ProgramStep) -> ProgramStep? {
        let plan = sections[step.section].plan
        if !plan.isLastPass(step.pass) { return start(section: step.section, pass: step.pass + 1) }
        if plan.blindPass, case .times(let n) = plan.repeats, step.pass == n - 1 {
            let gap = gapLength(section: step.section, speed: step.speed)
            let length = gap > 0 ? gap : settings.outputFrames(sourceFrames: sections[step.section].length, speed: step.speed)
            return ProgramStep(kind: .gap, section: step.section, pass: n, speed: step.speed, length: length)
        }
        switch plan.advance {
        case .stop: return nil
        case .next: return start(section: step.section + 1)
        case .loopAll: return start(section: (step.section + 1) % sections.count)
        }
    }
}

extension PracticeProgram {
    /// Where the program is `frames` output frames after (`step`, `offset`): the step and the
    /// offset into it; nil step when it has ended by then.
    public func advance(_ step: ProgramStep?, offset: Int64, by frames: Int64) -> (step: ProgramStep?, offset: Int64) {
        var step = step, offset = offset + frames
        var guardCount = 0
        while let s = step, offset >= s.length, guardCount < 10_000 {
            offset -= s.length
            step = self.step(after: s)
            guardCount += 1
        }
        return (step, step == nil ? 0 : offset)
    }
}
