import Jobs
import MIDI
import Persistence
import Testing

/// `woodshed midi learn`: the argument, which message is the press, the mapping saved.
@Suite("MIDILearning: what a learn captures and saves")
struct MIDILearningTests {
    private func message(_ body: () throws -> MIDILearning) -> String {
        do { _ = try body(); return "no error" } catch { return "\(error)" }
    }

    @Test("a pedal press (CC ≥ 64) is learned for tap, not its release; tempo-cc takes any CC value and no note")
    func presses() throws {
        let tap = try MIDILearning(name: "tap", argument: nil)
        #expect(tap.learnable(MIDIMessage(kind: .controlChange, channel: 0, data1: 64, data2: 127)))
        #expect(!tap.learnable(MIDIMessage(kind: .controlChange, channel: 0, data1: 64, data2: 0)))
        #expect(tap.learnable(MIDIMessage(kind: .noteOn, channel: 3, data1: 60, data2: 90)))
        #expect(!tap.learnable(MIDIMessage(kind: .noteOn, channel: 3, data1: 60, data2: 0)))
        #expect("\(tap.mapping(for: MIDIMessage(kind: .noteOn, channel: 3, data1: 62, data2: 90)))" == "note 62 (any channel) → tap")
        let cc = try MIDILearning(name: "tempo-cc", argument: "40, 240")
        #expect(cc.learnable(MIDIMessage(kind: .controlChange, channel: 0, data1: 7, data2: 3)))
        #expect(!cc.learnable(MIDIMessage(kind: .noteOn, channel: 0, data1: 60, data2: 100)))
        #expect(cc.argument == .bpmRange(40_000, 240_000))
    }

    @Test("an argument the action does not take is refused in one line")
    func arguments() {
        #expect(message { try MIDILearning(name: "tap", argument: "2") } == "tap takes no argument")
        #expect(message { try MIDILearning(name: "tempo-cc", argument: "40") } == "tempo-cc takes MIN,MAX in BPM, e.g. 40,240")
        #expect(message { try MIDILearning(name: "tempo-set", argument: nil) } == "tempo-set needs an argument (a tempo in BPM)")
        #expect(message { try MIDILearning(name: "tempo-set", argument: "fast") } == "tempo-set: 'fast' is not a tempo in BPM")
        #expect(message { try MIDILearning(name: "jump", argument: nil) }.hasPrefix("unknown action 'jump' (known: start, stop, toggle, tempo-up, "))
    }
}
