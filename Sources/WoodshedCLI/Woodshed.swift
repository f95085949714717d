import App
import Jobs
import Persistence
import ArgumentParser

/// The `woodshed` command and its subcommands. Main thread.
public struct Woodshed: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "woodshed",
        abstract: "A MIDI-aware live metronome and rehearsal player.",
        discussion: """
            Tempo is in quarter notes per minute, as in klick, whatever the meter.
            Shell completion: woodshed --generate-completion-script bash|zsh|fish
            """,
        version: BuildInfo.version,
        subcommands: [ClickSubcommand.self, RenderSubcommand.self, PresetsSubcommand.self, MIDISubcommand.self, RenderCostSubcommand.self, SectionsSubcommand.self, PlaySubcommand.self, ShadowSubcommand.self, NoiseSubcommand.self, SoundsSubcommand.self, LogSubcommand.self, PlaylistSubcommand.self, CtlSubcommand.self, AlarmSubcommand.self, ClockSubcommand.self, TinnitusSubcommand.self, TakesSubcommand.self, CoachSubcommand.self, CalibrateSubcommand.self]
    )

    public init() {}

    /// Parses the command line and runs the command. A mistyped command is one line and exit
    /// status 64 (as for any other usage error), not another command's usage. A negative
    /// number given as a positional argument (`render x.wav -120`) reaches the command as a
    /// value, to be checked by it, rather than being read as an option (`sections` does this
    /// for its actions itself).
    public static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let path = CommandSuggestion.commandPath(of: arguments, root: CommandTree(Self.self))
        if let problem = path.problem {
            writeStderr("Error: \(problem)\n")
            Self.exit(withError: ExitCode.validationFailure)
        }
        if path.depth > 0, arguments[0] != SectionsSubcommand._commandName {
            let words = Array(arguments[path.depth...])
            arguments = Array(arguments[..<path.depth]) + NegativeNumbers.protectingPositionals(words, flags: [])
        }
        // `--scope spectrum` (the word after the flag) reaches the commands as `--scope-spectrum`.
        if let k = arguments.indices.dropLast().first(where: { arguments[$0] == "--scope" && arguments[$0 + 1] == "spectrum" }) {
            arguments.replaceSubrange(k...(k + 1), with: ["--scope-spectrum"])
        }
        Self.main(arguments)
    }
}
