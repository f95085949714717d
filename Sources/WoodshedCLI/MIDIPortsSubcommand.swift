import ArgumentParser
import Jobs

/// `woodshed midi ports`. Main thread.
struct MIDIPortsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ports", help: .midiPorts)

    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').") var server: String?

    func run() throws { print(MIDIPortsReport.text(server: server), terminator: "") }
}
