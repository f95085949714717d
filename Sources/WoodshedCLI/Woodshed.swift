import App
import Jobs
import Persistence
import ArgumentParser

/// The `woodshed` command and its subcommands. Main thread.
public struct Woodshed: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "woodshed", abstract: CommandHelp.woodshed.abstract, discussion: CommandHelp.woodshed.discussion,
        version: BuildInfo.version,
        subcommands: [ClickSubcommand.self, RenderSubcommand.self, PresetsSubcommand.self, MIDISubcommand.self, RenderCostSubcommand.self, SectionsSubcommand.self, PlaySubcommand.self, ShadowSubcommand.self, NoiseSubcommand.self, SoundsSubcommand.self, LogSubcommand.self, PlaylistSubcommand.self, CtlSubcommand.self, AlarmSubcommand.self, ClockSubcommand.self, TinnitusSubcommand.self, TakesSubcommand.self, CoachSubcommand.self, CalibrateSubcommand.self]
    )

    public init() {}

    /// Parses the command line (as `CommandLineWords` prepares it) and runs the command. A
    /// mistyped command is one line and exit status 64 (as for any other usage error), not
    /// another command's usage.
    public static func main() {
        main(words: Array(CommandLine.arguments.dropFirst()))
    }

    /// `main()` over these words (the arguments after the program's name).
    public static func main(words given: [String]) {
        let words = CommandLineWords(given, root: CommandTree(Self.self),
                                     ownNegativeNumbers: [SectionsSubcommand._commandName])
        if let problem = words.problem {
            writeStderr("Error: \(problem)\n")
            Self.exit(withError: ExitCode.validationFailure)
        }
        Self.main(words.arguments)
    }
}
