import MIDI
import Testing

/// Parses one event's bytes, as JACK or RtMidi delivers them.
func parse(_ parser: inout MIDIParser, _ bytes: [UInt8]) -> MIDIMessage? {
    var copy = bytes.isEmpty ? [0] : bytes
    let count = bytes.count
    return copy.withUnsafeMutableBufferPointer { parser.parse($0.baseAddress!, count: count) }
}

@Suite("Decoding MIDI bytes")
struct MIDIParserTests {
    @Test("note on, note off, controller and program change decode with their channel 1…16")
    func channelMessages() {
        var p = MIDIParser()
        #expect(parse(&p, [0x90, 60, 100]) == MIDIMessage(kind: .noteOn, channel: 1, data1: 60, data2: 100))
        #expect(parse(&p, [0x8F, 60, 64]) == MIDIMessage(kind: .noteOff, channel: 16, data1: 60, data2: 64))
        #expect(parse(&p, [0xB0, 64, 127]) == MIDIMessage(kind: .controlChange, channel: 1, data1: 64, data2: 127))
        #expect(parse(&p, [0xC9, 5]) == MIDIMessage(kind: .programChange, channel: 10, data1: 5, data2: 0))
        #expect(parse(&p, [0xE0, 0, 64]) == MIDIMessage(kind: .pitchBend, channel: 1, data1: 0, data2: 64))
    }

    @Test("a message without a status byte uses the running status of the one before")
    func runningStatus() {
        var p = MIDIParser()
        #expect(parse(&p, [0x99, 36, 100]) == MIDIMessage(kind: .noteOn, channel: 10, data1: 36, data2: 100))
        #expect(parse(&p, [38, 90]) == MIDIMessage(kind: .noteOn, channel: 10, data1: 38, data2: 90))
        #expect(parse(&p, [0xB1, 11, 5]) == MIDIMessage(kind: .controlChange, channel: 2, data1: 11, data2: 5))
        #expect(parse(&p, [11, 6]) == MIDIMessage(kind: .controlChange, channel: 2, data1: 11, data2: 6))
        var fresh = MIDIParser()
        #expect(parse(&fresh, [60, 100]) == nil, "no running status yet")
    }

    @Test("SysEx is ignored and cancels running status")
    func sysEx() {
        var p = MIDIParser()
        #expect(parse(&p, [0x90, 60, 100]) != nil)
        #expect(parse(&p, [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]) == nil)
        #expect(parse(&p, [62, 100]) == nil)
        #expect(parse(&p, [0x90, 62, 100]) == MIDIMessage(kind: .noteOn, channel: 1, data1: 62, data2: 100))
    }

    @Test("real-time bytes decode anywhere and keep the running status")
    func realTime() {
        var p = MIDIParser()
        #expect(parse(&p, [0x90, 60, 100]) != nil)
        #expect(parse(&p, [0xF8]) == MIDIMessage(kind: .clock, channel: 0, data1: 0, data2: 0))
        #expect(parse(&p, [0xFA])?.kind == .start)
        #expect(parse(&p, [0xFB])?.kind == .continue)
        #expect(parse(&p, [0xFC])?.kind == .stop)
        #expect(parse(&p, [0xFE]) == nil, "active sensing is ignored")
        #expect(parse(&p, [62, 0]) == MIDIMessage(kind: .noteOn, channel: 1, data1: 62, data2: 0))
    }

    @Test("a note-on with velocity 0 is a release, as is a note-off; a note-on with velocity is not")
    func velocityZero() {
        var p = MIDIParser()
        #expect(parse(&p, [0x90, 60, 0])?.isNoteRelease == true)
        #expect(parse(&p, [0x80, 60, 64])?.isNoteRelease == true)
        #expect(parse(&p, [0x90, 60, 1])?.isNoteRelease == false)
        #expect(parse(&p, [0xB0, 64, 0])?.isNoteRelease == false)
    }

    @Test("incomplete messages give nothing", arguments: [[UInt8](), [0x90], [0x90, 60], [0xB0, 64], [0xC0], [0xF2, 1]])
    func incomplete(bytes: [UInt8]) {
        var p = MIDIParser()
        #expect(parse(&p, bytes) == nil)
    }

    @Test("a data byte of 0x80 or more gives nothing", arguments: [[UInt8]([0x90, 0x80, 100]), [0x90, 60, 0xFF], [0xC0, 0x81]])
    func badData(bytes: [UInt8]) {
        var p = MIDIParser()
        #expect(parse(&p, bytes) == nil)
    }

    @Test("song position decodes its two 7-bit halves")
    func songPosition() {
        var p = MIDIParser()
        #expect(parse(&p, [0xF2, 0x10, 0x02]) == MIDIMessage(kind: .songPosition, channel: 0, data1: 0x10, data2: 0x02))
    }
}
