import JackBackend
import MIDIInput

/// `woodshed midi ports`: the JACK MIDI sources and the ALSA MIDI inputs, or why a backend is
/// absent. Main thread.
public enum MIDIPortsReport {
    /// The report, each line ending in a newline.
    public static func text(jack: Result<[String], JackError>, alsa: Result<[String], MIDIInputError>) -> String {
        "JACK MIDI sources (connect one to woodshed:midi_in, or --midi-in jack:PORT):\n" + section(jack)
            + "ALSA MIDI inputs (--midi-in alsa:NAME, through RtMidi):\n" + section(alsa)
    }

    /// The report for `server`'s JACK and ALSA as they are now.
    public static func text(server: String?) -> String {
        text(jack: JackPorts.midiSources(server: server), alsa: RtMidiInput.ports(api: .alsa))
    }

    private static func section<E: Error>(_ ports: Result<[String], E>) -> String {
        switch ports {
        case .success(let ports): ports.isEmpty ? "  none\n" : ports.map { "  \($0)\n" }.joined()
        case .failure(let e): "  not available: \(e)\n"
        }
    }
}
