/// The words `woodshed … --help` shows for one command: its abstract (its line in the parent's
/// list of subcommands, and the top of its own help) and the discussion under it. The commands'
/// tables are in the `CommandHelp+…` files, one per command family. Constants: any thread.
public struct CommandHelp: Sendable {
    /// One sentence: what the command does.
    public let abstract: String
    /// Examples, keys, files and the rest, under the usage ("" for none).
    public let discussion: String

    public init(abstract: String, discussion: String = "") {
        self.abstract = abstract
        self.discussion = discussion
    }

    /// `woodshed` itself.
    public static let woodshed = CommandHelp(
        abstract: "A MIDI-aware live metronome and rehearsal player.",
        discussion: """
            Tempo is in quarter notes per minute, as in klick, whatever the meter.
            Shell completion: woodshed --generate-completion-script bash|zsh|fish
            """)
}
