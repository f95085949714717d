import ArgumentParser
import Jobs

/// `woodshed tinnitus match` and `woodshed tinnitus check FILE…`: finding the frequency
/// `--notch tinnitus` uses, and how much a notch there takes from a recording. Parsing only.
/// Main thread.
struct TinnitusSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tinnitus", help: .tinnitus,
        subcommands: [TinnitusMatchSubcommand.self, TinnitusCheckSubcommand.self])
}

/// `woodshed tinnitus match`. Main thread.
struct TinnitusMatchSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "match", help: .tinnitusMatch)

    @OptionGroup(title: "Output") var output: LiveOutputOptions
    @Option(name: .long, help: "The octave check's order from this number, the same each time (default: a new order).") var seed: UInt64?
    @Flag(name: .customLong("noise-band"), help: "Narrow-band noise (1/3 octave) around the frequency instead of the tone.") var noiseBand = false

    /// The options as a launch.
    var launch: TinnitusMatchLaunch { TinnitusMatchLaunch(output: output.request, seed: seed, noiseBand: noiseBand) }

    func validate() throws { try usage { try launch.check() } }

    func run() throws { try launch.run() }
}

/// `woodshed tinnitus check FILE…`. Main thread.
struct TinnitusCheckSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", help: .tinnitusCheck)

    @Argument(help: "Audio files.", completion: .audioFiles) var files: [String]
    @Option(name: .customLong("notch"), help: ArgumentHelp(OptionHelp.tinnitusCheckNotch)) var notch = "tinnitus"
    @Flag(name: .long, help: "JSON instead of a table.") var json = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more audio files to check") }
        _ = try NotchOption.parse(notch)
    }

    func run() throws { try TinnitusCheck(files: files, notch: NotchOption.parse(notch)!, json: json).run() }
}
