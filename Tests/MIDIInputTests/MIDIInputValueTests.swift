import MIDI
import Testing
@testable import MIDIInput

@Suite("MIDI input values: events, port choice, messages for the user")
struct MIDIInputValueTests {
    @Test("a 2-byte program change keeps its bytes and decodes; the unused byte is 0")
    func rawEvent() {
        let e = RawMIDIEvent(bytes: [0xC1, 0x05], timestamp: 0.25)
        #expect(e.bytes == [0xC1, 0x05])
        #expect(e.byte2 == 0)
        #expect(e.count == 2)
        #expect(e.timestamp == 0.25)
        var parser = MIDIParser()
        #expect(e.message(using: &parser) == MIDIMessage(kind: .programChange, channel: 2, data1: 5, data2: 0))
    }

    @Test("a note-off under running status decodes through the same parser")
    func runningStatus() {
        var parser = MIDIParser()
        #expect(RawMIDIEvent(bytes: [0x90, 60, 100]).message(using: &parser) == MIDIMessage(kind: .noteOn, channel: 1, data1: 60, data2: 100))
        #expect(RawMIDIEvent(bytes: [60, 0]).message(using: &parser) == MIDIMessage(kind: .noteOn, channel: 1, data1: 60, data2: 0))
    }

    @Test("\"nanokontrol\" picks the first port whose name contains it, ignoring case; \"1\" picks port 1")
    func matching() {
        let names = ["Midi Through:Midi Through Port-0 14:0", "nanoKONTROL2:nanoKONTROL2 MIDI 1 20:0",
                     "nanoKONTROL2:nanoKONTROL2 MIDI 2 20:1"]
        #expect(RtMidiInput.match("nanokontrol", in: names) == 1)
        #expect(RtMidiInput.match("MIDI 2", in: names) == 2)
        #expect(RtMidiInput.match("1", in: names) == 1)
        #expect(RtMidiInput.match("20:0", in: names) == 1)
        #expect(RtMidiInput.match("7", in: names) == nil)
        #expect(RtMidiInput.match("", in: names) == nil)
        #expect(RtMidiInput.match("pedal", in: names) == nil)
    }

    @Test("a device that is not there: the message names it and lists the ports by number")
    func noMatchMessage() {
        let e = MIDIInputError.noMatchingPort(.alsa, requested: "nanoKONTROL2",
                                              available: ["Midi Through:Midi Through Port-0 14:0", "FS-5U:FS-5U MIDI 1 24:0"],
                                              libraryOutput: "")
        #expect(e.description == "no ALSA MIDI input port matches \"nanoKONTROL2\" (ports: 0 \"Midi Through:Midi Through Port-0 14:0\", 1 \"FS-5U:FS-5U MIDI 1 24:0\")")
        #expect(MIDIInputError.noMatchingPort(.jack, requested: "x", available: [], libraryOutput: "").description
                == "no JACK MIDI input port matches \"x\" (ports: none)")
    }

    @Test("RtMidi's failures read as our own sentences; what it printed stays out of them")
    func failureMessages() {
        #expect(MIDIInputError.cannotOpenClient(.jack, libraryOutput: "jack server is not running").description
                == "RtMidi could not open a JACK client (is the JACK server running?)")
        #expect(MIDIInputError.cannotListPorts(.alsa, libraryOutput: "x").description
                == "RtMidi could not list the ALSA MIDI input ports")
        #expect(MIDIInputError.cannotListen(.alsa, port: "FS-5U", libraryOutput: "").description
                == "RtMidi could not receive from the ALSA MIDI input port \"FS-5U\"")
        #expect(MIDIInputError.cannotOpenPort(.alsa, port: "FS-5U", libraryOutput: "x").description
                == "RtMidi could not open the ALSA MIDI input port \"FS-5U\"")
        #expect(MIDIInputError.cannotOpenPort(.alsa, port: "FS-5U", libraryOutput: "ALSA lib said\n").libraryOutput
                == "ALSA lib said\n")
    }
}
