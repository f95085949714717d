import Player
import Testing
import WoodshedCore

@Suite("Again, slower and again, faster: the section's first pass alone at another speed, then the plan as it was")
struct AgainAtSpeedTests {
    @Test("a 1 s sentence at 0.85×, its turn as long as that pass, then pass 2 at the session speed; with a count-in, the count-in too", arguments: [0, 1])
    func oncePass(countInBars: Int) throws {
        let plan = RepeatPlan(repeats: .times(2), gap: .passMultiple(thousandths: 1000), countInBars: countInBars)
        let section = try Section(name: "s1", start: 48_000, end: 96_000, plan: plan)
        var settings = ProgramSettings(sourceRate: 48_000, outputRate: 48_000, speed: 900)
        settings.click = MusicClick(milliBPM: 120_000, duringPasses: false)
        let program = PracticeProgram(sections: [section], settings: settings)
        var step = try #require(program.start(section: 0, speed: 850))
        if countInBars > 0 {
            #expect(step.kind == .countIn(beats: 4) && step.speed == 850)
            step = try #require(program.step(after: step))
        }
        // 48000 source frames at 0.85×: round(48000 / 0.85) output frames.
        #expect(step.kind == .pass(from: 48_000) && step.pass == 0 && step.speed == 850 && step.length == 56_471)
        let gap = try #require(program.step(after: step))
        #expect(gap.kind == .gap && gap.speed == 850 && gap.length == 56_471)
        let next = try #require(program.step(after: gap))
        let second = countInBars > 0 ? try #require(program.step(after: next)) : next
        #expect(second.kind == .pass(from: 48_000) && second.pass == 1 && second.speed == 900 && second.length == 53_333)
        // Without a speed, the first pass is at the plan's.
        #expect(program.start(section: 0)?.speed == 900)
    }
}
