import Player
import Testing
import WoodshedCore

/// `--compare` offline: after each turn, the compare pause, then the turn just recorded played
/// back from the tape, then the program goes on.
@Suite("Compare: the sentence, your turn, a pause, then your take")
struct CompareTests {
    static func program(compare: Bool) throws -> PracticeProgram {
        let plan = RepeatPlan(repeats: .times(1), gap: .passMultiple(thousandths: 1_000), advance: .stop)
        return PracticeProgram(sections: [try Section(name: "s1", start: 12_000, end: 16_800, plan: plan)],
                               settings: ProgramSettings(sourceRate: 48_000, outputRate: 48_000, compare: compare, comparePauseFrames: 1_000))
    }

    @Test("pass 4800, turn 4800, then your take: 1000 frames of pause and the take's 4800, on both channels, sample for sample")
    func sentenceTurnTake() throws {
        let program = try Self.program(compare: true)
        var steps: [String] = []
        var step = program.start(section: 0)
        while let s = step {
            steps.append("\(s.kind == .yourTake ? "your take" : s.isPass ? "pass" : "turn") \(s.length)")
            step = program.step(after: s)
        }
        #expect(steps == ["pass 4800", "turn 4800", "your take 5800"])
        let tape = TakeTape()
        let take = (1...4_800).map { Float($0) / 8_388_608 }
        take.withUnsafeBufferPointer { tape.append(turn: 1, $0.baseAddress!, count: 4_800) }
        tape.end(turn: 1)
        let path = try Fixture.indexed(frames: 48_000, rate: 48_000)
        let writer = ProgramWriter(program: program, source: try SndFileSource(path: path), clickWaves: ([1], [1]), tape: tape)
        let n = 4_800 + 4_800 + 5_800 + 200
        var c = [Float](repeating: 9, count: n), l = c, r = c
        let written = writer.fill(frames: n, click: &c, left: &l, right: &r)
        #expect(written == 15_400)
        let sentence = (12_000..<16_800).map { Float($0 % 32768) / 32768 }
        let expected = sentence + [Float](repeating: 0, count: 4_800 + 1_000) + take + [Float](repeating: 0, count: 200)
        #expect(l == expected)
        #expect(Array(r[9_600...]) == Array(expected[9_600...]))
    }

    @Test("a take shorter than the turn (cut short): the rest of it is silence; without --compare no take step")
    func shortTakeAndNoCompare() throws {
        let tape = TakeTape()
        let take = (1...3_000).map { Float($0) / 8_388_608 }
        take.withUnsafeBufferPointer { tape.append(turn: 1, $0.baseAddress!, count: 3_000) }
        tape.end(turn: 1)
        let path = try Fixture.indexed(frames: 48_000, rate: 48_000)
        let writer = ProgramWriter(program: try Self.program(compare: true), source: try SndFileSource(path: path), clickWaves: ([1], [1]), tape: tape)
        var c = [Float](repeating: 9, count: 15_400), l = c, r = c
        writer.fill(frames: 15_400, click: &c, left: &l, right: &r)
        #expect(Array(l[10_600..<15_400]) == take + [Float](repeating: 0, count: 1_800))
        let plain = try Self.program(compare: false)
        let pass = try #require(plain.start(section: 0))
        let turn = try #require(plain.step(after: pass))
        #expect(turn.kind == .gap && plain.step(after: turn) == nil)
    }
}
