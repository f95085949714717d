import ArgumentParser
import JackBackend
import MIDIInput

/// `woodshed midi ports`. Main thread.
struct MIDIPortsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ports", abstract: "List JACK MIDI sources and ALSA MIDI inputs, or why a backend is absent.")

    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').")
    var server: String?

    func run() throws {
        var out = "JACK MIDI sources (connect one to woodshed:midi_in, or --midi-in jack:PORT):\n"
        switch JackPorts.midiSources(server: server) {
        case .success(let ports): out += ports.isEmpty ? "  none\n" : ports.map { "  \($0)\n" }.joined()
        case .failure(let e): out += "  not available: \(e)\n"
        }
        out += "ALSA MIDI inputs (--midi-in alsa:NAME, through RtMidi):\n"
        switch RtMidiInput.ports(api: .alsa) {
        case .success(let ports): out += ports.isEmpty ? "  none\n" : ports.map { "  \($0)\n" }.joined()
        case .failure(let e): out += "  not available: \(e)\n"
        }
        print(out, terminator: "")
    }
}
