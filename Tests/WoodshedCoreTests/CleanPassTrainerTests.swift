import Testing
@testable import WoodshedCore

/// The speed trainer that listens: up a level after a clean pass, down after a miss, from the
/// first pass boundary the click has not reached; a pass played before the last change moves nothing.
@Suite("CleanPassTrainer: a speed trainer that advances on a clean pass")
struct CleanPassTrainerTests {
    func trainer() throws -> CleanPassTrainer {
        CleanPassTrainer(start: try Tempo(bpm: 80), trainer: SpeedTrainer(step: try Tempo(bpm: 10), everyBars: 4, limit: try Tempo(bpm: 100)),
                         toleranceMs: 20)
    }

    @Test("the levels are the speed trainer's steps, from the start up to the limit")
    func levels() throws {
        #expect(try trainer().tempi == [80_000, 90_000, 100_000])
        let odd = CleanPassTrainer(start: try Tempo(bpm: 80), trainer: SpeedTrainer(step: try Tempo(bpm: 15), everyBars: 2, limit: try Tempo(bpm: 100)),
                                   toleranceMs: 5)
        #expect(odd.tempi == [80_000, 95_000, 100_000])
        #expect(odd.passBars == 2)
    }

    @Test("a pass is clean with every onset within ±tolerance and nothing missed; a miss outweighs the rest")
    func verdicts() throws {
        let t = try trainer()
        #expect(t.verdict(deviationsMs: [19.999, -20, 0], missed: 0) == .clean)
        #expect(t.verdict(deviationsMs: [], missed: 0) == .clean)
        #expect(t.verdict(deviationsMs: [3, 20.001], missed: 0) == .untidy)
        #expect(t.verdict(deviationsMs: [-20.5], missed: 0) == .untidy)
        #expect(t.verdict(deviationsMs: [0, 0], missed: 1) == .miss)
    }

    @Test("clean pass 1, final in bar 5: 90 BPM from bar 9; pass 2 (played at 80 meanwhile) moves nothing; a miss in pass 3: back to 80 from bar 17")
    func cleanThenMiss() throws {
        var t = try trainer()
        // Bars are counted from 0 (bar 1 is 0): pass 0 is bars 0-3, final while bar 4 plays.
        #expect(t.nextBoundary(after: 4) == 8)
        #expect(t.judge(pass: 0, verdict: .clean, reachedBar: 4) == .init(level: 1, milliBPM: 90_000, bar: 8))
        #expect(t.milliBPM == 90_000)
        #expect(!t.counts(pass: 1))
        #expect(t.judge(pass: 1, verdict: .clean, reachedBar: 8) == nil)
        #expect(t.judge(pass: 1, verdict: .miss, reachedBar: 8) == nil)
        #expect(t.counts(pass: 2))
        #expect(t.judge(pass: 2, verdict: .untidy, reachedBar: 12) == nil)
        #expect(t.judge(pass: 3, verdict: .miss, reachedBar: 12) == .init(level: 0, milliBPM: 80_000, bar: 16))
        #expect(t.levelFromBar == 16)
    }

    @Test("no level above the limit or below the start")
    func bounds() throws {
        var t = try trainer()
        #expect(t.judge(pass: 0, verdict: .miss, reachedBar: 4) == nil)
        _ = t.judge(pass: 0, verdict: .clean, reachedBar: 4)
        _ = t.judge(pass: 2, verdict: .clean, reachedBar: 12)
        #expect(t.milliBPM == 100_000)
        #expect(t.judge(pass: 4, verdict: .clean, reachedBar: 20) == nil)
        #expect(t.level == 2)
    }
}
