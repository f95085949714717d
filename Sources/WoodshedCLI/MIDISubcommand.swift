import Jobs
import ArgumentParser

/// `woodshed midi`: ports, learn, monitor. Main thread.
struct MIDISubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "midi", help: .midi,
        subcommands: [MIDIPortsSubcommand.self, MIDILearnSubcommand.self, MIDIMonitorSubcommand.self])
}

/// The JACK client options `midi learn` and `midi monitor` share. Main thread.
struct MIDIListenOptions: ParsableArguments {
    @OptionGroup(title: "MIDI") var midi: MIDIOptions
    @Option(name: .customLong("jack-name"), help: "JACK client name.") var jackName = "woodshed"
    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').") var server: String?

    /// The options as a request for `MIDIListen`.
    var request: MIDIListen { MIDIListen(midi: midi.request, jackName: jackName, server: server) }
}
