/// A mistyped command: the closest one by edit distance (`ClosestName`), or the list to pick from.
/// Main thread (the command tree is walked once, before parsing).
public enum CommandSuggestion {
    /// How many of the first `arguments` name commands below `root`, and the problem when the
    /// next word should name one and does not: "unknown command 'shwo' for 'woodshed presets';
    /// did you mean 'show'?", or the list of commands when none is close. A word starting with
    /// "-" ends the walk (options are the parser's to check), as does `help`. Only commands with
    /// subcommands are checked, and their default subcommand (`presets` → `list`) takes no
    /// words of its own, so any other word there is a typo.
    public static func commandPath(of arguments: [String], root: CommandTree) -> (depth: Int, problem: String?) {
        var subcommands = root.subcommands()
        var path = [root.name]
        for word in arguments {
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return (path.count - 1, nil) }
            guard let next = subcommands.first(where: { $0.name == word }) else {
                let shown = subcommands.filter(\.shown).map(\.name)
                let prefix = "unknown command '\(word)' for '\(path.joined(separator: " "))'"
                if let guess = ClosestName.closest(to: word, in: shown) { return (path.count - 1, "\(prefix); did you mean '\(guess)'?") }
                return (path.count - 1, "\(prefix): use " + ClosestName.list(shown))
            }
            subcommands = next.subcommands()
            path.append(word)
        }
        return (path.count - 1, nil)
    }
}
