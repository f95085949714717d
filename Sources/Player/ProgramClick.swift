import WoodshedCore

/// The clicks of one program step, on the metronome's timeline: a `ClickCursor` over the
/// count-in's `ClickTimeline` (output frames at the pass's speed) or over the music's beats
/// (`MusicClick.sourceTimeline`, the file's frames from where the pass starts, mapped to output
/// frames at its speed). Worker threads.
struct ProgramClick {
    /// One click: its output frame from the step's start, and whether it is a bar's first beat.
    struct Click: Equatable { var offset: Int64; var accent: Bool }

    /// Keeps the cursor's timeline alive.
    private let timeline: ClickTimeline?
    private var cursor: ClickCursor?
    /// Count-in beats left; the last timeline frame before the section's B (a pass).
    private var beatsLeft: Int64 = .max
    private var sourceEnd: Int64 = .max
    /// A pass's speed (source frames to output frames), nil for a count-in.
    private var passSpeed: Int?
    private let settings: ProgramSettings
    private let length: Int64

    /// No clicks (a gap, or a pass without the click).
    init() {
        timeline = nil
        settings = ProgramSettings(sourceRate: 1, outputRate: 1)
        length = 0
    }

    /// Count-in beats, or the music's beats inside a pass (when the click plays during passes),
    /// from output frame `offset` of the step on.
    init(step: ProgramStep, program: PracticeProgram, offset: Int64 = 0) {
        settings = program.settings
        length = step.length
        switch step.kind {
        case .countIn(let beats):
            timeline = settings.countInTimeline(speed: step.speed)
            beatsLeft = Int64(beats)
        case .pass(let from):
            if let c = settings.click, c.duringPasses {
                timeline = c.sourceTimeline(rate: settings.sourceRate, from: from)
            } else {
                timeline = nil
            }
            sourceEnd = program.sections[step.section].end - from
            passSpeed = step.speed
        case .gap:
            timeline = nil
        }
        guard let timeline else { return }
        cursor = timeline.cursor(at: 0)
        while offset > 0, next(before: offset) != nil {}
    }

    /// The next click, if it starts before output frame `end` of the step; the cursor moves on.
    mutating func next(before end: Int64) -> Click? {
        guard let click = peek(), click.offset < end, var c = cursor else { return nil }
        c.advance()
        cursor = c
        beatsLeft -= 1
        return click
    }

    private func peek() -> Click? {
        guard let c = cursor, !c.isFinished, beatsLeft > 0 else { return nil }
        var offset = c.frame
        if let speed = passSpeed {
            guard c.frame < sourceEnd else { return nil }
            offset = settings.outputFrames(sourceFrames: c.frame, speed: speed)
            guard offset < length else { return nil }
        }
        return Click(offset: offset, accent: c.level == .accent)
    }
}
