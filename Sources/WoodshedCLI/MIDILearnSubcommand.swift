import ArgumentParser
import Jobs

/// `woodshed midi learn ACTION [ARGUMENT]`. Main thread.
struct MIDILearnSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "learn", help: .midiLearn)

    @Argument(help: "The action, e.g. tempo-up, tap, toggle, tempo-cc (see docs/midi.md).") var action: String
    @Argument(help: "The action's argument: BPM for tempo-up/down/set, MIN,MAX for tempo-cc, a preset name, a count.") var argument: String?
    @OptionGroup var listen: MIDIListenOptions
    @Option(name: .long, help: "Give up after this long (default 60s).") var timeout: String = "60s"

    func validate() throws { try usage { try MIDIListen.checkLearning(action: action, timeout: timeout) } }

    func run() throws { try listen.request.learn(action: action, argument: argument, timeout: timeout, say: out) }
}
