/// The clicks of one program step, as output-frame offsets from the step's start, in order.
/// Worker threads.
struct StepClicks {
    struct Click: Equatable { var offset: Int64; var accent: Bool }
    var clicks: [Click] = []
    var next = 0

    init() {}

    /// Count-in beats, or the music's beats inside a pass (when the click plays during passes).
    init(step: ProgramStep, program: PracticeProgram) {
        let settings = program.settings
        switch step.kind {
        case .countIn(let beats):
            let perBar = settings.countInClick.beatsPerBar
            clicks = (0..<beats).map { Click(offset: settings.countInBeatFrame($0, speed: step.speed), accent: $0 % perBar == 0) }
        case .pass(let from):
            guard let c = settings.click, c.duringPasses else { return }
            let end = program.sections[step.section].end
            var k = c.firstBeat(atOrAfter: from, rate: settings.sourceRate)
            while true {
                let f = c.beatSourceFrame(k, rate: settings.sourceRate)
                if f >= end { break }
                let offset = settings.outputFrames(sourceFrames: f - from, speed: step.speed)
                if offset < step.length {
                    let inBar = ((k % Int64(c.beatsPerBar)) + Int64(c.beatsPerBar)) % Int64(c.beatsPerBar)
                    clicks.append(Click(offset: offset, accent: inBar == 0))
                }
                k += 1
            }
        case .gap:
            break
        }
    }
}
