import ArgumentParser
import Jobs

/// The MIDI options of the live commands (and `midi monitor`/`learn`). Main thread.
struct MIDIOptions: ParsableArguments {
    @Option(name: .customLong("midi-map"), help: "MIDI map file, or a shipped map's name (expression-pedal, ...). Default: $XDG_CONFIG_HOME/woodshed/midi-map.json if it exists, else the built-in map.",
            completion: .midiMaps)
    var midiMap: String?
    @Option(name: .customLong("midi-in"), parsing: .singleValue,
            help: "Also take MIDI from alsa:NAME (an ALSA sequencer port, through RtMidi) or jack:PORT (a JACK MIDI port connected to woodshed:midi_in). Repeatable.")
    var midiIn: [String] = []
    @Option(name: .long, help: "A setlist file (JSON): songs stepped by setlist-next/prev.", completion: .file(extensions: ["json"])) var setlist: String?

    func validate() throws {
        try usage { try request.check() }
    }

    /// The options as a request for the live start-ups.
    var request: MIDIRequest { MIDIRequest(midiMap: midiMap, midiIn: midiIn, setlist: setlist) }
}
