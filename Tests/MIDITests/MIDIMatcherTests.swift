import MIDI
import Testing

func cc(_ number: UInt8, _ value: UInt8, channel: UInt8 = 1) -> MIDIMessage {
    MIDIMessage(kind: .controlChange, channel: channel, data1: number, data2: value)
}

func noteOn(_ note: UInt8, _ velocity: UInt8, channel: UInt8 = 1) -> MIDIMessage {
    MIDIMessage(kind: .noteOn, channel: channel, data1: note, data2: velocity)
}

func program(_ number: UInt8, channel: UInt8 = 1) -> MIDIMessage {
    MIDIMessage(kind: .programChange, channel: channel, data1: number, data2: 0)
}

extension MIDIMatcher {
    /// The indexes of the bindings that fire for `m` at `frame`, in order.
    mutating func fired(_ m: MIDIMessage, at frame: Int64 = 0) -> [Int32] {
        var out: [Int32] = []
        var i = -1
        while let b = next(for: m, frame: frame, after: &i) { out.append(b.index) }
        return out
    }

    /// How many of `messages`, one per 1000 frames, fire anything.
    mutating func presses(_ messages: [MIDIMessage]) -> Int {
        messages.enumerated().filter { !fired($1, at: Int64($0) * 1000).isEmpty }.count
    }
}

@Suite("Matching MIDI messages to actions")
struct MIDIMatcherTests {
    static let sustain = MIDIBinding(message: .controlChange, number: 64, low: 64, high: 127, action: .tap)

    @Test("a sustain pedal that sends 127 then 0 fires once")
    func pressOnce() {
        var m = MIDIMatcher([Self.sustain])
        defer { m.deallocate() }
        #expect(m.fired(cc(64, 127)) == [0])
        #expect(m.fired(cc(64, 0)) == [])
    }

    @Test("127, 127, 0, 127 fires twice: a press needs a release before the next")
    func edges() {
        var m = MIDIMatcher([Self.sustain])
        defer { m.deallocate() }
        #expect(m.presses([cc(64, 127), cc(64, 127), cc(64, 0), cc(64, 127)]) == 2)
    }

    @Test("values [0, 63] count the pedal as pressed when it is up (reversed polarity)")
    func reversed() {
        var m = MIDIMatcher([MIDIBinding(message: .controlChange, number: 64, low: 0, high: 63, action: .tap)])
        defer { m.deallocate() }
        #expect(m.presses([cc(64, 127), cc(64, 0), cc(64, 127), cc(64, 10)]) == 2)
    }

    @Test("a second press within the debounce frames is ignored; one at the limit fires")
    func debounce() {
        var m = MIDIMatcher([Self.sustain], debounceFrames: 1_440)
        defer { m.deallocate() }
        #expect(m.fired(cc(64, 127), at: 10_000) == [0])
        #expect(m.fired(cc(64, 0), at: 10_100) == [])
        #expect(m.fired(cc(64, 127), at: 11_439) == [], "a bounce 1439 frames later")
        #expect(m.fired(cc(64, 0), at: 11_439) == [])
        #expect(m.fired(cc(64, 127), at: 11_440) == [0], "1440 frames after the last press that fired")
    }

    @Test("a note with velocity presses; note-on velocity 0 and note-off release")
    func notes() {
        var m = MIDIMatcher([MIDIBinding(message: .note, number: 62, low: 1, high: 127, action: .tempoUp, argument: 1_000)])
        defer { m.deallocate() }
        #expect(m.presses([noteOn(62, 100), noteOn(62, 0), noteOn(62, 1),
                           MIDIMessage(kind: .noteOff, channel: 1, data1: 62, data2: 64), noteOn(62, 127), noteOn(61, 127)]) == 3)
    }

    @Test("a binding on any channel hears every channel; one on channel 10 only channel 10")
    func channels() {
        var m = MIDIMatcher([
            MIDIBinding(message: .note, channel: 0, number: 36, low: 1, action: .tap, index: 0),
            MIDIBinding(message: .note, channel: 10, number: 36, low: 1, action: .toggle, index: 1),
        ])
        defer { m.deallocate() }
        #expect(m.fired(noteOn(36, 100, channel: 10)) == [0, 1])
        #expect(m.fired(noteOn(36, 0, channel: 10)) == [])
        #expect(m.fired(noteOn(36, 100, channel: 1)) == [0])
        #expect(m.fired(noteOn(36, 0, channel: 1)) == [])
        #expect(m.fired(noteOn(36, 100, channel: 3)) == [0])
    }

    @Test("a program binding for any program fires on every program change, even the same one twice")
    func programAny() {
        var m = MIDIMatcher([
            MIDIBinding(message: .programChange, number: -1, low: 0, action: .setlistSong, index: 0),
            MIDIBinding(message: .programChange, number: 2, low: 0, action: .preset, index: 1),
        ])
        defer { m.deallocate() }
        #expect(m.fired(program(0)) == [0])
        #expect(m.fired(program(2)) == [0, 1])
        #expect(m.fired(program(2)) == [0, 1])
        #expect(m.fired(program(127, channel: 16)) == [0])
        #expect(m.fired(cc(2, 127)) == [])
    }

    static let expression = MIDIBinding(message: .controlChange, number: 11, low: 0, action: .tempoCC,
                                        argument: 40_000, argument2: 240_000)

    @Test("tempo-cc fires on every value of its controller, the same value again included")
    func tempoCC() {
        var m = MIDIMatcher([Self.expression], debounceFrames: 48_000)
        defer { m.deallocate() }
        #expect(m.presses([cc(11, 0), cc(11, 0), cc(11, 64), cc(11, 127), cc(7, 64)]) == 4)
    }

    @Test("tempo-cc [40, 240]: value 0 is 40, 127 is 240, 64 is 40 + round(200·64/127) = 140.787 BPM, exactly")
    func controllerTempo() {
        #expect(Self.expression.tempo(forControllerValue: 0) == 40_000)
        #expect(Self.expression.tempo(forControllerValue: 64) == 140_787)
        #expect(Self.expression.tempo(forControllerValue: 127) == 240_000)
        var reversed = Self.expression
        (reversed.argument, reversed.argument2) = (240_000, 40_000)
        #expect(reversed.tempo(forControllerValue: 0) == 240_000)
        #expect(reversed.tempo(forControllerValue: 64) == 139_213)
        #expect(reversed.tempo(forControllerValue: 127) == 40_000)
    }
}
