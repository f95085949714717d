import Player
import Testing
import WoodshedCore

@Suite("Shadow plans rendered offline: passes, turns as long as the sentence times a factor, blind turns, advance")
struct ShadowPlanTests {
    @Test("2 sentences, 2 passes, gap 1.2x, listen first, blind: every step on its exact frame, each sentence bit-exact")
    func shadowPlanFrames() throws {
        let path = try Fixture.indexed(frames: 240_000, rate: 48_000)
        var plan = RepeatPlan(repeats: .times(2), gap: .passMultiple(thousandths: 1_200), advance: .next)
        plan.listenFirst = true
        plan.blindPass = true
        // Sentence 1: 1 s (48000 frames); sentence 2: 0.75 s (36000 frames).
        let sentences = [try Section(name: "s1", start: 12_000, end: 60_000, plan: plan, text: "Hello there."),
                         try Section(name: "s2", start: 100_000, end: 136_000, plan: plan, text: "How are you?")]
        let program = PracticeProgram(sections: sentences, settings: ProgramSettings(sourceRate: 48_000, outputRate: 48_000))
        // The steps: listen (no turn after it), pass + turn of 1.2 × the sentence, then a blind turn.
        var steps: [String] = []
        var step = program.start(section: 0)
        while let s = step {
            let kind: String = switch s.kind {
            case .pass: "pass"
            case .gap: program.isBlind(s) ? "blind" : "turn"
            case .countIn: "count-in"
            case .yourTake: "your take"
            }
            steps.append("\(s.section + 1).\(s.pass + 1) \(kind) \(s.length)")
            step = program.step(after: s)
        }
        #expect(steps == ["1.1 pass 48000", "1.2 pass 48000", "1.2 turn 57600", "1.3 blind 57600",
                          "2.1 pass 36000", "2.2 pass 36000", "2.2 turn 43200", "2.3 blind 43200"])
        let out = play(program, source: try SndFileSource(path: path))
        #expect(out.left.count == 2 * 48_000 + 2 * 57_600 + 2 * 36_000 + 2 * 43_200)
        let one = (12_000..<60_000).map { Float($0 % 32768) / 32768 }, two = (100_000..<136_000).map { Float($0 % 32768) / 32768 }
        let silence = { (n: Int) in [Float](repeating: 0, count: n) }
        let expected = one + one + silence(2 * 57_600) + two + two + silence(2 * 43_200)
        let mismatch = zip(out.left, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(mismatch == nil, "first mismatch at frame \(String(describing: mismatch))")
    }

    @Test("auto-advance off: the program stops after the sentence's last turn")
    func waitStopsAfterTheSentence() throws {
        let plan = RepeatPlan(repeats: .times(1), gap: .milliseconds(500), advance: .stop)
        let program = PracticeProgram(sections: [try Section(name: "s1", start: 0, end: 4_800, plan: plan),
                                                 try Section(name: "s2", start: 4_800, end: 9_600, plan: plan)],
                                      settings: ProgramSettings(sourceRate: 48_000, outputRate: 48_000))
        let pass = try #require(program.start(section: 0))
        let turn = try #require(program.step(after: pass))
        #expect(turn.kind == .gap && turn.length == 24_000)
        #expect(program.step(after: turn) == nil)
    }
}
