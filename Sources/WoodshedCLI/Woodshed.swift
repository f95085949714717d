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
        version: "0.1.0",
        subcommands: [ClickSubcommand.self, RenderSubcommand.self, PresetsSubcommand.self, MIDISubcommand.self, RenderCostSubcommand.self, SectionsSubcommand.self, PlaySubcommand.self, ShadowSubcommand.self, NoiseSubcommand.self, LogSubcommand.self, PlaylistSubcommand.self]
    )

    public init() {}
}
