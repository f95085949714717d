import Foundation
import Testing
@testable import Jobs
import RenderGraph
import TerminalUI
import Persistence

@Suite("tinnitus match: the first match, the octave check and the second match, driven by keys")
struct TinnitusMatchFlowTests {
    /// Feeds `keys` to `flow`.
    func press(_ keys: [Key], _ flow: inout TinnitusMatchFlow) {
        for key in keys { if let m = TinnitusMatchFlow.move(for: key) { flow.take(m) } }
    }

    @Test("the tone starts at 1 kHz, -40 dBFS; ↑/↓ move 1/12 octave, →/← 1/48, +/- 3 dB; held within 250 Hz-12 kHz and -70 to -10 dBFS")
    func firstMatch() {
        var flow = TinnitusMatchFlow(seed: 1)
        #expect(flow.frequency == 1000 && flow.level == -40 && flow.stage == .firstMatch)
        press([.up, .up, .up, .right], &flow)
        #expect(flow.step == 13)
        #expect(flow.frequency == 1000 * pow(2, 13.0 / 48))
        press(Array(repeating: .char("+"), count: 20), &flow)
        #expect(flow.level == -10)
        press(Array(repeating: .char("-"), count: 30), &flow)
        #expect(flow.level == -70)
        press(Array(repeating: .down, count: 40), &flow)
        #expect(flow.step == -96 && flow.frequency == 250)
        press(Array(repeating: .up, count: 80), &flow)
        #expect(flow.step == 172 && (flow.frequency * 10).rounded() / 10 == 11_986.5)
    }

    @Test("--seed makes the octave check's order repeatable: seed 7 plays choices 1-3 as (2f, f/2, f), (f/2, 2f, f), (f, f/2, 2f)")
    func seededOrder() {
        #expect(TinnitusMatchFlow(seed: 7).orders == [[1, -1, 0], [-1, 1, 0], [0, -1, 1]])
        #expect(TinnitusMatchFlow(seed: 7).orders == TinnitusMatchFlow(seed: 7).orders)
        #expect(TinnitusMatchFlow(seed: 8).orders != TinnitusMatchFlow(seed: 7).orders)
    }

    @Test("two of three rounds hearing 2f as closest move the first match up an octave; the second match starts half an octave above it")
    func octaveCheck() {
        var flow = TinnitusMatchFlow(seed: 7)
        #expect(flow.profile(matchedAt: "t") == nil)
        press([.up, .up, .enter], &flow)              // 8 steps: 1122.5 Hz
        #expect(flow.stage == .octaveCheck(round: 0) && flow.firstStep == 8)
        #expect(flow.frequency == TinnitusMatchFlow.hertz(step: 8 + 48))   // choice 1 of round 1 is 2f
        press([.char("2")], &flow)
        #expect(flow.frequency == TinnitusMatchFlow.hertz(step: 8 - 48))
        press([.char("1"), .enter], &flow)            // round 1: 2f
        press([.char("2"), .enter], &flow)            // round 2: 2f
        press([.char("1"), .enter], &flow)            // round 3: f
        #expect(flow.answers == [1, 1, 0])
        #expect(flow.stage == .secondMatch && flow.firstStep == 56 && flow.step == 80)
        press([.down, .down, .down, .down, .down, .left, .enter], &flow)   // back to 59
        #expect(flow.stage == .done && flow.secondStep == 59)
        // 2244.9 and 2344.2 Hz, 3/48 octave apart: 2294 Hz, spread 0.063 octave.
        #expect(flow.profile(matchedAt: "t") == TinnitusProfile(frequency: 2294, firstMatch: 2245, secondMatch: 2344,
                                                                 spreadMilliOctaves: 63, octaveAnswers: [1, 1, 0], matchedAt: "t"))
    }

    @Test("near the top the second match starts half an octave below; a choice out of the tone's range is not offered")
    func edges() {
        var flow = TinnitusMatchFlow(seed: 7)
        press(Array(repeating: .up, count: 43) + [.enter], &flow)  // step 172: 2f is 24 kHz, not offered
        #expect(flow.offered(round: 0) == [-1, 0] && flow.offered(round: 1) == [-1, 0] && flow.offered(round: 2) == [0, -1])
        press([.char("3"), .enter, .enter, .enter], &flow)   // "3" is not there: choice 1 stays
        #expect(flow.answers == [-1, -1, 0])
        #expect(flow.firstStep == 124 && flow.step == 148)
    }
}
