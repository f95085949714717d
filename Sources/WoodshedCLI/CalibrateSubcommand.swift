import ArgumentParser
import Jobs

/// `woodshed calibrate [--input PORT] [--output PORT]`: the loopback round trip, measured and
/// saved per JACK server and interface. Parsing only. Main thread.
struct CalibrateSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "calibrate", help: .calibrate)

    @Option(name: .long, help: ArgumentHelp(OptionHelp.calibrateInput)) var input: String?
    @Option(name: .long, help: ArgumentHelp(OptionHelp.calibrateOutput)) var output: String?
    @Option(name: .customLong("jack-name"), help: "JACK client name (JACK may rename it if taken).") var jackName = "woodshed"
    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').") var server: String?

    func run() throws {
        print(try CalibrateJob.run(CalibrateRequest(input: input, output: output, jackName: jackName, server: server)), terminator: "")
    }
}
