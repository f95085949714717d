/// A command as the mistyped-command check sees it: its name, whether its help lists it, and
/// its subcommands (read only when the walk reaches it). Main thread.
public struct CommandTree {
    public let name: String
    /// Listed in its parent's help (a hidden command is never suggested).
    public let shown: Bool
    public let subcommands: () -> [CommandTree]

    public init(name: String, shown: Bool = true, subcommands: @escaping () -> [CommandTree] = { [] }) {
        self.name = name
        self.shown = shown
        self.subcommands = subcommands
    }
}
