import ArgumentParser
import Jobs

/// The MIDI options of `woodshed click` (and `midi monitor`/`learn`). Main thread.
struct MIDIOptions: ParsableArguments {
    @Option(name: .customLong("midi-map"), help: "MIDI map file, or a shipped map's name (expression-pedal, ...). Default: $XDG_CONFIG_HOME/woodshed/midi-map.json if it exists, else the built-in map.",
            completion: .midiMaps)
    var midiMap: String?

    @Option(name: .customLong("midi-in"), parsing: .singleValue,
            help: "Also take MIDI from alsa:NAME (an ALSA sequencer port, through RtMidi) or jack:PORT (a JACK MIDI port connected to woodshed:midi_in). Repeatable.")
    var midiIn: [String] = []

    @Option(name: .long, help: "A setlist file (JSON): songs stepped by setlist-next/prev.", completion: .file(extensions: ["json"]))
    var setlist: String?

    func validate() throws {
        for spec in midiIn {
            guard MIDIInputSpec(spec) != nil else {
                throw ValidationError("--midi-in takes alsa:NAME or jack:PORT, not '\(spec)'")
            }
        }
    }
}

extension MIDISetup {
    /// The MIDI side of a live session from the options (see `MIDISetup.init(midiMap:setlist:midiIn:...)`).
    init(options: MIDIOptions, clientName: String, monitorOnly: Bool = false, userMapMayBeBroken: Bool = false) throws {
        try self.init(midiMap: options.midiMap, setlist: options.setlist, midiIn: options.midiIn, clientName: clientName,
                      monitorOnly: monitorOnly, userMapMayBeBroken: userMapMayBeBroken)
    }
}
