import ArgumentParser
import Jobs

/// `woodshed midi monitor`. Main thread.
struct MIDIMonitorSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "monitor", help: .midiMonitor)

    @OptionGroup var listen: MIDIListenOptions
    @Option(name: .customLong("for"), help: "Stop after this long, e.g. 30s (default: until Ctrl-C).") var duration: String?

    func run() throws { try listen.request.monitor(duration: duration, say: out) }
}
