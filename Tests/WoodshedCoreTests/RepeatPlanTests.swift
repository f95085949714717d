import Testing
@testable import WoodshedCore

@Suite("Repeat plans: speeds, gaps, passes")
struct RepeatPlanTests {
    @Test("speeds: a decimal, a percentage or a multiple, kept in thousandths from 0.25 to 2", arguments: [
        ("0.75", 750), ("1", 1000), ("2", 2000), ("0.25", 250), ("0.6x", 600), ("1.5×", 1500), ("75%", 750),
        ("75.5%", 755), ("200%", 2000), ("25%", 250), ("1.000", 1000), ("0.7500", 750), (".5", 500),
    ])
    func speeds(text: String, thousandths: Int) throws {
        #expect(try RepeatPlan.parseSpeed(text) == thousandths)
    }

    @Test("other speeds are refused with one line", arguments: [
        "", "x", "%", "0.2", "2.001", "0", "-0.5", "0.7505", "75.55%", "fast", "1.5xx", "20%", "201%", "1,5",
    ])
    func badSpeeds(text: String) {
        #expect(throws: TimingError.badSpeed(text)) { try RepeatPlan.parseSpeed(text) }
    }

    @Test("gaps: a time (whole milliseconds) or a multiple of the pass; zero is no gap", arguments: [
        ("2s", RepeatPlan.Gap.milliseconds(2000)), ("1500ms", .milliseconds(1500)), ("0.25", .milliseconds(250)),
        ("1:00", .milliseconds(60_000)), ("0", .none), ("0ms", .none), ("0x", .none),
        ("1.5x", .passMultiple(thousandths: 1500)), ("1x", .passMultiple(thousandths: 1000)),
        ("0.125×", .passMultiple(thousandths: 125)), ("100x", .passMultiple(thousandths: 100_000)),
    ])
    func gaps(text: String, gap: RepeatPlan.Gap) throws {
        #expect(try RepeatPlan.parseGap(text) == gap)
    }

    @Test("other gaps are refused with one line", arguments: [
        "", "x", "-1s", "-1x", "1.0005s", "0.5ms", "100.001x", "1.0001x", "soon", "2 s",
    ])
    func badGaps(text: String) {
        #expect(throws: TimingError.badGap(text)) { try RepeatPlan.parseGap(text) }
    }

    @Test("the error texts")
    func errorTexts() {
        #expect(TimingError.badSpeed("3").description == "speed '3' is not valid: use 0.25 to 2.0 (or 25% to 200%), at most three decimals")
        #expect(TimingError.badGap("soon").description
            == "gap 'soon' is not valid: write a time (2s, 1500ms) or a multiple of the pass (1.5x)")
    }

    @Test("a ladder gives each pass its speed and holds the last; without one, the session's speed")
    func ladder() {
        let plan = RepeatPlan(repeats: .times(4), speedLadder: [600, 800, 1000])
        #expect((0..<5).map { plan.speed(ofPass: $0, sessionSpeed: 900) } == [600, 800, 1000, 1000, 1000])
        #expect(RepeatPlan().speed(ofPass: 3, sessionSpeed: 900) == 900)
        #expect(plan.isLastPass(3) && !plan.isLastPass(2))
        #expect(!RepeatPlan(repeats: .endless).isLastPass(1_000_000))
        #expect(RepeatPlan() == RepeatPlan(repeats: .times(1), gap: .none, countInBars: 0, speedLadder: [], advance: .stop))
        #expect(RepeatPlan.Advance.allCases.map(\.rawValue) == ["next", "stop", "loop-all"])
    }
}
