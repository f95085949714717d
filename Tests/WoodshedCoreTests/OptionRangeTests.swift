import Testing
@testable import WoodshedCore

@Suite("One range per option, one message naming the value and the range")
struct OptionRangeTests {
    @Test("--repeat takes 1 to 10000 or endless; anything else is named with the range")
    func repeats() throws {
        #expect(try OptionRange.passes("1") == .times(1))
        #expect(try OptionRange.passes("10000") == .times(10_000))
        #expect(try OptionRange.passes("endless") == .endless)
        for (text, message) in [
            ("-1", "--repeat -1 is out of range: use 1 to 10000, or endless"),
            ("0", "--repeat 0 is out of range: use 1 to 10000, or endless"),
            ("10001", "--repeat 10001 is out of range: use 1 to 10000, or endless"),
            ("many", "--repeat 'many' is not valid: use 1 to 10000, or endless"),
        ] {
            #expect(throws: OptionRangeError(message)) { try OptionRange.passes(text) }
        }
    }

    @Test("--count-in takes 0 to 64 bars, as many as a click timeline and a practice file take")
    func countIn() throws {
        #expect(try OptionRange.countIn.value("64") == 64)
        #expect(throws: OptionRangeError("--count-in 65 is out of range: use 0 to 64 bars")) { try OptionRange.countIn.value("65") }
        #expect(throws: OptionRangeError("--count-in -1 is out of range: use 0 to 64 bars")) { try OptionRange.countIn.check(-1) }
        #expect(RepeatPlan.passRange == 1...10_000)
        #expect(RepeatPlan.countInRange == 0...64)
        var plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: 1, tempo: .constant(try Tempo(bpm: 120)))]))
        plan.countInBars = 64
        #expect(try ClickTimeline(plan: plan, rate: 48_000).firstBarFrame == 64 * 96_000)
    }
}
