import ArgumentParser
import Jobs

/// The MIDI options of the live commands (and `midi monitor`/`learn`). Main thread.
struct MIDIOptions: ParsableArguments {
    @Option(name: .customLong("midi-map"), help: ArgumentHelp(OptionHelp.midiMap), completion: .midiMaps) var midiMap: String?
    @Option(name: .customLong("midi-in"), parsing: .singleValue, help: ArgumentHelp(OptionHelp.midiIn)) var midiIn: [String] = []
    @Option(name: .long, help: "A setlist file (JSON): songs stepped by setlist-next/prev.", completion: .file(extensions: ["json"])) var setlist: String?

    func validate() throws { try usage { try request.check() } }

    /// The options as a request for the live start-ups.
    var request: MIDIRequest { MIDIRequest(midiMap: midiMap, midiIn: midiIn, setlist: setlist) }
}
