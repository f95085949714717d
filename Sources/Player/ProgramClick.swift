import WoodshedCore

/// The clicks of one program step, on the metronome's timeline: a `ClickCursor` over the
/// count-in's `ClickTimeline` (output frames at the pass's speed) or over the music's beats
/// (`MusicClick.sourceTimeline`, the file's frames from where the pass starts, mapped to output
/// frames at its speed). Worker threads.
struct ProgramClick {
    /// One click: its output frame from the step's start, and whether it is a bar's first beat.
    struct Click: Equatable { var offset: Int64; var accent: Bool }

    /// How a pass maps the timeline's frames (the file's, from the pass's start) to output
    /// frames: at its speed, and only before the section's B and the step's end.
    private struct PassMapping {
        let settings: ProgramSettings
        let speed: Int
        let sourceEnd: Int64
        let length: Int64
    }

    /// Keeps the cursor's timeline alive.
    private let timeline: ClickTimeline?
    private var cursor: ClickCursor?
    /// Count-in beats left (a pass: no limit but its mapping's).
    private var beatsLeft: Int64 = .max
    /// A pass's mapping; nil for a count-in, whose timeline is in output frames already.
    private let pass: PassMapping?

    /// No clicks (before the first step).
    init() {
        timeline = nil
        pass = nil
    }

    /// Count-in beats, or the music's beats inside a pass (when the click plays during passes),
    /// from output frame `offset` of the step on.
    init(step: ProgramStep, program: PracticeProgram, offset: Int64 = 0) {
        let settings = program.settings
        switch step.kind {
        case .countIn(let beats):
            timeline = settings.countInTimeline(speed: step.speed)
            beatsLeft = Int64(beats)
            pass = nil
        case .pass(let from):
            timeline = settings.click.flatMap { $0.duringPasses ? $0.sourceTimeline(rate: settings.sourceRate, from: from) : nil }
            pass = PassMapping(settings: settings, speed: step.speed, sourceEnd: program.sections[step.section].end - from,
                               length: step.length)
        case .gap, .yourTake:
            timeline = nil
            pass = nil
        }
        cursor = timeline?.cursor(at: 0)
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
        if let pass {
            guard c.frame < pass.sourceEnd else { return nil }
            offset = pass.settings.outputFrames(sourceFrames: c.frame, speed: pass.speed)
            guard offset < pass.length else { return nil }
        }
        return Click(offset: offset, accent: c.level == .accent)
    }
}
